import { privateJson } from "~/server/api/api-http.server";
import {
  momentTranslationsWriter,
  parseApiMomentWrite,
  withMomentTranslations,
} from "~/server/api/api-moment-translations.server";
import { momentFailure } from "~/server/api/api-moments.server";
import { apiRoute } from "~/server/api/api-route.server";
import { createMoment } from "~/server/catalogue/moments.server";
import { apiAdminId, readJsonBody } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// POST /api/admin/travel-moments: a new moment at the end of the order (at most 7: 409).
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method) => momentFailure(method),
  handlers: {
    async POST(args) {
      const { db, site } = servicesFrom(args.context);
      const { input, translations } = parseApiMomentWrite(await readJsonBody(args.request), site);
      const by = apiAdminId(args);
      const moment = await createMoment(db, input, {
        by,
        alsoInTransaction: momentTranslationsWriter(translations, by),
      });
      return privateJson(await withMomentTranslations(db, site, moment), { status: 201 });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
