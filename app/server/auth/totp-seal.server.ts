import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "../platform/db.server";

/*
 * Two-factor secrets at rest (decision 120). With SESSION_SECRET set, a secret is stored as
 * `v1.<key id>.<iv>.<ciphertext and tag>`: AES-256-GCM under a key derived from SESSION_SECRET
 * with HKDF-SHA256 (its own label, so the cookie-signing use never meets this one), the admin's
 * id as associated data (a sealed value copied to another account does not open). Without it,
 * secrets are stored as before (base32). A plain secret is still read, and is sealed by the
 * start-up pass below or the next write. SESSION_SECRET_PREVIOUS opens values sealed before a
 * rotation; the start-up pass seals them again under the current key.
 */

interface SealKey {
  id: string;
  key: Buffer;
}

let current: SealKey | null = null;
let previous: SealKey | null = null;

function deriveKey(secret: string): SealKey {
  const key = Buffer.from(
    hkdfSync("sha256", secret, Buffer.alloc(0), "wanderlux totp-secret v1", 32),
  );
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

/** Sets the keys from SESSION_SECRET (and SESSION_SECRET_PREVIOUS); none: plain storage. */
export function loadTotpKeys(sessionSecret?: string, previousSecret?: string): void {
  current = sessionSecret ? deriveKey(sessionSecret) : null;
  previous = previousSecret ? deriveKey(previousSecret) : null;
}

export class TotpSealError extends Error {}

const SEALED = /^v1\.([0-9a-f]{8})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)$/;

export function isSealed(stored: string): boolean {
  return SEALED.test(stored);
}

/** The stored form of a secret: sealed under the current key, or as is without one. */
export function sealTotpSecret(secret: string, adminId: string): string {
  if (!current) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(Buffer.from(adminId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1.${current.id}.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** The secret a stored value holds; throws TotpSealError when no loaded key opens it. */
export function openTotpSecret(stored: string, adminId: string): string {
  const match = SEALED.exec(stored);
  if (!match) return stored;
  const [, id, iv, body] = match as unknown as [string, string, string, string];
  const key = [current, previous].find((k) => k?.id === id);
  if (!key) {
    throw new TotpSealError(
      "a two-factor secret is encrypted with another SESSION_SECRET: set SESSION_SECRET (or SESSION_SECRET_PREVIOUS) to the key it was encrypted with",
    );
  }
  const data = Buffer.from(body, "base64url");
  if (data.length <= 16) throw new TotpSealError("a stored two-factor secret is damaged");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(adminId));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new TotpSealError("a stored two-factor secret does not open with its key (damaged)");
  }
}

/** Whether a stored value is already in the form the current key would write. */
function upToDate(stored: string): boolean {
  const match = SEALED.exec(stored);
  return current ? match?.[1] === current.id : !match;
}

/**
 * The start-up pass: every stored secret (enabled and pending) is rewritten in the current form:
 * sealed under SESSION_SECRET, or plain when it is unset and SESSION_SECRET_PREVIOUS opens it.
 * Throws TotpSealError, naming the variable to fix, when a value opens with no loaded key.
 * Returns how many were rewritten.
 */
export async function resealTotpSecrets(db: Db): Promise<number> {
  const rows = await db
    .selectFrom("admins")
    .select(["id", "totp_secret", "totp_pending_secret"])
    .where((eb) =>
      eb.or([eb("totp_secret", "is not", null), eb("totp_pending_secret", "is not", null)]),
    )
    .execute();
  let rewritten = 0;
  for (const row of rows) {
    for (const column of ["totp_secret", "totp_pending_secret"] as const) {
      const stored = row[column];
      if (!stored || upToDate(stored)) continue;
      const resealed = sealTotpSecret(openTotpSecret(stored, row.id), row.id);
      // Conditional on the value read, so a concurrent enrolment is not overwritten.
      await db
        .updateTable("admins")
        .set({ [column]: resealed })
        .where("id", "=", row.id)
        .where(column, "=", stored)
        .execute();
      rewritten += 1;
    }
  }
  return rewritten;
}
