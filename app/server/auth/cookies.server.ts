/*
 * The app's cookies, each declared once here: the session, the flash message, the trusted device
 * and the two-factor challenge. All are Path=/, HttpOnly and SameSite=Lax, and Secure exactly when
 * the request came over HTTPS (isHttps). This module holds the one Cookie-header parser and the
 * one Set-Cookie writer for them.
 *
 * Why not React Router's createCookie: it stores every value as base64 of its JSON, so the raw ids
 * and signed values these cookies carry would change on the wire (every signed-in browser signed
 * out and every trusted device forgotten at the next deploy); its parse and serialize are async,
 * which would turn redirectWithToast (thrown by many actions) into a Promise; and the session and
 * flash cookies are read on the page cache's fast path, before React Router runs at all.
 *
 * The request-facing helpers (read a cookie of a Request, the Set-Cookie headers a response sends)
 * live at the HTTP edge, in app/server/http/cookies.server.ts.
 */

export interface CookieSpec {
  readonly name: string;
  /**
   * Max-Age of the cookie when set; without it, the cookie carries an Expires date instead (the
   * session's absolute end) and its clearing sends both.
   */
  readonly maxAgeSeconds?: number;
}

export const AUTH_COOKIES = {
  /** The session id (session.server.ts); expires with the session, by date. */
  session: { name: "wlx_session" },
  /** A signed one-shot message for the next page (toast.server.ts): a minute is plenty. */
  flash: { name: "wlx_flash", maxAgeSeconds: 60 },
  /** OWASP's trusted-device cookie (device.server.ts): a year. */
  device: { name: "wlx_device", maxAgeSeconds: 365 * 24 * 60 * 60 },
  /** The password step's two-factor challenge (sign-in-challenge.server.ts): 5 minutes. */
  challenge: { name: "wlx_2fa", maxAgeSeconds: 5 * 60 },
} as const satisfies Record<string, CookieSpec>;

/**
 * Whether a request came over HTTPS, which decides every cookie's Secure attribute: request.url
 * carries the proxy's scheme only when TRUST_PROXY is set.
 */
export function isHttps(request: { url: string }): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The pairs of a Cookie header, in order; a part without "=" is a name without a value. */
function cookiePairs(header: string | null | undefined): { name: string; raw?: string }[] {
  const pairs: { name: string; raw?: string }[] = [];
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name) pairs.push(eq === -1 ? { name } : { name, raw: part.slice(eq + 1).trim() });
  }
  return pairs;
}

/** The names a Cookie header carries (the page cache's test for a personal request). */
export function cookieNames(header: string | null | undefined): Set<string> {
  return new Set(cookiePairs(header).map((pair) => pair.name));
}

/** The decoded value of the first `name=` in a Cookie header; undefined when absent or malformed. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of cookiePairs(header)) {
    if (pair.name !== name || pair.raw === undefined) continue;
    try {
      return decodeURIComponent(pair.raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const ATTRIBUTES = ["Path=/", "HttpOnly", "SameSite=Lax"];
const EPOCH = "Thu, 01 Jan 1970 00:00:00 GMT";

/**
 * The Set-Cookie line that stores `value` (written as is: ids and base64url only). `expires` is
 * for a cookie without a Max-Age (the session).
 */
export function setCookieLine(
  cookie: CookieSpec,
  value: string,
  options: { secure: boolean; expires?: Date },
): string {
  return [
    `${cookie.name}=${value}`,
    ...ATTRIBUTES,
    ...(options.expires ? [`Expires=${options.expires.toUTCString()}`] : []),
    ...(cookie.maxAgeSeconds !== undefined ? [`Max-Age=${cookie.maxAgeSeconds}`] : []),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The Set-Cookie line that deletes the cookie (a dated one gets a past Expires too). */
export function clearCookieLine(cookie: CookieSpec, options: { secure: boolean }): string {
  return [
    `${cookie.name}=`,
    ...ATTRIBUTES,
    ...(cookie.maxAgeSeconds === undefined ? [`Expires=${EPOCH}`] : []),
    "Max-Age=0",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
