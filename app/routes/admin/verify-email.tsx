import { data } from "react-router";
import { LinkPageCard } from "~/components/admin/link-page-card";
import { usePending } from "~/components/ui/use-pending";
import { verifyAddress } from "~/server/auth/email-addresses.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { linkPage, noStoreHeaders } from "~/server/auth/verification.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { servicesFrom } from "~/server/http/services-context.server";
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
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  return linkPage(db, new URL(request.url).searchParams.get("token") ?? "", "email_verify");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const form = await request.formData();
  try {
    const verified = await verifyAddress(db, {
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
  const pending = usePending();
  return (
    <LinkPageCard
      title="Confirm e-mail address"
      token={loaderData.token}
      problem={loaderData.problem}
      intro={
        <>
          Confirm that <strong>{loaderData.email}</strong> is yours.
        </>
      }
      cardError={actionData?.error}
      back={<a href="/admin">Sign in</a>}
    >
      <button type="submit" className="button button-primary" disabled={pending}>
        Confirm this address
      </button>
    </LinkPageCard>
  );
}
