import { recordEvent } from "~/server/events/events.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { allEnquiries } from "~/server/leads/enquiries.server";
import { enquiriesCsv } from "~/server/leads/enquiry-csv.server";
import { parseInboxQuery } from "~/server/leads/inbox.server";
import type { Route } from "./+types/enquiries-export";

/** The inbox's filtered list as CSV (behind the admin layout's guard). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  const { filter } = parseInboxQuery(new URL(request.url).searchParams);
  const rows = await allEnquiries(db, filter);
  const csv = enquiriesCsv(rows);
  // An export of personal data is recorded: who took it, how many rows, with which filter.
  await recordEvent(db, {
    type: "enquiry.exported",
    details: { count: rows.length, filter: new URL(request.url).search.slice(0, 200) },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
