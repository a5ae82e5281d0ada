import { data, Form } from "react-router";
import { usePending } from "~/components/ui/use-pending";
import { servicesFrom } from "~/server/http/services-context.server";
import { MAIL_OFF_NOTICE } from "~/server/mail/mailer.server";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { noStoreHeaders } from "~/server/auth/verification.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/forgot-password";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Forgot password · Admin" }, { name: "robots", content: "noindex" }];
}

export const headers = noStoreHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const { mailer } = servicesFrom(context);
  return { mailOff: mailer.enabled ? null : MAIL_OFF_NOTICE };
}

/** Same answer whether or not the address has an account (see password-reset.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  const form = await request.formData();
  try {
    const { message } = await requestPasswordReset(db, {
      email: form.get("email"),
      ip: requestInfo(context).clientIp,
      mailer,
      site,
    });
    return { sent: message, error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ sent: null, error: error.message }, { status: error.status });
  }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ formAction: "/admin/forgot-password" });
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>Forgot password</h1>
        {loaderData.mailOff ? (
          <p className="form-error" role="note">
            {loaderData.mailOff}
          </p>
        ) : null}
        {actionData?.sent ? (
          <p className="flash flash-success" role="status">
            {actionData.sent}
          </p>
        ) : (
          <>
            <p className="login-intro">
              Enter the e-mail address of your account. We will send you a link to choose a new
              password.
            </p>
            <Form method="post" action="/admin/forgot-password" className="login-form">
              <div className="field">
                <label htmlFor="forgot-email">Email</label>
                <input
                  id="forgot-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  maxLength={254}
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "forgot-error" : undefined}
                />
                {actionData?.error ? (
                  <p id="forgot-error" className="form-error" role="alert">
                    {actionData.error}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="button button-primary" disabled={pending}>
                {pending ? "Sending..." : "Send reset link"}
              </button>
            </Form>
          </>
        )}
        <p className="login-back">
          <a href="/admin">Back to sign in</a>
        </p>
      </div>
    </main>
  );
}
