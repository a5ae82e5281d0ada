import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import { siteConfigFrom } from "~/server/site/site.server";

describe("SITE_LANGUAGES", () => {
  it("defaults to English alone", () => {
    expect(parseEnv({}).SITE_LANGUAGES).toEqual(["en"]);
    expect(siteConfigFrom(parseEnv({})).languages).toEqual(["en"]);
  });

  it("reads codes in order, the first the default, trimmed and in lower case", () => {
    expect(parseEnv({ SITE_LANGUAGES: "de, EN" }).SITE_LANGUAGES).toEqual(["de", "en"]);
    expect(siteConfigFrom(parseEnv({ SITE_LANGUAGES: "en,de" })).languages).toEqual(["en", "de"]);
  });

  it.each([
    ["en,xx", /SITE_LANGUAGES: "xx" is not a language the site ships; use codes of en, de/],
    ["fr", /SITE_LANGUAGES: "fr" is not a language the site ships/],
    [",", /SITE_LANGUAGES: must name at least one language of en, de/],
    ["en,de,en", /SITE_LANGUAGES: names a language twice/],
  ])("refuses %j with a clear start error", (value, message) => {
    expect(() => parseEnv({ SITE_LANGUAGES: value })).toThrow(message);
  });
});
