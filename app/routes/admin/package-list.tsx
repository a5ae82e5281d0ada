import { data } from "react-router";
import { kindInfo } from "~/domain/package-kinds";
import { PackageList } from "~/components/admin/package-list";
import { kindForListPath, adminPackageList } from "~/server/catalogue/admin-lists.server";
import { getDb } from "~/server/platform/db.server";
import type { Route } from "./+types/package-list";

/** /admin/dashboard, /admin/discovery, /admin/exclusive and /admin/local: one screen, four kinds. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const info = kindForListPath(url.pathname);
  if (!info) throw data("Not found", { status: 404 });
  const { query, packages } = await adminPackageList(getDb(), info.kind, url.searchParams);
  return { kind: info.kind, query, packages };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${kindInfo(loaderData.kind).admin.title} · Admin` : "Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminPackageList({ loaderData }: Route.ComponentProps) {
  return (
    <PackageList kind={loaderData.kind} query={loaderData.query} packages={loaderData.packages} />
  );
}
