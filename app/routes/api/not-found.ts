import { errorJson } from "~/server/api/api-http.server";

// Any other /api/* URL: a JSON 404 rather than the site's HTML not-found page.
export async function loader() {
  return errorJson(404, "Not found");
}

export const action = loader;
