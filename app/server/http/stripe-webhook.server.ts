import express from "express";
import { handleStripeWebhook } from "../payments/payments.server";
import { createStripeAccess } from "../payments/stripe.server";
import type { Env } from "../platform/env.server";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";

/**
 * POST /webhooks/stripe (decision 130), or null while payments are off. Mounted before the body
 * guard, which would refuse a JSON post to a page: the signature is checked over the raw bytes,
 * so this route alone reads its body as a Buffer. Stripe sends no Origin, so the cross-site check
 * lets it through; a forged or tampered delivery is answered 400 with nothing changed.
 */
export function stripeWebhookHandler(env: Env, db: () => Db): express.Router | null {
  const access = createStripeAccess(env);
  if (!access) return null;
  const router = express.Router();
  router.post(
    "/webhooks/stripe",
    express.raw({ type: "application/json", limit: "1mb" }),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      try {
        const body: unknown = req.body;
        const outcome = await handleStripeWebhook(
          db(),
          access,
          Buffer.isBuffer(body) ? body : undefined,
          req.get("stripe-signature"),
        );
        if (outcome.status === 400) res.status(400).type("text/plain").send(outcome.message);
        else res.status(200).json({ received: true });
      } catch (error) {
        // A fault of ours: Stripe retries a non-2xx delivery, and the event id was not stored.
        log("error", "stripe webhook failed", { error: String(error) });
        res.status(500).type("text/plain").send("Webhook not processed");
      }
    },
  );
  return router;
}
