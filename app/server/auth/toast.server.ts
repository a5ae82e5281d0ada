import { createHash, randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { AUTH_COOKIES, setCookieLine } from "./cookies.server";
import { signatureMatches, signatureOf } from "./secret.server";
import { SESSION_COOKIE } from "./session.server";

/**
 * One-shot messages that survive a redirect (POST → redirect → GET): the root loader reads and
 * clears the cookie; with JavaScript they show as sonner toasts, without it as a status region.
 * The cookie is signed with the server's key (secret.server.ts), so no one can plant a message
 * (a link that sets a cookie on a sibling domain, a script on another port): an unsigned or
 * altered one is dropped. The signature travels inside the JSON (`sig`), so the value stays
 * base64url JSON. React Router's createCookie signs too, but only asynchronously, which would
 * turn redirectWithToast (called by many actions, also in `throw`) into a Promise
 * (cookies.server.ts declares the cookie). Routes set and read it through the HTTP edge,
 * app/server/http/flash.server.ts.
 *
 * The signature also covers an expiry and the session the next request will carry (decision 084):
 * a captured cookie is worthless after FLASH_TTL_SECONDS, and in another browser
 * session, so it cannot be replayed to show a message again and again.
 */
export const FLASH_COOKIE = AUTH_COOKIES.flash.name;

export const flashToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(300),
  /** Lets the client show each flash once, even when effects run twice. */
  id: z.string().max(40).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

/** A flash is read on the page its redirect leads to, at once: a minute is plenty. */
export const FLASH_TTL_SECONDS = AUTH_COOKIES.flash.maxAgeSeconds;

const PURPOSE = "flash";
/** A session's tag in the signature (never in the cookie): a hash of its id, or "" for none. */
const sessionTag = (sessionId: string | undefined) =>
  sessionId ? createHash("sha256").update(`flash:${sessionId}`).digest("base64url") : "";
const canonical = (toast: FlashToast, exp: number, sessionId: string | undefined) =>
  JSON.stringify([toast.type, toast.message, toast.id ?? "", exp, sessionTag(sessionId)]);

/**
 * The value of a signed flash cookie for the browser's next request, which carries `sessionId`
 * (the session this response sets, or the request's own; undefined when there is none).
 */
export function flashCookieValue(
  toast: FlashToast,
  sessionId: string | undefined,
  now: number = Date.now(),
): string {
  const payload = flashToastSchema.parse({ id: randomUUID(), ...toast });
  const exp = Math.floor(now / 1000) + FLASH_TTL_SECONDS;
  const signed = { ...payload, exp, sig: signatureOf(PURPOSE, canonical(payload, exp, sessionId)) };
  return Buffer.from(JSON.stringify(signed)).toString("base64url");
}

const signedFlashSchema = flashToastSchema.extend({
  exp: z.number().int(),
  sig: z.string().max(100),
});

/**
 * The message of a flash cookie's value when this server signed it for the session the request
 * carries (`sessionId`) and it has not expired; else null.
 */
export function verifiedFlash(
  raw: string,
  sessionId: string | undefined,
  now: number = Date.now(),
): FlashToast | null {
  try {
    const parsed = signedFlashSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    if (!parsed.success) return null;
    const { sig, exp, ...toast } = parsed.data;
    if (exp * 1000 <= now) return null;
    return signatureMatches(PURPOSE, canonical(toast, exp, sessionId), sig) ? toast : null;
  } catch {
    return null;
  }
}

/** The session the browser sends next: the one `headers` set (or clear), else `current`. */
function nextSessionId(headers: Headers, current: string | undefined): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (!match) continue;
    try {
      return decodeURIComponent(match[1]!) || undefined;
    } catch {
      return undefined;
    }
  }
  return current;
}

/**
 * A redirect to `url` that shows `toast` on the next page, from plain values: whether the request
 * came over HTTPS and the session id it carries. `init.headers` may add more cookies.
 */
export function flashRedirect(
  url: string,
  toast: FlashToast,
  request: { secure: boolean; sessionId: string | undefined },
  init: { headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  const value = flashCookieValue(toast, nextSessionId(headers, request.sessionId));
  headers.append(
    "Set-Cookie",
    setCookieLine(AUTH_COOKIES.flash, value, { secure: request.secure }),
  );
  return redirect(url, { headers });
}
