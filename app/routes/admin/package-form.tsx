import { PackageFormScreen } from "~/components/admin/package-form/package-form-screen";
import { formTitle } from "~/components/admin/package-form/form-texts";
import { TranslationBadges } from "~/components/admin/translations/translation-badges";
import { kindInfo } from "~/domain/package-kinds";
import { can } from "~/domain/permissions";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  loadPackageForm,
  packageFormTarget,
  submitPackageForm,
} from "~/server/catalogue/package-form.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { loadDepositRule } from "~/server/payments/payments.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { translationBadges } from "~/server/catalogue/translation-screens.server";
import type { Route } from "./+types/package-form";

/** /admin/new-{kind} and /admin/edit-{kind}/:id for the four kinds: one form, one action. */
export async function loader({ pattern, params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const target = packageFormTarget(pattern, params.id);
  const mayPublish = can(adminFromContext(context).role, "content.publish");
  // The company's deposit rule, named in the Deposit fieldset's "Company default" choice.
  const companyDeposit = await loadDepositRule(db);
  const form = await loadPackageForm(db, target, { site, companyDeposit }, mayPublish);
  // The package's other languages, each with how much is done (decision 139).
  const translations = form.id
    ? ((await translationBadges(db, site, target.kind, [form.id])).get(form.id) ?? [])
    : [];
  return { ...form, translations };
}

/** Saved: back to the list with a flash message; otherwise the form with what went wrong. */
export async function action({ request, pattern, params, context }: Route.ActionArgs) {
  const { db, media, site } = servicesFrom(context);
  const target = packageFormTarget(pattern, params.id);
  // The body stays a stream: files go to storage as they arrive.
  const upload = { headers: request.headers, body: request.body };
  const admin = adminFromContext(context);
  const mayPublish = can(admin.role, "content.publish");
  const outcome = await submitPackageForm(
    db,
    { target, upload, by: admin.id, mayPublish },
    { media, site },
  );
  if (!("saved" in outcome)) return outcome;
  return redirectWithToast(request, kindInfo(target.kind).admin.listPath, {
    type: "success",
    message: outcome.saved,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${formTitle(loaderData.kind, loaderData.mode)} · Admin` : "Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminPackageForm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PackageFormScreen
      form={loaderData}
      reply={actionData}
      languages={<TranslationBadges badges={loaderData.translations} />}
    />
  );
}
