// The one form post the suites send: as a browser without JavaScript sends it.

/** A server under test: anything that fetches a path on it (redirects are not followed). */
export interface FetchesPaths {
  fetch(pathOrUrl: string, init?: RequestInit): Promise<Response>;
}

/**
 * Posts `fields` to `path` on `server`: urlencoded as most forms, or multipart as the package
 * forms. `headers` add to (or override) the form's own, e.g. a Cookie or an Accept.
 */
export function formPost(
  server: FetchesPaths,
  path: string,
  fields: Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
  encoding: "urlencoded" | "multipart" = "urlencoded",
): Promise<Response> {
  if (encoding === "multipart") {
    const body = new FormData();
    for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields))
      body.append(name, value);
    return server.fetch(path, { method: "POST", headers, body });
  }
  return server.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
