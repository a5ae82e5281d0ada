import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, findAdminByEmail } from "~/server/auth/admins.server";
import {
  addAddress,
  loadAddresses,
  makePrimary,
  verifyAddress,
} from "~/server/auth/email-addresses.server";
import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.0.0.7", userAgent: "test" };
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };

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

  it("lets only one of two concurrent verifications of one address by two accounts win", async () => {
    const a = await createAdmin(db(), "a@example.com", PASSWORD);
    const b = await createAdmin(db(), "b@example.com", PASSWORD);
    for (const admin of [a, b])
      await addAddress(db(), {
        adminId: admin.id,
        email: "shared@example.com",
        origin: ORIGIN,
        mailer,
        site: SITE,
      });
    const results = await Promise.allSettled(
      sent.map((mail) => verifyAddress(db(), { token: tokenOf(mail), origin: ORIGIN })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owner = await findAdminByEmail(db(), "shared@example.com");
    expect([a.id, b.id]).toContain(owner?.id);
  });
});
