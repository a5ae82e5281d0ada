import { randomBytes, randomInt, createHash, timingSafeEqual } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import QRCode from "qrcode";

/*
 * TOTP (RFC 6238) through @oslojs/otp, QR codes through qrcode: nothing hand-written. Codes are
 * computed per time step (HOTP of the step counter) so the caller can tell which step a code
 * matched and refuse it a second time (replay).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count (clock drift between phone and server). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new secret: 160 random bits (RFC 4226's recommendation), base32 without padding. */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(20));
}

export function secretKey(secret: string): Uint8Array {
  return decodeBase32IgnorePadding(secret);
}

export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a key at a moment (RFC 6238 with SHA-1); `digits` is 6 here, 8 in the RFC's vectors. */
export function totpCodeAt(key: Uint8Array, timeMs: number, digits = TOTP_DIGITS): string {
  return generateHOTP(key, BigInt(totpStep(timeMs)), digits);
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The time step `code` belongs to within the window around `nowMs`, or null. */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = secretKey(secret);
  const now = totpStep(nowMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (sameText(generateHOTP(key, BigInt(step), TOTP_DIGITS), code)) return step;
  }
  return null;
}

export function otpauthUri(secret: string, issuer: string, account: string): string {
  return createTOTPKeyURI(issuer, account, secretKey(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The URI as an SVG QR code, rendered on the server (the enrolment page works without JS). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 200 });
}

const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Ten codes of ten characters (50 bits each), shown as XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Upper case without separators: how a typed recovery code is compared and hashed. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

export function isRecoveryCodeShape(code: string): boolean {
  return /^[A-Z0-9]{10}$/.test(normaliseRecoveryCode(code));
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}
