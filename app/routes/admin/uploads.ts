import { servicesFrom } from "~/server/http/services-context.server";
import { storeInstantUpload } from "~/server/media/instant-upload.server";
import type { Route } from "./+types/uploads";

// POST /admin/uploads: instant uploads from the admin forms (JSON). Guarded by the admin layout.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  const { db, media } = servicesFrom(context);
  const params = new URL(request.url).searchParams;
  const { status, result } = await storeInstantUpload(
    db,
    {
      kind: params.get("kind"),
      folder: params.get("folder"),
      // The body stays a stream: the file goes to storage as it arrives.
      upload: { headers: request.headers, body: request.body },
    },
    { media },
  );
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
