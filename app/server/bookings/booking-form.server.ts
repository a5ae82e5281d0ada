import { bookingRequestSchema, waitlistSchema } from "~/domain/booking-schema";
import {
  BOOKING_FIELDS,
  type BookingErrors,
  type BookingField,
  type BookingPageDeparture,
  type BookingValues,
} from "~/domain/bookings";
import { translator, type Translate } from "~/domain/i18n/catalogues";
import { formatDateRange } from "~/domain/i18n/format";
import { localizedPath, type Language } from "~/domain/i18n/languages";
import { appearsIn } from "~/domain/translations";
import { formatMoney } from "~/domain/money";
import { departureStatus, isBookable, seatsLeft } from "~/domain/departures";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { stripInvisible, isUuid, type PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { formatDates, todayIn } from "~/domain/trip-facts";
import { departuresOf } from "../catalogue/departures.server";
import { packageTranslation } from "../catalogue/translations.server";
import { detailPathIn } from "../site/translated-content.server";
import { formChecksOf, spendFormChecks, type FormCheckRefusal } from "../leads/form-checks.server";
import { isSpam } from "../leads/honeypot.server";
import type { Mailer } from "../mail/mailer.server";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import {
  bookingNotificationMail,
  bookingReceivedMail,
  waitlistJoinedMail,
  waitlistNotificationMail,
} from "./booking-mail.server";
import { bookingErrorIn } from "./booking-errors.server";
import { joinWaitlist, requestBooking, type BookingReceipt } from "./bookings.server";

/*
 * The public booking form, start to end (decision 118): what its page shows about the date, and
 * one post: bad input back with a message per field, spam dropped, an address over its limit
 * refused, then the seats held (bookings.server.ts), then the e-mails. A failed e-mail never
 * loses the booking: it is logged, and the confirmation page shows the private link anyway.
 */

/**
 * The date when it can be booked online now, else undefined (unknown, past, closed, full, …), in
 * the page's language (decision 148): its dates and price formatted for it, and the trip's
 * translated title and page once the trip appears in that language (decision 139).
 */
export async function bookableDeparture(
  db: Db,
  departureId: string,
  site: Pick<SiteConfig, "timeZone" | "limitedSeats" | "languages">,
  lang: Language = site.languages[0] ?? "en",
): Promise<{ departure?: BookingPageDeparture; soldOut?: BookingPageDeparture }> {
  if (!isUuid(departureId)) return {};
  const pkg = await db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select(["p.id", "p.title", "p.kind"])
    .where("d.id", "=", departureId)
    .where("p.status", "=", "published")
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  if (!pkg) return {};
  const d = (await departuresOf(db, [pkg.id])).get(pkg.id)?.find((x) => x.id === departureId);
  if (!d || d.seats_total === null || d.price_amount === null) return {};
  const today = todayIn(site.timeZone);
  const status = departureStatus(d, today, site.limitedSeats);
  const kind = pkg.kind as PackageKind;
  const own = lang === site.languages[0] ? undefined : await packageTranslation(db, pkg.id, lang);
  const translated = own && appearsIn(own) ? own : undefined;
  const view: BookingPageDeparture = {
    id: d.id,
    packageId: pkg.id,
    packageTitle: translated?.title ?? pkg.title,
    packageHref: translated
      ? localizedPath(detailPathIn(kind, pkg.id, translated), lang, site.languages)
      : PACKAGE_KIND_INFO[kind].detailPath(pkg.id),
    dates: formatDateRange(lang, d.start_date, d.end_date, formatDates),
    price: formatMoney(d.price_amount, d.currency, lang),
    unitAmount: d.price_amount,
    currency: d.currency,
    seatsLeft: seatsLeft(d) ?? 0,
    status: status === "limited" ? "limited" : "available",
  };
  if (isBookable(d, today, site.limitedSeats)) return { departure: view };
  // Sold out (not departed, not closed by a missing price): the waitlist is offered.
  return status === "sold_out" ? { soldOut: view } : {};
}

/**
 * The trip's title and page in the page's language: its translated title and own slug there once
 * it appears in that language (decision 139), else the default language's.
 */
export async function bookingTrip(
  db: Db,
  site: Pick<SiteConfig, "languages">,
  lang: Language,
  booking: { packageId: string; packageKind: PackageKind; packageTitle: string },
): Promise<{ title: string; href: string }> {
  const fallback = {
    title: booking.packageTitle,
    href: PACKAGE_KIND_INFO[booking.packageKind].detailPath(booking.packageId),
  };
  if (lang === site.languages[0]) return fallback;
  const own = await packageTranslation(db, booking.packageId, lang);
  if (!own || !appearsIn(own)) return fallback;
  return {
    title: own.title,
    href: localizedPath(
      detailPathIn(booking.packageKind, booking.packageId, own),
      lang,
      site.languages,
    ),
  };
}

export interface BookingSettings {
  site: SiteConfig;
  mailer: Mailer;
  /** ENQUIRY_NOTIFY_TO, else the site's e-mail. */
  notifyTo: string;
  holdHours: number;
  /** The client's address, for the per-address limit. */
  ip: string;
  /**
   * The language of the page the form was sent from (decision 148): its refusals and the
   * traveller's e-mails are in it, and the booking records it. Absent: the site's default.
   */
  language?: Language;
}

/** The form's language and its words: the page's, else the site's default language. */
function formLanguage(settings: BookingSettings): { lang: Language; t: Translate } {
  const lang = settings.language ?? settings.site.languages[0] ?? "en";
  return { lang, t: translator(lang) };
}

export type BookingFormOutcome<P = never> =
  | { kind: "spam" }
  | { kind: "unavailable" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 409 | 429 }
  | { kind: "booked"; receipt: BookingReceipt; payment?: P };

/**
 * What paying adds to a booking just made, before its e-mails go (the payments layer's "book and
 * pay", decision 133): the payment's outcome and the hold it left, which the e-mail states.
 */
export type AfterBooking<P> = (
  receipt: BookingReceipt,
) => Promise<{ payment: P; holdExpiresAt: string | null; paying: boolean }>;

/** What was typed, cleaned only of invisible characters, to show again beside the errors. */
export function typedBooking(form: FormData): BookingValues {
  const values = {} as BookingValues;
  for (const field of BOOKING_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? stripInvisible(value) : "";
  }
  return values;
}

export async function submitBooking<P = never>(
  db: Db,
  departureId: string,
  form: FormData,
  settings: BookingSettings,
  afterBooking?: AfterBooking<P>,
): Promise<BookingFormOutcome<P>> {
  const values = typedBooking(form);
  const { lang, t } = formLanguage(settings);
  const parsed = bookingRequestSchema.safeParse({
    ...values,
    seen_amount: form.get("seen_amount") ?? undefined,
  });
  if (!parsed.success) {
    return { kind: "invalid", errors: fieldErrors(t, parsed.error.issues), values, status: 400 };
  }
  if (await isSpam(form)) {
    log("info", "booking form: spam dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  // The token and the per-address slot are spent in the booking's own transaction, once the
  // seats are known to be there: a date that cannot be booked costs neither (decision 118).
  const read = await formChecksOf(form, settings.ip);
  if ("refusal" in read) return guardedAnswer(read.refusal, values, settings, t);
  const outcome = await requestBooking(db, departureId, parsed.data, {
    source: "online",
    holdHours: settings.holdHours,
    today: todayIn(settings.site.timeZone),
    checks: read.checks,
    language: lang,
  });
  switch (outcome.kind) {
    // The public form names no enquiry, so "no_enquiry" cannot happen here.
    case "unavailable":
    case "no_enquiry":
      return { kind: "unavailable" };
    case "guarded":
      return guardedAnswer(outcome.refusal, values, settings, t);
    case "no_seats":
      return {
        kind: "invalid",
        errors: {
          form:
            outcome.left === 0
              ? t("bookingError.soldOut")
              : t("bookingError.notSeats", { left: outcome.left }),
        },
        values,
        status: 409,
      };
    case "price_changed":
      return {
        kind: "invalid",
        errors: {
          form: t("bookingError.priceChanged", {
            price: formatMoney(outcome.amount, outcome.currency, lang),
          }),
        },
        values,
        status: 409,
      };
    case "booked": {
      log("info", "booking requested", { reference: outcome.receipt.reference });
      if (!afterBooking) {
        await sendBookingMails(db, outcome.receipt, settings);
        return outcome;
      }
      const paying = await afterBooking(outcome.receipt);
      const receipt = { ...outcome.receipt, holdExpiresAt: paying.holdExpiresAt };
      await sendBookingMails(db, receipt, settings, paying.paying);
      return { kind: "booked", receipt, payment: paying.payment };
    }
  }
}

export type WaitlistFormOutcome =
  | { kind: "spam" }
  | { kind: "unavailable" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 409 | 429 }
  | { kind: "waitlisted"; receipt: BookingReceipt };

/** The waiting list of a sold-out date: checked like a booking, answered with a private link. */
export async function submitWaitlist(
  db: Db,
  departureId: string,
  form: FormData,
  settings: BookingSettings,
): Promise<WaitlistFormOutcome> {
  const values = typedBooking(form);
  const { lang, t } = formLanguage(settings);
  const parsed = waitlistSchema.safeParse(values);
  if (!parsed.success) {
    return { kind: "invalid", errors: fieldErrors(t, parsed.error.issues), values, status: 400 };
  }
  if (await isSpam(form)) {
    log("info", "waitlist form: spam dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  const outcome = await joinWaitlist<FormCheckRefusal>(
    db,
    departureId,
    { name: parsed.data.lead_name, email: parsed.data.email, travellers: parsed.data.adults },
    {
      source: "online",
      today: todayIn(settings.site.timeZone),
      guard: formGuard(form, settings),
      language: lang,
    },
  );
  switch (outcome.kind) {
    case "unavailable":
      return { kind: "unavailable" };
    case "seats_free":
      return {
        kind: "invalid",
        errors: { form: t("bookingError.seatsFree") },
        values,
        status: 409,
      };
    case "guarded":
      return guardedAnswer(outcome.refusal, values, settings, t);
    case "waitlisted": {
      const { receipt } = outcome;
      await settings.mailer.send({
        to: receipt.email,
        ...waitlistJoinedMail(settings.site, await inTravellersWords(db, receipt, settings, lang)),
      });
      await settings.mailer.send({
        to: settings.notifyTo,
        replyTo: receipt.email,
        ...waitlistNotificationMail(settings.site, receipt),
      });
      return outcome;
    }
  }
}

/**
 * A refused form's first message per field, in the form's language; one about no field of the
 * form goes on top.
 */
function fieldErrors(
  t: Translate,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const errors: BookingErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    const key = (BOOKING_FIELDS as readonly string[]).includes(field)
      ? (field as BookingField)
      : "form";
    errors[key] ??= bookingErrorIn(t, issue.message);
  }
  return errors;
}

/** The public forms' own checks, in the booking's transaction: the time token, then the slot. */
function formGuard(form: FormData, settings: BookingSettings) {
  return (trx: Db): Promise<"ok" | FormCheckRefusal> => spendFormChecks(trx, form, settings.ip);
}

/** What a refusal of the form's own checks answers: spam in silence, else the reason. */
function guardedAnswer(
  refusal: FormCheckRefusal,
  values: BookingValues,
  settings: BookingSettings,
  t: Translate,
):
  | { kind: "spam" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 429 } {
  if ("token" in refusal) {
    if (refusal.token === "expired")
      return {
        kind: "invalid",
        errors: { form: t("enquiry.formExpired") },
        values,
        status: 400,
      };
    log("info", "booking form: used token dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  const minutes = Math.ceil(refusal.retryAfterSeconds / 60);
  return {
    kind: "invalid",
    errors: { form: t("bookingError.rateLimited", { minutes }) },
    values,
    status: 429,
  };
}

/**
 * The receipt as the traveller's e-mail names it: the trip's title in their language once the
 * trip appears in it (decision 139), else the default language's. The team's notices keep the
 * default language's title.
 */
async function inTravellersWords(
  db: Db,
  receipt: BookingReceipt,
  settings: BookingSettings,
  lang: Language,
): Promise<BookingReceipt> {
  const trip = await bookingTrip(db, settings.site, lang, receipt);
  return { ...receipt, packageTitle: trip.title };
}

async function sendBookingMails(
  db: Db,
  receipt: BookingReceipt,
  settings: BookingSettings,
  paying = false,
) {
  const { lang } = formLanguage(settings);
  const traveller = await settings.mailer.send({
    to: receipt.email,
    ...bookingReceivedMail(settings.site, await inTravellersWords(db, receipt, settings, lang), {
      paying,
    }),
  });
  const team = await settings.mailer.send({
    to: settings.notifyTo,
    replyTo: receipt.email,
    ...bookingNotificationMail(settings.site, receipt),
  });
  for (const [who, outcome] of [
    ["traveller", traveller],
    ["team", team],
  ] as const) {
    if (outcome.status === "failed")
      log("error", "booking: an e-mail was not sent", { reference: receipt.reference, who });
  }
}
