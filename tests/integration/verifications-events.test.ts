import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { changePassword, createAdmin } from "~/server/auth/admins.server";
import { signIn, signOut } from "~/server/auth/login.server";
import {
  checkVerification,
  consumeVerification,
  createVerification,
  hashToken,
  VERIFICATION_MESSAGES,
  VERIFICATION_TTL_MS,
} from "~/server/auth/verification.server";
import { listEvents, recordEvent } from "~/server/events/events.server";
import { inTransaction } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.1.2.3", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

describe.each(BACKENDS)("link tokens and events on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;

  beforeEach(async () => {
    adminId = (await createAdmin(db(), EMAIL, PASSWORD)).id;
  });

  it("stores only the SHA-256 of a 256-bit token, with the type's expiry and the address lower-cased", async () => {
    const before = Date.now();
    const { token, expiresAt } = await createVerification(db(), {
      type: "password_reset",
      target: " Owner@Example.COM ",
      adminId,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().selectFrom("verifications").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.target).toBe("owner@example.com");
    const ttl = expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(VERIFICATION_TTL_MS.password_reset - 1000);
    expect(ttl).toBeLessThanOrEqual(VERIFICATION_TTL_MS.password_reset + 1000);
    expect(VERIFICATION_TTL_MS.invite).toBe(72 * 3600 * 1000);
    expect(VERIFICATION_TTL_MS.password_reset).toBe(3600 * 1000);
  });

  it("checks without using, then uses once: the second use says the link was used", async () => {
    const { token } = await createVerification(db(), {
      type: "invite",
      target: "new@example.com",
      createdBy: adminId,
    });
    expect(await checkVerification(db(), "invite", token)).toMatchObject({
      ok: true,
      verification: { target: "new@example.com", createdBy: adminId, adminId: null },
    });
    expect((await checkVerification(db(), "invite", token)).ok).toBe(true);
    expect((await consumeVerification(db(), "invite", token)).ok).toBe(true);
    expect(await consumeVerification(db(), "invite", token)).toEqual({
      ok: false,
      problem: "used",
      message: VERIFICATION_MESSAGES.used,
    });
    expect(await checkVerification(db(), "invite", token)).toMatchObject({ problem: "used" });
  });

  it("refuses forged, malformed, other-type and expired tokens with their reason, changing nothing", async () => {
    const { token } = await createVerification(db(), {
      type: "password_reset",
      target: EMAIL,
      adminId,
    });
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, "", "short", `${token}x`, 42, null, undefined, "a\u0000b"]) {
      expect(await consumeVerification(db(), "password_reset", bad)).toMatchObject({
        ok: false,
        problem: "invalid",
      });
    }
    // A reset token is not an invitation.
    expect(await consumeVerification(db(), "invite", token)).toMatchObject({ problem: "invalid" });
    await sql`update verifications set expires_at = now() - interval '1 second'`.execute(db());
    expect(await consumeVerification(db(), "password_reset", token)).toEqual({
      ok: false,
      problem: "expired",
      message: VERIFICATION_MESSAGES.expired,
    });
    const row = await db().selectFrom("verifications").select("used_at").executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it("lets only the latest link for the same address and purpose work", async () => {
    const first = await createVerification(db(), {
      type: "password_reset",
      target: EMAIL,
      adminId,
    });
    const second = await createVerification(db(), {
      type: "password_reset",
      target: EMAIL,
      adminId,
    });
    expect(await consumeVerification(db(), "password_reset", first.token)).toMatchObject({
      problem: "invalid",
    });
    expect((await consumeVerification(db(), "password_reset", second.token)).ok).toBe(true);
  });

  it("gives the link back when the change it was used for fails (same transaction)", async () => {
    const { token } = await createVerification(db(), {
      type: "invite",
      target: "x@example.com",
      createdBy: adminId,
    });
    await expect(
      inTransaction(db(), async (trx) => {
        expect((await consumeVerification(trx, "invite", token)).ok).toBe(true);
        throw new Error("the account could not be created");
      }),
    ).rejects.toThrow("could not be created");
    expect((await consumeVerification(db(), "invite", token)).ok).toBe(true);
  });

  it("lets exactly one of two concurrent uses win", async () => {
    for (let round = 0; round < 5; round++) {
      const { token } = await createVerification(db(), {
        type: "invite",
        target: `race${round}@example.com`,
        createdBy: adminId,
      });
      const use = () =>
        inTransaction(db(), async (trx) => {
          const result = await consumeVerification(trx, "invite", token);
          // Hold the row a moment, as a real change would, so the other use has to wait on it.
          await sql`select pg_sleep(0.05)`.execute(trx);
          return result.ok;
        });
      const results = await Promise.all([use(), use(), use()]);
      expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it("records events append-only: an UPDATE is refused by the database", async () => {
    await recordEvent(db(), {
      type: "team.admin_removed",
      adminId,
      actorId: adminId,
      email: " Someone@Example.com ",
      ...ORIGIN,
      details: { reason: "left" },
    });
    const [event] = await listEvents(db());
    expect(event).toMatchObject({
      type: "team.admin_removed",
      adminId,
      actorId: adminId,
      email: "someone@example.com",
      ip: ORIGIN.ip,
      userAgent: ORIGIN.userAgent,
      details: { reason: "left" },
    });
    expect(event!.createdAt).toBeInstanceOf(Date);
    await expect(sql`update events set type = 'auth.sign_in'`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    expect((await listEvents(db()))[0]!.type).toBe("team.admin_removed");
  });

  it("keeps the order events were written in when they share a timestamp", async () => {
    // The embedded database's clock ticks in milliseconds: two events in a row can share it.
    const at = new Date("2026-11-27T10:00:00.000Z");
    const types = ["booking.requested", "booking.confirmed", "booking.cancelled"] as const;
    for (const type of types) {
      await db().insertInto("events").values({ type, admin_id: adminId, created_at: at }).execute();
    }
    expect((await listEvents(db())).map((e) => e.type)).toEqual([...types].reverse());
  });

  it("writes an event only when its change commits", async () => {
    await expect(
      inTransaction(db(), async (trx) => {
        await recordEvent(trx, { type: "account.password_changed", adminId });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await listEvents(db())).toEqual([]);
  });

  it("records sign-in success and failure (with address and user agent), sign-out and password change", async () => {
    const failed = await signIn(db(), { email: EMAIL, password: "wrong password!", ...ORIGIN });
    expect(failed.ok).toBe(false);
    await signIn(db(), { email: "nobody@example.com", password: "wrong password!", ...ORIGIN });
    const ok = await signIn(db(), { email: EMAIL, password: PASSWORD, ...ORIGIN });
    if (!ok.ok) throw new Error("sign-in failed");
    await changePassword(
      db(),
      adminId,
      { currentPassword: PASSWORD, newPassword: "another long passphrase" },
      ok.session.id,
      ORIGIN,
    );
    await signOut(db(), ok.session.id, ORIGIN);
    // Signing out without a session records nothing.
    await signOut(db(), undefined, ORIGIN);

    const events = (await listEvents(db())).reverse();
    expect(events.map((e) => [e.type, e.adminId, e.email, e.details])).toEqual([
      ["auth.sign_in_failed", adminId, EMAIL, { reason: "wrong_password" }],
      ["auth.sign_in_failed", null, "nobody@example.com", { reason: "unknown_email" }],
      ["auth.sign_in", adminId, EMAIL, {}],
      ["account.password_changed", adminId, null, {}],
      ["auth.sign_out", adminId, null, {}],
    ]);
    for (const e of events) expect(e).toMatchObject(ORIGIN);
    expect(await listEvents(db(), { adminId, type: "auth.sign_in" })).toHaveLength(1);
  });
});
