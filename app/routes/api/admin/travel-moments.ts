import { travelMomentInputSchema } from "~/domain/schemas";
import { parseBody, privateJson } from "~/server/api/api-http.server";
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
      const { db } = servicesFrom(args.context);
      const input = parseBody(travelMomentInputSchema, await readJsonBody(args.request));
      return privateJson(await createMoment(db, input, { by: apiAdminId(args) }), {
        status: 201,
      });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
