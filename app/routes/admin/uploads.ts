import { servicesFrom } from "~/server/http/services-context.server";
import { handleInstantUpload } from "~/server/media/instant-upload.server";
import type { Route } from "./+types/uploads";

// POST /admin/uploads: instant uploads from the admin forms (JSON). Guarded by the admin layout.
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  const { db, media } = servicesFrom(context);
  return handleInstantUpload(db, request, { media });
}

export function loader() {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
