import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../support/db";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";

/**
 * The Accept-Language hint (decision 151) as served: every public page carries one inline script
 * with the other language's hint, in that language; the answer never depends on the visitor's
 * Accept-Language (no redirect, no Vary, one cached page per URL), admin pages and a site with one
 * language have none. The script's behaviour in a browser: tests/e2e/language-hint.spec.ts.
 */
describe.each(BACKENDS)("the Accept-Language hint on %s", (backend) => {
  let server: LeadsServer;
  let single: LeadsServer;

  const get = async (path: string, acceptLanguage: string, on = server) => {
    const res = await on.fetch(path, { headers: { "Accept-Language": acceptLanguage } });
    return { res, html: await res.text() };
  };
  /** The hint's script and the hints it carries. */
  const hintOf = (html: string) => {
    const script =
      /<script nonce="[^"]+">(\(function\(\)\{var k="wlx-language-hint".*?)<\/script>/.exec(
        html,
      )?.[1];
    const hints = script ? /H=(\[.*?\]),P=/.exec(script)?.[1] : undefined;
    return {
      script,
      hints: hints ? (JSON.parse(hints) as Record<string, string>[]) : undefined,
      prefix: script ? /,P=("[^"]*")/.exec(script)?.[1] : undefined,
    };
  };

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    single = await startLeadsServer(backend);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await single?.close();
  });

  it("carries the German hint, in German, in a script before the end of an English page", async () => {
    const { res, html } = await get("/about?ref=mail", "de-DE,de;q=0.9");
    expect(res.status).toBe(200);
    const { script, hints, prefix } = hintOf(html);
    expect(script).toBeDefined();
    expect(hints).toEqual([
      {
        lang: "de",
        prefix: "/de",
        label: "Sprachhinweis",
        text: "Diese Seite gibt es auch auf Deutsch.",
        link: "Auf Deutsch ansehen",
        dismiss: "Schließen",
      },
    ]);
    expect(prefix).toBe('""');
    // Outside React's markup: just before </body>, after the script that starts the page's JS.
    expect(html).toMatch(/<\/script><\/body>/);
    expect(html.indexOf('var k="wlx-language-hint"')).toBeGreaterThan(
      html.indexOf("x-deferred-module"),
    );
  });

  it("carries the English hint, in English, on a German page", async () => {
    const { html } = await get("/de", "en-GB");
    const { hints, prefix } = hintOf(html);
    expect(hints?.map((h) => [h.lang, h.prefix, h.text])).toEqual([
      ["en", "", "This page is also available in English."],
    ]);
    expect(prefix).toBe('"/de"');
  });

  it("never redirects and sends the same page whatever the visitor's languages", async () => {
    const german = await get("/", "de");
    const english = await get("/", "en");
    expect(german.res.status).toBe(200);
    expect(english.res.status).toBe(200);
    expect(german.res.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
    // The same bytes but for the per-response CSP nonce: one cached page for every visitor.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonce(german.html)).toBe(withoutNonce(english.html));
  });

  it("has no hint on admin pages nor on a site with one language", async () => {
    expect(hintOf((await get("/admin", "de")).html).script).toBeUndefined();
    const { html } = await get("/", "de", single);
    expect(html).not.toContain("wlx-language-hint");
  });
});
