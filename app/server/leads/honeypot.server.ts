import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { signatureOf } from "../auth/secret.server";

/*
 * Spam checks of the public contact form (issue 18): remix-utils' honeypot, a visually hidden field
 * that people leave empty, plus its encrypted "valid from" time set MIN_FILL_MS after the page was
 * rendered, so a form sent faster than a person could type it counts as spam. The key derives
 * from the cookie secret, so every process on the database reads every other's forms.
 */

export const MIN_FILL_MS = 3_000;
export const HONEYPOT_FIELD = "name__confirm";
export const VALID_FROM_FIELD = "from__confirm";

function honeypot(): Honeypot {
  return new Honeypot({
    nameFieldName: HONEYPOT_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: signatureOf("contact-honeypot", "v1"),
  });
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
