import { kindMessages } from "~/domain/package-kinds";
import { slugSchema } from "~/domain/schemas";
import { publicJson } from "~/server/api/api-http.server";
import { kindOf, packageFailure } from "~/server/api/api-kinds.server";
import { apiRoute, param } from "~/server/api/api-route.server";
import { apiPackageReader } from "~/server/api/api-schemas.server";
import { getDb } from "~/server/platform/db.server";
import { getSite } from "~/server/platform/runtime.server";
import { notFound } from "~/server/platform/errors.server";
import { getPackageBySlug } from "~/server/catalogue/packages.server";

// GET /api/{kind base}/slug/{slug}: published packages only, for admins too (spec §4).
const api = apiRoute({
  failure: (method, args) => packageFailure(method, args),
  handlers: {
    async GET(args) {
      const kind = kindOf(args);
      // Anything that is not slug-shaped (NUL bytes, quotes, 300 characters) cannot be one: 404.
      const slug = slugSchema.safeParse(param(args, "slug"));
      const pkg =
        slug.success && slug.data ? await getPackageBySlug(getDb(), kind, slug.data) : undefined;
      if (!pkg) throw notFound(kindMessages(kind).notFound);
      return publicJson(args.request, apiPackageReader(false, getSite().timeZone)(pkg), "item");
    },
  },
});

export const loader = api.loader;
export const action = api.action;
