import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";

/** A mailer that keeps what it was given (the SMTP path has its own tests). */
export function recordingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    enabled: true,
    sent,
    async send(mail) {
      sent.push(mail);
      return { status: "sent" };
    },
    close() {},
  };
}
