import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, findAdminByEmail, setAdminName } from "~/server/auth/admins.server";
import {
  INVITED_ELSEWHERE,
  addAddress,
  loadAddresses,
  makePrimary,
  verifyAddress,
} from "~/server/auth/email-addresses.server";
import { acceptInvitation, inviteAdmin } from "~/server/auth/team.server";
import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.0.0.7", userAgent: "test" };
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };
const offMailer: Mailer = { enabled: false, send: async () => ({ status: "off" }), close() {} };

describe.each(BACKENDS)("e-mail addresses on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    enabled: true,
    async send(mail) {
      sent.push(mail);
      return { status: "sent" };
    },
    close() {},
  };
  const tokenOf = (mail: OutgoingMail) => new URL(mail.link).searchParams.get("token")!;

  beforeEach(async () => {
    sent.length = 0;
  });

  it("verifies, signs in by, and swaps the primary with a further address", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    await addAddress(db(), {
      adminId: a.id,
      email: "Work@Example.com",
      origin: ORIGIN,
      mailer,
      site: SITE,
    });
    expect(await findAdminByEmail(db(), "work@example.com")).toBeUndefined();
    await verifyAddress(db(), { token: tokenOf(sent[0]!), origin: ORIGIN });
    expect((await findAdminByEmail(db(), "WORK@example.com"))?.id).toBe(a.id);
    const before = await loadAddresses(db(), a.id);
    expect(before.account).toMatchObject({ count: 2, verifiedCount: 2 });
    const work = before.addresses.find((x) => x.email === "work@example.com")!;
    await makePrimary(db(), { adminId: a.id, addressId: work.id, origin: ORIGIN });
    const after = await loadAddresses(db(), a.id);
    expect(after.addresses.map((x) => [x.email, x.primary, x.verified])).toEqual([
      ["work@example.com", true, true],
      ["a@example.com", false, true],
    ]);
  });

  it("lets only one of two accounts adding one address at once hold it, pending or verified", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    const b = await createAdmin(db(), "b@example.com", PASSWORD);
    const results = await Promise.allSettled(
      [a, b].map((admin) =>
        addAddress(db(), {
          adminId: admin.id,
          email: "shared@example.com",
          origin: ORIGIN,
          mailer,
          site: SITE,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409 });
    expect(sent).toHaveLength(1);
    await verifyAddress(db(), { token: tokenOf(sent[0]!), origin: ORIGIN });
    const owner = await findAdminByEmail(db(), "shared@example.com");
    expect([a.id, b.id]).toContain(owner?.id);
    const rows = await db().selectFrom("admin_emails").select("admin_id").execute();
    expect(rows.map((r) => r.admin_id)).toEqual([owner!.id]);
  });

  it("names the account in the address check it e-mails", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    await setAdminName(db(), { adminId: a.id, name: "Ada" });
    await addAddress(db(), {
      adminId: a.id,
      email: "work@example.com",
      origin: ORIGIN,
      mailer,
      site: SITE,
    });
    expect(sent[0]!.text).toContain("the back-office account of Ada (a@example.com)");
  });

  it("keeps an invited address from another account, and a pending one from an invitation", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    const b = await createAdmin(db(), "b@example.com", PASSWORD);
    const invited = await inviteAdmin(db(), {
      actor: a,
      email: "new@example.com",
      role: "editor",
      origin: ORIGIN,
      mailer: offMailer,
      site: SITE,
    });
    await expect(
      addAddress(db(), {
        adminId: b.id,
        email: "New@example.com",
        origin: ORIGIN,
        mailer,
        site: SITE,
      }),
    ).rejects.toMatchObject({ status: 409, message: INVITED_ELSEWHERE });
    await addAddress(db(), {
      adminId: b.id,
      email: "work@example.com",
      origin: ORIGIN,
      mailer,
      site: SITE,
    });
    await expect(
      inviteAdmin(db(), {
        actor: a,
        email: "work@example.com",
        role: "editor",
        origin: ORIGIN,
        mailer: offMailer,
        site: SITE,
      }),
    ).rejects.toMatchObject({ status: 409 });
    // The invitation can still be accepted: the address went to nobody else meanwhile.
    const token = new URL(invited.link!).searchParams.get("token")!;
    await acceptInvitation(db(), { token, password: "a long passphrase", origin: ORIGIN });
    expect((await findAdminByEmail(db(), "new@example.com"))?.email).toBe("new@example.com");
  });

  it("refuses in the database a second account for one address, whatever wrote it", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    const b = await createAdmin(db(), "b@example.com", PASSWORD);
    const taken = (write: Promise<unknown>) =>
      expect(write).rejects.toMatchObject({ code: "23505", constraint: "admin_address_key" });
    // A verified further address that is another admin's primary, in either order.
    await taken(
      db()
        .insertInto("admin_emails")
        .values({ admin_id: b.id, email: "A@example.com", verified_at: new Date() })
        .execute(),
    );
    await db()
      .insertInto("admin_emails")
      .values({ admin_id: b.id, email: "verified@example.com", verified_at: new Date() })
      .execute();
    await taken(
      db()
        .insertInto("admins")
        .values({ email: "Verified@example.com", password_hash: "x" })
        .execute(),
    );
    await taken(
      db()
        .updateTable("admins")
        .set({ email: "verified@example.com" })
        .where("id", "=", a.id)
        .execute(),
    );
    // An invitation for an address another admin has verified (accepted or not).
    await taken(
      db()
        .insertInto("verifications")
        .values({
          type: "invite",
          target: "verified@example.com",
          created_by: a.id,
          token_hash: "1".repeat(64),
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute(),
    );
    // Two pending claims: an invitation, then another account's address check.
    await db()
      .insertInto("verifications")
      .values({
        type: "invite",
        target: "pending@example.com",
        created_by: a.id,
        token_hash: "2".repeat(64),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    await taken(
      db()
        .insertInto("admin_emails")
        .values({ admin_id: b.id, email: "pending@example.com" })
        .execute(),
    );
    // Its own address stays the account's to move: a swap of primary and further address works.
    const work = await db()
      .insertInto("admin_emails")
      .values({ admin_id: a.id, email: "work@example.com", verified_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await makePrimary(db(), { adminId: a.id, addressId: work.id, origin: ORIGIN });
    expect((await findAdminByEmail(db(), "a@example.com"))?.id).toBe(a.id);
  });
});
