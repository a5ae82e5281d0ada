import { kindMessages } from "~/domain/package-kinds";
import { slugSchema } from "~/domain/schemas";
import { apiRoute } from "~/server/api/api-route.server";
import { apiPackageReader } from "~/server/api/api-schemas.server";
import { kindOf, packageFailure, param, publicJson } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { notFound } from "~/server/platform/errors.server";
import { getPackageBySlug } from "~/server/catalogue/packages.server";

// GET /api/{kind base}/slug/{slug}: published packages only, for admins too (spec §4).
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method, args) => packageFailure(method, args),
  handlers: {
    async GET(args) {
      const { db, site } = servicesFrom(args.context);
      const kind = kindOf(args);
      // Anything that is not slug-shaped (NUL bytes, quotes, 300 characters) cannot be one: 404.
      const slug = slugSchema.safeParse(param(args, "slug"));
      const pkg =
        slug.success && slug.data ? await getPackageBySlug(db, kind, slug.data) : undefined;
      if (!pkg) throw notFound(kindMessages(kind).notFound);
      return publicJson(args.request, apiPackageReader(false, site)(pkg), "item");
    },
  },
});

export const loader = api.loader;
export const action = api.action;
