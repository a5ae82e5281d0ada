import { InsightsScreen } from "~/components/admin/insights-screen";
import { loadInsights } from "~/server/leads/insights.server";
import { getDb } from "~/server/platform/db.server";
import { getSite } from "~/server/platform/runtime.server";
import type { Route } from "./+types/insights";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Insights · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  return { insights: await loadInsights(getDb(), getSite()) };
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return <InsightsScreen insights={loaderData.insights} />;
}
