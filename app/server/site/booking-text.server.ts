import { translator, type Translate } from "~/domain/i18n/catalogues";
import { formatDate, formatDateRange } from "~/domain/i18n/format";
import { localizedPath, type Language } from "~/domain/i18n/languages";
import type { PaymentDue, PaymentSummary } from "~/domain/booking-payments";
import { BOOKING_LIMITS, type BookingPageDeparture, type BookingView } from "~/domain/bookings";
import { amountDueAtBooking, type DepositRule } from "~/domain/deposits";
import { formatMoney } from "~/domain/money";
import type { BookingFormText, BookingLine, BookingPageText } from "~/domain/site-views";
import { formatDates } from "~/domain/trip-facts";
import { dateLocale, dateTimeFormat } from "~/domain/intl";

/*
 * The booking pages' words in the page's language (decision 148), finished here: the browser gets
 * strings, never a catalogue or a formatter (decision 127). English says exactly what the pages
 * said before they had catalogues.
 */

export interface BookingPageLanguage {
  lang: Language;
  t: Translate;
  href(path: string): string;
}

/** The booking page's and waiting list's words; `departure` names the date, when there is one. */
export function bookingFormText(
  page: BookingPageLanguage,
  departureId: string,
  departure: BookingPageDeparture | null,
): BookingFormText {
  const { t, href } = page;
  return {
    action: href(`/book/${departureId}`),
    termsHref: href("/booking-terms"),
    tripsHref: href("/upcoming-trips"),
    heading: t("book.heading"),
    checkFields: t("book.checkFields"),
    honeypot: t("book.honeypot"),
    travellers: t("book.travellers"),
    adults: t("book.adults"),
    children: t("book.children"),
    leadName: t("book.leadName"),
    email: t("book.email"),
    phone: t("book.phone"),
    country: t("book.country"),
    otherTravellers: t("book.otherTravellers"),
    notes: t("book.notes"),
    acceptTerms: t("book.acceptTerms"),
    termsLink: t("book.termsLink"),
    sending: t("book.sending"),
    payDeposit: t("book.payDeposit"),
    payFull: t("book.payFull"),
    sendRequest: t("book.sendRequest"),
    dates: t("book.dates"),
    pricePerTraveller: t("book.pricePerTraveller"),
    seatsLeft: t("book.seatsLeft"),
    deposit: t("book.deposit"),
    balanceDue: t("book.balanceDue"),
    payment: t("book.payment"),
    fullWhenBooking: t("book.fullWhenBooking"),
    payNoteDeposit: t("book.payNoteDeposit"),
    payNoteFull: t("book.payNoteFull"),
    requestNote: t("book.requestNote"),
    backToTrip: t("book.backToTrip"),
    tooMany: departure ? t("book.tooMany", { count: departure.seatsLeft }) : "",
    sentHeading: t("book.sentHeading"),
    sentText: t("book.sentText"),
    soldOutHeading: t("book.soldOutHeading"),
    unavailableHeading: t("book.unavailableHeading"),
    soldOutText: departure
      ? t("book.soldOutText", { title: departure.packageTitle, dates: departure.dates })
      : "",
    unavailableText: t("book.unavailableText"),
    chooseAnother: t("book.chooseAnother"),
    otherDates: t("book.otherDates"),
    seeTrips: t("book.seeTrips"),
    chat: t("book.chat"),
    waitlistHeading: t("waitlist.heading"),
    waitlistText: t("waitlist.text"),
    waitlistName: t("waitlist.name"),
    waitlistJoin: t("waitlist.join"),
  };
}

/** The deposit rule in the page's words, for a date's currency. */
function depositRuleText(page: BookingPageLanguage, rule: DepositRule, currency: string): string {
  if (rule.type === "percent") return page.t("book.rule.percent", { value: rule.value });
  if (rule.type === "per_traveller")
    return page.t("book.rule.perTraveller", {
      amount: formatMoney(rule.value, currency, page.lang),
    });
  return page.t("book.rule.full");
}

/**
 * What the form says for each number of travellers the date can take (index 1 to the seats
 * left, at most 20): the total and, while payments are on (`deposit`), what is paid at booking.
 */
export function bookingLines(
  page: BookingPageLanguage,
  departure: BookingPageDeparture,
  deposit: { rule: DepositRule; today: string; startDate: string } | null,
): BookingLine[] {
  const { t, lang } = page;
  const money = (minor: number) => formatMoney(minor, departure.currency, lang);
  const most = Math.max(1, Math.min(BOOKING_LIMITS.travellers, departure.seatsLeft));
  const lines: BookingLine[] = [];
  for (let n = 0; n <= most; n++) {
    const travellers = Math.max(1, n);
    const due = deposit
      ? amountDueAtBooking({
          rule: deposit.rule,
          total: departure.unitAmount * travellers,
          travellers,
          startDate: deposit.startDate,
          today: deposit.today,
        })
      : null;
    const total = t("book.total", { count: n, amount: money(departure.unitAmount * n) });
    if (!deposit || !due) {
      lines.push({ total, pay: null, due: null, depositWhen: null, balanceDue: null });
      continue;
    }
    const balance = due.balanceDueOn
      ? t("book.balanceText", {
          amount: money(due.balance),
          date: formatDate(lang, due.balanceDueOn),
        })
      : null;
    lines.push({
      total,
      pay: due.kind,
      due:
        due.kind === "deposit"
          ? balance
            ? t("book.depositBalance", { amount: money(due.now), balance })
            : t("book.depositDue", { amount: money(due.now) })
          : t("book.paidInFullNow", { amount: money(due.now) }),
      depositWhen:
        due.kind === "deposit"
          ? t("book.depositWhen", { rule: depositRuleText(page, deposit.rule, departure.currency) })
          : null,
      balanceDue: due.balanceDueOn ? formatDate(lang, due.balanceDueOn) : null,
    });
  }
  return lines;
}

