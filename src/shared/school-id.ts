import { z } from 'zod';

/**
 * How the renderer names a signed-in school: core's session key, the school's authorization
 * server (issuer) and its API (resource) joined by a space. Two schools may share one
 * authorization server, so the issuer alone does not name a school. Opaque to the renderer.
 *
 * SECURITY: both halves must be http(s) addresses; anything else (javascript:, file:) is
 * refused before it reaches core.
 */
export const schoolId = z
  .string()
  .max(4200)
  .refine((value) => {
    const parts = value.split(' ');
    return (
      parts.length === 2 && parts.every((part) => /^https?:$/.test(URL.parse(part)?.protocol ?? ''))
    );
  }, 'A school is named by its sign-in server and its address.');
