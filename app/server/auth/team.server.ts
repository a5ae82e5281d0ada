import { sql } from "kysely";
import { z } from "zod";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Mailer, MailOutcome } from "../mail/mailer.server";
import { invitationMail, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import {
  AppError,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import {
  addressHolder,
  findAdminByEmail,
  hashPassword,
  isAddressTaken,
  newAdminSchema,
  parseAdminName,
} from "./admins.server";
import { createSession } from "./session.server";
import { can, isRole, ROLE_LABELS, type Role } from "~/domain/permissions";
import { consumeVerification, createVerification } from "./verification.server";

/*
 * /admin/team: Owners and Admins manage the team (decision 125); only an Owner gives, changes or
 * removes the Owner role, and there is always at least one Owner. Invitations are link tokens
 * of the verification module (72 hours, single use); the invited address becomes an account only
 * when the link's page sets a password. An invited address is claimed until then (decision 117):
 * no other account can add it meanwhile. Removing an admin deletes the row: their sessions,
 * challenges and codes go with it (foreign keys), at once.
 */

export interface TeamMember {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  twoFactor: boolean;
  lastSignIn: Date | null;
  memberSince: Date;
  status: "active";
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: Date;
  status: "invited";
}

export async function listTeam(
  db: Db,
): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const members = await db
    .selectFrom("admins as a")
    .select([
      "a.id",
      "a.email",
      "a.name",
      "a.role",
      "a.totp_enabled_at",
      "a.created_at",
      (eb) =>
        eb
          .selectFrom("events as e")
          .select((e) => e.fn.max("e.created_at").as("at"))
          .whereRef("e.admin_id", "=", "a.id")
          .where("e.type", "=", "auth.sign_in")
          .as("last_sign_in"),
    ])
    .orderBy("a.created_at")
    .execute();
  const invitations = await db
    .selectFrom("verifications as v")
    .leftJoin("admins as a", "a.id", "v.created_by")
    .select(["v.id", "v.target", "v.role", "v.expires_at", "a.email as invited_by"])
    .where("v.type", "=", "invite")
    // An invitation whose sender has left the team is void (decision 113): not listed.
    .where("v.created_by", "is not", null)
    .where("v.used_at", "is", null)
    .where("v.expires_at", ">", sql<Date>`now()`)
    .orderBy("v.created_at")
    .execute();
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      twoFactor: m.totp_enabled_at !== null,
      lastSignIn: m.last_sign_in ? new Date(m.last_sign_in) : null,
      memberSince: new Date(m.created_at),
      status: "active",
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.target,
      role: i.role ?? "contributor",
      invitedBy: i.invited_by,
      expiresAt: new Date(i.expires_at),
      status: "invited",
    })),
  };
}

const inviteEmailSchema = z
  .string({ error: "Please enter a valid e-mail address" })
  .trim()
  .max(254, { error: "Please enter a valid e-mail address" })
  .pipe(z.email({ error: "Please enter a valid e-mail address" }));

export type InviteResult = {
  email: string;
  delivery: MailOutcome;
  /** Shown to the inviting admin when e-mail is not configured, to pass on by hand. */
  link?: string;
};

/**
 * Invites an address: a 72-hour link, stored hashed, e-mailed after the commit. A send that fails
 * withdraws the invitation (nothing half-created) and is reported.
 */
