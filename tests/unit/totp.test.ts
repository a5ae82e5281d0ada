import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  secretKey,
  totpCodeAt,
  totpStep,
} from "~/server/auth/totp.server";

// RFC 6238 Appendix B, SHA-1 rows: the seed is the ASCII of "12345678901234567890", 8 digits.
const RFC_SEED = new TextEncoder().encode("12345678901234567890");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it.each(RFC_VECTORS)("matches RFC 6238's test vector at T=%i", (seconds, code) => {
    expect(totpCodeAt(RFC_SEED, seconds * 1000, 8)).toBe(code);
  });

  it("makes 160-bit base32 secrets and an otpauth URI an authenticator app reads", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secretKey(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, "Wanderlux Journeys", "owner@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Wanderlux Journeys");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
  });

  it("accepts a code of the step before, now and after, and tells which step it was", () => {
    const secret = newTotpSecret();
    const key = secretKey(secret);
    const now = 1_764_000_000_000;
    const step = totpStep(now);
    expect(matchingStep(secret, totpCodeAt(key, now), now)).toBe(step);
    expect(matchingStep(secret, totpCodeAt(key, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCodeAt(key, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCodeAt(key, now - 90_000), now)).toBeNull();
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "12345a", now)).toBeNull();
  });

  it("renders the URI as an SVG QR code", async () => {
    const svg = await qrCodeSvg(otpauthUri(newTotpSecret(), "Wanderlux", "a@example.com"));
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("<path");
  });

  it("makes ten distinct recovery codes, compared without case or separators", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const code = codes[0]!;
    expect(isRecoveryCodeShape(code.toLowerCase().replace("-", " "))).toBe(true);
    expect(hashRecoveryCode(code.toLowerCase().replace("-", ""))).toBe(hashRecoveryCode(code));
    expect(isRecoveryCodeShape("123456")).toBe(false);
  });
});
