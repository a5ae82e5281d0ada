import { kindMessages } from "~/domain/package-kinds";
import { slugSchema } from "~/domain/schemas";
import { apiRoute } from "~/server/api/api-route.server";
import { apiPackageReader } from "~/server/api/api-schemas.server";
import { kindOf, packageFailure, param, publicJson } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { notFound } from "~/server/platform/errors.server";
import { getPackageBySlug } from "~/server/catalogue/packages.server";
import { apiLanguage, packageBySlugIn, packagesIn } from "~/server/api/api-languages.server";

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
      // ?lang=de: the slug is the package's German one, and the answer is in German (decision 139).
      const lang = apiLanguage(new URL(args.request.url).searchParams.get("lang"), site);
      const found =
        !slug.success || !slug.data
          ? undefined
          : lang
            ? await packageBySlugIn(db, kind, slug.data, lang)
            : await getPackageBySlug(db, kind, slug.data);
      const [pkg] = found && lang ? await packagesIn(db, [found], lang) : [found];
      if (!pkg) throw notFound(kindMessages(kind).notFound);
      return publicJson(args.request, apiPackageReader(false, site)(pkg), "item");
    },
  },
});

export const loader = api.loader;
export const action = api.action;
