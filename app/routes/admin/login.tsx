import { data, redirect } from "react-router";
import { toast } from "sonner";
import { LoginForm } from "~/components/admin/login-form";
import { requestSignIn, SIGN_IN_TEXTS } from "~/components/admin/sign-in-client";
import { usePending } from "~/components/ui/use-pending";
import { signIn } from "~/server/auth/login.server";
import { getOptionalAdmin } from "~/server/http/admin-session.server";
import {
  challengeCookie,
  readCookie,
  sessionHeaders,
  sessionIdOf,
} from "~/server/http/cookies.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { DEVICE_COOKIE } from "~/server/auth/device.server";
import type { Route } from "./+types/login";
import "~/styles/admin.css";

const DASHBOARD = "/admin/dashboard";
const TWO_FACTOR = "/admin/two-factor";

export function meta() {
  return [{ title: "Admin Sign In" }, { name: "robots", content: "noindex" }];
}

/** Keeps the action's Retry-After on a 429 page; the sign-in page is never cached. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** A signed-in admin has nothing to do here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  if (await getOptionalAdmin(db, request)) throw redirect(DASHBOARD);
  return null;
}

/** Without JavaScript: the form posts here; same sign-in as the API, then a flash toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const form = await request.formData();
  const email = form.get("email");
  const result = await signIn(db, {
    email,
    password: form.get("password"),
    ip: requestInfo(context).clientIp,
    previousSessionId: sessionIdOf(request),
    deviceCookie: readCookie(request, DEVICE_COOKIE),
    userAgent: request.headers.get("User-Agent"),
  });
  if (result.ok) {
    return redirectWithToast(
      request,
      DASHBOARD,
      { type: "success", message: SIGN_IN_TEXTS.success },
      {
        headers: sessionHeaders(request, result.session, result.device),
      },
    );
  }
  if (result.challenge) {
    // Password right, two-factor on: no session yet, only the challenge for the code step.
    throw redirect(TWO_FACTOR, {
      headers: {
        "Set-Cookie": challengeCookie(request, result.challenge),
        "Cache-Control": "no-store",
      },
    });
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (result.status === 429) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data(
    { error: result.error, email: typeof email === "string" ? email : "" },
    { status: result.status, headers },
  );
}

/** With JavaScript: the spec's call to POST /api/admin/login, with its toasts. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const outcome = await requestSignIn(email, String(form.get("password") ?? ""));
  if (outcome.ok) {
    toast.success(SIGN_IN_TEXTS.success);
    return redirect(DASHBOARD);
  }
  if (outcome.secondFactor) return redirect(TWO_FACTOR);
  toast.error(outcome.error);
  return { error: outcome.error, email };
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const pending = usePending({ formAction: "/admin" });
  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>Admin Sign In</h1>
        <p className="login-intro">Sign in to manage packages and travel moments.</p>
        <LoginForm error={actionData?.error} email={actionData?.email} pending={pending} />
        <p className="login-back">
          <a href="/admin/forgot-password">Forgot password?</a>
        </p>
        <p className="login-back">
          <a href="/">Back to website</a>
        </p>
      </div>
    </main>
  );
}
