import { allEnquiries } from "~/server/leads/enquiries.server";
import { enquiriesCsv } from "~/server/leads/enquiry-csv.server";
import { parseInboxQuery } from "~/server/leads/inbox.server";
import { getDb } from "~/server/platform/db.server";
import type { Route } from "./+types/enquiries-export";

/** The inbox's filtered list as CSV (behind the admin layout's guard). */
export async function loader({ request }: Route.LoaderArgs) {
  const { filter } = parseInboxQuery(new URL(request.url).searchParams);
  const csv = enquiriesCsv(await allEnquiries(getDb(), filter));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
