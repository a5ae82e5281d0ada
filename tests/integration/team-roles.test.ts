import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import {
  acceptInvitation,
  inviteAdmin,
  listTeam,
  removeAdmin,
  setAdminRole,
  transferOwnership,
} from "~/server/auth/team.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.0.0.5", userAgent: "test" };
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };
const offMailer: Mailer = { enabled: false, send: async () => ({ status: "off" }), close() {} };

describe.each(BACKENDS)("roles on the team (decision 125) on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let owner: { id: string; email: string };
  let admin: { id: string; email: string };
  let editor: { id: string; email: string };

  beforeEach(async () => {
    owner = await createAdmin(db(), "owner@example.com", PASSWORD);
    admin = await createAdmin(db(), "admin@example.com", PASSWORD, "admin");
    editor = await createAdmin(db(), "editor@example.com", PASSWORD, "editor");
  });

  const roles = async () =>
    Object.fromEntries((await listTeam(db())).members.map((m) => [m.email, m.role]));
  const events = (type: string) =>
    db().selectFrom("events").selectAll().where("type", "=", type).execute();

  it("lets an Owner or an Admin change a role, recording who changed what", async () => {
    await setAdminRole(db(), {
      actorId: admin.id,
      targetId: editor.id,
      role: "sales",
      origin: ORIGIN,
    });
    expect((await roles())["editor@example.com"]).toBe("sales");
    const [event] = await events("team.role_changed");
    expect(event).toMatchObject({ admin_id: editor.id, actor_id: admin.id });
    expect(event!.details).toMatchObject({ from: "editor", to: "sales" });
  });

  it("refuses an Admin who demotes or removes an Owner, or makes one: 403, nothing changed, an event", async () => {
    const attempts = [
      () =>
        setAdminRole(db(), {
          actorId: admin.id,
          targetId: owner.id,
          role: "editor",
          origin: ORIGIN,
        }),
      () =>
        setAdminRole(db(), {
          actorId: admin.id,
          targetId: editor.id,
          role: "owner",
          origin: ORIGIN,
        }),
      () => removeAdmin(db(), { actorId: admin.id, targetId: owner.id, origin: ORIGIN }),
      () =>
        inviteAdmin(db(), {
          actor: admin,
          email: "new@example.com",
          role: "owner",
          origin: ORIGIN,
          mailer: offMailer,
          site: SITE,
        }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({
        status: 403,
        message: expect.stringContaining("only an Owner"),
      });
    }
    expect(await roles()).toEqual({
      "owner@example.com": "owner",
      "admin@example.com": "admin",
      "editor@example.com": "editor",
    });
    expect((await listTeam(db())).invitations).toEqual([]);
    expect(await events("auth.permission_denied")).toHaveLength(4);
  });

  it("never demotes the last Owner; Transfer ownership hands it over in one step", async () => {
    await expect(
      setAdminRole(db(), { actorId: owner.id, targetId: owner.id, role: "admin", origin: ORIGIN }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("at least one Owner"),
    });
    await expect(
      transferOwnership(db(), { actorId: admin.id, targetId: editor.id, origin: ORIGIN }),
    ).rejects.toMatchObject({ status: 403 });
    await transferOwnership(db(), { actorId: owner.id, targetId: editor.id, origin: ORIGIN });
    expect(await roles()).toMatchObject({
      "owner@example.com": "admin",
      "editor@example.com": "owner",
    });
    expect(await events("team.ownership_transferred")).toHaveLength(1);
  });

  it("never leaves nobody as Owner when two Owners demote each other at once", async () => {
    await setAdminRole(db(), {
      actorId: owner.id,
      targetId: admin.id,
      role: "owner",
      origin: ORIGIN,
    });
    const results = await Promise.allSettled([
      setAdminRole(db(), { actorId: owner.id, targetId: admin.id, role: "editor", origin: ORIGIN }),
      setAdminRole(db(), { actorId: admin.id, targetId: owner.id, role: "editor", origin: ORIGIN }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owners = (await listTeam(db())).members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("gives the invitee the role the invitation carries, and refuses an unknown role", async () => {
    await expect(
      inviteAdmin(db(), {
        actor: owner,
        email: "x@example.com",
        role: "superuser",
        origin: ORIGIN,
        mailer: offMailer,
        site: SITE,
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Choose a role") });
    const invited = await inviteAdmin(db(), {
      actor: admin,
      email: "sales@example.com",
      role: "sales",
      origin: ORIGIN,
      mailer: offMailer,
      site: SITE,
    });
    expect((await listTeam(db())).invitations).toMatchObject([{ role: "sales" }]);
    const token = new URL(invited.link!).searchParams.get("token")!;
    await acceptInvitation(db(), { token, password: "a long passphrase", origin: ORIGIN });
    expect((await roles())["sales@example.com"]).toBe("sales");
    const [sent] = await events("team.invitation_sent");
    expect(sent!.details).toMatchObject({ role: "sales" });
  });
});
