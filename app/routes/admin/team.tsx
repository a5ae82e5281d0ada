import { data } from "react-router";
import { TeamScreen } from "~/components/admin/team-screen";
import { usePending } from "~/components/ui/use-pending";
import { adminFromContext } from "~/server/auth/auth.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import {
  inviteAdmin,
  listTeam,
  removeAdmin,
  setAdminRole,
  transferOwnership,
  withdrawInvitation,
} from "~/server/auth/team.server";
import { can, ROLE_LABELS } from "~/domain/permissions";
import { requiresTwoFactor, setRequireTwoFactor } from "~/server/auth/team-settings.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { sessionIdOf } from "~/server/http/cookies.server";
import { REAUTH_REQUIRED_MESSAGE } from "~/domain/reauthentication";
import {
  confirmAccessUrl,
  isSensitiveIntent,
  recentlyAuthenticated,
} from "~/server/auth/reauthentication.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { MAIL_FAILED_NOTICE, MAIL_OFF_NOTICE } from "~/server/mail/mailer.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/team";

export function meta() {
  return [{ title: "Team · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, mailer } = servicesFrom(context);
  const me = adminFromContext(context);
  const team = await listTeam(db);
  const removeId = new URL(request.url).searchParams.get("remove");
  const target = team.members.find(
    (m) =>
      m.id === removeId && m.id !== me.id && (m.role !== "owner" || can(me.role, "team.owners")),
  );
  return {
    me: me.id,
    myRole: me.role,
    // Only an Owner gives, changes or removes the Owner role (decision 125).
    mayManageOwners: can(me.role, "team.owners"),
    ...team,
    removing: target ? { id: target.id, email: target.email } : null,
    requireTwoFactor: await requiresTwoFactor(db),
    mailOff: mailer.enabled ? null : MAIL_OFF_NOTICE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  const me = adminFromContext(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const origin = requestOrigin(request, requestInfo(context).clientIp);
  // Who can get in changes only with a recent proof of who is asking (decision 119).
  if (
    isSensitiveIntent("team", intent, form.get("value")) &&
    !(await recentlyAuthenticated(db, sessionIdOf(request)))
  ) {
    return redirectWithToast(request, confirmAccessUrl("/admin/team"), {
      type: "error",
      message: REAUTH_REQUIRED_MESSAGE,
    });
  }
  try {
    if (intent === "invite") {
      const result = await inviteAdmin(db, {
        actor: me,
        email: form.get("email"),
        role: form.get("role"),
        origin,
        mailer,
        site,
      });
      if (result.delivery.status === "sent") {
        return redirectWithToast(request, "/admin/team", {
          type: "success",
          message: `Invitation sent to ${result.email}.`,
        });
      }
      if (result.delivery.status === "failed") {
        return data({ intent, error: MAIL_FAILED_NOTICE }, { status: 502 });
      }
      return { intent, invited: result.email, link: result.link, notice: MAIL_OFF_NOTICE };
    }
    if (intent === "require-two-factor") {
      const on = await setRequireTwoFactor(db, {
        actorId: me.id,
        value: form.get("value"),
        origin,
      });
      return redirectWithToast(request, "/admin/team", {
        type: "success",
        message: on
          ? "Two-factor authentication is now required for every admin."
          : "Two-factor authentication is no longer required.",
      });
    }
    if (intent === "remove") {
      const removed = await removeAdmin(db, {
        actorId: me.id,
        targetId: form.get("adminId"),
        origin,
      });
      return redirectWithToast(request, "/admin/team", {
        type: "success",
        message: `${removed.email} was removed.`,
      });
    }
    if (intent === "set-role") {
      const changed = await setAdminRole(db, {
        actorId: me.id,
        targetId: form.get("adminId"),
        role: form.get("role"),
        origin,
      });
      return redirectWithToast(request, "/admin/team", {
        type: "success",
        message: changed.changed
          ? `${changed.email} is now ${ROLE_LABELS[changed.role]}.`
          : `${changed.email} already is ${ROLE_LABELS[changed.role]}.`,
      });
    }
    if (intent === "transfer-ownership") {
      const to = await transferOwnership(db, {
        actorId: me.id,
        targetId: form.get("adminId"),
        origin,
      });
      return redirectWithToast(request, "/admin/team", {
        type: "success",
        message: `${to.email} is now the Owner; you are an Admin.`,
      });
    }
    if (intent === "withdraw") {
      const withdrawn = await withdrawInvitation(db, {
        actorId: me.id,
        invitationId: form.get("invitationId"),
        origin,
      });
      return redirectWithToast(request, "/admin/team", {
        type: "success",
        message: `The invitation to ${withdrawn.email} was withdrawn.`,
      });
    }
    return data({ intent: "invite", error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ intent: String(intent), error: error.message }, { status: error.status });
  }
}

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting", formAction: "/admin/team" });
  return <TeamScreen {...loaderData} reply={actionData} pending={pending} />;
}
