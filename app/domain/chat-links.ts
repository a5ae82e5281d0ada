import { departurePrice, departureStatus } from "./departures";
import type { Package } from "./schemas";
import type { SiteConfig } from "./site";
import { ENQUIRY_TEXTS } from "./site-content";
import { formatDates, todayIn, upcomingDepartures } from "./trip-facts";
import { packageEnquiryText, whatsappLink } from "./whatsapp";

/*
 * Book Now and WhatsApp buttons point at the app's own /whatsapp routes, which count
 * the click and redirect to the chat link with the same prefilled text as before.
 */
export type ChatTopic = keyof typeof ENQUIRY_TEXTS;

export const CHAT_TOPICS = Object.keys(ENQUIRY_TEXTS) as ChatTopic[];

export function isChatTopic(value: string | null | undefined): value is ChatTopic {
  return typeof value === "string" && (CHAT_TOPICS as string[]).includes(value);
}

/** The general chat; `topic` picks the prefilled text (flights, hotels). */
export function chatPath(topic: ChatTopic = "bookNow"): string {
  return topic === "bookNow" ? "/whatsapp" : `/whatsapp?topic=${topic}`;
}

/** A package's chat; `departure` (YYYY-MM-DD) names one of its dates in the text. */
export function packageChatPath(id: string, departure?: string): string {
  return departure ? `/whatsapp/${id}?departure=${departure}` : `/whatsapp/${id}`;
}

/**
 * The chat a Book Now of this package opens (/whatsapp/{id} redirects here): the text
 * names the package, and the departure's dates and fare when `startDate` is one still bookable.
 */
export function packageChatLink(
  pkg: Package,
  site: SiteConfig,
  startDate?: string | null,
  today: string = todayIn(site.timeZone),
): string {
  const d = startDate
    ? upcomingDepartures(pkg.departures, today).find(
        (x) => x.start_date === startDate && departureStatus(x, today) !== "sold_out",
      )
    : undefined;
  if (!d) return whatsappLink(site.whatsapp, packageEnquiryText(pkg.title, pkg.price || undefined));
  const price = departurePrice(d) ?? pkg.price;
  return whatsappLink(
    site.whatsapp,
    packageEnquiryText(pkg.title, price || undefined, formatDates(d.start_date, d.end_date)),
  );
}
