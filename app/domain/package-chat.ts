import { departurePrice, departureStatus } from "./departures";
import type { Package } from "./schemas";
import type { SiteConfig } from "./site";
import { formatDates, todayIn, upcomingDepartures } from "./trip-facts";
import { packageEnquiryText, whatsappLink } from "./whatsapp";

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
