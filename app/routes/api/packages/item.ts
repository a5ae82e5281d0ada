import { kindMessages } from "~/domain/package-kinds";
import { isUuid } from "~/domain/schemas";
import { parseBody, privateJson } from "~/server/api/api-http.server";
import { asPreconditionFailure, versionEtag } from "~/server/api/api-preconditions.server";
import {
  apiAdminId,
  kindOf,
  packageFailure,
  param,
  readJson,
  readJsonBody,
  writePrecondition,
} from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { apiLanguage, packagesIn } from "~/server/api/api-languages.server";
import { apiRoute, type ApiArgs } from "~/server/api/api-route.server";
import {
  parseApiPackageWrite,
  translationsWriter,
  withTranslations,
} from "~/server/api/api-translations.server";
import { apiPackageReader, statusPatchSchema, toApiPackage } from "~/server/api/api-schemas.server";
import { getOptionalAdmin } from "~/server/http/admin-session.server";
import { notFound } from "~/server/platform/errors.server";
import {
  deletePackage,
  getPackageById,
  setPackageStatus,
  STALE_EDIT_MESSAGE,
  updatePackage,
} from "~/server/catalogue/packages.server";

// GET, PUT (full update), PATCH {status}, DELETE /api/{kind base}/{id}.
function target(args: ApiArgs) {
  const kind = kindOf(args);
  const id = param(args, "id");
  // A malformed id is as unknown as a missing one: 404, never a database error.
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  return { kind, id };
}

const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method, args) => packageFailure(method, args),
  handlers: {
    async GET(args) {
      const { db, site } = servicesFrom(args.context);
      const { kind, id } = target(args);
      const admin = await getOptionalAdmin(db, args.request);
      const stored = await getPackageById(db, kind, id, { publishedOnly: !admin });
      // ?lang=de: the package in German, or 404 until it appears in German (decision 139).
      const lang = apiLanguage(new URL(args.request.url).searchParams.get("lang"), site);
      const [pkg] = stored && lang ? await packagesIn(db, [stored], lang) : [stored];
      if (!pkg) throw notFound(kindMessages(kind).notFound);
      // An admin (who may write) gets the version's ETag, for If-Match on a later PUT.
      if (admin)
        return privateJson(await withTranslations(db, site, toApiPackage(pkg, site)), {
          headers: { ETag: versionEtag(pkg.updated_at) },
        });
      const read = apiPackageReader(false, site);
      return readJson(args.request, read(pkg), { admin: false, cache: "item" });
    },
    async PUT(args) {
      const { db, media, site } = servicesFrom(args.context);
      const { kind, id } = target(args);
      const body = await readJsonBody(args.request);
      const existing = await getPackageById(db, kind, id);
      if (!existing) throw notFound(kindMessages(kind).notFound);
      // If-Match (412) or the body's updated_at (409): a stale write changes nothing.
      const precondition = writePrecondition(args.request, body, existing.updated_at);
      // An update that does not mention the status keeps it, rather than unpublishing.
      const write = { status: existing.status, ...body };
      const { input, translations } = parseApiPackageWrite(kind, write, site);
      const by = apiAdminId(args);
      const updated = await updatePackage(db, kind, id, input, {
        ...(precondition ? { expectedUpdatedAt: precondition.expectedUpdatedAt } : {}),
        by,
        media,
        currency: site.currency,
        alsoInTransaction: translationsWriter(kind, translations, by),
      }).catch((error: unknown) => {
        throw asPreconditionFailure(error, precondition, STALE_EDIT_MESSAGE);
      });
      const written = await withTranslations(db, site, toApiPackage(updated, site));
      return privateJson(written, {
        headers: { ETag: versionEtag(updated.updated_at) },
      });
    },
    async PATCH(args) {
      const { db, site } = servicesFrom(args.context);
      const { kind, id } = target(args);
      const { status } = parseBody(statusPatchSchema, await readJsonBody(args.request));
      const updated = await setPackageStatus(db, kind, id, status, { by: apiAdminId(args) });
      return privateJson(toApiPackage(updated, site), {
        headers: { ETag: versionEtag(updated.updated_at) },
      });
    },
    async DELETE(args) {
      const { db } = servicesFrom(args.context);
      const { kind, id } = target(args);
      // A soft delete (decision 101): from now on this id answers 404 like an unknown one.
      await deletePackage(db, kind, id, { by: apiAdminId(args) });
      return privateJson({ success: true, message: kindMessages(kind).deleted });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
