import { parseBody, privateJson } from "~/server/api/api-http.server";
import { MOMENT_TEXTS, momentFailure } from "~/server/api/api-moments.server";
import { apiRoute } from "~/server/api/api-route.server";
import { momentReorderSchema } from "~/server/api/api-schemas.server";
import { reorderMoments } from "~/server/catalogue/moments.server";
import { readJsonBody } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// POST /api/admin/travel-moments/reorder {ids}: the complete id list, else 409.
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method) => momentFailure(method, true),
  handlers: {
    async POST({ request, context }) {
      const { db } = servicesFrom(context);
      const ids = parseBody(momentReorderSchema, await readJsonBody(request));
      await reorderMoments(db, ids);
      return privateJson({ success: true, message: MOMENT_TEXTS.reordered });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
