import { createTransport } from "nodemailer";
import { log } from "../platform/log.server";

/*
 * The one way the app sends e-mail. With SMTP_URL a nodemailer SMTP transport; without
 * it nothing pretends: the message is written to the log at info level with its one link, and the
 * caller learns it was not sent ("off") so the screen can say so. Callers send after their
 * database transaction has committed, never inside it, and a failed send never throws: it is
 * logged (without the link) and reported as "failed".
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The one link the message carries: the only secret that may reach the log (when mail is off). */
  link: string;
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** Where a reply goes, when not to the sender (an enquiry's notification: the visitor). */
  replyTo?: string;
}

export type MailOutcome = { status: "sent" } | { status: "off" } | { status: "failed" };

export interface Mailer {
  /** False without SMTP_URL: screens say that e-mail is not configured. */
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<MailOutcome>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string | { name: string; address: string };
  /** The longest a send may hold a request (connect, greeting, each socket wait, and overall). */
  timeoutMs?: number;
}

export const DEFAULT_MAIL_TIMEOUT_MS = 10_000;

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl } = options;
  if (!smtpUrl) {
    return {
      enabled: false,
      async send(mail) {
        log("info", "e-mail not configured (SMTP_URL unset): message logged, not sent", {
          to: mail.to,
          subject: mail.subject,
          link: mail.link,
        });
        return { status: "off" };
      },
      close() {},
    };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  const transport = createTransport(
    {
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from: options.from },
  );
  return {
    enabled: true,
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([
          transport.sendMail({
            to: mail.to,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          }),
          deadline,
        ]);
        log("info", "e-mail sent", { to: mail.to, subject: mail.subject });
        return { status: "sent" };
      } catch (error) {
        // The link stays out of this line: a failed message must not leak its token to the log.
        log("error", "e-mail send failed", {
          to: mail.to,
          subject: mail.subject,
          error: error instanceof Error ? error.message : String(error),
        });
        return { status: "failed" };
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** What a screen says when the message it caused could not go out. */
export const MAIL_OFF_NOTICE =
  "E-mail is not configured on this server (SMTP_URL is not set): the message was written to the server log instead of being sent.";
export const MAIL_FAILED_NOTICE =
  "The e-mail could not be sent. Please try again later or ask the site's operator to check the mail settings.";

/** The notice for an outcome, or null when the message went out. */
export function mailNotice(outcome: MailOutcome): string | null {
  if (outcome.status === "off") return MAIL_OFF_NOTICE;
  if (outcome.status === "failed") return MAIL_FAILED_NOTICE;
  return null;
}

/**
 * Sends `mail` and answers the admin's notice when it did not go (null when it did), logging the
 * failure as `unsent` with the given fields: for the e-mails an admin's action sends on the way.
 */
export async function sendWithNotice(
  mailer: Mailer,
  mail: OutgoingMail,
  unsent: string,
  fields: Record<string, unknown>,
): Promise<string | null> {
  const notice = mailNotice(await mailer.send(mail));
  if (notice) log("error", unsent, fields);
  return notice;
}

/**
 * What staff read after an action that e-mails the traveller: `done`, then whether the e-mail
 * went (`what` names it, " their private link") or sendWithNotice's notice when it did not.
 */
export function travellerMailedMessage(done: string, notice: string | null, what = ""): string {
  return notice
    ? `${done} The traveller was not e-mailed. ${notice}`
    : `${done} The traveller was e-mailed${what}.`;
}
