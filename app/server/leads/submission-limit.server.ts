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

/**
 * Within `db`'s transaction: counts this address's recent submissions and, when there is room,
 * records this one. An advisory lock per address makes parallel posts count one after another.
 */
export async function takeSubmissionSlot(db: Db, ip: string): Promise<SubmissionTicket> {
  const subject = clientAddressKey(ip || "unknown").slice(0, 100);
  await sql`select pg_advisory_xact_lock(hashtextextended(${`enquiry-submission ${subject}`}, 0))`.execute(
    db,
  );
  await db
    .deleteFrom("enquiry_submissions")
    .where(
      sql<boolean>`submitted_at <= now() - make_interval(secs => ${SUBMISSION_WINDOW_SECONDS})`,
    )
    .execute();
  const recent = await db
    .selectFrom("enquiry_submissions")
    .select(
      sql<number>`extract(epoch from (submitted_at + make_interval(secs => ${SUBMISSION_WINDOW_SECONDS}) - now()))::float8`.as(
        "remaining",
      ),
    )
    .where("ip", "=", subject)
    .orderBy("submitted_at")
    .execute();
  if (recent.length >= SUBMISSIONS_PER_WINDOW) {
    const freesUp = recent[recent.length - SUBMISSIONS_PER_WINDOW]!.remaining;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(freesUp)) };
  }
  await db.insertInto("enquiry_submissions").values({ ip: subject }).execute();
  return { allowed: true };
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
