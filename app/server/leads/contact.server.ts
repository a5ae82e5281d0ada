import {
  ENQUIRY_FIELDS,
  ENQUIRY_MESSAGES,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from "~/domain/enquiry";
import { enquirySchema } from "~/domain/enquiry-schema";
import type { Language } from "~/domain/i18n/languages";
import { stripInvisible } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type { Mailer, MailOutcome } from "../mail/mailer.server";
import { inTransaction, type Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { insertEnquiry, setNotifyStatus, type Enquiry } from "./enquiries.server";
import { enquiryAcknowledgementMail, enquiryNotificationMail } from "./enquiry-mail.server";
import { spendFormChecks } from "./form-checks.server";
import { isSpam } from "./honeypot.server";
import { findPublishedPackage } from "./package-ref.server";

/*
 * One contact-form post, start to end: bad input comes back with a message per field
 * and what was typed, spam (checked once the input is valid) is dropped without a trace, an address over its limit gets a 429; a good
 * message is stored first, then the team is told by e-mail (and the visitor, with ENQUIRY_ACK).
 * A failed e-mail never loses the enquiry: the failure is logged and kept on the row for the inbox.
 */

export interface ContactSettings {
  site: SiteConfig;
  mailer: Mailer;
  /** ENQUIRY_NOTIFY_TO, else the site's e-mail. */
  notifyTo: string;
  acknowledge: boolean;
  /** The client's address, for the per-address limit. */
  ip: string;
  /**
   * The language of the page the message was sent from (decision 148): recorded with the
   * enquiry, and the acknowledgement's. Absent: the site's default language.
   */
  language?: Language;
}

export type ContactOutcome =
  | { kind: "spam" }
  | { kind: "invalid"; errors: EnquiryErrors; values: EnquiryValues }
  | { kind: "limited"; retryAfterSeconds: number; errors: EnquiryErrors; values: EnquiryValues }
  | { kind: "stored"; enquiry: Enquiry; notification: MailOutcome };

/** What was typed, cleaned only of invisible characters, to show again beside the errors. */
export function typedValues(form: FormData): EnquiryValues {
  const values = {} as EnquiryValues;
  for (const field of ENQUIRY_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? stripInvisible(value) : "";
  }
  return values;
}

export async function submitContactForm(
  db: Db,
  form: FormData,
  settings: ContactSettings,
): Promise<ContactOutcome> {
  const values = typedValues(form);
  const parsed = enquirySchema.safeParse(values);
  // Errors first: they store nothing, and a person who presses Send at once on an empty form
  // must hear what is missing, not be taken for a bot by the fill-time check.
  if (!parsed.success) {
    const errors: EnquiryErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as EnquiryField;
      errors[field] ??= issue.message;
    }
    return { kind: "invalid", errors, values };
  }
  // "Enquire about this trip": the package must be one a visitor can see.
  const packageField = form.get("package");
  const packageId = typeof packageField === "string" ? packageField.trim() : "";
  const about = packageId ? await findPublishedPackage(db, packageId) : undefined;
  if (packageId && !about) {
    return { kind: "invalid", errors: { form: ENQUIRY_MESSAGES.unknownPackage }, values };
  }
  if (await isSpam(form)) {
    log("info", "contact form: spam dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  const input = parsed.data;
  const stored = await inTransaction(db, async (trx) => {
    // The time token works once and for a few hours (decision 117): a replay is spam.
    const checked = await spendFormChecks(trx, form, settings.ip);
    if (checked !== "ok") return { allowed: false as const, ...checked };
    const enquiry = await insertEnquiry(trx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      travelDates: input.travelDates,
      message: input.tripDescription,
      packageId: about?.id ?? null,
      packageTitle: about?.title ?? null,
      language: settings.language ?? settings.site.languages[0] ?? "en",
    });
    return { allowed: true as const, enquiry };
  });
  if (!stored.allowed && "token" in stored) {
    if (stored.token === "expired")
      return { kind: "invalid", errors: { form: ENQUIRY_MESSAGES.formExpired }, values };
    log("info", "contact form: used token dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  if (!stored.allowed) {
    const minutes = Math.ceil(stored.retryAfterSeconds / 60);
    return {
      kind: "limited",
      retryAfterSeconds: stored.retryAfterSeconds,
      errors: { form: ENQUIRY_MESSAGES.rateLimited(minutes) },
      values,
    };
  }
  const { enquiry } = stored;
  log("info", "enquiry stored", { enquiryId: enquiry.id });
  const notification = await notifyTeam(db, enquiry, settings);
  if (settings.acknowledge) {
    await settings.mailer.send({
      to: enquiry.email,
      ...enquiryAcknowledgementMail(settings.site, enquiry),
    });
  }
  return { kind: "stored", enquiry, notification };
}

async function notifyTeam(
  db: Db,
  enquiry: Enquiry,
  settings: ContactSettings,
): Promise<MailOutcome> {
  const outcome = await settings.mailer.send({
    to: settings.notifyTo,
    replyTo: enquiry.email,
    ...enquiryNotificationMail(settings.site, enquiry),
  });
  try {
    await setNotifyStatus(db, enquiry.id, outcome.status);
  } catch (error) {
    // The enquiry is stored; only its note about the e-mail is missing.
    log("error", "enquiry: could not record the notification's outcome", {
      enquiryId: enquiry.id,
      error: String(error),
    });
  }
  return outcome;
}
