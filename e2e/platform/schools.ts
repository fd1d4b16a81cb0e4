/**
 * The schools (protected resources, RFC 9728) that the stand-in's one authorization server
 * serves. The first school is the base URL itself; with `PlatformOptions.secondSchool` a
 * second one lives at `${base}/schools/second`, as on a hosted platform where several schools
 * share one authorization server.
 */

/** Path of the second school below the base URL. */
export const SECOND_SCHOOL_PATH = '/schools/second';

/** What identifies one school. */
export type SchoolInfo = {
  /** The resource identifier (RFC 8707), also the audience of its tokens and its API's base. */
  resource: string;
  /** `''` for the first school, `/schools/second` for the second. */
  pathPrefix: string;
  /** `resource_name` of its metadata. */
  name: string;
  /** Fields of the platform's token response (NOTES.md). */
  schoolId: string;
  subdomain: string;
};

/** The first school: the base URL. */
export function firstSchool(baseUrl: string): SchoolInfo {
  return {
    resource: baseUrl,
    pathPrefix: '',
    name: 'Demo School',
    schoolId: 'demo-school',
    subdomain: 'demo',
  };
}

/** The second school on the same authorization server. */
export function secondSchool(baseUrl: string): SchoolInfo {
  return {
    resource: `${baseUrl}${SECOND_SCHOOL_PATH}`,
    pathPrefix: SECOND_SCHOOL_PATH,
    name: 'Second School',
    schoolId: 'second-school',
    subdomain: 'second',
  };
}

/**
 * Where a resource's RFC 9728 metadata lives: the well-known segment goes between the host and
 * the resource's path (RFC 9728 §3.1), so `${base}/schools/second` has
 * `${base}/.well-known/oauth-protected-resource/schools/second`.
 */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/**
 * The schools served right now, by resource. The authorization server asks it which
 * `resource` values it may issue tokens for; a school added later (the control API) counts
 * from then on.
 */
export class SchoolDirectory {
  private readonly schools = new Map<string, SchoolInfo>();

  constructor(first: SchoolInfo) {
    this.add(first);
  }

  /** The first school, the default resource of every token. */
  get first(): SchoolInfo {
    const [first] = this.schools.values();
    if (!first) throw new Error('A stand-in always serves its first school.');
    return first;
  }

  add(school: SchoolInfo): void {
    this.schools.set(school.resource, school);
  }

  /**
   * The school of this resource identifier, if it is served. A trailing slash names the same
   * school: a client that keeps the identifier as a URL writes `http://host:port/` for the
   * base (`new URL(base).href`), and no school is served at a path differing only by it.
   */
  byResource(resource: unknown): SchoolInfo | undefined {
    if (typeof resource !== 'string') return undefined;
    return this.schools.get(resource) ?? this.schools.get(resource.replace(/\/$/, ''));
  }

  /** True when `resource` names a school served now. */
  has(resource: unknown): boolean {
    return this.byResource(resource) !== undefined;
  }

  /** Every resource served now: the audiences a token of this server may carry. */
  resources(): ReadonlySet<string> {
    return new Set(this.schools.keys());
  }
}
