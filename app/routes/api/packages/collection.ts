import { privateJson } from "~/server/api/api-http.server";
import { packageUrl } from "~/server/api/api-kinds.server";
import { apiLanguage, packagesIn } from "~/server/api/api-languages.server";
import { apiRoute } from "~/server/api/api-route.server";
import {
  parseApiPackageWrite,
  translationsWriter,
  withTranslations,
} from "~/server/api/api-translations.server";
import { apiPackageReader, toApiPackage } from "~/server/api/api-schemas.server";
import { getOptionalAdmin } from "~/server/http/admin-session.server";
import { createPackage, listPackages } from "~/server/catalogue/packages.server";
import {
  apiAdminId,
  kindOf,
  packageFailure,
  readJson,
  readJsonBody,
} from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// GET /api/{trips|exclusive-packages|local|discovery}, POST the same (create).
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method, args) => packageFailure(method, args),
  handlers: {
    async GET(args) {
      const { db, site } = servicesFrom(args.context);
      const admin = await getOptionalAdmin(db, args.request);
      const stored = await listPackages(db, { kind: kindOf(args), publishedOnly: !admin });
      // ?lang=de: the packages that appear in German, in German (decision 139).
      const lang = apiLanguage(new URL(args.request.url).searchParams.get("lang"), site);
      const list = lang ? await packagesIn(db, stored, lang) : stored;
      const read = apiPackageReader(admin !== null, site);
      return readJson(args.request, list.map(read), {
        admin: admin !== null,
        cache: "list",
      });
    },
    async POST(args) {
      const { db, site } = servicesFrom(args.context);
      const kind = kindOf(args);
      const body = await readJsonBody(args.request);
      const { input, translations } = parseApiPackageWrite(kind, body, site);
      const by = apiAdminId(args);
      const created = await createPackage(db, kind, input, {
        by,
        currency: site.currency,
        alsoInTransaction: translationsWriter(kind, translations, by),
      });
      const written = await withTranslations(db, site, toApiPackage(created, site));
      return privateJson(written, {
        status: 201,
        headers: { Location: packageUrl(kind, created.id) },
      });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
