import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { rawRequest } from "../support/raw-http";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** The largest hashed script of the build: the one that cost most to compress per request. */
function largestScript(): string {
  const files = fs
    .readdirSync(path.join(clientDir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: fs.statSync(path.join(clientDir, "assets", f)).size }))
    .sort((a, b) => b.size - a.size);
  return files[0]!.f;
}

describe("static assets are compressed at build time and sent as built", () => {
  let server: TestServer;
  let script: string;
  beforeAll(async () => {
    server = await startTestServer();
    script = largestScript();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the build wrote brotli and gzip files beside every hashed script", () => {
    const assets = path.join(clientDir, "assets");
    for (const file of fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f))) {
      if (fs.statSync(path.join(assets, file)).size < 512) continue;
      expect(fs.existsSync(path.join(assets, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(assets, `${file}.gz`)), file).toBe(true);
    }
  });

  it("sends the build's .br bytes to a client that accepts brotli (no compression per request)", async () => {
    const res = await rawRequest(`${server.url}/assets/${script}`, {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Byte-identical to the file compressed at build time, at quality 11.
    expect(res.body.equals(fs.readFileSync(path.join(clientDir, "assets", `${script}.br`)))).toBe(
      true,
    );
    expect(
      brotliDecompressSync(res.body).equals(
        fs.readFileSync(path.join(clientDir, "assets", script)),
      ),
    ).toBe(true);
  });

  it("sends the .gz file to a gzip-only client and the original to one that accepts nothing", async () => {
    const gz = await rawRequest(`${server.url}/assets/${script}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body.equals(fs.readFileSync(path.join(clientDir, "assets", `${script}.gz`)))).toBe(
      true,
    );
    expect(gunzipSync(gz.body).length).toBe(
      fs.statSync(path.join(clientDir, "assets", script)).size,
    );

    const plain = await rawRequest(`${server.url}/assets/${script}`, {
      "accept-encoding": "identity",
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(path.join(clientDir, "assets", script)))).toBe(true);

    const refused = await rawRequest(`${server.url}/assets/${script}`, {
      "accept-encoding": "br;q=0, gzip",
    });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("still compresses dynamic responses", async () => {
    const res = await rawRequest(`${server.url}/about`, { "accept-encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toContain("</html>");
  });

  it("never compresses images", async () => {
    const dir = path.join(clientDir, "images", "banners");
    const image = fs.readdirSync(dir).find((f) => /\.(webp|jpe?g|png|avif|svg)$/.test(f))!;
    const res = await rawRequest(`${server.url}/images/banners/${image}`, {
      "accept-encoding": "br, gzip",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\//);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(fs.readFileSync(path.join(dir, image)))).toBe(true);
  });
});
