import { data, Form } from "react-router";
import { CodeField } from "~/components/admin/code-field";
import { PasswordInput } from "~/components/admin/password-input";
import { usePending } from "~/components/ui/use-pending";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  ACCESS_CONFIRMED_MESSAGE,
  CONFIRM_ACCESS_PATH,
  REAUTH_REQUIRED_MESSAGE,
} from "~/domain/reauthentication";
import { confirmAccess, safeNext } from "~/server/auth/reauthentication.server";
import { twoFactorOn } from "~/server/auth/two-factor.server";
import { sessionIdOf } from "~/server/http/cookies.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/confirm-access";

/*
 * "Confirm access" (decision 119): the password, or a current authenticator code, starts the
 * session's ten-minute window for sensitive actions again, then returns to the screen it came
 * from. Plain POST forms: works without JavaScript.
 */

export function meta() {
  return [{ title: "Confirm access · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  const admin = adminFromContext(context);
  return {
    next: safeNext(new URL(request.url).searchParams.get("next")),
    twoFactor: await twoFactorOn(db, admin.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const admin = adminFromContext(context);
  const form = await request.formData();
  const code = form.get("code");
  const by = code === null ? "password" : "code";
  try {
    await confirmAccess(db, {
      adminId: admin.id,
      sessionId: sessionIdOf(request),
      ...(code === null ? { password: form.get("password") } : { code }),
      origin: requestOrigin(request, requestInfo(context).clientIp),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ by, error: error.message }, { status: error.status });
  }
  return redirectWithToast(request, safeNext(form.get("next")), {
    type: "success",
    message: ACCESS_CONFIRMED_MESSAGE,
  });
}

export default function ConfirmAccess({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ formAction: CONFIRM_ACCESS_PATH });
  const { next, twoFactor } = loaderData;
  return (
    <section className="admin-section" aria-labelledby="confirm-access-heading">
      <header className="admin-section-header">
        <h1 id="confirm-access-heading">Confirm access</h1>
      </header>
      <div className="admin-panel">
        <p>{REAUTH_REQUIRED_MESSAGE}</p>
        <Form method="post" action={CONFIRM_ACCESS_PATH} className="admin-form">
          <input type="hidden" name="next" value={next} />
          {actionData?.by === "password" ? (
            <p id="confirm-password-error" className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <PasswordInput
            id="confirm-password"
            name="password"
            label="Your password"
            autoComplete="current-password"
            required
            invalid={actionData?.by === "password"}
            describedBy={actionData?.by === "password" ? "confirm-password-error" : undefined}
          />
          <button type="submit" className="button button-primary" disabled={pending}>
            Confirm with password
          </button>
        </Form>
        {twoFactor ? (
          <Form method="post" action={CONFIRM_ACCESS_PATH} className="admin-form">
            <input type="hidden" name="next" value={next} />
            <CodeField
              id="confirm-code"
              label="Or a code from your authenticator app"
              error={actionData?.by === "code" ? actionData.error : undefined}
            />
            <button type="submit" className="button" disabled={pending}>
              Confirm with code
            </button>
          </Form>
        ) : null}
        <p>
          <a href={next}>Cancel</a>
        </p>
      </div>
    </section>
  );
}
