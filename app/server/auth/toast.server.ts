import { createHash, randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { signatureMatches, signatureOf } from "./secret.server";
import { readCookie, SESSION_COOKIE } from "./session.server";

/**
 * One-shot messages that survive a redirect (POST → redirect → GET): the root loader reads and
 * clears the cookie; with JavaScript they show as sonner toasts, without it as a status region.
 * The cookie is signed with the server's key (secret.server.ts), so no one can plant a message
 * (a link that sets a cookie on a sibling domain, a script on another port): an unsigned or
 * altered one is dropped. The signature travels inside the JSON (`sig`), so the value stays
 * base64url JSON. React Router's createCookie signs too, but only asynchronously, which would
 * turn redirectWithToast (called by many actions, also in `throw`) into a Promise.
 *
 * The signature also covers an expiry and the session the next request will carry (issue 17,
 * decision 084): a captured cookie is worthless after FLASH_TTL_SECONDS, and in another browser
 * session, so it cannot be replayed to show a message again and again.
 */
export const FLASH_COOKIE = "wlx_flash";

export const flashToastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(300),
  /** Lets the client show each flash once, even when effects run twice. */
  id: z.string().max(40).optional(),
});
export type FlashToast = z.infer<typeof flashToastSchema>;

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

function cookie(request: Request, value: string, maxAge: number): string {
  return [
    `${FLASH_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
}

/** A flash is read on the page its redirect leads to, at once: a minute is plenty. */
export const FLASH_TTL_SECONDS = 60;

const PURPOSE = "flash";
/** A session's tag in the signature (never in the cookie): a hash of its id, or "" for none. */
const sessionTag = (sessionId: string | undefined) =>
  sessionId ? createHash("sha256").update(`flash:${sessionId}`).digest("base64url") : "";
const canonical = (toast: FlashToast, exp: number, sessionId: string | undefined) =>
  JSON.stringify([toast.type, toast.message, toast.id ?? "", exp, sessionTag(sessionId)]);

/**
 * A signed flash cookie for the browser's next request, which carries `sessionId` (the session
 * this response sets, or the request's own; undefined when there is none).
 */
export function flashCookie(
  request: Request,
  toast: FlashToast,
  sessionId: string | undefined,
  now: number = Date.now(),
): string {
  const payload = flashToastSchema.parse({ id: randomUUID(), ...toast });
  const exp = Math.floor(now / 1000) + FLASH_TTL_SECONDS;
  const signed = { ...payload, exp, sig: signatureOf(PURPOSE, canonical(payload, exp, sessionId)) };
  const value = Buffer.from(JSON.stringify(signed)).toString("base64url");
  return cookie(request, value, FLASH_TTL_SECONDS);
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

/** The session the browser sends next: the one these headers set (or clear), else the request's. */
function nextSessionId(request: Request, headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (!match) continue;
    try {
      return decodeURIComponent(match[1]!) || undefined;
    } catch {
      return undefined;
    }
  }
  return readCookie(request, SESSION_COOKIE);
}

/** The pending flash message, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { toast: FlashToast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, FLASH_COOKIE);
  if (raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", cookie(request, "", 0));
  return { toast: verifiedFlash(raw, readCookie(request, SESSION_COOKIE)), headers };
}

/** A redirect that shows `toast` on the next page; `init.headers` may add more cookies. */
export function redirectWithToast(
  request: Request,
  url: string,
  toast: FlashToast,
  init: { headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(request, toast, nextSessionId(request, headers)));
  return redirect(url, { headers });
}
