import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { readCookie } from "./session.server";

/**
 * One-shot messages that survive a redirect (POST → redirect → GET): the root loader reads and
 * clears the cookie; with JavaScript they show as sonner toasts, without it as a status region.
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

export function flashCookie(request: Request, toast: FlashToast): string {
  const payload = flashToastSchema.parse({ id: randomUUID(), ...toast });
  const value = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return cookie(request, value, 60);
}

/** The pending flash message, if any, and the Set-Cookie header that consumes it. */
export function readFlash(request: Request): { toast: FlashToast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request, FLASH_COOKIE);
  if (raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", cookie(request, "", 0));
  try {
    const parsed = flashToastSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    return { toast: parsed.success ? parsed.data : null, headers };
  } catch {
    return { toast: null, headers };
  }
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
