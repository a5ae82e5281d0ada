import { randomBytes } from "node:crypto";
import { travellerTitleSql } from "../catalogue/translations.server";
import { sql } from "kysely";
import { balanceDueOn } from "~/domain/payment-ledger";
import { todayIn } from "~/domain/trip-facts";
import { bookingLinkPath } from "../bookings/booking-mail.server";
import { hashToken } from "../bookings/bookings.server";
import { recordEvent } from "../events/events.server";
import { sendWithNotice, type MailContent, type Mailer } from "../mail/mailer.server";
import { formatDate } from "~/domain/i18n/format";
import type { Language } from "~/domain/i18n/languages";
import { mailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import type { Job } from "../platform/jobs.server";
import { loadLedger } from "./ledger.server";
import { loadDepositRule } from "./payments.server";

/*
 * The balance of a booking whose deposit is paid (decision 136). Its due day is the departure's
 * first day minus the company rule's days. The traveller is e-mailed a link to pay it 14 days
 * before that day and again 7 days before, each once (a column per reminder, set by the UPDATE
 * that sends it, so two instances never both send one). Only a hash of the private link is kept,
 * so each reminder carries a new link and the older one stops working, as "Resend link" does.
 * After the due day an unpaid balance flags the booking for the team; it is never cancelled.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The inbox's balance filters' clock: the company's day and the deposit rule's days. */
export async function balanceClock(
  db: Db,
  timeZone: string,
  now: Date = new Date(),
): Promise<{ today: string; balanceDueDays: number }> {
  const { balanceDueDays } = await loadDepositRule(db);
  return { today: todayIn(timeZone, now), balanceDueDays };
}

export interface BalanceJobOptions {
  mailer: Mailer;
  /** The site and its languages: a reminder is in the booking's language (decision 148). */
  site: MailSite & { timeZone: string; languages: readonly Language[] };
}

/** The traveller's balance reminder, in the language they booked in (decision 148). */
export function balanceReminderMail(
  site: MailSite & { languages: readonly Language[] },
  b: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
    /** Minor units of `currency`. */
    due: number;
    currency: string;
    dueOn: string;
    token: string;
    language: string | null;
  },
): MailContent {
  const voice = mailVoice(site, b.language);
  const { t } = voice;
  const amount = voice.money(b.due, b.currency);
  const date = formatDate(voice.lang, b.dueOn);
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.balance.subject", { reference: b.reference, amount, date }),
    lines: [
      t("mail.hello", { name: b.leadName }),
      t("mail.balance.text", {
        title: b.packageTitle,
        dates: voice.dates(b.startDate, b.endDate),
        amount,
        date,
      }),
      t("mail.balance.where"),
    ],
    action: t("mail.balance.action"),
    path: voice.href(bookingLinkPath(b.reference, b.token)),
    validity: t("mail.balance.validity"),
    footer: t("mail.balance.footer"),
  });
}

/**
 * Sends the reminders due today (in the company's time zone): the 7-day one from 7 days before
 * the due day, else the 14-day one from 14 days before; a booking first seen inside 7 days gets
 * only the 7-day one. Returns how many went out.
 */
