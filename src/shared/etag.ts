/**
 * What an ETag must be to name a version in an If-Match header: one place for the contract
 * (what the screen sends back) and the platform client (what it reads and sends).
 */

/**
 * Whether `tag` matches any version: empty, or `*` alone or in a list. SECURITY: sent as
 * If-Match, it would turn a save made on stale data into a silent overwrite of someone
 * else's edit.
 */
export function matchesAnyVersion(tag: string): boolean {
  return tag.trim() === '' || tag.split(',').some((part) => part.trim() === '*');
}

/**
 * Whether HTTP can carry `tag` in a header: visible characters and spaces, one byte each
 * (RFC 9110 §5.5). SECURITY: a CR or LF would end the header and start another; fetch refuses
 * to send it, with a TypeError that reads as a dropped connection.
 */
export function canCarry(tag: string): boolean {
  return /^[\x20-\x7e\x80-\xff]*$/.test(tag);
}

/** Whether `tag` names one version and can be sent as If-Match. */
export function isUsableEtag(tag: string): boolean {
  return canCarry(tag) && !matchesAnyVersion(tag);
}
