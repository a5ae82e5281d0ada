import { apiRoute } from "~/server/api/api-route.server";
import { openApiDocument } from "~/server/api/openapi.server";
import { publicJson } from "~/server/http/api-request.server";
import { servicesFrom } from "~/server/http/services-context.server";

// GET /api/openapi.json: generated from the zod schemas the routes validate with.
const api = apiRoute({
  db: ({ context }) => servicesFrom(context).db,
  failure: () => "Failed to build the API description",
  handlers: {
    async GET({ request }) {
      return publicJson(request, openApiDocument(), "list");
    },
  },
});

export const loader = api.loader;
export const action = api.action;
