import { apiLanguage, momentsIn } from "~/server/api/api-languages.server";
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
      const { db, site } = servicesFrom(context);
      const admin = await getOptionalAdmin(db, request);
      // ?lang=de: the moments that appear in German, in German (decision 139).
      const lang = apiLanguage(new URL(request.url).searchParams.get("lang"), site);
      const stored = await listMoments(db, { activeOnly: !admin });
      const moments = lang ? await momentsIn(db, site, stored, lang) : stored;
      return readJson(request, moments, { admin: admin !== null, cache: "list" });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
