import { describe, expect, it } from "vitest";
import { depositRuleText, paymentSummary, payButtonLabel } from "~/domain/booking-payments";
import { DEFAULT_DEPOSIT_RULE } from "~/domain/deposits";
import { contentSecurityPolicy } from "~/server/http/security-headers.server";
import { checkoutOrigins } from "~/server/payments/stripe.server";
import { isCacheableRequest } from "~/server/site/page-cache.server";

// What a booking has paid and still owes (decision 134), and the edges that let a traveller go to
// Checkout and back (decision 133).

const base = {
  status: "requested",
  total: 4_900_000,
  currency: "ZAR",
  travellers: 2,
  startDate: "2031-06-14",
  today: "2031-01-10",
  rule: DEFAULT_DEPOSIT_RULE,
  paid: 0,
  processing: false,
};

describe("paymentSummary", () => {
  it("asks for the deposit first, the balance due 60 days before departure", () => {
    const summary = paymentSummary(base);
    expect(summary.due).toEqual({ kind: "deposit", amount: 1_225_000, dueOn: null });
    expect(summary.later).toEqual({ amount: 3_675_000, dueOn: "2031-04-15" });
    expect(payButtonLabel(summary.due!)).toBe("Pay deposit");
  });

  it("asks for the rest after a payment, by its day", () => {
    const summary = paymentSummary({ ...base, status: "deposit_paid", paid: 1_225_000 });
    expect(summary.due).toEqual({ kind: "balance", amount: 3_675_000, dueOn: "2031-04-15" });
    expect(summary.later).toBeNull();
    expect(payButtonLabel(summary.due!)).toBe("Pay the balance");
  });

  it("asks for everything inside the balance window", () => {
    const due = paymentSummary({ ...base, today: "2031-05-01" }).due!;
    expect(due).toEqual({ kind: "full", amount: 4_900_000, dueOn: null });
    expect(payButtonLabel(due)).toBe("Pay in full");
  });

  it("asks for nothing while a payment is processing, once paid, or for a closed booking", () => {
    expect(paymentSummary({ ...base, processing: true }).due).toBeNull();
    expect(paymentSummary({ ...base, status: "paid", paid: 4_900_000 }).due).toBeNull();
    for (const status of ["cancelled", "expired", "waitlisted", "completed"])
      expect(paymentSummary({ ...base, status }).due).toBeNull();
    expect(paymentSummary({ ...base, total: null }).due).toBeNull();
  });

  it("words each rule for the booking page", () => {
    expect(depositRuleText(DEFAULT_DEPOSIT_RULE, "ZAR")).toBe("25% of the total");
    expect(
      depositRuleText({ type: "per_traveller", value: 500_000, balanceDueDays: 60 }, "ZAR"),
    ).toMatch(/^R\s5,000 per traveller$/);
    expect(depositRuleText({ type: "full", value: 0, balanceDueDays: 0 }, "ZAR")).toBe(
      "the full amount",
    );
  });
});

describe("the way to Checkout and back", () => {
  it("lets forms go to Checkout only while payments are on", () => {
    expect(checkoutOrigins({})).toEqual([]);
    expect(
      checkoutOrigins({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }),
    ).toEqual(["https://checkout.stripe.com"]);
    const origins = checkoutOrigins({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(origins).toEqual(["https://checkout.stripe.com", "http://127.0.0.1:12111"]);
    expect(contentSecurityPolicy({ nonce: "n", formActionOrigins: origins })).toContain(
      "form-action 'self' https://checkout.stripe.com http://127.0.0.1:12111;",
    );
    expect(contentSecurityPolicy({ nonce: "n" })).toContain("form-action 'self';");
  });

  it("never takes a private booking page through the page cache, in any language", () => {
    for (const path of [
      "/booking/WLX-ABCDEF",
      "/booking/WLX-ABCDEF/return",
      "/de/booking/WLX-ABCDEF",
    ])
      expect(isCacheableRequest("GET", path), path).toBe(false);
    for (const path of ["/booking-terms", "/book/x", "/de/about"])
      expect(isCacheableRequest("GET", path), path).toBe(true);
  });
});
