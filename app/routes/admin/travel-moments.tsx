import { MomentList } from "~/components/admin/moment-list";
import { adminMomentList } from "~/server/catalogue/admin-lists.server";
import { getDb } from "~/server/platform/db.server";
import type { Route } from "./+types/travel-moments";

export async function loader() {
  return { moments: await adminMomentList(getDb()) };
}

export function meta() {
  return [{ title: "Travel Moments · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTravelMoments({ loaderData }: Route.ComponentProps) {
  return <MomentList moments={loaderData.moments} />;
}
