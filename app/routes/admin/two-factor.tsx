import { data, Form, redirect } from "react-router";
import { CodeField } from "~/components/admin/code-field";
import { SIGN_IN_TEXTS } from "~/components/admin/sign-in-client";
import { usePending } from "~/components/ui/use-pending";
import { requestOrigin } from "~/server/http/request-origin.server";
import {
  CHALLENGE_COOKIE,
  completeSecondFactor,
  findChallenge,
} from "~/server/auth/sign-in-challenge.server";
import {
  clearChallengeCookie,
  readCookie,
  sessionHeaders,
  sessionIdOf,
} from "~/server/http/cookies.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/two-factor";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Two-factor sign-in · Admin" }, { name: "robots", content: "noindex" }];
}

/** Keeps the action's Retry-After on a 429 page; the page is never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** Only a browser that has just passed the password step (its challenge cookie) sees the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  if (!(await findChallenge(db, readCookie(request, CHALLENGE_COOKIE)))) throw redirect("/admin");
  return null;
}

/** The code step of sign-in; works without JavaScript (plain POST, redirect on success). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  const form = await request.formData();
  const result = await completeSecondFactor(
    db,
    {
      challengeId: readCookie(request, CHALLENGE_COOKIE),
      code: form.get("code"),
      origin: requestOrigin(request, requestInfo(context).clientIp),
      previousSessionId: sessionIdOf(request),
    },
    { mailer, site },
  );
  if (result.ok) {
    const headers = sessionHeaders(request, result.session, result.device);
    headers.append("Set-Cookie", clearChallengeCookie(request));
    return redirectWithToast(
      request,
      "/admin/dashboard",
      { type: "success", message: SIGN_IN_TEXTS.success },
      { headers },
    );
  }
  if (result.restart) {
    return redirectWithToast(
      request,
      "/admin",
      { type: "error", message: result.error },
      { headers: { "Set-Cookie": clearChallengeCookie(request) } },
    );
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data({ error: result.error }, { status: result.status, headers });
}

export default function TwoFactorSignIn({ actionData }: Route.ComponentProps) {
  const pending = usePending({ formAction: "/admin/two-factor" });
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>Two-factor sign-in</h1>
        <p className="login-intro">
          Enter the 6-digit code from your authenticator app. Lost your device? Enter one of your
          recovery codes instead.
        </p>
        <Form method="post" action="/admin/two-factor" className="login-form">
          <CodeField
            id="two-factor-code"
            label="Authentication code"
            allowRecovery
            error={actionData?.error}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? "Verifying..." : "Verify"}
          </button>
        </Form>
        <p className="login-back">
          <a href="/admin">Start again</a>
        </p>
      </div>
    </main>
  );
}
