import { describe, expect, it } from "vitest";
import {
  balanceDueOn,
  ledgerTotals,
  parseDepositRuleForm,
  stripeDashboardUrl,
} from "~/domain/payment-ledger";

// The ledger's sums, the dashboard link and the deposit rule form (decisions 135, 136).

describe("payment ledger", () => {
  it("counts paid payments minus refunds that did not fail; due never goes below zero", () => {
    const payments = [
      { amount: 1_000, status: "paid" },
      { amount: 500, status: "open" },
      { amount: 300, status: "failed" },
    ];
    const refunds = [
      { amount: 200, status: "pending" },
      { amount: 100, status: "succeeded" },
      { amount: 400, status: "failed" },
    ];
    expect(ledgerTotals(5_000, payments, refunds)).toEqual({
      paid: 700,
      refunded: 300,
      due: 4_300,
    });
    expect(ledgerTotals(500, payments, [])).toEqual({ paid: 1_000, refunded: 0, due: 0 });
  });

  it("links to Stripe's dashboard, its test-mode pages for a test key", () => {
    expect(stripeDashboardUrl("pi_123", true)).toBe(
      "https://dashboard.stripe.com/test/payments/pi_123",
    );
    expect(stripeDashboardUrl("pi_123", false)).toBe(
      "https://dashboard.stripe.com/payments/pi_123",
    );
  });

  it("puts the balance's due day the rule's days before departure", () => {
    expect(balanceDueOn("2031-06-14", 60)).toBe("2031-04-15");
    expect(balanceDueOn("2031-03-01", 1)).toBe("2031-02-28");
  });

  it("reads the deposit rule form: a percentage, an amount per traveller in major units, days", () => {
    const read = (type: string, percent = "", perTraveller = "", days = "60") =>
      parseDepositRuleForm({ type, percent, perTraveller, balanceDueDays: days }, "ZAR");
    expect(read("percent", "30")).toEqual({
      ok: true,
      value: { type: "percent", value: 30, balanceDueDays: 60 },
    });
    expect(read("per_traveller", "", "2 500.50", "0")).toEqual({
      ok: true,
      value: { type: "per_traveller", value: 250_050, balanceDueDays: 0 },
    });
    expect(read("full")).toMatchObject({ ok: true, value: { type: "full", value: 0 } });
    expect(read("percent", "")).toMatchObject({
      ok: false,
      fieldErrors: { deposit_percent: expect.any(String) },
    });
    expect(read("full", "", "", "1.5")).toMatchObject({
      ok: false,
      fieldErrors: { balance_days: expect.any(String) },
    });
  });
});
