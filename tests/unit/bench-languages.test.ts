import { describe, expect, it } from "vitest";
import {
  BENCH_SITE_LANGUAGES,
  firstDetailPath,
  inLanguage,
  SECOND_LANGUAGE,
} from "../../scripts/bench-languages";

// The bench's second language (decision 151): its pages are the default ones under the prefix,
// and its package page is found at its own slug on the language's list page.
describe("the bench's second-language pages", () => {
  it("runs the server with a second language, German", () => {
    expect(BENCH_SITE_LANGUAGES.split(",")).toEqual(["en", SECOND_LANGUAGE]);
  });

  it("puts a default-language path under the language's prefix", () => {
    expect(inLanguage("/", "de")).toBe("/de");
    expect(inLanguage("/upcoming-trips", "de")).toBe("/de/upcoming-trips");
  });

  it("finds the first package page of the language, not an English one", () => {
    const html =
      '<a href="/package/bali-escape">Bali</a><a href="/de/package/bali-flucht?x=1">Bali</a>';
    expect(firstDetailPath(html, "de")).toBe("/de/package/bali-flucht");
    expect(firstDetailPath('<a href="/package/bali-escape">Bali</a>', "de")).toBeUndefined();
  });

  it("finds the default language's first package page without a prefix", () => {
    const html =
      '<a href="/de/package/bali-flucht">Bali</a><a href="/package/bali-escape?x=1">Bali</a>';
    expect(firstDetailPath(html)).toBe("/package/bali-escape");
  });
});
