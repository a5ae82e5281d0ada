import { data } from "react-router";
import { StaffBookingForm } from "~/components/admin/staff-booking-form";
import { usePending } from "~/components/ui/use-pending";
import { languageChoices } from "~/domain/i18n/languages";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  staffBookingPrefill,
  staffDepartureChoices,
  submitStaffBooking,
} from "~/server/bookings/booking-staff.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/booking-new";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "New booking · Admin" }, { name: "robots", content: "noindex" }];
}

/** /admin/bookings/new, optionally ?enquiry={id} to start from an enquiry's details. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const enquiryId = new URL(request.url).searchParams.get("enquiry");
  const choices = await staffDepartureChoices(db, site);
  const prefill = await staffBookingPrefill(db, enquiryId, choices, site.languages);
  return {
    choices,
    languages: languageChoices(site.languages),
    ...prefill,
    action: `/admin/bookings/new${prefill.enquiry ? `?enquiry=${prefill.enquiry.id}` : ""}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site, env } = servicesFrom(context);
  const outcome = await submitStaffBooking(db, await request.formData(), {
    adminId: adminFromContext(context).id,
    holdHours: env.BOOKING_HOLD_HOURS,
    site,
    mailer,
  });
  if (outcome.kind === "booked") {
    return redirectWithToast(request, `/admin/bookings/${outcome.reference}`, {
      type: "success",
      message: outcome.message,
    });
  }
  return data({ errors: outcome.errors, values: outcome.values }, { status: outcome.status });
}

export default function AdminNewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting" });
  return (
    <StaffBookingForm
      {...loaderData}
      values={actionData?.values ?? loaderData.values}
      errors={actionData?.errors ?? {}}
      pending={pending}
    />
  );
}
