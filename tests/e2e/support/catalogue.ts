import type { APIRequestContext } from "@playwright/test";

const KINDS = {
  trip: { api: "/api/trips", detail: "/package/" },
  exclusive: { api: "/api/exclusive-packages", detail: "/exclusive/" },
  local: { api: "/api/local", detail: "/local-package/" },
  discovery: { api: "/api/discovery", detail: "/package/" },
} as const;

interface ApiPackage {
  id: string;
  status: string;
  images: string[];
  itinerary: unknown[];
  highlights: string[];
}

/**
 * The detail path of a published package with a full page (several photos, highlights, an
 * itinerary). The e2e database is shared: admin specs publish bare packages that sort first in
 * the lists, so "the first card" is not a stable choice for tests of the detail screen.
 */
export async function fullDetailPath(
  request: APIRequestContext,
  kind: keyof typeof KINDS = "trip",
): Promise<string> {
  const { api, detail } = KINDS[kind];
  const response = await request.get(api);
  if (!response.ok()) throw new Error(`${api} answered ${response.status()}`);
  const list = (await response.json()) as ApiPackage[];
  // A signed-in request also lists drafts (other specs make drafts with full pages): skip them.
  const full = list.find(
    (p) =>
      p.status === "published" &&
      p.images.length > 1 &&
      p.itinerary.length > 0 &&
      p.highlights.length > 0,
  );
  if (!full) throw new Error(`no published ${kind} with photos, highlights and an itinerary`);
  return detail + full.id;
}

export interface ApiDeparture {
  id: string;
  seats_left: number | null;
  price_amount: number | null;
  status: string;
}

/**
 * A published trip's page and one of its dates that still sells with room for `seats`. A
 * signed-in request also lists drafts, whose dates cannot be booked: they are skipped.
 */
export async function bookableDate(
  request: APIRequestContext,
  seats: number,
): Promise<{ detail: string; departure: ApiDeparture }> {
  const list = (await (await request.get("/api/trips")).json()) as {
    id: string;
    status: string;
    departures: ApiDeparture[];
  }[];
  for (const pkg of list) {
    if (pkg.status !== "published") continue;
    const d = pkg.departures.find(
      (x) =>
        x.price_amount !== null &&
        (x.seats_left ?? 0) >= seats &&
        (x.status === "available" || x.status === "limited"),
    );
    if (d) return { detail: `/package/${pkg.id}`, departure: d };
  }
  throw new Error("no trip date left to book");
}
