import { InsightsScreen } from "~/components/admin/insights-screen";
import { servicesFrom } from "~/server/http/services-context.server";
import { loadInsights } from "~/server/leads/insights.server";
import { loadBookingInsights } from "~/server/payments/booking-insights.server";
import type { Route } from "./+types/insights";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Insights · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return {
    insights: await loadInsights(db, site),
    weekly: await loadBookingInsights(db, site),
  };
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return <InsightsScreen insights={loaderData.insights} weekly={loaderData.weekly} />;
}
