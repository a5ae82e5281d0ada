import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  addGzipNow,
  brotliBody,
  encodePage,
  gzipBody,
  identityBody,
  NONCE_PLACEHOLDER,
  splitPage,
} from "~/server/site/page-encoding.server";

const nonce = () => randomBytes(16).toString("base64");

/** A page shaped like ours: nonces in a few scripts, repeated markup, base64-looking data. */
function samplePage(): Buffer {
  const cards = Array.from(
    { length: 40 },
    (_, i) =>
      `<article class="card"><a href="/package/${i}"><img src="/media/x${i}.webp" alt="Trip ${i}"></a><h3>Trip ${i}</h3><p>From $${i}99 — ==AAAAbbbb${i}==</p></article>`,
  ).join("");
  return Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE_PLACEHOLDER}"></head><body><main>${cards}</main>` +
      `<script nonce="${NONCE_PLACEHOLDER}">window.__ctx = ${JSON.stringify({ cards: cards.slice(0, 2000), nonce: "x" })};</script>` +
      `<script type="module" nonce="${NONCE_PLACEHOLDER}">import "/assets/entry.js";</script></body></html>`,
  );
}

describe("stored page encodings with a nonce per response", () => {
  it("decode to the page with each response's own nonce, in brotli, gzip and identity", async () => {
    const page = samplePage();
    const encoded = await encodePage(page);
    expect(encoded.holes).toBe(3);
    expect(encoded.br).toBeDefined();
    expect(encoded.gzip).toBeDefined();
    for (let i = 0; i < 5; i++) {
      const n = nonce();
      const expected = page.toString().replaceAll(NONCE_PLACEHOLDER, n);
      expect(identityBody(encoded, n).toString()).toBe(expected);
      expect(brotliDecompressSync(brotliBody(encoded.br!, n)).toString()).toBe(expected);
      expect(gunzipSync(gzipBody(encoded, encoded.gzip!, n)).toString()).toBe(expected);
    }
  });

  it("gives two responses two different nonces and compresses well", async () => {
    const page = samplePage();
    const encoded = await encodePage(page);
    const [a, b] = [nonce(), nonce()];
    const bodyA = brotliDecompressSync(brotliBody(encoded.br!, a)).toString();
    const bodyB = brotliDecompressSync(brotliBody(encoded.br!, b)).toString();
    expect(bodyA).toContain(`nonce="${a}"`);
    expect(bodyB).toContain(`nonce="${b}"`);
    expect(bodyA).not.toContain(b);
    expect(bodyA).not.toContain(NONCE_PLACEHOLDER);
    expect(brotliBody(encoded.br!, a).length).toBeLessThan(page.length / 5);
  });

  it("handles a page far larger than a stream buffer (megabytes of incompressible data)", async () => {
    const noise = randomBytes(600_000).toString("base64");
    const page = Buffer.from(
      `<html><script nonce="${NONCE_PLACEHOLDER}">${noise}</script><p nonce="${NONCE_PLACEHOLDER}">${noise}</p></html>`,
    );
    const encoded = await encodePage(page);
    const n = nonce();
    const expected = page.toString().replaceAll(NONCE_PLACEHOLDER, n);
    expect(brotliDecompressSync(brotliBody(encoded.br!, n)).toString()).toBe(expected);
    expect(gunzipSync(gzipBody(encoded, encoded.gzip!, n)).toString()).toBe(expected);
  });

  it("works for a page without any nonce (a .data response)", async () => {
    const page = Buffer.from(JSON.stringify({ hello: "world".repeat(100) }));
    const encoded = await encodePage(page);
    expect(encoded.holes).toBe(0);
    expect(brotliDecompressSync(brotliBody(encoded.br!, nonce())).equals(page)).toBe(true);
    expect(gunzipSync(gzipBody(encoded, encoded.gzip!, nonce())).equals(page)).toBe(true);
  });

  it("refuses a nonce that is not base64 of 16 bytes", async () => {
    const encoded = await encodePage(samplePage());
    expect(() => identityBody(encoded, "short")).toThrow(/nonce/);
    // Each encoding checks before it writes (the brotli body is filled in place, decision 106).
    expect(() => brotliBody(encoded.br!, "short")).toThrow(/nonce/);
    expect(() => gzipBody(encoded, encoded.gzip!, "short")).toThrow(/nonce/);
    expect(() => brotliBody(encoded.br!, "A".repeat(24))).toThrow(/nonce/);
  });

  it("makes the gzip form at once, part by part, valid for any nonce (decision 106)", () => {
    for (const page of [
      samplePage(),
      Buffer.from(JSON.stringify({ hello: "world".repeat(100) })),
      Buffer.from(
        `${NONCE_PLACEHOLDER}${NONCE_PLACEHOLDER}<p>${randomBytes(300_000).toString("hex")}</p>`,
      ),
    ]) {
      const encoded = splitPage(page);
      const rejected: string[] = [];
      addGzipNow(encoded, { onReject: (enc) => rejected.push(enc) });
      expect(rejected).toEqual([]);
      expect(encoded.gzip).toHaveLength(encoded.holes + 1);
      for (let i = 0; i < 3; i++) {
        const n = nonce();
        const expected = page.toString().replaceAll(NONCE_PLACEHOLDER, n);
        expect(gunzipSync(gzipBody(encoded, encoded.gzip!, n)).toString()).toBe(expected);
      }
    }
    const encoded = splitPage(samplePage());
    addGzipNow(encoded);
    expect(gzipBody(encoded, encoded.gzip!, nonce()).length).toBeLessThan(samplePage().length / 4);
  });
});
