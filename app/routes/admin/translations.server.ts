import { data } from "react-router";
import type { Language } from "~/domain/i18n/languages";
import type { PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import {
  momentTranslationScreen,
  translationScreen,
} from "~/server/catalogue/translation-screens.server";
import {
  DISCARD_TRANSLATION_INTENT,
  discardTranslationProposal,
  SUBMIT_TRANSLATION_INTENT,
} from "~/server/catalogue/translation-proposals.server";
import {
  saveMomentTranslation,
  savePackageTranslation,
} from "~/server/catalogue/translations.server";
import { redirectWithToast } from "~/server/http/flash.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";

/*
 * The glue of the translation form's POST (decision 139): read the form's text fields once, call
 * the service with plain values, answer a redirect with a flash, or the screen again with the
 * typed values and what was refused (422, nothing stored).
 */

/** The form's text fields by name; files and repeated names are not part of this form. */
async function textFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

export async function translationAction(
  db: Db,
  request: Request,
  {
    site,
    target,
    by,
    mayPublish,
  }: {
    site: SiteConfig;
    target: { kind: PackageKind; id: string; lang: Language };
    by: string;
    /** False for a role without content.publish: its save may be a pending one (decision 146). */
    mayPublish: boolean;
  },
) {
  const fields = await textFields(request);
  const intent = fields.intent;
  const view = { mayPublish, adminId: by };
  if (intent === DISCARD_TRANSLATION_INTENT) {
    try {
      const message = await discardTranslationProposal(db, { ...target, by });
      const screen = await translationScreen(db, site, target);
      return redirectWithToast(request, screen.action, { type: "success", message });
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      const screen = await translationScreen(db, site, target, undefined, view);
      return data({ screen: { ...screen, errors: [error.message] } }, { status: error.status });
    }
  }
  const outcome = await savePackageTranslation(
    db,
    { ...target, fields, by, submit: intent === SUBMIT_TRANSLATION_INTENT },
    { languages: site.languages, mayPublish },
  );
  if (outcome.ok && "proposed" in outcome) {
    const screen = await translationScreen(db, site, target);
    return redirectWithToast(request, screen.action, { type: "success", message: outcome.message });
  }
  if (outcome.ok) {
    const screen = await translationScreen(db, site, target);
    const where = outcome.appears
      ? `It appears on the ${screen.langName} site.`
      : outcome.translation.published
        ? `It appears on the ${screen.langName} site once its title and description are translated.`
        : `It is not published in ${screen.langName}: the ${screen.langName} site does not show it.`;
    return redirectWithToast(request, screen.action, {
      type: "success",
      message: `${screen.langName} translation of “${screen.title}” saved. ${where}`,
    });
  }
  if ("notFound" in outcome) throw data("That package does not exist.", { status: 404 });
  if ("refused" in outcome) {
    // The form again, its typed text kept, with the reason (nothing saved).
    const screen = await translationScreen(
      db,
      site,
      target,
      { values: outcome.values, errors: {}, message: outcome.refused },
      view,
    );
    return data({ screen }, { status: outcome.status });
  }
  const screen = await translationScreen(
    db,
    site,
    target,
    { values: outcome.values, errors: outcome.errors },
    view,
  );
  return data({ screen }, { status: 422 });
}

/** The POST of a travel moment's translation form (decision 150), the same way as a package's. */
export async function momentTranslationAction(
  db: Db,
  request: Request,
  {
    site,
    target,
    by,
    mayPublish,
  }: {
    site: SiteConfig;
    target: { id: string; lang: Language };
    by: string;
    /** False for a role without content.publish: moments have no drafts (decision 150). */
    mayPublish: boolean;
  },
) {
  const fields = await textFields(request);
  const outcome = await saveMomentTranslation(
    db,
    { ...target, fields, by },
    { languages: site.languages, mayPublish },
  );
  if (outcome.ok) {
    const screen = await momentTranslationScreen(db, site, target);
    const where = outcome.appears
      ? `It appears on the ${screen.langName} home page while the video is shown there.`
      : `It appears on the ${screen.langName} home page once its title is translated.`;
    return redirectWithToast(request, screen.action, {
      type: "success",
      message: `${screen.langName} translation of “${screen.title}” saved. ${where}`,
    });
  }
  if ("notFound" in outcome) throw data("That travel moment does not exist.", { status: 404 });
  const refused =
    "refused" in outcome
      ? { values: outcome.values, errors: {}, message: outcome.refused }
      : { values: outcome.values, errors: outcome.errors };
  const screen = await momentTranslationScreen(db, site, target, refused, { mayPublish });
  return data({ screen }, { status: "refused" in outcome ? 403 : 422 });
}