export async function inviteAdmin(
  db: Db,
  input: {
    actor: { id: string; email: string };
    email: unknown;
    /** The role the invitation grants: the form field `role`. */
    role: unknown;
    origin: RequestOrigin;
    mailer: Mailer;
    site: MailSite;
  },
): Promise<InviteResult> {
  if (hasUnstorableText([input.email])) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const role = parseRole(input.role);
  // Only an Owner may make another Owner (decision 125).
  await requireTeamRight(db, input.actor.id, role === "owner", { intent: "invite", role });
  const parsed = inviteEmailSchema.safeParse(input.email);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address";
    throw badRequest(message, { email: [message] });
  }
  const email = parsed.data.toLowerCase();
  if (await findAdminByEmail(db, email)) throw conflict(`${email} is already an admin`);
  const pendingElsewhere = conflict(
    `${email} is waiting for verification on an admin's account, so it cannot be invited.`,
  );
  if ((await addressHolder(db, email)) === "pending") throw pendingElsewhere;
  const { id, token } = await inTransaction(db, async (trx) => {
    let created: { id: string; token: string };
    try {
      created = await createVerification(trx, {
        type: "invite",
        target: email,
        createdBy: input.actor.id,
        role,
      });
    } catch (error) {
      // Claimed meanwhile (decision 117): the database refuses a second holder.
      if (isAddressTaken(error)) throw pendingElsewhere;
      throw error;
    }
    await recordEvent(trx, {
      type: "team.invitation_sent",
      actorId: input.actor.id,
      email,
      ...input.origin,
      details: { role },
    });
    return created;
  });
  const content = invitationMail(input.site, { invitedBy: input.actor.email, token });
  const delivery = await input.mailer.send({ to: email, ...content });
  if (delivery.status === "failed") {
    await db.deleteFrom("verifications").where("id", "=", id).execute();
    return { email, delivery };
  }
  return { email, delivery, ...(delivery.status === "off" ? { link: content.link } : {}) };
}

export const acceptSchema = z
  .object({
    password: newAdminSchema.shape.password,
    confirmPassword: z.string().max(1024).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: "The passwords do not match",
    path: ["confirmPassword"],
  });

