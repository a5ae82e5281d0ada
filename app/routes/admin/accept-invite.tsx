import { data } from "react-router";
import { LinkPageCard } from "~/components/admin/link-page-card";
import { PasswordInput } from "~/components/admin/password-input";
import { usePending } from "~/components/ui/use-pending";
import { LIMITS } from "~/domain/schemas";
import { PASSWORD_MIN_LENGTH } from "~/server/auth/admins.server";
import { acceptInvitation } from "~/server/auth/team.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { linkPage, noStoreHeaders } from "~/server/auth/verification.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { sessionHeaders } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { isAppError } from "~/server/platform/errors.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/accept-invite";
import "~/styles/admin.css";

export function meta() {
  return [{ title: "Accept invitation · Admin" }, { name: "robots", content: "noindex" }];
}

export const headers = noStoreHeaders;

/** The invitation link: the form when it is good, otherwise what is wrong with it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  return {
    ...(await linkPage(db, new URL(request.url).searchParams.get("token") ?? "", "invite")),
    minLength: PASSWORD_MIN_LENGTH,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const form = await request.formData();
  try {
    const accepted = await acceptInvitation(db, {
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
  const pending = usePending();
  return (
    <LinkPageCard
      title="Accept invitation"
      token={loaderData.token}
      problem={loaderData.problem}
      intro={
        <>
          Choose a password for <strong>{loaderData.email}</strong>.
        </>
      }
      error={actionData?.error}
      errorId="accept-error"
      back={<a href="/admin">Sign in</a>}
    >
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
    </LinkPageCard>
  );
}
