import { isUuid } from "~/domain/schemas";
import { privateJson } from "~/server/api/api-http.server";
import {
  momentTranslationsWriter,
  parseApiMomentWrite,
  withMomentTranslations,
} from "~/server/api/api-moment-translations.server";
import { MOMENT_TEXTS, momentFailure } from "~/server/api/api-moments.server";
import { apiAdminId, param, readJsonBody } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { apiRoute, type ApiArgs } from "~/server/api/api-route.server";
import { notFound } from "~/server/platform/errors.server";
import { deleteMoment, getMoment, updateMoment } from "~/server/catalogue/moments.server";

// PUT and DELETE /api/admin/travel-moments/{id}.
function momentId(args: ApiArgs): string {
  const id = param(args, "id");
  if (!isUuid(id)) throw notFound(MOMENT_TEXTS.notFound);
  return id;
}

const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method) => momentFailure(method),
  handlers: {
    async PUT(args) {
      const { db, media, site } = servicesFrom(args.context);
      const id = momentId(args);
      const body = await readJsonBody(args.request);
      const existing = await getMoment(db, id);
      if (!existing) throw notFound(MOMENT_TEXTS.notFound);
      // The spec's form sends no isActive: an update that does not mention it keeps it.
      const { input, translations } = parseApiMomentWrite(
        { isActive: existing.isActive, ...body },
        site,
      );
      const by = apiAdminId(args);
      const { moment } = await updateMoment(db, id, input, {
        by,
        media,
        alsoInTransaction: momentTranslationsWriter(translations, by),
      });
      return privateJson(await withMomentTranslations(db, site, moment));
    },
    async DELETE(args) {
      const { db, media } = servicesFrom(args.context);
      const id = momentId(args);
      await deleteMoment(db, id, { media });
      return privateJson({ success: true, message: MOMENT_TEXTS.deleted });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
