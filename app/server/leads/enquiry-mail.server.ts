import { linkMessage, type MailSite } from "../mail/templates.server";
import type { MailContent } from "../mail/mailer.server";
import type { Enquiry } from "./enquiries.server";

/** The team's notice of a new enquiry: everything the visitor wrote, and where to answer it. */
export function enquiryNotificationMail(site: MailSite, enquiry: Enquiry): MailContent {
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
      "Message:",
      ...enquiry.message.split("\n"),
    ],
    action: "Open the enquiry in the back office",
    path: `/admin/enquiries/${enquiry.id}`,
    validity: `Replying to this e-mail writes to ${enquiry.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}

/** The visitor's acknowledgement (ENQUIRY_ACK=true): it repeats nothing they typed. */
export function enquiryAcknowledgementMail(site: MailSite, enquiry: Enquiry): MailContent {
  return linkMessage(site, {
    subject: "We received your message",
    lines: [
      `Hello ${enquiry.firstName},`,
      `Thank you for writing to ${site.name}. Your message has reached our team, and we answer within 2 hours during business hours.`,
    ],
    action: "Visit our website",
    path: "/",
    validity: "There is nothing more you need to do.",
    footer: "If you did not write to us, you can ignore this message.",
  });
}
