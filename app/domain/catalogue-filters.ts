/**
 * Narrowing a public list down (destination, month of travel, price, duration), sorting
 * and paging, all as URL parameters of a GET form. Parsing here is syntactic (what a value may
 * look like); which destinations and months exist is the server's business.
 */

import type { PackageCardView } from "./site-views";

export const PAGE_SIZE = 12;

export interface FilterOption {
  id: string;
  label: string;
}

/** What a list page shows for a query: one page of cards and the choices its filters offer. */
export interface ListPage {
  items: PackageCardView[];
  /** Packages matching the filters, on every page. */
  total: number;
  page: number;
  pageCount: number;
  destinations: FilterOption[];
  months: FilterOption[];
}

export interface Band {
  id: string;
  label: string;
  min: number;
  /** Exclusive upper bound; none for the last band. */
  max?: number;
}

/** Price bands on the number of the package's "from" price (the catalogue's currency). */
export const PRICE_BANDS: readonly Band[] = [
  { id: "under-20000", label: "Under 20,000", min: 0, max: 20_000 },
  { id: "20000-50000", label: "20,000 – 50,000", min: 20_000, max: 50_000 },
  { id: "50000-100000", label: "50,000 – 100,000", min: 50_000, max: 100_000 },
  { id: "over-100000", label: "Over 100,000", min: 100_000 },
];

export const DURATION_BANDS: readonly Band[] = [
  { id: "1-3", label: "1–3 days", min: 1, max: 4 },
  { id: "4-7", label: "4–7 days", min: 4, max: 8 },
  { id: "8-14", label: "8–14 days", min: 8, max: 15 },
  { id: "15-plus", label: "15 days or more", min: 15 },
];

export const SORTS = [
  { id: "recommended", label: "Recommended" },
  { id: "price-asc", label: "Price: low to high" },
  { id: "price-desc", label: "Price: high to low" },
  { id: "departure", label: "Next departure" },
] as const;
export type SortId = (typeof SORTS)[number]["id"];

export interface ListQuery {
  destination?: string;
  /** YYYY-MM */
  month?: string;
  price?: string;
  duration?: string;
  sort: SortId;
  page: number;
}

/** The parameters a list page reads, in the one order its URLs use. */
export const LIST_PARAMS = ["destination", "month", "price", "duration", "sort", "page"] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/** Unknown or malformed values are ignored (never an error): the list shows unfiltered. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const value = (name: string) => params.get(name)?.trim() ?? "";
  const destination = value("destination");
  const month = value("month");
  const price = value("price");
  const duration = value("duration");
  const sort = value("sort");
  const page = /^\d{1,5}$/.test(value("page")) ? Number(value("page")) : 1;
  return {
    ...(destination.length <= 60 && SLUG.test(destination) ? { destination } : {}),
    ...(MONTH.test(month) ? { month } : {}),
    ...(PRICE_BANDS.some((b) => b.id === price) ? { price } : {}),
    ...(DURATION_BANDS.some((b) => b.id === duration) ? { duration } : {}),
    sort: SORTS.find((s) => s.id === sort)?.id ?? "recommended",
    page: Math.max(page, 1),
  };
}

/** The canonical query string ("" for the unfiltered first page): defaults left out. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.destination) params.set("destination", query.destination);
  if (query.month) params.set("month", query.month);
  if (query.price) params.set("price", query.price);
  if (query.duration) params.set("duration", query.duration);
  if (query.sort !== "recommended") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function isFiltered(query: ListQuery): boolean {
  return Boolean(query.destination || query.month || query.price || query.duration);
}

export function inBand(bands: readonly Band[], id: string | undefined, n: number | undefined) {
  const band = bands.find((b) => b.id === id);
  if (!band) return true;
  return n !== undefined && n >= band.min && (band.max === undefined || n < band.max);
}

/** "Le Morne, Mauritius" → "Mauritius": the country or region travellers choose by. */
export function destinationLabel(location: string): string {
  const parts = location
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1) ?? "";
}

export function destinationId(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** "7 Days / 6 Nights" → 7; "3 nights" → 4 days; undefined when nothing is countable. */
export function durationDays(text: string): number | undefined {
  const days = /(\d+)\s*day/i.exec(text);
  if (days) return Number(days[1]);
  const nights = /(\d+)\s*night/i.exec(text);
  return nights ? Number(nights[1]) + 1 : undefined;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_WORD = `(${MONTHS.join("|")}|${MONTHS.map((m) => m.slice(0, 3)).join("|")})`;

const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.toLowerCase()));
const ym = (year: number, month: number) => `${year}-${String(month + 1).padStart(2, "0")}`;

/** Every month from one (year, month) to another, both included. */
function monthsBetween(fromYear: number, from: number, toYear: number, to: number): string[] {
  const out: string[] = [];
  for (let y = fromYear, m = from; y < toYear || (y === toYear && m <= to);) {
    out.push(ym(y, m));
    m += 1;
    if (m === 12) [y, m] = [y + 1, 0];
    if (out.length > 36) break;
  }
  return out;
}

/**
 * The months a free-text travel period covers, when it can be read: "June 2027",
 * "14 – 19 June 2027", "April – October 2027", "November 2027 – April 2028". Texts without a
 * year ("Year-round") cannot be filtered by month and give none.
 */
export function monthsOfTravelPeriod(text: string): string[] {
  const range = new RegExp(
    `${MONTH_WORD}\\s*(\\d{4})?\\s*[–-]\\s*(?:\\d{1,2}\\s+)?${MONTH_WORD}\\s+(\\d{4})`,
    "i",
  ).exec(text);
  if (range) {
    const from = monthIndex(range[1]!);
    const to = monthIndex(range[3]!);
    const toYear = Number(range[4]);
    const fromYear = range[2] ? Number(range[2]) : from <= to ? toYear : toYear - 1;
    return monthsBetween(fromYear, from, toYear, to);
  }
  const single = new RegExp(`${MONTH_WORD}\\s+(\\d{4})`, "i").exec(text);
  return single ? [ym(Number(single[2]), monthIndex(single[1]!))] : [];
}

/** "2027-06" → "June 2027". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  const name = MONTHS[Number(m) - 1] ?? "";
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}
