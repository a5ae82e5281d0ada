/**
 * Media URLs an admin may save: a path on this site, or an https URL elsewhere. Whatever is saved
 * must load on the public pages, so this matches the CSP's img-src/media-src (https:, this site,
 * and loopback http for a local MinIO during development).
 */

export const MEDIA_URL_ERRORS = {
  invalid: "Must be an http(s) URL or a site path",
  offSite: "Site paths must stay on this site",
  https: "External URLs must start with https://",
} as const;

export type MediaUrlCheck = { ok: true; url: string } | { ok: false; error: string };

// A placeholder origin to resolve site paths against: what a browser would do with the path.
const PROBE = "https://site.invalid";

const LOOPBACK = /^(localhost|127\.0\.0\.1)$/i;

/** True for hosts of the visitor's own machine (a local MinIO in docker compose). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * Checks and normalises a media URL. A site path is resolved the way a browser resolves it
 * (backslashes are slashes, tabs and newlines vanish, dot segments collapse), so `/\evil.example/x`
 * and `/\t/evil.example/x`, which a browser loads from evil.example, are refused.
 */
export function checkMediaUrl(raw: string): MediaUrlCheck {
  const value = raw.trim();
  // Control characters and whitespace inside a URL are never legitimate here.
  // eslint-disable-next-line no-control-regex
  if (value === "" || /[\u0000-\u0020\u007f]/.test(value)) {
    return { ok: false, error: MEDIA_URL_ERRORS.invalid };
  }
  if (value.startsWith("/") || value.startsWith("\\")) {
    let resolved: URL;
    try {
      resolved = new URL(value, PROBE);
    } catch {
      return { ok: false, error: MEDIA_URL_ERRORS.invalid };
    }
    if (resolved.origin !== PROBE || /^[/\\]{2}/.test(value) || value.startsWith("\\")) {
      return { ok: false, error: MEDIA_URL_ERRORS.offSite };
    }
    return { ok: true, url: `${resolved.pathname}${resolved.search}${resolved.hash}` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: MEDIA_URL_ERRORS.invalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, error: MEDIA_URL_ERRORS.invalid };
  }
  if (url.username || url.password || !url.hostname) {
    return { ok: false, error: MEDIA_URL_ERRORS.invalid };
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return { ok: false, error: MEDIA_URL_ERRORS.https };
  }
  return { ok: true, url: url.href };
}
