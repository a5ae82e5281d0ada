import { randomBytes } from "node:crypto";
import { normaliseEmail } from "./rate-limit.server";
import { AUTH_COOKIES } from "./cookies.server";
import { signatureMatches, signatureOf } from "./secret.server";

/*
 * OWASP's device cookie: set on every successful sign-in, it names the e-mail it was earned for
 * (by signature, not in clear) and a random device id. A browser that presents a valid one is a
 * trusted device for that e-mail: failures from other browsers do not lock it out.
 */
export const DEVICE_COOKIE = AUTH_COOKIES.device.name;
const PURPOSE = "trusted-device";

const payload = (email: string, id: string) => `${normaliseEmail(email)}\n${id}`;

/** The device id in `raw` when it is a genuine cookie issued for `email`; otherwise undefined. */
export function trustedDeviceId(raw: string | undefined, email: string): string | undefined {
  if (!raw) return undefined;
  const [id, signature, ...rest] = raw.split(".");
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  return signatureMatches(PURPOSE, payload(email, id), signature) ? id : undefined;
}

/**
 * The device cookie's value: a device id and its signature for `email` (keeps the id when it
 * already had one for this e-mail). The HTTP edge sets it (app/server/http/cookies.server.ts).
 */
export function deviceCookieValue(email: string, existingId?: string): string {
  const id = existingId ?? randomBytes(16).toString("base64url");
  return `${id}.${signatureOf(PURPOSE, payload(email, id))}`;
}
