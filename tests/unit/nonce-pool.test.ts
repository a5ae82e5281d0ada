import { describe, expect, it } from "vitest";
import { freshNonce } from "~/server/http/nonce-pool.server";

describe("CSP nonces from a pool of random bytes (decision 106)", () => {
  it("are base64 of 16 bytes and never repeat, across many pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const nonce = freshNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5_000);
  });

  it("does not hand out runs of the same bytes (each nonce takes its own 16)", () => {
    const bytes = Array.from({ length: 300 }, () => Buffer.from(freshNonce(), "base64"));
    for (let i = 1; i < bytes.length; i++) expect(bytes[i]!.equals(bytes[i - 1]!)).toBe(false);
    // Over 4,800 random bytes every byte value shows up: not a counter, not zeros.
    expect(new Set(Buffer.concat(bytes)).size).toBe(256);
  });
});
