import type { Db } from "../platform/db.server";
import { spendFormToken } from "./honeypot.server";
import { submissionLock, takeSubmissionSlot } from "./submission-limit.server";

/** Why a public form's own checks refused a post: its time token, or the per-address limit. */
export type FormCheckRefusal = { token: "expired" | "used" } | { retryAfterSeconds: number };

/**
 * The public forms' checks after isSpam, inside the transaction that stores the post (decision
 * 117): the time token works once and for a few hours, then the address's hourly limit. Two
 * statements: the token is spent in the one that takes the address's lock (decision 161), and the
 * limit is counted in the next, which sees what the lock's last holder committed.
 */
export async function spendFormChecks(
  trx: Db,
  form: FormData,
  ip: string,
): Promise<"ok" | FormCheckRefusal> {
  const token = await spendFormToken(trx, form, submissionLock(ip));
  if (token !== "ok") return { token };
  const ticket = await takeSubmissionSlot(trx, ip, { locked: true });
  return ticket.allowed ? "ok" : { retryAfterSeconds: ticket.retryAfterSeconds };
}
