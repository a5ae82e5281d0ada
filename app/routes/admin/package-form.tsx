import { PackageFormScreen } from "~/components/admin/package-form/package-form-screen";
import { formTitle } from "~/components/admin/package-form/form-texts";
import {
  loadPackageForm,
  packageFormTarget,
  submitPackageForm,
} from "~/server/catalogue/package-form.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/package-form";

/** /admin/new-{kind} and /admin/edit-{kind}/:id for the four kinds: one form, one action. */
export function loader({ pattern, params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return loadPackageForm(db, packageFormTarget(pattern, params.id), { site });
}

export function action(args: Route.ActionArgs) {
  const { db, media, site } = servicesFrom(args.context);
  return submitPackageForm(db, args, { media, site });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${formTitle(loaderData.kind, loaderData.mode)} · Admin` : "Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminPackageForm({ loaderData, actionData }: Route.ComponentProps) {
  return <PackageFormScreen form={loaderData} reply={actionData} />;
}
