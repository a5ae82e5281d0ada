import { sql } from "kysely";
import type { Db } from "../platform/db.server";

/*
 * Sign-in limits that an attacker cannot turn against the admin (OWASP's device cookies).
 * A browser that has signed in before carries a signed device cookie (device.server.ts): its
 * attempts count only against that device. Every other attempt counts against the e-mail at that
 * address, the address, and (loosely) the e-mail from anywhere, so guessing stays throttled while
 * failures from elsewhere never stop the admin's own browser. Decision 031.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LIMITS = {
  /** Unknown devices: one e-mail from one address. */
  email_ip: 5,
  /** Unknown devices: one address, any e-mails. */
  ip: 20,
  /** Unknown devices: one e-mail from all addresses together (distributed guessing). */
  email: 100,
  /** A trusted device's own failures (a stolen cookie still cannot guess freely). */
  device: 5,
  /** Wrong current passwords on /admin/settings, per admin (a stolen session cannot guess). */
  password: 5,
  /**
   * Wrong second-factor codes (sign-in from an unknown browser, enrolment, disabling), per admin:
   * a code is 6 digits.
   */
  totp: 5,
  /** Wrong sign-in codes typed on a trusted device: its own count, not the admin's (decision 117). */
  totp_device: 5,
  /** Password-reset requests for one e-mail (from anywhere), and from one address. */
  reset_email: 5,
  reset_ip: 20,
} as const;

export type AttemptScope = keyof typeof LOGIN_LIMITS;

export interface AttemptKeys {
  email: string;
  ip: string;
  /** The id of a verified device cookie for this e-mail, if the browser sent one. */
  device?: string;
}

export type AttemptTicket =
  { allowed: true; ids: string[] } | { allowed: false; retryAfterSeconds: number };

const inWindow = sql<boolean>`attempted_at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const subjectOf = (value: string) => value.slice(0, 320) || "-";

function subjects(keys: AttemptKeys): { scope: AttemptScope; subject: string }[] {
  const email = subjectOf(normaliseEmail(keys.email));
  const ip = subjectOf(keys.ip || "unknown");
  if (keys.device) return [{ scope: "device", subject: subjectOf(keys.device) }];
  return [
    { scope: "email_ip", subject: subjectOf(`${ip} ${email}`) },
    { scope: "ip", subject: ip },
    { scope: "email", subject: email },
  ];
}

/**
 * Records an attempt before the password is checked, so that parallel guesses count against the
 * limits at once. The rows stay as the failure record unless the attempt succeeds
 * (`recordSuccess`) or is refused here (then they are removed again, so waiting helps).
 */
export async function beginAttempt(db: Db, keys: AttemptKeys): Promise<AttemptTicket> {
  return begin(db, subjects(keys));
}

/** The same bookkeeping for password changes: one counter per admin. */
export function beginPasswordChangeAttempt(db: Db, adminId: string): Promise<AttemptTicket> {
  return begin(db, [{ scope: "password", subject: adminId }]);
}

/**
 * Whose count a second-factor code goes on: the admin's, or (a sign-in code typed in a browser
 * with the admin's trusted-device cookie) that device's only, as wrong passwords are counted. So
 * whoever knows the password cannot use up the admin's codes and lock their own browser out.
 */
export type CodeCounter = { adminId: string; deviceId?: string };

const codeSubject = (counter: CodeCounter): { scope: AttemptScope; subject: string } =>
  counter.deviceId
    ? { scope: "totp_device", subject: subjectOf(counter.deviceId) }
    : { scope: "totp", subject: counter.adminId };

/** Second-factor codes: one counter per admin (or trusted device), whichever screen. */
export function beginCodeAttempt(db: Db, counter: CodeCounter): Promise<AttemptTicket> {
  return begin(db, [codeSubject(counter)]);
}

/** A right code forgets the wrong ones on its own counter; others keep counting. */
export async function recordCodeSuccess(db: Db, counter: CodeCounter): Promise<void> {
  const { scope, subject } = codeSubject(counter);
  await db
    .deleteFrom("login_attempts")
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .execute();
}

/** Password-reset requests: counted whether or not the address has an account (no hint). */
export function beginResetRequest(db: Db, email: string, ip: string): Promise<AttemptTicket> {
  return begin(db, [
    { scope: "reset_email", subject: subjectOf(normaliseEmail(email)) },
    { scope: "reset_ip", subject: subjectOf(ip || "unknown") },
  ]);
}

/** A successful change forgets the admin's earlier wrong tries. */
export async function recordPasswordChangeSuccess(db: Db, adminId: string): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where("scope", "=", "password")
    .where("subject", "=", adminId)
    .execute();
}

async function begin(
  db: Db,
  wanted: { scope: AttemptScope; subject: string }[],
): Promise<AttemptTicket> {
  await db
    .deleteFrom("login_attempts")
    .where(sql<boolean>`not (${inWindow})`)
    .execute();
  const inserted = await db
    .insertInto("login_attempts")
    .values(wanted)
    .returning(["id", "scope", "subject"])
    .execute();
  const waits = await Promise.all(
    inserted.map((row) => secondsUntilAllowed(db, row.scope, row.subject, row.id)),
  );
  const ids = inserted.map((row) => row.id);
  const retryAfterSeconds = Math.max(...waits);
  if (retryAfterSeconds > 0) {
    await db.deleteFrom("login_attempts").where("id", "in", ids).execute();
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

/**
 * A successful sign-in removes its own rows and the failures of this e-mail at this address and
 * of this device; failures recorded elsewhere keep counting until they age out.
 */
export async function recordSuccess(
  db: Db,
  keys: AttemptKeys,
  ticket: { ids: string[] },
): Promise<void> {
  const mine = subjects({ ...keys, device: undefined }).find((s) => s.scope === "email_ip")!;
  await db
    .deleteFrom("login_attempts")
    .where((eb) =>
      eb.or([
        eb("id", "in", ticket.ids),
        eb.and([eb("scope", "=", "email_ip"), eb("subject", "=", mine.subject)]),
        ...(keys.device
          ? [eb.and([eb("scope", "=", "device"), eb("subject", "=", subjectOf(keys.device))])]
          : []),
      ]),
    )
    .execute();
}
