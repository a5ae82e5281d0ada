import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { deferModuleScripts } from "~/server/http/defer-scripts.server";
import { isDatabaseUnavailable, markDatabaseFault } from "~/server/platform/db-faults.server";
import { log } from "~/server/platform/log.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageHintScript } from "~/server/site/page-language.server";
import { SHIPPED_LANGUAGES } from "~/domain/i18n/languages";

/**
 * The layout routes public pages render in (the default language's and each language's tree,
 * app/routes/site/routes.ts): only their pages get the language hint (decision 151).
 */
const SITE_LAYOUTS = new Set([
  "routes/site/layout",
  ...SHIPPED_LANGUAGES.map((lang) => `${lang}/site-layout`),
]);

export const streamTimeout = 5_000;

/**
 * Every loader/action failure is logged once, as one structured line. A database that is away is
 * marked on the request so the root middleware answers 503 instead of 500 (db-faults.server.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  if (isDatabaseUnavailable(error)) {
    markDatabaseFault(context);
    log("error", "database unavailable", {
      method: request.method,
      path: pathname,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  log("error", "request failed", {
    method: request.method,
    path: pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
};

/**
 * React Router's Node entry, plus the per-request CSP nonce on every inline script and module
 * scripts that wait for the first paint.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = requestInfo(loadContext).cspNonce || undefined;
  // The Accept-Language hint (decision 151): the same script for every visitor of a public page.
  const hint = routerContext.staticHandlerContext.matches.some((m) => SITE_LAYOUTS.has(m.route.id))
    ? pageHintScript(servicesFrom(loadContext).site, request.url)
    : "";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content, so crawlers get complete HTML.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary that is ready when its part of the page is sent stays where it is.
        // React 19.2 otherwise moves any such boundary over 500 bytes that comes after the first
        // 12.8 KB to the end of the page, hidden, for an inline script to put back: without
        // JavaScript the travel moments' and a package's YouTube players were missing (decision 159).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          // Every page, public or admin, paints before its JS starts loading (decisions 062, 107).
          const deferred = deferModuleScripts(nonce, hint);
          deferred.pipe(body);
          pipe(deferred);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
