import type Stripe from "stripe";
import type { Db } from "../platform/db.server";
import type { Job } from "../platform/jobs.server";
import { log } from "../platform/log.server";
import { applySessionState } from "./payments.server";
import type { StripeAccess } from "./stripe.server";

/*
 * Reconciliation (decision 136): the webhook marks payments, but a delivery can be lost or our
 * write can fail after Stripe answered. Every few minutes this asks Stripe for each Checkout
 * Session still open (or processing) on our side that is a few minutes old, and applies what it
 * says now through the webhook's own rules (amount, currency and booking checked, transitions
 * forward only), so a later webhook changes nothing twice. Stripe unreachable: it tries next time.
 */

/** A session younger than this is left to its webhook. */
export const RECONCILE_AFTER_MS = 5 * 60_000;

export async function reconcileOpenSessions(
  db: Db,
  access: StripeAccess,
  now: Date,
  limit = 50,
): Promise<number> {
  const rows = await db
    .selectFrom("payments")
    .select(["stripe_checkout_session_id"])
    .where("method", "=", "card")
    .where("status", "in", ["open", "processing"])
    .where("stripe_checkout_session_id", "is not", null)
    .where("created_at", "<", new Date(now.getTime() - RECONCILE_AFTER_MS))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  let applied = 0;
  for (const { stripe_checkout_session_id: id } of rows) {
    let session: Stripe.Checkout.Session;
    try {
      session = await access.stripe.checkout.sessions.retrieve(id!);
    } catch (error) {
      log("warn", "payments: reconciliation could not ask Stripe", { error: String(error) });
      return applied;
    }
    if (await applySessionState(db, session)) applied++;
  }
  return applied;
}

/** The runner's job (payments on only): every 5 minutes. */
export function reconcileJob(access: StripeAccess): Job {
  return {
    name: "payment-reconcile",
    everyMs: 5 * 60_000,
    run: ({ db, now }) => reconcileOpenSessions(db, access, now),
  };
}
