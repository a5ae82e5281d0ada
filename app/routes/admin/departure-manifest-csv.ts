import { data } from "react-router";
import { todayIn } from "~/domain/trip-facts";
import { getDepartureManifest, manifestCsv } from "~/server/bookings/manifest.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/departure-manifest-csv";

/** A departure's manifest as CSV, one line per traveller (behind the admin layout's guard). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const manifest = await getDepartureManifest(db, params.id, {
    today: todayIn(site.timeZone),
    limitedSeats: site.limitedSeats,
  });
  if (!manifest) throw data("This departure does not exist.", 404);
  return new Response(manifestCsv(manifest), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="manifest-${manifest.startDate}-${manifest.id.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
