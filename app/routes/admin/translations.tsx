import { PackageTranslationForm } from "~/components/admin/translations/package-translation-form";
import { can } from "~/domain/permissions";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  translationScreen,
  translationTarget,
} from "~/server/catalogue/translation-screens.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { translationAction } from "./translations.server";
import type { Route } from "./+types/translations";

/** /admin/translations/{kind}/{id}/{lang}: a package's text in one more language (decision 139). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const admin = adminFromContext(context);
  const mayPublish = can(admin.role, "content.publish");
  return {
    screen: await translationScreen(db, site, translationTarget(site, params), undefined, {
      mayPublish,
      adminId: admin.id,
    }),
  };
}

export function action({ request, params, context }: Route.ActionArgs) {
  const { db, site } = servicesFrom(context);
  const admin = adminFromContext(context);
  return translationAction(db, request, {
    site,
    target: translationTarget(site, params),
    by: admin.id,
    mayPublish: can(admin.role, "content.publish"),
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? `${loaderData.screen.langName}: ${loaderData.screen.title} · Admin`
    : "Translation · Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminTranslation({ loaderData, actionData }: Route.ComponentProps) {
  return <PackageTranslationForm screen={actionData?.screen ?? loaderData.screen} />;
}
