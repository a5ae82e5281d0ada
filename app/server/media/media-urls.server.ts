/**
 * Where media is served from: `/media/<key>` for the local driver, or the S3 public base URL.
 * Set once at start (configureMediaUrls); package rows keep the URL, media rows keep the key.
 */
let publicBase = "/media/";

export function configureMediaUrls(base: string): void {
  publicBase = base.endsWith("/") ? base : `${base}/`;
}

export function mediaUrlForKey(key: string): string {
  return `${publicBase}${key}`;
}

export function mediaKeyFromUrl(url: string): string | undefined {
  if (!url.startsWith(publicBase)) return undefined;
  const key = url.slice(publicBase.length);
  return isSafeKey(key) ? key : undefined;
}

/** Keys are our own: folder/name.ext with no traversal. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/.test(key) && !key.includes("..");
}
