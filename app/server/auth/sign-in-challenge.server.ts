import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import { codeFailuresMail, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { AUTH_COOKIES } from "./cookies.server";
import { createSession, destroySession, hashSessionId } from "./session.server";
import {
  CODE_FORMAT_MESSAGE,
  parseCode,
  useCode,
  withCodeLimit,
  type Checked,
} from "./two-factor.server";

/*
 * The password step of an account with two-factor on yields no session, only this challenge: a
 * random id in an HttpOnly cookie (bound to that browser), its hash in the database, valid for
 * 5 minutes and 5 wrong codes, deleted when it completes (single use). The second step posts a
 * code with it; only then is a session (aal2) created.
 *
 * Decision 117: a challenge started in a browser with the admin's trusted-device cookie counts its
 * wrong codes against that device, not the admin, so whoever knows the password cannot lock the
 * admin's own browser out of this step. Repeated wrong codes e-mail the admin that their password
 * was used, at most once an hour.
 */

export const CHALLENGE_COOKIE = AUTH_COOKIES.challenge.name;
export const CHALLENGE_TTL_MS = AUTH_COOKIES.challenge.maxAgeSeconds * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const CHALLENGE_EXPIRED_MESSAGE = "Your sign-in has expired. Please sign in again.";
export const CHALLENGE_EXHAUSTED_MESSAGE = "Too many wrong codes. Please sign in again.";
/** Wrong sign-in codes of one admin within the window below that e-mail them. */
export const CODE_ALERT_FAILURES = 3;
const CODE_ALERT_WINDOW = "15 minutes";
/** At most one such e-mail per admin in this interval. */
const CODE_ALERT_EVERY = "1 hour";

export interface Challenge {
  id: string;
  expiresAt: Date;
}

export async function createChallenge(
  db: Db,
  input: { adminId: string; deviceEmail: string; deviceId?: string },
): Promise<Challenge> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .deleteFrom("login_challenges")
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  await db
    .insertInto("login_challenges")
    .values({
      id_hash: hashSessionId(id),
      admin_id: input.adminId,
      device_email: input.deviceEmail,
      device_id: input.deviceId ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return { id, expiresAt };
}

/** The live challenge `id` (the browser's challenge cookie) names, or null. */
export async function findChallenge(db: Db, id: string | undefined) {
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const row = await db
    .selectFrom("login_challenges as c")
    .innerJoin("admins as a", "a.id", "c.admin_id")
    .select([
      "c.id_hash",
      "c.admin_id",
      "c.device_email",
      "c.device_id",
      "c.attempts",
      "a.email",
      "a.totp_secret",
    ])
    .where("c.id_hash", "=", hashSessionId(id))
    .where("c.expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

export type SecondFactorResult =
  | {
      ok: true;
      admin: { id: string; email: string };
      session: { id: string; expiresAt: Date };
      device: { email: string; id?: string };
    }
  | {
      ok: false;
      status: 400 | 401 | 429;
      error: string;
      /** The challenge is gone: the browser must start again with the password. */
      restart: boolean;
      retryAfterSeconds?: number;
    };

/** The second step: a TOTP or recovery code completes the challenge into an aal2 session. */
export async function completeSecondFactor(
  db: Db,
  input: {
    /** The id the browser's challenge cookie carries. */
    challengeId: string | undefined;
    code: unknown;
    origin: RequestOrigin;
    previousSessionId?: string;
  },
  /** Where the warning of repeated wrong codes goes; without it, none is sent. */
  notify?: { mailer: Mailer; site: MailSite },
): Promise<SecondFactorResult> {
  const challenge = await findChallenge(db, input.challengeId);
  if (!challenge || !challenge.totp_secret) {
    return { ok: false, status: 401, error: CHALLENGE_EXPIRED_MESSAGE, restart: true };
  }
  const parsed = parseCode(input.code, true);
  if (!parsed) return { ok: false, status: 400, error: CODE_FORMAT_MESSAGE, restart: false };
  const secret = challenge.totp_secret;
  const adminId = challenge.admin_id;
  type Created = { id: string; expiresAt: Date };
  const counter = { adminId, deviceId: challenge.device_id ?? undefined };
  const result = await withCodeLimit(db, counter, async (): Promise<Checked<Created>> => {
    const session = await inTransaction(db, async (trx) => {
      if (!(await useCode(trx, adminId, parsed, secret))) return null;
      // Single use: whichever request deletes the challenge first completes it.
      const taken = await trx
        .deleteFrom("login_challenges")
        .where("id_hash", "=", challenge.id_hash)
        .returning("id_hash")
        .executeTakeFirst();
      if (!taken) return null;
      await destroySession(trx, input.previousSessionId);
      const created = await createSession(trx, adminId, { aal: 2, ...input.origin });
      const base = { adminId, email: challenge.email, ...input.origin };
      if (parsed.method === "recovery")
        await recordEvent(trx, { type: "account.recovery_code_used", ...base });
      await recordEvent(trx, {
        type: "auth.second_factor",
        ...base,
        details: { method: parsed.method },
      });
      await recordEvent(trx, { type: "auth.sign_in", ...base, details: { aal: 2 } });
      return created;
    });
    return session ? { ok: true, value: session } : { ok: false };
  });
  if (result.ok) {
    return {
      ok: true,
      admin: { id: adminId, email: challenge.email },
      session: result.value,
      device: { email: challenge.device_email, id: challenge.device_id ?? undefined },
    };
  }
  if (result.status === 429) return { ...result, restart: false };
  // A wrong code: counted on the challenge too, which dies after a few.
  const counted = await db
    .updateTable("login_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id_hash", "=", challenge.id_hash)
    .returning("attempts")
    .executeTakeFirst();
  await recordEvent(db, {
    type: "auth.second_factor_failed",
    adminId,
    email: challenge.email,
    ...input.origin,
    details: { method: parsed.method },
  });
  if (notify) await alertRepeatedFailures(db, adminId, input.origin, notify);
  if (!counted || counted.attempts >= CHALLENGE_MAX_ATTEMPTS) {
    await db.deleteFrom("login_challenges").where("id_hash", "=", challenge.id_hash).execute();
    return { ok: false, status: 401, error: CHALLENGE_EXHAUSTED_MESSAGE, restart: true };
  }
  return { ...result, restart: false };
}

/**
 * After a wrong sign-in code: when the admin's wrong codes in the window reach
 * CODE_ALERT_FAILURES, e-mails their primary address, unless it was e-mailed within the last
 * CODE_ALERT_EVERY (claimed by a conditional UPDATE, so concurrent failures send one). The send is
 * not awaited: the answer must not wait on the mail server.
 */
async function alertRepeatedFailures(
  db: Db,
  adminId: string,
  origin: RequestOrigin,
  notify: { mailer: Mailer; site: MailSite },
): Promise<void> {
  if (!notify.mailer.enabled) return;
  const recent = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<string>().as("failures"))
    .where("type", "=", "auth.second_factor_failed")
    .where("admin_id", "=", adminId)
    .where("created_at", ">", sql<Date>`now() - ${CODE_ALERT_WINDOW}::interval`)
    .executeTakeFirstOrThrow();
  const failures = Number(recent.failures);
  if (failures < CODE_ALERT_FAILURES) return;
  const claimed = await db
    .updateTable("admins")
    .set({ second_factor_alert_at: sql<Date>`now()` })
    .where("id", "=", adminId)
    .where((eb) =>
      eb.or([
        eb("second_factor_alert_at", "is", null),
        eb("second_factor_alert_at", "<=", sql<Date>`now() - ${CODE_ALERT_EVERY}::interval`),
      ]),
    )
    .returning("email")
    .executeTakeFirst();
  if (!claimed) return;
  const content = codeFailuresMail(notify.site, {
    failures,
    ip: origin.ip ?? null,
    at: new Date(),
  });
  void notify.mailer.send({ to: claimed.email, ...content });
}
