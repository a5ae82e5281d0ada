import type * as Crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

// The /metrics token is compared in constant time (decision 076), and since decision 116 without
// telling its length either: comparing the header itself first needs equal lengths, and answering
// at once when they differ lets a client measure the token's length. Both sides are hashed to 32
// bytes and every header goes through timingSafeEqual, whatever its length.
const compared = vi.hoisted(() => [] as [number, number][]);
vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    compared.push([a.byteLength, b.byteLength]);
    return crypto.timingSafeEqual(a, b);
  };
  return { ...crypto, default: { ...crypto, timingSafeEqual }, timingSafeEqual };
});

const { bearerTokenCheck } = await import("~/server/http/metrics.server");

const TOKEN = "a-metrics-token-of-32-characters";

describe("the /metrics token check", () => {
  afterEach(() => {
    compared.length = 0;
  });

  it("accepts exactly `Bearer <token>`", () => {
    const matches = bearerTokenCheck(TOKEN);
    expect(matches(`Bearer ${TOKEN}`)).toBe(true);
    for (const wrong of [
      undefined,
      "",
      "Bearer",
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}X`,
      `bearer ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN} `,
    ])
      expect(matches(wrong), String(wrong)).toBe(false);
  });

  it("compares two digests of one fixed length, whatever the length of the header", () => {
    const matches = bearerTokenCheck(TOKEN);
    const headers = ["", "B", `Bearer ${TOKEN.slice(0, 5)}`, `Bearer ${TOKEN}`, "x".repeat(4000)];
    for (const header of headers) matches(header);
    expect(compared).toEqual(headers.map(() => [32, 32]));
  });
});
