import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../platform/db.server";

/*
 * One key signs the server's cookies (flash messages, trusted devices). SESSION_SECRET when set
 * (several deployments sharing one key, or rotating it by hand); otherwise a random 256-bit key is
 * created once per database and kept in `app_secrets`, so every process on that database agrees and
 * restarts keep cookies valid (decision 031).
 */

const NAME = "cookie-signing";
let key: string | undefined;

export async function loadCookieSecret(db: Db, fromEnv?: string): Promise<void> {
  if (fromEnv) {
    key = fromEnv;
    return;
  }
  await db
    .insertInto("app_secrets")
    .values({ name: NAME, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", NAME)
    .executeTakeFirstOrThrow();
  key = row.value;
}

/** The signing key; throws when the runtime has not loaded it (a programming error). */
export function cookieSecret(): string {
  if (!key) throw new Error("Cookie secret not loaded: startRuntime() first");
  return key;
}

/** HMAC-SHA256 of `purpose` + `value`, base64url: one key, separate meanings. */
export function signatureOf(purpose: string, value: string): string {
  return createHmac("sha256", cookieSecret()).update(`${purpose}\n${value}`).digest("base64url");
}

export function signatureMatches(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
