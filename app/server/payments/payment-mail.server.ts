import { sql } from "kysely";
import { travellerTitleSql } from "../catalogue/translations.server";
import { formatMoney } from "~/domain/money";
import { formatDates, formatDay } from "~/domain/trip-facts";
import { daysBefore } from "~/domain/deposits";
import type { MailContent, Mailer } from "../mail/mailer.server";
import { formatDate } from "~/domain/i18n/format";
import type { Language } from "~/domain/i18n/languages";
import { languageLine, mailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { DEFAULT_TICK_MS, type Job } from "../platform/jobs.server";
import { log } from "../platform/log.server";
import { loadDepositRule } from "./payments.server";

/*
 * The receipt of a card payment to the traveller and a notice to the team (decision 133), sent by
 * a job once the webhook has marked the payment paid: the webhook answers Stripe fast and a slow
 * or failing mail server never makes Stripe retry. A payment is claimed by setting
 * `receipt_sent_at` in the same UPDATE that picks it, so a replayed event, two ticks or two
 * instances never send twice. A mail that fails is logged and not retried (like the hold
 * reminders): the payment shows on the private page and in the back office all the same.
 */

export interface PaidPayment {
  reference: string;
  leadName: string;
  email: string;
  packageTitle: string;
  startDate: string;
  endDate: string | null;
  kind: "deposit" | "balance" | "full";
  amount: string;
  /** What remains after this payment, formatted, or null when the booking is paid in full. */
  balance: string | null;
  /** The day the balance is due, formatted, when one remains. */
  balanceDueOn: string | null;
  /** The amounts in minor units of `currency` and the due day, for the traveller's language. */
  amountMinor: number;
  balanceMinor: number | null;
  balanceDueDay: string | null;
  currency: string;
  /** The language the traveller booked in (decision 148); null: the default. */
  language: string | null;
}

const KIND_TEXT = { deposit: "deposit", balance: "balance", full: "payment in full" } as const;

type LanguageSite = MailSite & { languages: readonly Language[] };

/** The traveller's receipt, in the language they booked in (decision 148). */
export function paymentReceiptMail(site: LanguageSite, paid: PaidPayment): MailContent {
  const voice = mailVoice(site, paid.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.receipt.subject", { reference: paid.reference }),
    lines: [
      t("mail.hello", { name: paid.leadName }),
      t("mail.receipt.thanks", {
        kind: t(`mail.receipt.kind.${paid.kind}`),
        amount: voice.money(paid.amountMinor, paid.currency),
        title: paid.packageTitle,
        dates: voice.dates(paid.startDate, paid.endDate),
      }),
      t("mail.receipt.reference", { reference: paid.reference }),
      paid.balanceMinor !== null && paid.balanceDueDay
        ? t("mail.receipt.balance", {
            amount: voice.money(paid.balanceMinor, paid.currency),
            date: formatDate(voice.lang, paid.balanceDueDay),
          })
        : t("mail.receipt.paidInFull"),
    ],
    action: t("mail.contactUs"),
    path: voice.href("/contact"),
    validity: t("mail.holdEnding.validity"),
    footer: t("mail.receipt.footer"),
  });
}