/** What the private page says after paying, leaving Checkout, or a refused payment. */
export type PaymentNotice =
  "paid" | "processing" | "failed" | "expired" | "unavailable" | "cancelled";

const ALERTS: ReadonlySet<PaymentNotice> = new Set(["failed", "expired", "unavailable"]);

function payLabel(t: Translate, due: PaymentDue): string {
  if (due.kind === "deposit") return t("bookingPage.payDeposit");
  if (due.kind === "balance") return t("bookingPage.payBalance");
  return t("bookingPage.payFull");
}

/**
 * The private booking page's words for one booking (or for none: the not-found text), its
 * payments and the note of a payment just made or refused.
 */
export function bookingPageText(
  page: BookingPageLanguage,
  site: { timeZone: string; phone: string; languages: readonly Language[] },
  input: {
    booking: BookingView | null;
    /** The trip's page in the page's language. */
    tripHref: string;
    payments: { summary: PaymentSummary; canPay: boolean } | null;
    notice: PaymentNotice | null;
  },
): BookingPageText {
  const { t, lang } = page;
  const b = input.booking;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  const dateIn = (day: string) => formatDate(lang, day);
  const summary = input.payments?.summary;
  const due = summary?.due ?? null;
  const travellers = b ? b.adults + b.children : 0;
  return {
    notFoundHeading: t("bookingPage.notFoundHeading"),
    notFoundText: t("bookingPage.notFoundText"),
    isNew: t("bookingPage.new"),
    notice: input.notice ? t(`bookingPage.notice.${input.notice}`) : null,
    noticeAlert: input.notice ? ALERTS.has(input.notice) : false,
    status: b ? t(`bookingStatus.${b.status}`) : "",
    next: b ? t(`bookingPage.next.${b.status}`) : "",
    hold:
      b && b.status === "requested" && b.holdExpiresAt
        ? t("bookingPage.holdUntil", {
            until: dateTimeFormat(dateLocale(lang), {
              dateStyle: "long",
              timeStyle: "short",
              timeZone: site.timeZone,
            }).format(new Date(b.holdExpiresAt)),
          })
        : null,
    reference: t("bookingPage.reference"),
    dates: t("bookingPage.dates"),
    datesValue: b ? formatDateRange(lang, b.startDate, b.endDate, formatDates) : "",
    travellers: t("bookingPage.travellers"),
    travellersValue: b
      ? [
          t("bookingPage.adults", { count: b.adults }),
          ...(b.children ? [t("bookingPage.children", { count: b.children })] : []),
        ].join(", ")
      : "",
    names: t("bookingPage.names"),
    namesLater:
      b && b.travellerNames.filter(Boolean).length < travellers ? t("bookingPage.namesLater") : "",
    total: t("bookingPage.total"),
    totalValue: b && b.totalAmount !== null ? money(b.totalAmount, b.currency) : null,
    aboutTrip: t("bookingPage.aboutTrip"),
    aboutTripHref: input.tripHref,
    questions: t("bookingPage.questions", { phone: site.phone }),
    quoting: b ? t("bookingPage.quoting", { reference: b.reference }) : "",
    paid: t("bookingPage.paid"),
    paidValue: summary
      ? `${money(summary.paid, summary.currency)}${summary.processing ? t("bookingPage.processing") : ""}`
      : "",
    due:
      summary && due
        ? {
            label:
              due.kind === "balance"
                ? t("bookingPage.balance")
                : due.kind === "deposit"
                  ? t("bookingPage.deposit")
                  : t("bookingPage.due"),
            value: due.dueOn
              ? t("book.balanceText", {
                  amount: money(due.amount, summary.currency),
                  date: dateIn(due.dueOn),
                })
              : t("bookingPage.dueNow", { amount: money(due.amount, summary.currency) }),
          }
        : null,
    later: summary?.later
      ? {
          label: t("bookingPage.balance"),
          value: t("book.balanceText", {
            amount: money(summary.later.amount, summary.currency),
            date: dateIn(summary.later.dueOn),
          }),
        }
      : null,
    payButton:
      input.payments?.canPay && summary && due
        ? t("bookingPage.payButton", {
            label: payLabel(t, due),
            amount: money(due.amount, summary.currency),
          })
        : null,
    payNote: t("bookingPage.payNote"),
    paymentLabel: t("bookingPage.paymentLabel"),
    sending: t("bookingPage.sending"),
  };
}

/** A booking page's language from the one a URL names (for links built outside a page). */
export function bookingPageLanguage(
  lang: Language,
  languages: readonly Language[],
): BookingPageLanguage {
  return { lang, t: translator(lang), href: (path) => localizedPath(path, lang, languages) };
}
