import { sql } from "kysely";
import type { Db } from "../platform/db.server";
import { formToken } from "./honeypot.server";
import {
  SUBMISSION_WINDOW_SECONDS,
  SUBMISSIONS_PER_WINDOW,
  subjectOf,
  ticketOf,
  type SlotAnswer,
} from "./submission-limit.server";

/** Why a public form's own checks refused a post: its time token, or the per-address limit. */
export type FormCheckRefusal = { token: "expired" | "used" } | { retryAfterSeconds: number };

/**
 * The public forms' checks after isSpam, as the database runs them (wlx_form_checks, decision
 * 165): the form's token (it works once and for a few hours), then the address's hourly limit
 * under the address's advisory lock. What the app reads first (the token's time, the address's
 * key) travels as this object.
 */
export interface FormChecks {
  token_hash: string;
  expires_at: string;
  subject: string;
  window_seconds: number;
  per_window: number;
}

/** What wlx_form_checks answers: ok, a used token, or the limit's slot answer. */
export type CheckedForm = SlotAnswer | { token: "used" };

/** The checks a post brings, or the refusal its token already earns (expired, unreadable). */
export async function formChecksOf(
  form: FormData,
  ip: string,
): Promise<{ checks: FormChecks } | { refusal: FormCheckRefusal }> {
  const token = await formToken(form);
  if (typeof token === "string") return { refusal: { token } };
  return {
    checks: {
      token_hash: token.hash,
      expires_at: token.expiresAt.toISOString(),
      subject: subjectOf(ip),
      window_seconds: SUBMISSION_WINDOW_SECONDS,
      per_window: SUBMISSIONS_PER_WINDOW,
    },
  };
}

/** The refusal a checked form stands for, or "ok". */
export function formCheckRefusal(checked: CheckedForm): "ok" | FormCheckRefusal {
  if ("token" in checked) return { token: checked.token };
  const ticket = ticketOf(checked);
  return ticket.allowed ? "ok" : { retryAfterSeconds: ticket.retryAfterSeconds };
}

/**
 * The public forms' checks inside the transaction that stores the post (decision 117), in one
 * call: a refusal leaves what the check wrote (a spent token stays spent); the caller's rollback
 * undoes it when the post is then not stored.
 */
export async function spendFormChecks(
  trx: Db,
  form: FormData,
  ip: string,
): Promise<"ok" | FormCheckRefusal> {
  const read = await formChecksOf(form, ip);
  if ("refusal" in read) return read.refusal;
  const { rows } = await sql<{ checked: CheckedForm }>`
    select wlx_form_checks(${JSON.stringify(read.checks)}::jsonb) as checked
  `.execute(trx);
  return formCheckRefusal(rows[0]!.checked);
}
