import { data, Form, useNavigation } from "react-router";
import { PasswordInput } from "~/components/admin/password-input";
import { LIMITS } from "~/domain/schemas";
import { PASSWORD_MIN_LENGTH } from "~/server/auth/admins.server";
import { sessionHeaders } from "~/server/auth/login.server";
import { acceptInvitation } from "~/server/auth/team.server";
import { redirectWithToast } from "~/server/auth/toast.server";
import { linkPage, noStoreHeaders } from "~/server/auth/verification.server";
import { requestOrigin } from "~/server/events/events.server";
import { getDb } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/accept-invite";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Accept invitation · Admin" }, { name: "robots", content: "noindex" }];
}

export const headers = noStoreHeaders;

/** The invitation link: the form when it is good, otherwise what is wrong with it. */
export async function loader({ request }: Route.LoaderArgs) {
  return { ...(await linkPage(getDb(), request, "invite")), minLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const accepted = await acceptInvitation(getDb(), {
      token: form.get("token"),
      password: form.get("password") ?? undefined,
      confirmPassword: form.get("confirmPassword") ?? undefined,
      name: form.get("name") ?? undefined,
      origin: requestOrigin(request, requestInfo(context).clientIp),
    });
    return redirectWithToast(
      request,
      "/admin/dashboard",
      { type: "success", message: `Welcome! You are signed in as ${accepted.email}.` },
      { headers: sessionHeaders(request, accepted.session, { email: accepted.email }) },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>Accept invitation</h1>
        {loaderData.token ? (
          <Form method="post" className="login-form">
            <p className="login-intro">
              Choose a password for <strong>{loaderData.email}</strong>.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            {actionData?.error ? (
              <p id="accept-error" className="form-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="accept-name">Your name (optional, shown to the team)</label>
              <input
                id="accept-name"
                name="name"
                type="text"
                autoComplete="name"
                maxLength={LIMITS.adminName}
              />
            </div>
            <PasswordInput
              id="accept-password"
              name="password"
              label={`Password (at least ${loaderData.minLength} characters)`}
              autoComplete="new-password"
              required
              minLength={loaderData.minLength}
              invalid={Boolean(actionData?.error)}
              describedBy={actionData?.error ? "accept-error" : undefined}
            />
            <PasswordInput
              id="accept-confirm"
              name="confirmPassword"
              label="Confirm password"
              autoComplete="new-password"
              required
              minLength={loaderData.minLength}
            />
            <button type="submit" className="button button-primary" disabled={pending}>
              {pending ? "Signing In..." : "Set password and sign in"}
            </button>
          </Form>
        ) : (
          <p className="form-error" role="alert">
            {loaderData.problem}
          </p>
        )}
        <p className="login-back">
          <a href="/admin">Sign in</a>
        </p>
      </div>
    </main>
  );
}
