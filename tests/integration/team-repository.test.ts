import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { acceptInvitation, inviteAdmin, listTeam, removeAdmin } from "~/server/auth/team.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.0.0.5", userAgent: "test" };
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };
const offMailer: Mailer = { enabled: false, send: async () => ({ status: "off" }), close() {} };

describe.each(BACKENDS)("team services on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let a: { id: string; email: string };
  let b: { id: string; email: string };

  beforeEach(async () => {
    a = await createAdmin(db(), "a@example.com", PASSWORD);
    b = await createAdmin(db(), "b@example.com", PASSWORD);
  });

  it("never lets two admins removing each other at once leave nobody", async () => {
    const results = await Promise.allSettled([
      removeAdmin(db(), { actorId: a.id, targetId: b.id, origin: ORIGIN }),
      removeAdmin(db(), { actorId: b.id, targetId: a.id, origin: ORIGIN }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listTeam(db())).members).toHaveLength(1);
  });

  it("lets exactly one of concurrent acceptances of one invitation create the account", async () => {
    const invited = await inviteAdmin(db(), {
      actor: a,
      email: "New@Example.com",
      role: "editor",
      origin: ORIGIN,
      mailer: offMailer,
      site: SITE,
    });
    expect(invited.email).toBe("new@example.com");
    expect(invited.delivery).toEqual({ status: "off" });
    const token = new URL(invited.link!).searchParams.get("token")!;
    expect((await listTeam(db())).invitations.map((i) => i.email)).toEqual(["new@example.com"]);
    const results = await Promise.allSettled(
      [1, 2, 3].map((i) =>
        acceptInvitation(db(), { token, password: `long passphrase ${i}`, origin: ORIGIN }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const team = await listTeam(db());
    expect(team.members.map((m) => m.email).sort()).toEqual([
      "a@example.com",
      "b@example.com",
      "new@example.com",
    ]);
    expect(team.invitations).toEqual([]);
    // The new admin's sign-in shows as their last sign-in.
    expect(team.members.find((m) => m.email === "new@example.com")!.lastSignIn).toBeInstanceOf(
      Date,
    );
  });
});
