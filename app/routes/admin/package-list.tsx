import { PackageList } from "~/components/admin/package-list";
import { kindInfo } from "~/domain/package-kinds";
import { adminListAction, adminPackageList } from "~/server/catalogue/admin-lists.server";
import { getDb } from "~/server/platform/db.server";
import type { Route } from "./+types/package-list";

/** /admin/dashboard, /admin/discovery, /admin/exclusive and /admin/local: one screen, four kinds. */
export function loader(args: Route.LoaderArgs) {
  return adminPackageList(getDb(), args);
}

/** Publish, unpublish, delete, reorder (drag and drop) and move (no JavaScript). */
export function action(args: Route.ActionArgs) {
  return adminListAction(getDb(), args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${kindInfo(loaderData.kind).admin.title} · Admin` : "Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminPackageList({ loaderData, actionData }: Route.ComponentProps) {
  return <PackageList list={loaderData} reply={actionData} />;
}
