import { describe, expect, it } from "vitest";
import {
  departurePrice,
  departureStatus,
  departureSummary,
  isBookable,
  seatsLabel,
  seatsLeft,
} from "~/domain/departures";
import {
  amountInputText,
  amountText,
  currencyDigits,
  formatMoney,
  isCurrency,
  parseAmount,
  parsePriceText,
} from "~/domain/money";
import { departure } from "../support/departures";

const NBSP = "\u00a0";

describe("money in minor units", () => {
  it("formats an amount for its currency, dropping whole cents", () => {
    expect(formatMoney(3_290_000, "ZAR")).toBe(`R${NBSP}32,900`);
    expect(formatMoney(3_290_050, "ZAR")).toBe(`R${NBSP}32,900.50`);
    expect(formatMoney(150_000, "USD")).toBe("$1,500");
    expect(formatMoney(1_200, "JPY")).toBe("¥1,200");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
    expect(formatMoney(0, "GBP")).toBe("£0");
    // Beyond what a float holds exactly in cents: the digits stay exact.
    expect(formatMoney(999_999_999_999, "ZAR")).toBe(`R${NBSP}9,999,999,999.99`);
  });

  it("knows each currency's minor digits and writes the decimal text exactly", () => {
    expect(currencyDigits("ZAR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    expect(amountText(5, "ZAR")).toBe("0.05");
    expect(amountText(1_234_567, "BHD")).toBe("1234.567");
    expect(amountText(1_200, "JPY")).toBe("1200");
    expect(amountInputText(2_450_000, "ZAR")).toBe("24500");
    expect(amountInputText(2_450_050, "ZAR")).toBe("24500.50");
  });

  it("reads what staff type as minor units, refusing anything else", () => {
    expect(parseAmount("24 500", "ZAR")).toBe(2_450_000);
    expect(parseAmount("24,500.5", "ZAR")).toBe(2_450_050);
    expect(parseAmount(" 0.10 ", "USD")).toBe(10);
    expect(parseAmount("1200", "JPY")).toBe(1_200);
    // 0.1 + 0.2 style traps: no float is ever made from a fraction.
    expect(parseAmount("0.29", "ZAR")).toBe(29);
    expect(parseAmount("12.345", "ZAR")).toBeNull();
    expect(parseAmount("12.5", "JPY")).toBeNull();
    expect(parseAmount("-5", "ZAR")).toBeNull();
    expect(parseAmount("1e3", "ZAR")).toBeNull();
    expect(parseAmount("twelve", "ZAR")).toBeNull();
    expect(parseAmount("", "ZAR")).toBeNull();
    expect(parseAmount("99999999999999999", "ZAR")).toBeNull();
  });

  it("reads a price written as text when it holds exactly one number", () => {
    expect(parsePriceText("From R 24 500 pp", "USD")).toEqual({
      amount: 2_450_000,
      currency: "ZAR",
    });
    expect(parsePriceText("R32900", "USD")).toEqual({ amount: 3_290_000, currency: "ZAR" });
    expect(parsePriceText("$1,200", "ZAR")).toEqual({ amount: 120_000, currency: "USD" });
    expect(parsePriceText("€ 950.50 per person", "ZAR")).toEqual({
      amount: 95_050,
      currency: "EUR",
    });
    expect(parsePriceText("13 500", "GBP")).toEqual({ amount: 1_350_000, currency: "GBP" });
    expect(parsePriceText("Price on request", "ZAR")).toBeNull();
    expect(parsePriceText("R 24 500 – R 30 000", "ZAR")).toBeNull();
  });

  it("accepts ISO 4217 codes only", () => {
    expect(isCurrency("ZAR")).toBe(true);
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("XYZ")).toBe(false);
    expect(isCurrency("zar")).toBe(false);
    expect(isCurrency("RAND")).toBe(false);
  });
});

describe("a departure's status, derived", () => {
  const today = "2027-03-01";

  it("reads seats: available, limited at LIMITED_SEATS or fewer, sold out at none", () => {
    const open = departure({ start_date: "2027-04-01", seats_total: 12, seats_taken: 2 });
    expect(seatsLeft(open)).toBe(10);
    expect(departureStatus(open, today)).toBe("available");
    expect(departureStatus({ ...open, seats_taken: 8 }, today)).toBe("limited");
    expect(departureStatus({ ...open, seats_taken: 8 }, today, 3)).toBe("available");
    expect(departureStatus({ ...open, seats_taken: 12 }, today)).toBe("sold_out");
    expect(seatsLeft({ ...open, seats_taken: 14 })).toBe(0);
  });

  it("lets staff close a date or mark it limited by hand; past dates are departed", () => {
    const onRequest = departure({ start_date: "2027-04-01" });
    expect(seatsLeft(onRequest)).toBeNull();
    expect(departureStatus(onRequest, today)).toBe("available");
    expect(departureStatus({ ...onRequest, status_override: "limited" }, today)).toBe("limited");
    expect(
      departureStatus({ ...onRequest, seats_total: 20, status_override: "sold_out" }, today),
    ).toBe("sold_out");
    expect(departureStatus({ ...onRequest, start_date: "2027-02-28" }, today)).toBe("departed");
    // It still shows on the day it starts.
    expect(departureStatus({ ...onRequest, start_date: today }, today)).toBe("available");
  });

  it("is bookable online only with seats, a price and a status that sells", () => {
    const sells = departure({
      start_date: "2027-04-01",
      seats_total: 10,
      price_amount: 2_450_000,
    });
    expect(isBookable(sells, today)).toBe(true);
    expect(isBookable({ ...sells, seats_taken: 9 }, today)).toBe(true);
    expect(isBookable({ ...sells, seats_taken: 10 }, today)).toBe(false);
    expect(isBookable({ ...sells, seats_total: null }, today)).toBe(false);
    expect(isBookable({ ...sells, price_amount: null }, today)).toBe(false);
    expect(isBookable({ ...sells, status_override: "sold_out" }, today)).toBe(false);
    expect(isBookable({ ...sells, start_date: "2027-02-01" }, today)).toBe(false);
  });

  it("says its price and seats in words", () => {
    expect(departurePrice(departure({ price_amount: 2_450_000 }))).toBe(`R${NBSP}24,500`);
    expect(departurePrice(departure({ price_text: "On request" }))).toBe("On request");
    expect(departurePrice(departure())).toBeNull();
    expect(seatsLabel(3)).toBe("3 seats left");
    expect(seatsLabel(1)).toBe("1 seat left");
    expect(seatsLabel(0)).toBe("Sold out");
    expect(seatsLabel(null)).toBeNull();
  });

  it("summarises a saved departure of either shape for the history screen", () => {
    expect(
      departureSummary(
        departure({
          start_date: "2027-06-14",
          end_date: "2027-06-21",
          seats_total: 12,
          price_amount: 2_450_000,
          guaranteed: true,
          note: "Winter",
        }),
      ),
    ).toBe(`2027-06-14 to 2027-06-21, 12 seats, R${NBSP}24,500, guaranteed (Winter)`);
    expect(
      departureSummary({
        start_date: "2027-06-14",
        end_date: null,
        price: "R 13 500",
        status: "sold_out",
        note: null,
      }),
    ).toBe("2027-06-14, sold out, R 13 500");
  });
});