export async function remindBalances(
  db: Db,
  now: Date,
  options: BalanceJobOptions,
): Promise<number> {
  const today = todayIn(options.site.timeZone, now);
  const { balanceDueDays } = await loadDepositRule(db);
  const dueDay = sql<string>`(d.start_date - ${balanceDueDays}::int)`;
  const candidates = await db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "b.id",
      "b.reference",
      "b.lead_name",
      "b.email",
      "b.balance_reminded_14_at",
      "b.balance_reminded_7_at",
      "b.language",
      // A reminder to the traveller alone: the title in their language (decision 155).
      travellerTitleSql(sql.ref("b.language")).as("title"),
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
    ])
    .where("b.status", "=", "deposit_paid")
    .where("b.balance_reminded_7_at", "is", null)
    .where(sql<boolean>`${dueDay} - 14 <= ${today}::date`)
    .where(sql<boolean>`${today}::date <= ${dueDay}`)
    .orderBy("d.start_date")
    .limit(200)
    .execute();
  let sent = 0;
  for (const c of candidates) {
    const dueOn = balanceDueOn(c.start_date, balanceDueDays);
    const stage = today >= balanceDueOn(dueOn, 7) ? 7 : 14;
    if (stage === 14 && c.balance_reminded_14_at) continue;
    const ledger = await loadLedger(db, c.id);
    if (!ledger || ledger.due <= 0) continue;
    const token = randomBytes(32).toString("base64url");
    const claimed = await inTransaction(db, async (trx) => {
      const column = stage === 7 ? "balance_reminded_7_at" : "balance_reminded_14_at";
      const row = await trx
        .updateTable("bookings")
        .set({
          token_hash: hashToken(token),
          // The 7-day reminder also stands for a 14-day one never sent: it is not sent later.
          ...(stage === 7
            ? {
                balance_reminded_7_at: now,
                balance_reminded_14_at: sql`coalesce(balance_reminded_14_at, ${now})`,
              }
            : { balance_reminded_14_at: now }),
          updated_at: sql`now()`,
        })
        .where("id", "=", c.id)
        .where("status", "=", "deposit_paid")
        .where(column, "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      await recordEvent(trx, {
        type: "payment.balance_reminded",
        adminId: null,
        details: { reference: c.reference, days: stage, due: ledger.due, dueOn },
      });
      return true;
    });
    if (!claimed) continue;
    sent++;
    await sendWithNotice(
      options.mailer,
      {
        to: c.email,
        ...balanceReminderMail(options.site, {
          reference: c.reference,
          leadName: c.lead_name,
          packageTitle: c.title,
          startDate: c.start_date,
          endDate: c.end_date,
          due: ledger.due,
          currency: ledger.currency,
          dueOn,
          token,
          language: c.language,
        }),
      },
      "payments: a balance reminder was not sent",
      { reference: c.reference },
    );
  }
  return sent;
}

/**
 * Flags each booking whose balance is still unpaid after its due day (once: balance_overdue_at),
 * keeping any flag it already has. It stays booked: the team decides.
 */
export async function flagOverdueBalances(db: Db, now: Date, timeZone: string): Promise<number> {
  const today = todayIn(timeZone, now);
  const { balanceDueDays } = await loadDepositRule(db);
  const overdue = (trx: Db) =>
    trx
      .selectFrom("bookings as b")
      .innerJoin("departures as d", "d.id", "b.departure_id")
      .select("b.id")
      .where("b.status", "=", "deposit_paid")
      .where("b.balance_overdue_at", "is", null)
      .where(sql<boolean>`(d.start_date - ${balanceDueDays}::int) < ${today}::date`);
  return inTransaction(db, async (trx) => {
    if (!(await overdue(trx).limit(1).executeTakeFirst())) return 0;
    const rows = await trx
      .updateTable("bookings")
      .set({
        balance_overdue_at: now,
        payment_flag: sql`coalesce(payment_flag, ${"The balance was not paid by its due day: contact the traveller."})`,
        updated_at: sql`now()`,
      })
      .where("id", "in", overdue(trx))
      .where("balance_overdue_at", "is", null)
      .returning(["reference"])
      .execute();
    for (const row of rows) {
      await recordEvent(trx, {
        type: "payment.balance_overdue",
        adminId: null,
        details: { reference: row.reference },
      });
    }
    return rows.length;
  });
}

/** The runner's balance jobs (payments on only): reminders and the overdue flag, hourly. */
export function balanceJobs(options: BalanceJobOptions): Job[] {
  return [
    {
      name: "payment-balance-reminders",
      everyMs: HOUR_MS,
      run: ({ db, now }) => remindBalances(db, now, options),
    },
    {
      name: "payment-balance-overdue",
      everyMs: HOUR_MS,
      run: ({ db, now }) => flagOverdueBalances(db, now, options.site.timeZone),
    },
  ];
}
