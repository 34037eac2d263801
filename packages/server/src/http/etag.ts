/**
 * Whether an `If-None-Match` header names `etag`, by the weak comparison RFC 9110 §13.1.2 asks
 * for (a `W/` prefix on either side is ignored); `*` matches any.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
