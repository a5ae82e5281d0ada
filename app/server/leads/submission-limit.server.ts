import { sql } from "kysely";
import type { Db } from "../platform/db.server";
import { clientAddressKey } from "./client-address.server";

/*
 * The contact form accepts a few messages per client address per hour: enough for a
 * family sharing a connection, too few to flood the inbox. Only accepted messages count, so a
 * visitor fixing a typo is never blocked. Rows older than the window are pruned as others arrive.
 * An IPv6 client is counted by its /64 (decision 117): one host can use any address in it.
 */
export const SUBMISSION_WINDOW_SECONDS = 60 * 60;
export const SUBMISSIONS_PER_WINDOW = 10;

export type SubmissionTicket = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The key an address is counted by: its /64 for IPv6 (decision 117). */
export const subjectOf = (ip: string) => clientAddressKey(ip || "unknown").slice(0, 100);

/**
 * What wlx_take_submission_slot answers: a slot taken, or the seconds until each of the address's
 * recent submissions leaves the window, oldest first.
 */
export type SlotAnswer = { ok: true } | { remaining: number[] };

/** The ticket a slot answer stands for: refused until the oldest submission that blocks leaves. */
export function ticketOf(answer: SlotAnswer): SubmissionTicket {
  if ("ok" in answer) return { allowed: true };
  const freesUp = answer.remaining[answer.remaining.length - SUBMISSIONS_PER_WINDOW] ?? 1;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(freesUp)) };
}

/**
 * Counts this address's recent submissions and, when there is room, records this one, in one
 * database call (wlx_take_submission_slot, decision 165): the address's advisory lock first, then
 * the count in a statement of its own, which sees what the lock's last holder committed. Inside
 * a transaction the lock is held to its end.
 */
export async function takeSubmissionSlot(db: Db, ip: string): Promise<SubmissionTicket> {
  const { rows } = await sql<{ answer: SlotAnswer }>`
    select wlx_take_submission_slot(
      ${subjectOf(ip)}, ${SUBMISSION_WINDOW_SECONDS}::int, ${SUBMISSIONS_PER_WINDOW}::int
    ) as answer
  `.execute(db);
  return ticketOf(rows[0]!.answer);
}

/** Forgets addresses whose hour has passed (also run daily: an address is personal data). */
export async function pruneSubmissions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom("enquiry_submissions")
    .where(
      sql<boolean>`submitted_at <= now() - make_interval(secs => ${SUBMISSION_WINDOW_SECONDS})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
