import { data, redirect } from "react-router";
import { LinkPageCard } from "~/components/admin/link-page-card";
import { PasswordInput } from "~/components/admin/password-input";
import { usePending } from "~/components/ui/use-pending";
import { PASSWORD_MIN_LENGTH } from "~/server/auth/admins.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { PASSWORD_RESET_DONE, resetPassword } from "~/server/auth/password-reset.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { linkPage, noStoreHeaders } from "~/server/auth/verification.server";
import { challengeCookie, sessionHeaders } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/reset-password";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Choose a new password · Admin" }, { name: "robots", content: "noindex" }];
}

export const headers = noStoreHeaders;

/** The e-mailed link: the form when the link is good, otherwise what is wrong with it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  const { token, problem } = await linkPage(
    db,
    new URL(request.url).searchParams.get("token") ?? "",
    "password_reset",
  );
  return { token, problem, minLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const form = await request.formData();
  try {
    const outcome = await resetPassword(db, {
      token: form.get("token"),
      newPassword: form.get("newPassword") ?? undefined,
      confirmPassword: form.get("confirmPassword") ?? undefined,
      origin: requestOrigin(request, requestInfo(context).clientIp),
    });
    if (outcome.signedIn === "second_factor") {
      throw redirect("/admin/two-factor", {
        headers: { "Set-Cookie": challengeCookie(request, outcome.challenge) },
      });
    }
    return redirectWithToast(
      request,
      "/admin/dashboard",
      { type: "success", message: PASSWORD_RESET_DONE },
      { headers: sessionHeaders(request, outcome.session) },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending();
  return (
    <LinkPageCard
      title="Choose a new password"
      token={loaderData.token}
      problem={loaderData.problem}
      error={actionData?.error}
      errorId="reset-error"
      back={
        <>
          <a href="/admin/forgot-password">Ask for a new link</a> · <a href="/admin">Sign in</a>
        </>
      }
    >
      <PasswordInput
        id="reset-new-password"
        name="newPassword"
        label={`New password (at least ${loaderData.minLength} characters)`}
        autoComplete="new-password"
        required
        minLength={loaderData.minLength}
        invalid={Boolean(actionData?.error)}
        describedBy={actionData?.error ? "reset-error" : undefined}
      />
      <PasswordInput
        id="reset-confirm-password"
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        required
        minLength={loaderData.minLength}
      />
      <p>Saving it signs out every session of your account.</p>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Saving..." : "Save new password"}
      </button>
    </LinkPageCard>
  );
}
