import { kindMessages } from "~/domain/package-kinds";
import { parseBody, privateJson } from "~/server/api/api-http.server";
import { apiRoute } from "~/server/api/api-route.server";
import { reorderBodySchema } from "~/server/api/api-schemas.server";
import { reorderPackages } from "~/server/catalogue/packages.server";
import { kindOf, packageFailure, readJsonBody } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// POST /api/{kind base}/reorder with the kind's complete id list; anything else is a 409.
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: (method, args) => packageFailure(method, args, true),
  handlers: {
    async POST(args) {
      const { db } = servicesFrom(args.context);
      const kind = kindOf(args);
      const ids = parseBody(reorderBodySchema(kind), await readJsonBody(args.request));
      await reorderPackages(db, kind, ids);
      return privateJson({ success: true, message: kindMessages(kind).reordered });
    },
  },
});

export const loader = api.loader;
export const action = api.action;
