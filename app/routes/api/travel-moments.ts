import { readJson } from "~/server/api/api-http.server";
import { momentFailure } from "~/server/api/api-moments.server";
import { apiRoute } from "~/server/api/api-route.server";
import { getOptionalAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/platform/db.server";
import { listMoments } from "~/server/catalogue/moments.server";

// GET /api/travel-moments: active moments in order for visitors, every moment for an admin.
const api = apiRoute({
  failure: (method) => momentFailure(method),
  handlers: {
    async GET({ request }) {
      const admin = await getOptionalAdmin(request);
      const moments = await listMoments(getDb(), { activeOnly: !admin });
      return readJson(request, moments, { admin: admin !== null, cache: "list" });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
