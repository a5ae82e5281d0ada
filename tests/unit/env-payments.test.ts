import { describe, expect, it } from "vitest";
import { createStripeAccess, paymentsEnabled } from "~/server/payments/stripe.server";
import { parseEnv } from "~/server/platform/env.server";

const keys = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };

describe("payment settings (decision 130)", () => {
  it("leaves payments off without keys, and on with both", () => {
    const off = parseEnv({});
    expect(paymentsEnabled(off)).toBe(false);
    expect(createStripeAccess(off)).toBeNull();
    const on = parseEnv({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(paymentsEnabled(on)).toBe(true);
    expect(createStripeAccess(on)?.webhookSecret).toBe("whsec_abc123");
  });

  it.each([
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and"],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_abc" }, "STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and"],
    [
      { ...keys, STRIPE_SECRET_KEY: "pk_test_abc" },
      "STRIPE_SECRET_KEY: must be a Stripe secret key",
    ],
    [{ ...keys, STRIPE_WEBHOOK_SECRET: "abc" }, "STRIPE_WEBHOOK_SECRET: must be a Stripe webhook"],
    [{ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111/v1" }, "STRIPE_API_URL: must be an origin"],
    [{ ...keys, STRIPE_API_URL: "ftp://127.0.0.1" }, "STRIPE_API_URL: must be an origin"],
    [
      { ...keys, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_API_URL: "http://127.0.0.1:12111" },
      "STRIPE_API_URL: must not be set with a live Stripe key",
    ],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
