import { PackageTranslationForm } from "~/components/admin/translations/package-translation-form";
import { can } from "~/domain/permissions";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  MOMENT_TRANSLATION_KIND,
  momentTranslationScreen,
  momentTranslationTarget,
  translationScreen,
  translationTarget,
} from "~/server/catalogue/translation-screens.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { momentTranslationAction, translationAction } from "./translations.server";
import type { Route } from "./+types/translations";

/**
 * /admin/translations/{kind}/{id}/{lang}: a package's text in one more language (decision 139),
 * or a travel moment's (kind `moment`, decision 150).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const admin = adminFromContext(context);
  const mayPublish = can(admin.role, "content.publish");
  if (params.kind === MOMENT_TRANSLATION_KIND) {
    const target = momentTranslationTarget(site, params);
    return { screen: await momentTranslationScreen(db, site, target, undefined, { mayPublish }) };
  }
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
  const mayPublish = can(admin.role, "content.publish");
  if (params.kind === MOMENT_TRANSLATION_KIND) {
    return momentTranslationAction(db, request, {
      site,
      target: momentTranslationTarget(site, params),
      by: admin.id,
      mayPublish,
    });
  }
  return translationAction(db, request, {
    site,
    target: translationTarget(site, params),
    by: admin.id,
    mayPublish,
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
