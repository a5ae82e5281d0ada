import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferModuleScripts, START_SCRIPTS } from "~/server/http/defer-scripts.server";

const PAGE =
  `<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/a.js" nonce="N"/>` +
  `<link rel="modulepreload" href="/assets/b.js" nonce="N"/><link rel="stylesheet" href="/assets/c.css"/></head>` +
  `<body><main><p>Prices from R 9 800 — naïve café ✈</p><p>&lt;link rel=&quot;modulepreload&quot;</p></main>` +
  `<script nonce="N">window.__reactRouterContext = {};</script>` +
  `<script nonce="N" type="module" async="">import * as route0 from "/assets/a.js";\nimport("/assets/b.js");</script>` +
  `</body></html>`;

async function run(chunks: (string | Buffer)[], nonce = "N"): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(deferModuleScripts(nonce));
  for await (const chunk of stream) out.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(out).toString("utf8");
}

function expected(nonce = "N"): string {
  return PAGE.replaceAll('<link rel="modulepreload"', '<link rel="x-modulepreload"')
    .replace('type="module" async=""', 'type="x-deferred-module" async=""')
    .replace("</body>", `<script nonce="${nonce}">${START_SCRIPTS}</script></body>`);
}

describe("deferModuleScripts", () => {
  it("makes the preloads and the module script inert and adds the starter before </body>", async () => {
    const html = await run([PAGE]);
    expect(html).toBe(expected());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // Escaped page text that spells a pattern is left alone.
    expect(html).toContain("&lt;link rel=&quot;modulepreload&quot;");
  });

  it("finds patterns split at every position, including inside multi-byte characters", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (let at = 1; at < bytes.length; at++) {
      const html = await run([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(html, `split at byte ${at}`).toBe(expected());
    }
  });

  it("works on a page streamed a byte at a time", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    expect(await run(chunks)).toBe(expected());
  });

  it("leaves a page without React Router's module script (no JS) unchanged", async () => {
    const page = "<!DOCTYPE html><html><body><h1>Service unavailable</h1></body></html>";
    expect(await run([page])).toBe(page);
  });

  it("writes the starter without a nonce attribute when the page has none", async () => {
    const html = await run([PAGE], "");
    expect(html).toContain(`<script>${START_SCRIPTS}</script></body>`);
  });

  it("the starter is valid JavaScript", () => {
    expect(() => new Function(START_SCRIPTS)).not.toThrow();
  });
});
