import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { cookieSecret, signatureOf } from "../auth/secret.server";

/*
 * Spam checks of the public contact form: remix-utils' honeypot, a visually hidden field
 * that people leave empty, plus its encrypted "valid from" time set MIN_FILL_MS after the page was
 * rendered, so a form sent faster than a person could type it counts as spam. The key derives
 * from the cookie secret, so every process on the database reads every other's forms.
 *
 * Decision 117: the time is also the form's token. It expires FORM_TOKEN_TTL_MS after the page
 * was rendered, and works once: a used token is kept (hashed) until it would have expired.
 */

export const MIN_FILL_MS = 3_000;
export const HONEYPOT_FIELD = "name__confirm";
export const VALID_FROM_FIELD = "from__confirm";
export const FORM_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * remix-utils' honeypot, able to read the time it encrypted, with its AES-GCM done by node:crypto
 * on a key derived once. The library's own encrypt and decrypt derive the key again and hop
 * through the crypto thread pool three times per call (SHA-256, key import, AES), which cost a
 * booking POST more than a millisecond of its budget. The format is the library's: base64 of
 * IV (12 bytes), ciphertext, tag (16 bytes), with the key SHA-256(seed), so a form rendered
 * before an upgrade still reads. The key is a KeyObject, made once: node:crypto otherwise wraps
 * raw key bytes in a new one on every call.
 */
class TimedHoneypot extends Honeypot {
  readonly #key: KeyObject;

  constructor(seed: string) {
    super({
      nameFieldName: HONEYPOT_FIELD,
      validFromFieldName: VALID_FROM_FIELD,
      encryptionSeed: seed,
    });
    this.#key = createSecretKey(createHash("sha256").update(seed).digest());
  }

  override encrypt(value: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const sealed = Buffer.concat([
      iv,
      cipher.update(value, "utf8"),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return Promise.resolve(sealed.toString("base64"));
  }

  override decrypt(value: string): Promise<string> {
    const sealed = Buffer.from(value, "base64");
    if (sealed.length < IV_BYTES + TAG_BYTES) return Promise.reject(new Error("too short"));
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return Promise.resolve(plain.toString("utf8"));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async validFrom(value: string): Promise<number | null> {
    try {
      const time = Number(await this.decrypt(value));
      return Number.isFinite(time) && time > 0 ? time : null;
    } catch {
      return null;
    }
  }
}

/**
 * The cookie secret it was made for and the honeypot: one per secret, made on first use, its seed
 * (an HMAC of the secret) worked out then and not on every form.
 */
let current: { secret: string; honeypot: TimedHoneypot } | undefined;

function honeypot(): TimedHoneypot {
  const secret = cookieSecret();
  if (current?.secret !== secret)
    current = { secret, honeypot: new TimedHoneypot(signatureOf("contact-honeypot", "v1")) };
  return current.honeypot;
}

/** The hidden inputs' props for a form rendered at `now`. */
export function honeypotInputProps(now = Date.now()): Promise<HoneypotInputProps> {
  return honeypot().getInputProps({ validFromTimestamp: now + MIN_FILL_MS });
}

/** True for a filled honeypot, a missing or forged time, or a form sent too soon. */
export async function isSpam(form: FormData): Promise<boolean> {
  // remix-utils lets a post without either field through; a real form always has both.
  if (!form.has(HONEYPOT_FIELD) || !form.has(VALID_FROM_FIELD)) return true;
  try {
    await honeypot().check(form);
    return false;
  } catch {
    // SpamError, or a time that does not decrypt (a forged value throws in the decoder).
    return true;
  }
}

/**
 * After isSpam passed, the form's token as the database spends it (wlx_form_checks): its hash and
 * when it expires, or "expired" when the page was rendered more than FORM_TOKEN_TTL_MS ago, or
 * "used" for a token that does not read (a forged one is refused like a used one).
 */
export async function formToken(
  form: FormData,
): Promise<{ hash: string; expiresAt: Date } | "expired" | "used"> {
  const token = form.get(VALID_FROM_FIELD);
  if (typeof token !== "string") return "used";
  const validFrom = await honeypot().validFrom(token);
  if (validFrom === null) return "used";
  const expiresAt = validFrom - MIN_FILL_MS + FORM_TOKEN_TTL_MS;
  if (expiresAt <= Date.now()) return "expired";
  return { hash: createHash("sha256").update(token).digest("hex"), expiresAt: new Date(expiresAt) };
}