/** The invitation's page: a valid password uses the link (once), creates the admin, signs in. */
export async function acceptInvitation(
  db: Db,
  input: {
    token: unknown;
    password: unknown;
    confirmPassword?: unknown;
    name?: unknown;
    origin: RequestOrigin;
  },
): Promise<{ adminId: string; email: string; session: { id: string; expiresAt: Date } }> {
  if (hasUnstorableText([input.password, input.confirmPassword]))
    throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const name = parseAdminName(input.name);
  const parsed = acceptSchema.safeParse({
    password: input.password,
    confirmPassword: input.confirmPassword,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid password");
  const password_hash = await hashPassword(parsed.data.password);
  return inTransaction(db, async (trx) => {
    const used = await consumeVerification(trx, "invite", input.token);
    if (!used.ok) throw new AppError(used.message, 400);
    const email = used.verification.target;
    let admin: { id: string; email: string };
    try {
      admin = await trx
        .insertInto("admins")
        // An invitation from before roles carries Owner (the migration); none lacks one.
        .values({ email, name, password_hash, role: used.verification.role ?? "contributor" })
        .returning(["id", "email"])
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${email} is already an admin: sign in instead`);
      throw error;
    }
    await recordEvent(trx, {
      type: "team.invitation_accepted",
      adminId: admin.id,
      actorId: used.verification.createdBy,
      email,
      ...input.origin,
      details: { role: used.verification.role ?? "contributor" },
    });
    const session = await createSession(trx, admin.id, { aal: 1, ...input.origin });
    await recordEvent(trx, {
      type: "auth.sign_in",
      adminId: admin.id,
      email,
      ...input.origin,
      details: { via: "invitation" },
    });
    return { adminId: admin.id, email, session };
  });
}

/**
 * Removes an admin (their sessions end at once). Nobody removes themselves or the last admin; the
 * rows are locked first so two admins removing each other at once cannot leave none.
 */
export async function removeAdmin(
  db: Db,
  input: { actorId: string; targetId: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  const target = z.uuid().safeParse(input.targetId);
  if (!target.success) throw notFound("No such admin");
  if (target.data === input.actorId) throw badRequest("You cannot remove yourself.");
  return withRefusals(db, () => removeInTransaction(db, input.actorId, target.data, input.origin));
}

async function removeInTransaction(
  db: Db,
  actorId: string,
  targetId: string,
  origin: RequestOrigin,
): Promise<{ email: string }> {
  const input = { actorId, origin };
  return inTransaction(db, async (trx) => {
    const all = await lockTeam(trx);
    const victim = all.find((a) => a.id === targetId);
    if (!victim) throw notFound("No such admin");
    const actor = all.find((a) => a.id === input.actorId);
    if (!actor) throw notFound("No such admin");
    if (all.length <= 1) throw badRequest("The last remaining admin cannot be removed.");
    // The actor's role as it is now (it may have changed since their page loaded).
    if (victim.role === "owner") {
      refuseUnlessOwner(actor, { intent: "remove", role: victim.role });
      if (all.filter((a) => a.role === "owner").length <= 1) throw badRequest(LAST_OWNER);
    }
    // Their unused invitations go with them: nobody they invited gets in after they left.
    const withdrawn = await trx
      .deleteFrom("verifications")
      .where("type", "=", "invite")
      .where("created_by", "=", victim.id)
      .where("used_at", "is", null)
      .returning("target")
      .execute();
    for (const invitation of withdrawn)
      await recordEvent(trx, {
        type: "team.invitation_withdrawn",
        actorId: input.actorId,
        email: invitation.target,
        ...input.origin,
        details: { reason: "inviter_removed", inviter: victim.email },
      });
    await trx.deleteFrom("admins").where("id", "=", victim.id).execute();
    await recordEvent(trx, {
      type: "team.admin_removed",
      adminId: victim.id,
      actorId: input.actorId,
      email: victim.email,
      ...input.origin,
      details: { role: victim.role },
    });
    return { email: victim.email };
  });
}

/** "Withdraw invitation" on /admin/team: the link stops working at once; recorded as an event. */
export async function withdrawInvitation(
  db: Db,
  input: { actorId: string; invitationId: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  const id = z.uuid().safeParse(input.invitationId);
  if (!id.success) throw notFound("No such invitation: it may have been accepted or withdrawn.");
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom("verifications")
      .where("id", "=", id.data)
      .where("type", "=", "invite")
      .where("used_at", "is", null)
      .returning("target")
      .executeTakeFirst();
    if (!row) throw notFound("No such invitation: it may have been accepted or withdrawn.");
    await recordEvent(trx, {
      type: "team.invitation_withdrawn",
      actorId: input.actorId,
      email: row.target,
      ...input.origin,
    });
    return { email: row.target };
  });
}

const LAST_OWNER =
  "There must always be at least one Owner: make someone else an Owner first (Transfer ownership).";
const NO_ROLE = "Choose a role: owner, admin, editor, contributor or sales.";

/** The form field `role`: one of the five words, or a clear refusal. */
export function parseRole(value: unknown): Role {
  if (!isRole(value)) throw badRequest(NO_ROLE, { role: [NO_ROLE] });
  return value;
}

type TeamRow = { id: string; email: string; role: Role };

/** Every admin, locked until the transaction ends: role changes and removals queue behind it. */
function lockTeam(trx: Db): Promise<TeamRow[]> {
  return trx.selectFrom("admins").select(["id", "email", "role"]).forUpdate().execute();
}

/** A refusal inside a transaction: its event is written after the rollback (withRefusals). */
class OwnerRefusal extends AppError {
  constructor(
    readonly actor: TeamRow,
    readonly what: { intent: string; role: Role },
  ) {
    super(
      `Your role (${ROLE_LABELS[actor.role]}) does not allow this: only an Owner may make, change or remove an Owner. Nothing was changed.`,
      403,
    );
  }
}

/** 403 unless the actor may give, change or remove the Owner role. */
function refuseUnlessOwner(actor: TeamRow, what: { intent: string; role: Role }): void {
  if (!can(actor.role, "team.owners")) throw new OwnerRefusal(actor, what);
}

/** Runs a team change; a refusal by role is recorded as an event once its transaction is gone. */
async function withRefusals<T>(db: Db, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OwnerRefusal) {
      await recordEvent(db, {
        type: "auth.permission_denied",
        adminId: error.actor.id,
        email: error.actor.email,
        details: {
          role: error.actor.role,
          permission: "team.owners",
          intent: error.what.intent,
          to: error.what.role,
        },
      });
    }
    throw error;
  }
}

/** The actor's current right to manage the team, and to touch Owners when `owners` is set. */
async function requireTeamRight(
  db: Db,
  actorId: string,
  owners: boolean,
  what: { intent: string; role: Role },
): Promise<void> {
  const actor = await db
    .selectFrom("admins")
    .select(["id", "email", "role"])
    .where("id", "=", actorId)
    .executeTakeFirst();
  if (!actor) throw notFound("No such admin");
  if (owners) await withRefusals(db, async () => refuseUnlessOwner(actor, what));
}

/**
 * Changes an admin's role (the team screen's role select). Only an Owner touches the Owner role;
 * the last Owner cannot be demoted (Transfer ownership instead). The team is locked first, so two
 * Owners demoting each other at once cannot leave none.
 */
export async function setAdminRole(
  db: Db,
  input: { actorId: string; targetId: unknown; role: unknown; origin: RequestOrigin },
): Promise<{ email: string; role: Role; changed: boolean }> {
  const target = z.uuid().safeParse(input.targetId);
  if (!target.success) throw notFound("No such admin");
  const role = parseRole(input.role);
  return withRefusals(db, () =>
    inTransaction(db, async (trx) => {
      const all = await lockTeam(trx);
      const member = all.find((a) => a.id === target.data);
      const actor = all.find((a) => a.id === input.actorId);
      if (!member || !actor) throw notFound("No such admin");
      if (member.role === role) return { email: member.email, role, changed: false };
      if (member.role === "owner" || role === "owner") {
        refuseUnlessOwner(actor, { intent: "set-role", role });
      }
      if (member.role === "owner" && all.filter((a) => a.role === "owner").length <= 1) {
        throw badRequest(LAST_OWNER);
      }
      await trx.updateTable("admins").set({ role }).where("id", "=", member.id).execute();
      await recordEvent(trx, {
        type: "team.role_changed",
        adminId: member.id,
        actorId: actor.id,
        email: member.email,
        ...input.origin,
        details: { from: member.role, to: role },
      });
      return { email: member.email, role, changed: true };
    }),
  );
}

/**
 * "Transfer ownership": the acting Owner makes another admin the Owner and becomes an Admin, in
 * one transaction, so the team never has no Owner and never two by accident.
 */
export async function transferOwnership(
  db: Db,
  input: { actorId: string; targetId: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  const target = z.uuid().safeParse(input.targetId);
  if (!target.success) throw notFound("No such admin");
  if (target.data === input.actorId) throw badRequest("Choose another admin to hand ownership to.");
  return withRefusals(db, () =>
    inTransaction(db, async (trx) => {
      const all = await lockTeam(trx);
      const member = all.find((a) => a.id === target.data);
      const actor = all.find((a) => a.id === input.actorId);
      if (!member || !actor) throw notFound("No such admin");
      refuseUnlessOwner(actor, { intent: "transfer-ownership", role: "owner" });
      await trx.updateTable("admins").set({ role: "owner" }).where("id", "=", member.id).execute();
      await trx.updateTable("admins").set({ role: "admin" }).where("id", "=", actor.id).execute();
      await recordEvent(trx, {
        type: "team.ownership_transferred",
        adminId: member.id,
        actorId: actor.id,
        email: member.email,
        ...input.origin,
        details: { from: member.role, to: "owner", previous_owner: actor.email },
      });
      return { email: member.email };
    }),
  );
}
