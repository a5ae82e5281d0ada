import { staffBookingSchema } from "~/domain/booking-schema";
import {
  STAFF_BOOKING_FIELDS,
  STAFF_BOOKING_MESSAGES,
  type DepartureChoice,
  type StaffBookingErrors,
  type StaffBookingField,
  type StaffBookingValues,
  type BookingStatus,
} from "~/domain/bookings";
import { departurePrice, isBookable, seatsLeft } from "~/domain/departures";
import { isLanguageOf, leadLanguage, type Language } from "~/domain/i18n/languages";
import { isUuid, stripInvisible } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { formatDates, todayIn } from "~/domain/trip-facts";
import { departuresOf } from "../catalogue/departures.server";
import { travellerPackageTitle } from "../catalogue/translations.server";
import { getEnquiry } from "../leads/enquiries.server";
import type { Mailer } from "../mail/mailer.server";
import { mailNotice, travellerMailedMessage } from "../mail/mailer.server";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { staffBookingMail } from "./booking-mail.server";
import { requestBooking, type BookingReceipt } from "./bookings.server";

/*
 * Bookings staff make from a WhatsApp chat, a phone call or an enquiry (decision 123). They go
 * through requestBooking like the public form's, so the seat rule and its lock are the same; only
 * the public form's spam checks are left out (staff are signed in). The booking records who made
 * it and the enquiry it came from; it may be confirmed at once.
 */

/** Every date staff can book now, trip by trip (a trip's dates in date order). */
export async function staffDepartureChoices(
  db: Db,
  site: Pick<SiteConfig, "timeZone" | "limitedSeats">,
): Promise<DepartureChoice[]> {
  const packages = await db
    .selectFrom("packages")
    .select(["id", "title"])
    .where("status", "=", "published")
    .where("deleted_at", "is", null)
    .orderBy("title")
    .orderBy("id")
    .execute();
  const byPackage = await departuresOf(
    db,
    packages.map((p) => p.id),
  );
  const today = todayIn(site.timeZone);
  return packages.flatMap((p) =>
    (byPackage.get(p.id) ?? [])
      .filter((d) => isBookable(d, today, site.limitedSeats))
      .map((d) => ({
        id: d.id,
        packageId: p.id,
        packageTitle: p.title,
        dates: formatDates(d.start_date, d.end_date),
        price: departurePrice(d) ?? "",
        seatsLeft: seatsLeft(d) ?? 0,
      })),
  );
}

const blankValues = (): StaffBookingValues =>
  Object.fromEntries(STAFF_BOOKING_FIELDS.map((f) => [f, ""])) as StaffBookingValues;

export interface StaffBookingPrefill {
  values: StaffBookingValues;
  /** The enquiry it starts from, as the form names it. */
  enquiry: { id: string; name: string; packageTitle: string | null } | null;
  /** The trip the enquiry was about: its dates come first in the list. */
  packageId: string | null;
}

/**
 * The staff form's starting values: blank, or the enquiry's name, e-mail, phone, trip (its first
 * bookable date chosen) and language when `enquiryId` names one. An unknown id starts blank, in
 * the site's default language.
 */
export async function staffBookingPrefill(
  db: Db,
  enquiryId: string | null,
  choices: readonly DepartureChoice[],
  languages: readonly Language[],
): Promise<StaffBookingPrefill> {
  const values = blankValues();
  values.adults = "1";
  values.children = "0";
  values.notify = "on";
  values.language = leadLanguage(null, languages);
  const enquiry = enquiryId && isUuid(enquiryId) ? await getEnquiry(db, enquiryId) : undefined;
  if (!enquiry) return { values, enquiry: null, packageId: null };
  const name = `${enquiry.firstName} ${enquiry.lastName}`.trim();
  values.language = leadLanguage(enquiry.language, languages);
  values.lead_name = name;
  values.email = enquiry.email;
  values.phone = enquiry.phone;
  values.enquiry_id = enquiry.id;
  if (enquiry.travelDates) values.notes = `Preferred dates: ${enquiry.travelDates}`;
  const first = choices.find((c) => c.packageId === enquiry.packageId);
  if (first) values.departure_id = first.id;
  return {
    values,
    enquiry: { id: enquiry.id, name, packageTitle: enquiry.packageTitle },
    packageId: enquiry.packageId,
  };
}

