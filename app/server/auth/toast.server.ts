import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { signatureMatches, signatureOf } from "./secret.server";
import { readCookie } from "./session.server";

/**
 * One-shot messages that survive a redirect (POST → redirect → GET): the root loader reads and
 * clears the cookie; with JavaScript they show as sonner toasts, without it as a status region.
 * The cookie is signed with the server's key (secret.server.ts), so no one can plant a message
 * (a link that sets a cookie on a sibling domain, a script on another port): an unsigned or
 * altered one is dropped. The signature travels inside the JSON (`sig`), so the value stays
 * base64url JSON. React Router's createCookie signs too, but only asynchronously, which would
 * turn redirectWithToast (called by many actions, also in `throw`) into a Promise.
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

const PURPOSE = "flash";
const canonical = (toast: FlashToast) =>
  JSON.stringify([toast.type, toast.message, toast.id ?? ""]);

export function flashCookie(request: Request, toast: FlashToast): string {
  const payload = flashToastSchema.parse({ id: randomUUID(), ...toast });
  const signed = { ...payload, sig: signatureOf(PURPOSE, canonical(payload)) };
  const value = Buffer.from(JSON.stringify(signed)).toString("base64url");
  return cookie(request, value, 60);
}

const signedFlashSchema = flashToastSchema.extend({ sig: z.string().max(100) });

/** The message of a flash cookie's value when it is one this server signed, else null. */
export function verifiedFlash(raw: string): FlashToast | null {
  try {
    const parsed = signedFlashSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    if (!parsed.success) return null;
    const { sig, ...toast } = parsed.data;
    return signatureMatches(PURPOSE, canonical(toast), sig) ? toast : null;
  } catch {
    return null;
  }
}

/** The pending flash message, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { toast: FlashToast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, FLASH_COOKIE);
  if (raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", cookie(request, "", 0));
  return { toast: verifiedFlash(raw), headers };
}

/** A redirect that shows `toast` on the next page; `init.headers` may add more cookies. */
export function redirectWithToast(
  request: Request,
  url: string,
  toast: FlashToast,
  init: { headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(request, toast));
  return redirect(url, { headers });
}
