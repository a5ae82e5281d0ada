import { LANGUAGE_NAMES_IN_ENGLISH, leadLanguage } from "~/domain/i18n/languages";
import { data } from "react-router";
import { EnquiryDetail } from "~/components/admin/enquiry-detail";
import { usePending } from "~/components/ui/use-pending";
import { formatReceived } from "~/domain/dates";
import { siteKindInfo } from "~/domain/site-kinds";
import { whatsappLink } from "~/domain/whatsapp";
import { adminFromContext } from "~/server/auth/auth.server";
import { bookingsFromEnquiry } from "~/server/bookings/booking-staff.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { requestOrigin } from "~/server/http/request-origin.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { getEnquiry } from "~/server/leads/enquiries.server";
import { enquiryAction } from "~/server/leads/inbox.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { isUuid } from "~/domain/schemas";
import type { Route } from "./+types/enquiry";
import "~/styles/admin-leads.css";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.enquiry.name;
  return [
    { title: name ? `Enquiry from ${name} · Admin` : "Enquiry · Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const enquiry = isUuid(params.id) ? await getEnquiry(db, params.id) : undefined;
  if (!enquiry) throw data("This enquiry does not exist (it may have been deleted).", 404);
  const pkg = enquiry.packageId
    ? await db
        .selectFrom("packages")
        .select(["kind"])
        .where("id", "=", enquiry.packageId)
        .executeTakeFirst()
    : undefined;
  const about = enquiry.packageTitle ? ` about ${enquiry.packageTitle}` : "";
  return {
    enquiry: {
      id: enquiry.id,
      name: `${enquiry.firstName} ${enquiry.lastName}`.trim(),
      firstName: enquiry.firstName,
      email: enquiry.email,
      phone: enquiry.phone,
      travelDates: enquiry.travelDates,
      message: enquiry.message,
      packageTitle: enquiry.packageTitle,
      packageHref:
        pkg && enquiry.packageId ? siteKindInfo(pkg.kind).detailPath(enquiry.packageId) : null,
      status: enquiry.status,
      notes: enquiry.notes,
      notifyStatus: enquiry.notifyStatus,
      // The language the visitor wrote in, named in English (decision 148).
      language: LANGUAGE_NAMES_IN_ENGLISH[leadLanguage(enquiry.language, site.languages)],
      received: formatReceived(enquiry.createdAt, site.timeZone),
    },
    replyHref: `mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Your enquiry${about} · ${site.name}`)}`,
    whatsappHref:
      enquiry.phone.replace(/\D/g, "").length >= 7
        ? whatsappLink(
            enquiry.phone,
            `Hello ${enquiry.firstName}, this is ${site.name} about your enquiry${about}.`,
          )
        : null,
    bookings: await bookingsFromEnquiry(db, enquiry.id),
    confirmingDelete: new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = servicesFrom(context);
  const result = await enquiryAction(db, params.id, await request.formData(), {
    adminId: adminFromContext(context).id,
    origin: requestOrigin(request, requestInfo(context).clientIp),
  });
  if (result.kind === "done") {
    return redirectWithToast(request, result.redirectTo, {
      type: "success",
      message: result.message,
    });
  }
  if (result.status === 404) throw data(result.error, 404);
  return data({ intent: result.intent, error: result.error }, { status: result.status });
}

export default function AdminEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting" });
  return <EnquiryDetail {...loaderData} reply={actionData} pending={pending} />;
}
