import Stripe from "stripe";

/** The Stripe settings of the environment; payments are on when both secrets are set. */
export interface StripeSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

/** What the payments code needs of Stripe: the client and the webhook endpoint's secret. */
export interface StripeAccess {
  stripe: Stripe;
  webhookSecret: string;
}

/** True when online payments are configured (decision 130). */
export function paymentsEnabled(env: StripeSettings): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

/** Where Stripe's hosted Checkout pages live. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The origins a "Book and pay" form is redirected to (the CSP's form-action, decision 133):
 * Stripe Checkout's, and a Stripe-compatible server's (STRIPE_API_URL) whose session URLs point at
 * itself; none while payments are off.
 */
export function checkoutOrigins(env: StripeSettings): string[] {
  if (!paymentsEnabled(env)) return [];
  return [
    STRIPE_CHECKOUT_ORIGIN,
    ...(env.STRIPE_API_URL ? [new URL(env.STRIPE_API_URL).origin] : []),
  ];
}

/**
 * The Stripe client, or null when payments are off. STRIPE_API_URL (an origin; the SDK always
 * asks for /v1/… paths) points it at a Stripe-compatible server for tests and demos. Retries are
 * the SDK's (the same idempotency key on each), fewer in tests so "Stripe unreachable" is quick.
 */
export function createStripeAccess(
  env: StripeSettings,
  options: { retries?: number; timeoutMs?: number } = {},
): StripeAccess | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const config: Stripe.StripeConfig = {
    apiVersion: "2026-10-28.endive",
    maxNetworkRetries: options.retries ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: "wlx-travel" },
  };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    config.protocol = url.protocol === "http:" ? "http" : "https";
    // http.request wants ::1, not [::1].
    config.host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    config.port = url.port || (config.protocol === "http" ? 80 : 443);
  }
  return {
    stripe: new Stripe(env.STRIPE_SECRET_KEY, config),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  };
}
