import { publicJson } from "~/server/api/api-http.server";
import { apiRoute } from "~/server/api/api-route.server";
import { openApiDocument } from "~/server/api/openapi.server";

// GET /api/openapi.json: generated from the zod schemas the routes validate with.
const api = apiRoute({
  failure: () => "Failed to build the API description",
  handlers: {
    async GET({ request }) {
      return publicJson(request, openApiDocument(), "list");
    },
  },
});

export const loader = api.loader;
export const action = api.action;
