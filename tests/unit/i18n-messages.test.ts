import { describe, expect, it } from "vitest";
import { CATALOGUES, translator } from "~/domain/i18n/catalogues";
import { formatMessage, messageVariables } from "~/domain/i18n/format";
import {
  localizedPath,
  SHIPPED_LANGUAGES,
  splitLanguagePath,
  type Language,
} from "~/domain/i18n/languages";
import { EN_MESSAGES } from "~/domain/i18n/messages-en";
import { catalogueProblems } from "~/domain/i18n/catalogue-check";

describe("message catalogues", () => {
  it("ship English and German", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...SHIPPED_LANGUAGES].sort());
  });

  it("every shipped language has every key, with only the variables the site gives", () => {
    expect(catalogueProblems(EN_MESSAGES, CATALOGUES)).toEqual([]);
  });

  it("the check fails on a missing key, an empty message and an unknown variable", () => {
    const de = { ...CATALOGUES.de } as Record<string, string>;
    delete de["nav.home"];
    de["nav.menu"] = " ";
    de["nav.brandHome"] = "{brand} Startseite";
    de["nav.extra"] = "Extra";
    expect(catalogueProblems(EN_MESSAGES, { de })).toEqual([
      'de: "nav.home" is missing',
      'de: "nav.menu" is missing',
      'de: "nav.brandHome" uses {brand}, which is not given',
      'de: "nav.extra" is not a key of the site',
    ]);
  });

  it("keeps the spec's English texts", () => {
    const t = translator("en");
    expect(t("nav.bookNow")).toBe("Book Now");
    expect(t("notFound.title")).toBe("Oops! Page not found");
    expect(t("notFound.home")).toBe("Return to Home");
    expect(t("footer.rights")).toBe("All rights reserved.");
  });
});

describe("formatMessage", () => {
  it("fills variables", () => {
    expect(formatMessage("en", "{site} home", { site: "Wanderlux" })).toBe("Wanderlux home");
  });

  it("formats numbers per locale", () => {
    expect(formatMessage("en", "{n, number} seats", { n: 12000 })).toBe("12,000 seats");
    expect(formatMessage("de", "{n, number} Plätze", { n: 12000 })).toBe("12.000 Plätze");
  });

  it("chooses plural forms with Intl.PluralRules, exact cases first", () => {
    const en = translator("en");
    const de = translator("de");
    expect(en("trip.nights", { count: 1 })).toBe("1 night");
    expect(en("trip.nights", { count: 3 })).toBe("3 nights");
    expect(de("trip.nights", { count: 1 })).toBe("1 Nacht");
    expect(de("trip.nights", { count: 1500 })).toBe("1.500 Nächte");
    expect(formatMessage("en", "{n, plural, =0 {none} one {one} other {#}}", { n: 0 })).toBe(
      "none",
    );
  });

  it("lists a message's variables", () => {
    expect(messageVariables("{a} and {b, number} {c, plural, one {#} other {# x}}")).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("throws when a variable is not given (the catalogue test catches it, not a visitor)", () => {
    expect(() => formatMessage("en", "{site} home", {})).toThrow(
      'message variable "site" was not given',
    );
  });

  it("every message formats in every language with the English message's variables", () => {
    for (const lang of SHIPPED_LANGUAGES) {
      const t = translator(lang);
      for (const key of Object.keys(EN_MESSAGES) as (keyof typeof EN_MESSAGES)[]) {
        const values = Object.fromEntries(messageVariables(EN_MESSAGES[key]).map((v) => [v, 2]));
        expect(() => t(key, values), `${lang} ${key}`).not.toThrow();
      }
    }
  });
});

describe("language paths", () => {
  const both: Language[] = ["en", "de"];
  it("puts the default language at today's URLs and others under their code", () => {
    expect(localizedPath("/", "en", both)).toBe("/");
    expect(localizedPath("/about", "en", both)).toBe("/about");
    expect(localizedPath("/", "de", both)).toBe("/de");
    expect(localizedPath("/package/x", "de", both)).toBe("/de/package/x");
    expect(localizedPath("/about", "en", ["de", "en"])).toBe("/en/about");
  });

  it("reads a path's language, and refuses prefixes that are not configured or the default's", () => {
    expect(splitLanguagePath("/about", both)).toEqual({ lang: "en", path: "/about" });
    expect(splitLanguagePath("/de", both)).toEqual({ lang: "de", path: "/" });
    expect(splitLanguagePath("/de.data", both)).toEqual({ lang: "de", path: "/.data" });
    expect(splitLanguagePath("/de/package/x", both)).toEqual({ lang: "de", path: "/package/x" });
    expect(splitLanguagePath("/design", both)).toEqual({ lang: "en", path: "/design" });
    expect(splitLanguagePath("/en/about", both)).toBeNull();
    expect(splitLanguagePath("/de/about", ["en"])).toBeNull();
    expect(splitLanguagePath("/fr/about", both)).toEqual({ lang: "en", path: "/fr/about" });
  });
});
