/**
 * The key of a school's session, registration and local copy: its authorization server
 * (issuer) and its API (the resource, the base URL discovery checked), joined by a space.
 *
 * SECURITY: the issuer alone does not name a school. Two schools may share one authorization
 * server, and a hostile school may name another school's; keyed by the pair, neither can
 * reuse or replace the other's registration or session. The shared contract's `schoolId`
 * parses this form.
 */
export function schoolKey(issuer: string, baseUrl: string): string {
  return `${issuer} ${baseUrl}`;
}

/** The key of a session (or anything else that carries its issuer and base URL). */
export function schoolKeyOf(school: { issuer: string; baseUrl: string }): string {
  return schoolKey(school.issuer, school.baseUrl);
}
