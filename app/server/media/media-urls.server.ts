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

/**
 * A `srcset` of an image's stored variants narrower than the original, then the original (its
 * real width known): undefined when there is no smaller variant.
 */
export function variantSrcSet(
  url: string,
  width: number,
  variants: readonly { key: string; width: number }[],
): string | undefined {
  const smaller = variants
    .filter((v) => v.width < width)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrlForKey(v.key)} ${v.width}w`);
  return smaller.length ? [...smaller, `${url} ${width}w`].join(", ") : undefined;
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
