import { data, useNavigation } from "react-router";
import { ChangePasswordForm } from "~/components/admin/change-password-form";
import { SampleSettings } from "~/components/admin/sample-settings";
import { changePassword, PASSWORD_MIN_LENGTH } from "~/server/auth/admins.server";
import { adminFromContext } from "~/server/auth/auth.server";
import { getDb } from "~/server/platform/db.server";
import { requestOrigin } from "~/server/events/events.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { isAppError } from "~/server/platform/errors.server";
import { readCookie, SESSION_COOKIE } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/auth/toast.server";
import type { Route } from "./+types/settings";

const PASSWORD_CHANGED = "Password changed. Your other sessions have been signed out.";

export function meta() {
  return [{ title: "Settings · Admin" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: adminFromContext(context).email, minLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminFromContext(context);
  const form = await request.formData();
  const field = (name: string) => form.get(name) ?? undefined;
  try {
    await changePassword(
      getDb(),
      admin.id,
      {
        currentPassword: field("currentPassword"),
        newPassword: field("newPassword"),
        confirmPassword: field("confirmPassword"),
      },
      readCookie(request, SESSION_COOKIE),
      requestOrigin(request, requestInfo(context).clientIp),
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { error: error.message, fieldErrors: error.details ?? {} },
      { status: error.status },
    );
  }
  return redirectWithToast(request, "/admin/settings", {
    type: "success",
    message: PASSWORD_CHANGED,
  });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === "/admin/settings";
  return (
    <section className="admin-section" aria-labelledby="settings-heading">
      <header className="admin-section-header">
        <h1 id="settings-heading">Settings</h1>
      </header>
      <section className="admin-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <p>
          Signed in as <strong>{loaderData.email}</strong>. Changing your password signs out your
          other sessions.
        </p>
        <ChangePasswordForm
          error={actionData?.error}
          fieldErrors={actionData?.fieldErrors}
          pending={pending}
          minLength={loaderData.minLength}
        />
      </section>
      <SampleSettings />
    </section>
  );
}
