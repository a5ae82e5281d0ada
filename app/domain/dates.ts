/** "25 Nov 2026, 14:05": in the company's time zone, rendered on the server (no hydration drift). */
import { dateTimeFormat } from "./intl";
export function formatReceived(date: Date, timeZone: string): string {
  return dateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}
