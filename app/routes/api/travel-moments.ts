import { momentFailure } from "~/server/api/api-moments.server";
import { apiRoute } from "~/server/api/api-route.server";
import { getOptionalAdmin } from "~/server/http/admin-session.server";
import { listMoments } from "~/server/catalogue/moments.server";
import { readJson } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// GET /api/travel-moments: active moments in order for visitors, every moment for an admin.
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method) => momentFailure(method),
  handlers: {
    async GET({ request, context }) {
      const { db } = servicesFrom(context);
      const admin = await getOptionalAdmin(db, request);
      const moments = await listMoments(db, { activeOnly: !admin });
      return readJson(request, moments, { admin: admin !== null, cache: "list" });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
