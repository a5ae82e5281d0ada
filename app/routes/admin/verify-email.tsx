import { data, Form, useNavigation } from "react-router";
import { verifyAddress } from "~/server/auth/email-addresses.server";
import { redirectWithToast } from "~/server/auth/toast.server";
import { linkPage, noStoreHeaders } from "~/server/auth/verification.server";
import { requestOrigin } from "~/server/events/events.server";
import { getDb } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/verify-email";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Confirm e-mail address · Admin" }, { name: "robots", content: "noindex" }];
}

export const headers = noStoreHeaders;

/**
 * The e-mailed link. Opening it changes nothing (mail scanners open links); the button posts the
 * token, which works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return linkPage(getDb(), request, "email_verify");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const verified = await verifyAddress(getDb(), {
      token: form.get("token"),
      origin: requestOrigin(request, requestInfo(context).clientIp),
    });
    return redirectWithToast(request, "/admin/settings", {
      type: "success",
      message: `${verified.email} is verified.`,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>Confirm e-mail address</h1>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {loaderData.token ? (
          <Form method="post" className="login-form">
            <p className="login-intro">
              Confirm that <strong>{loaderData.email}</strong> is yours.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button
              type="submit"
              className="button button-primary"
              disabled={navigation.state !== "idle"}
            >
              Confirm this address
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
