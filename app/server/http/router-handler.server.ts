import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";

/*
 * React Router's request handler, derived once. Given the build as a function (how Vite's dev
 * server hands over a fresh build after each edit), React Router derives everything from it again
 * on every request: the static handler, its flattened and ranked route table, the server routes.
 * A production build never changes under a running server, so there the function is called once
 * and the handler made from its result is kept (decision 106: 5–8 % of an uncached page's CPU).
 */
export function routerRequestHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string | undefined,
): RequestHandler {
  if (typeof build !== "function" || mode === "development")
    return createRequestHandler(build, mode);
  let handler: Promise<RequestHandler> | undefined;
  return async (request, context) => {
    handler ??= build().then(
      (resolved) => createRequestHandler(resolved, mode),
      (error: unknown) => {
        handler = undefined; // a failed import is tried again by the next request
        throw error;
      },
    );
    return (await handler)(request, context);
  };
}
