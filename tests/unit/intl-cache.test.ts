import { describe, expect, it } from "vitest";
import { dateTimeFormat, dayIn, numberFormat, pluralRules } from "~/domain/intl";
import { formatMessage } from "~/domain/i18n/format";
import { currencyDigits, formatMoney } from "~/domain/money";
import { todayIn } from "~/domain/trip-facts";

// Decision 157: Intl formatters are made once per locale and options; a booking's e-mails had
// built a dozen of them per request.
describe("the Intl formatter cache", () => {
  it("hands back the same formatter for the same locale and options", () => {
    expect(numberFormat("de", { style: "currency", currency: "EUR" })).toBe(
      numberFormat("de", { style: "currency", currency: "EUR" }),
    );
    expect(dateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric" })).toBe(
      dateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric" }),
    );
    expect(pluralRules("de")).toBe(pluralRules("de"));
  });

  it("never hands a formatter made for other options or another locale", () => {
    const euro = numberFormat("de", { style: "currency", currency: "EUR" });
    expect(numberFormat("de", { style: "currency", currency: "USD" })).not.toBe(euro);
    expect(numberFormat("en", { style: "currency", currency: "EUR" })).not.toBe(euro);
    expect(numberFormat("de", { style: "currency", currency: "USD" }).format(1)).toContain("$");
    const tokyo = dateTimeFormat("en-CA", { timeZone: "Asia/Tokyo", year: "numeric" });
    expect(dateTimeFormat("en-CA", { timeZone: "UTC", year: "numeric" })).not.toBe(tokyo);
  });

  it("keeps working past its bound (it empties and refills)", () => {
    const first = numberFormat("en", { minimumIntegerDigits: 1 });
    for (let digits = 1; digits <= 21; digits++)
      for (const locale of ["en", "de", "fr", "it", "es", "nl", "pt", "sv", "da", "fi"])
        for (let fraction = 0; fraction <= 3; fraction++)
          numberFormat(locale, { minimumIntegerDigits: digits, minimumFractionDigits: fraction });
    expect(numberFormat("en", { minimumIntegerDigits: 1 }).format(7)).toBe("7");
    expect(numberFormat("en", { minimumIntegerDigits: 1 })).not.toBe(first);
  });

  it("formats as before: days in a zone, money, plurals", () => {
    const at = new Date("2026-12-31T23:30:00Z");
    expect(dayIn("UTC", at)).toBe("2026-12-31");
    expect(dayIn("Africa/Johannesburg", at)).toBe("2027-01-01");
    expect(todayIn("Pacific/Honolulu", at)).toBe("2026-12-31");
    expect(formatMoney(3_290_000, "ZAR")).toMatch(/^R\s32,900$/);
    expect(formatMoney(3_290_050, "ZAR")).toMatch(/^R\s32,900\.50$/);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    const nights = "{n, plural, one {# night} other {# nights}}";
    expect(formatMessage("en", nights, { n: 1 })).toBe("1 night");
    expect(formatMessage("de", "{n, number}", { n: 32900 })).toBe("32.900");
  });
});
