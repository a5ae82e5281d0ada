import { assertSameOrigin } from "./same-origin.server";

const MAX_LOGIN_BODY = 8 * 1024;

/** The JSON body of an API sign-in: an object, or null when it is missing, too big or not JSON. */
async function readLoginJson(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.length > MAX_LOGIN_BODY) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The shared opening of the API sign-in steps (POST /api/admin/login and /login/verify): a
 * same-origin POST with a JSON object body. Answers the body, or the refusal to return: 405 for
 * another method, 400 with `missing` ("email and password", "code") for a bad body.
 */
export async function readLoginPost(
  request: Request,
  missing: string,
): Promise<Record<string, unknown> | Response> {
  assertSameOrigin(request);
  if (request.method !== "POST") {
    return Response.json(
      { success: false, error: "Method not allowed" },
      { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
    );
  }
  const body = await readLoginJson(request);
  if (body) return body;
  return Response.json(
    { success: false, error: `Expected a JSON body with ${missing}` },
    { status: 400, headers: NO_STORE },
  );
}