/** What was typed, cleaned only of invisible characters, to show again beside the errors. */
function typedStaffBooking(form: FormData): StaffBookingValues {
  const values = blankValues();
  for (const field of STAFF_BOOKING_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? stripInvisible(value) : "";
  }
  return values;
}

export interface StaffBookingSettings {
  adminId: string;
  holdHours: number;
  site: SiteConfig;
  mailer: Mailer;
}

export type StaffBookingOutcome =
  | {
      kind: "invalid";
      errors: StaffBookingErrors;
      values: StaffBookingValues;
      status: 400 | 409;
    }
  | { kind: "booked"; reference: string; status: BookingStatus; message: string };

export async function submitStaffBooking(
  db: Db,
  form: FormData,
  settings: StaffBookingSettings,
): Promise<StaffBookingOutcome> {
  const values = typedStaffBooking(form);
  const parsed = staffBookingSchema.safeParse(values);
  // The traveller's language (decision 156): one of the site's; left out (a one-language site's
  // form has no such field), the default.
  const languages = settings.site.languages;
  const chosen = values.language.trim();
  const language: Language | undefined =
    chosen === ""
      ? leadLanguage(null, languages)
      : isLanguageOf(chosen, languages)
        ? chosen
        : undefined;
  if (!parsed.success || !language) {
    const errors: StaffBookingErrors = language
      ? {}
      : { language: STAFF_BOOKING_MESSAGES.language };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0]);
      const key = (STAFF_BOOKING_FIELDS as readonly string[]).includes(field)
        ? (field as StaffBookingField)
        : "form";
      errors[key] ??= issue.message;
    }
    return { kind: "invalid", errors, values, status: 400 };
  }
  const request = parsed.data;
  const refused = (errors: StaffBookingErrors): StaffBookingOutcome => ({
    kind: "invalid",
    errors,
    values,
    status: 409,
  });
  const outcome = await requestBooking(db, request.departure_id, request, {
    source: request.enquiry_id ? "enquiry" : "staff",
    holdHours: settings.holdHours,
    today: todayIn(settings.site.timeZone),
    staff: { adminId: settings.adminId, enquiryId: request.enquiry_id, confirm: request.confirm },
    language,
  });
  switch (outcome.kind) {
    case "unavailable":
    case "price_changed":
      return refused({ departure_id: STAFF_BOOKING_MESSAGES.unavailable });
    case "no_enquiry":
      return refused({ form: STAFF_BOOKING_MESSAGES.enquiry });
    case "no_seats":
      return refused({ departure_id: STAFF_BOOKING_MESSAGES.notSeats(outcome.left) });
    case "guarded":
      // Staff bookings have no guard.
      return refused({ form: "Not booked." });
    case "booked":
      break;
  }
  const { receipt } = outcome;
  log("info", "booking made by staff", { reference: receipt.reference });
  const made = `Booking ${receipt.reference} ${receipt.status === "confirmed" ? "made and confirmed" : "made; its seats are held"}.`;
  if (!request.notify) {
    return { kind: "booked", reference: receipt.reference, status: receipt.status, message: made };
  }
  const notice = await sendStaffBookingMail(db, request.departure_id, receipt, settings);
  return {
    kind: "booked",
    reference: receipt.reference,
    status: receipt.status,
    message: travellerMailedMessage(made, notice, " their private link"),
  };
}

async function sendStaffBookingMail(
  db: Db,
  departureId: string,
  receipt: BookingReceipt,
  settings: StaffBookingSettings,
) {
  // The trip is named as the traveller reads it in their language (decision 155).
  const packageTitle = await travellerPackageTitle(db, departureId, receipt.language);
  const sent = await settings.mailer.send({
    to: receipt.email,
    ...staffBookingMail(settings.site, { ...receipt, packageTitle }),
  });
  const notice = mailNotice(sent);
  if (notice)
    log("error", "booking: the staff booking's e-mail was not sent", {
      reference: receipt.reference,
    });
  return notice;
}

/** The bookings made from an enquiry, newest first: the enquiry's screen links to them. */
export async function bookingsFromEnquiry(
  db: Db,
  enquiryId: string,
): Promise<{ reference: string; status: BookingStatus }[]> {
  if (!isUuid(enquiryId)) return [];
  return db
    .selectFrom("bookings")
    .select(["reference", "status"])
    .where("enquiry_id", "=", enquiryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
