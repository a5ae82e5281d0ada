import { servicesFrom } from "~/server/http/services-context.server";
import { allEnquiries } from "~/server/leads/enquiries.server";
import { enquiriesCsv } from "~/server/leads/enquiry-csv.server";
import { parseInboxQuery } from "~/server/leads/inbox.server";
import type { Route } from "./+types/enquiries-export";

/** The inbox's filtered list as CSV (behind the admin layout's guard). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  const { filter } = parseInboxQuery(new URL(request.url).searchParams);
  const csv = enquiriesCsv(await allEnquiries(db, filter));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
