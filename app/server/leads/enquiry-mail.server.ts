import type { Language } from "~/domain/i18n/languages";
import { languageLine, mailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import type { MailContent } from "../mail/mailer.server";
import type { Enquiry } from "./enquiries.server";

type LanguageSite = MailSite & { languages: readonly Language[] };

/**
 * The team's notice of a new enquiry: everything the visitor wrote, the language they wrote in
 * (decision 148), and where to answer it.
 */
export function enquiryNotificationMail(site: LanguageSite, enquiry: Enquiry): MailContent {
  const name = `${enquiry.firstName} ${enquiry.lastName}`.trim();
  const about = enquiry.packageTitle ? ` about ${enquiry.packageTitle}` : "";
  return linkMessage(site, {
    subject: `New enquiry from ${name}${about}`,
    lines: [
      `${name} sent a message through the contact form.`,
      `Name: ${name}`,
      `E-mail: ${enquiry.email}`,
      `Phone: ${enquiry.phone || "not given"}`,
      `Preferred travel dates: ${enquiry.travelDates || "not given"}`,
      ...(enquiry.packageTitle ? [`Trip: ${enquiry.packageTitle}`] : []),
      languageLine(site, enquiry.language),
      "Message:",
      ...enquiry.message.split("\n"),
    ],
    action: "Open the enquiry in the back office",
    path: `/admin/enquiries/${enquiry.id}`,
    validity: `Replying to this e-mail writes to ${enquiry.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}

/**
 * The visitor's acknowledgement (ENQUIRY_ACK=true), in the language they wrote in (decision 148):
 * it repeats nothing they typed.
 */
export function enquiryAcknowledgementMail(site: LanguageSite, enquiry: Enquiry): MailContent {
  const voice = mailVoice(site, enquiry.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.enquiry.subject"),
    lines: [
      t("mail.hello", { name: enquiry.firstName }),
      t("mail.enquiry.thanks", { site: site.name }),
    ],
    action: t("mail.enquiry.action"),
    path: voice.href("/"),
    validity: t("mail.enquiry.validity"),
    footer: t("mail.enquiry.footer"),
  });
}
