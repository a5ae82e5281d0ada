import { randomBytes } from "node:crypto";
import { normaliseEmail } from "./rate-limit.server";
import { signatureMatches, signatureOf } from "./secret.server";

/*
 * OWASP's device cookie: set on every successful sign-in, it names the e-mail it was earned for
 * (by signature, not in clear) and a random device id. A browser that presents a valid one is a
 * trusted device for that e-mail: failures from other browsers do not lock it out.
 */
export const DEVICE_COOKIE = "wlx_device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PURPOSE = "trusted-device";

const payload = (email: string, id: string) => `${normaliseEmail(email)}\n${id}`;

/** The device id in `raw` when it is a genuine cookie issued for `email`; otherwise undefined. */
export function trustedDeviceId(raw: string | undefined, email: string): string | undefined {
  if (!raw) return undefined;
  const [id, signature, ...rest] = raw.split(".");
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  return signatureMatches(PURPOSE, payload(email, id), signature) ? id : undefined;
}

/** Set-Cookie for the device (keeps its id when it already had one for this e-mail). */
export function deviceCookie(request: Request, email: string, existingId?: string): string {
  const id = existingId ?? randomBytes(16).toString("base64url");
  const value = `${id}.${signatureOf(PURPOSE, payload(email, id))}`;
  const secure = new URL(request.url).protocol === "https:";
  return [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${MAX_AGE_SECONDS}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