/** The team's notice of the same payment: it names the traveller's language. */
export function paymentNoticeMail(site: LanguageSite, paid: PaidPayment): MailContent {
  return linkMessage(site, {
    subject: `Payment received: ${paid.reference}, ${paid.amount}`,
    lines: [
      `${paid.leadName} paid the ${KIND_TEXT[paid.kind]} of ${paid.amount} for "${paid.packageTitle}", ${formatDates(paid.startDate, paid.endDate)}.`,
      `Reference: ${paid.reference}`,
      paid.balance && paid.balanceDueOn
        ? `Balance: ${paid.balance}, due by ${paid.balanceDueOn}`
        : "The booking is paid in full.",
      languageLine(site, paid.language),
    ],
    action: "Open the booking in the back office",
    path: `/admin/bookings/${paid.reference}`,
    validity: `Replying to this e-mail writes to ${paid.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}

export interface ReceiptOptions {
  mailer: Mailer;
  /** The site and its languages: the receipt is in the booking's language (decision 148). */
  site: LanguageSite;
  /** ENQUIRY_NOTIFY_TO, else the site's e-mail. */
  notifyTo: string;
}

/** Claims the paid card payments whose receipts have not gone, then e-mails each; how many. */
export async function sendPaymentReceipts(db: Db, options: ReceiptOptions): Promise<number> {
  const claimed = await inTransaction(db, async (trx) => {
    const due = (q: Db) =>
      q
        .selectFrom("payments")
        .select("id")
        .where("status", "=", "paid")
        .where("method", "=", "card")
        .where("receipt_sent_at", "is", null);
    if (!(await due(trx).limit(1).executeTakeFirst())) return [];
    return (
      trx
        .updateTable("payments as pay")
        .set({ receipt_sent_at: sql`now()` })
        .from("bookings as b")
        .innerJoin("departures as d", "d.id", "b.departure_id")
        .innerJoin("packages as p", "p.id", "d.package_id")
        .whereRef("b.id", "=", "pay.booking_id")
        .where("pay.id", "in", due(trx))
        // Another instance may have claimed it meanwhile: the row lock makes this re-checked.
        .where("pay.receipt_sent_at", "is", null)
        .returning([
          "pay.id",
          "pay.booking_id",
          "pay.kind",
          "pay.amount",
          "pay.currency",
          "b.reference",
          "b.lead_name",
          "b.email",
          "b.total_amount",
          "b.language",
          "p.title",
          travellerTitleSql(sql.ref("b.language")).as("traveller_title"),
          sql<string>`d.start_date::text`.as("start_date"),
          sql<string | null>`d.end_date::text`.as("end_date"),
        ])
        .execute()
    );
  });
  if (claimed.length === 0) return 0;
  const rule = await loadDepositRule(db);
  for (const row of claimed) {
    const paidSoFar = await db
      .selectFrom("payments")
      .select(sql<string>`coalesce(sum(amount), 0)`.as("sum"))
      .where("booking_id", "=", row.booking_id)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    const remaining = Number(row.total_amount ?? 0) - Number(paidSoFar.sum);
    const paid: PaidPayment = {
      reference: row.reference,
      leadName: row.lead_name,
      email: row.email,
      packageTitle: row.title,
      startDate: row.start_date,
      endDate: row.end_date,
      kind: row.kind,
      amount: formatMoney(Number(row.amount), row.currency),
      balance: remaining > 0 ? formatMoney(remaining, row.currency) : null,
      balanceDueOn:
        remaining > 0 ? formatDay(daysBefore(row.start_date, rule.balanceDueDays)) : null,
      amountMinor: Number(row.amount),
      balanceMinor: remaining > 0 ? remaining : null,
      balanceDueDay: remaining > 0 ? daysBefore(row.start_date, rule.balanceDueDays) : null,
      currency: row.currency,
      language: row.language,
    };
    const toTraveller = await options.mailer.send({
      to: paid.email,
      ...paymentReceiptMail(options.site, { ...paid, packageTitle: row.traveller_title }),
    });
    const toTeam = await options.mailer.send({
      to: options.notifyTo,
      replyTo: paid.email,
      ...paymentNoticeMail(options.site, paid),
    });
    if (toTraveller.status === "failed" || toTeam.status === "failed")
      log("error", "payment: a receipt or notice was not sent", { reference: paid.reference });
  }
  return claimed.length;
}

/** The receipts job: every tick, so a receipt follows its payment within seconds. */
export function paymentReceiptJob(options: ReceiptOptions, tickMs = DEFAULT_TICK_MS): Job {
  return {
    name: "payments.receipts",
    everyMs: tickMs,
    run: ({ db }) => sendPaymentReceipts(db, options),
  };
}
