import { sql } from "kysely";
import type { Db } from "../platform/db.server";

/** Sign-in attempts are limited per e-mail and per client IP within a sliding window. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LIMITS = { email: 5, ip: 20 } as const;

export type AttemptScope = keyof typeof LOGIN_LIMITS;

export interface AttemptKeys {
  email: string;
  ip: string;
}

export type AttemptTicket =
  | { allowed: true; ids: { email: string; ip: string } }
  | { allowed: false; retryAfterSeconds: number };

const inWindow = sql<boolean>`attempted_at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records an attempt before the password is checked, so that parallel guesses count against the
 * limit at once. The rows stay as the failure record unless the attempt succeeds
 * (`recordSuccess`) or is refused here (then they are removed again, so waiting helps).
 */
export async function beginAttempt(db: Db, keys: AttemptKeys): Promise<AttemptTicket> {
  const email = normaliseEmail(keys.email).slice(0, 320) || "-";
  const ip = keys.ip.slice(0, 320) || "unknown";
  await db
    .deleteFrom("login_attempts")
    .where(sql<boolean>`not (${inWindow})`)
    .execute();
  const inserted = await db
    .insertInto("login_attempts")
    .values([
      { scope: "email", subject: email },
      { scope: "ip", subject: ip },
    ])
    .returning(["id", "scope"])
    .execute();
  const ids = {
    email: inserted.find((r) => r.scope === "email")!.id,
    ip: inserted.find((r) => r.scope === "ip")!.id,
  };
  const waits = await Promise.all([
    secondsUntilAllowed(db, "email", email, ids.email),
    secondsUntilAllowed(db, "ip", ip, ids.ip),
  ]);
  const retryAfterSeconds = Math.max(...waits);
  if (retryAfterSeconds > 0) {
    await db.deleteFrom("login_attempts").where("id", "in", [ids.email, ids.ip]).execute();
    return { allowed: false, retryAfterSeconds };
  }
  return { allowed: true, ids };
}

/**
 * 0 when the other attempts in the window leave room for this one; otherwise the seconds until
 * enough of them have aged out of the window.
 */
async function secondsUntilAllowed(
  db: Db,
  scope: AttemptScope,
  subject: string,
  ownId: string,
): Promise<number> {
  const rows = await db
    .selectFrom("login_attempts")
    .select(
      sql<number>`extract(epoch from (attempted_at + make_interval(secs => ${LOGIN_WINDOW_SECONDS}) - now()))::float8`.as(
        "remaining",
      ),
    )
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .where("id", "!=", ownId)
    .where(inWindow)
    .orderBy("attempted_at")
    .execute();
  const limit = LOGIN_LIMITS[scope];
  if (rows.length < limit) return 0;
  const freesUp = rows[rows.length - limit]!.remaining;
  return Math.max(1, Math.ceil(freesUp));
}

/** A successful sign-in clears the e-mail's failures and does not count against the IP. */
export async function recordSuccess(
  db: Db,
  email: string,
  ticket: { ids: { ip: string } },
): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", "email"), eb("subject", "=", normaliseEmail(email))]),
        eb("id", "=", ticket.ids.ip),
      ]),
    )
    .execute();
}
