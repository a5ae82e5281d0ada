import { sql, type RawBuilder } from "kysely";
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

const subjectOf = (ip: string) => clientAddressKey(ip || "unknown").slice(0, 100);

/**
 * The advisory lock per address that makes parallel posts from it count one after another, as an
 * expression, for a caller that takes it in a statement of its own before takeSubmissionSlot.
 */
export function submissionLock(ip: string): RawBuilder<unknown> {
  return sql`pg_advisory_xact_lock(hashtextextended(${`enquiry-submission ${subjectOf(ip)}`}, 0))`;
}

/**
 * Within `db`'s transaction: counts this address's recent submissions and, when there is room,
 * records this one. The address's advisory lock (submissionLock) comes first, in a statement of
 * its own (the count must see what the lock's last holder committed): taken here unless
 * `locked` says the caller took it already in this transaction.
 */
export async function takeSubmissionSlot(
  db: Db,
  ip: string,
  { locked = false }: { locked?: boolean } = {},
): Promise<SubmissionTicket> {
  const subject = subjectOf(ip);
  if (!locked) await sql`select ${submissionLock(ip)}`.execute(db);
  // One statement after the lock: forget every address whose hour has passed, read this one's
  // submissions within the hour, and take a slot when fewer than the limit are there. All parts
  // see the statement's one snapshot, hence the explicit window on the read.
  const window = sql`make_interval(secs => ${SUBMISSION_WINDOW_SECONDS})`;
  const { rows } = await sql<{ taken: boolean; remaining: number[] }>`
    with gone as (
      delete from enquiry_submissions where submitted_at <= now() - ${window}
    ), recent as (
      select submitted_at from enquiry_submissions
      where ip = ${subject} and submitted_at > now() - ${window}
    ), taken as (
      insert into enquiry_submissions (ip)
      select ${subject} where (select count(*) from recent) < ${SUBMISSIONS_PER_WINDOW}
      returning 1
    )
    select
      exists (select 1 from taken) as taken,
      coalesce(
        (select array_agg(extract(epoch from (submitted_at + ${window} - now()))::float8
          order by submitted_at) from recent),
        '{}'
      ) as remaining
  `.execute(db);
  const { taken, remaining } = rows[0]!;
  if (taken) return { allowed: true };
  const freesUp = remaining[remaining.length - SUBMISSIONS_PER_WINDOW]!;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(freesUp)) };
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
