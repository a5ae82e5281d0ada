import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { urlOf } from "../platform/request-url.server";
import { BODY_LIMITS, limitedBody } from "./body-guard.server";
import { closeAfterAnswer } from "./lingering-close.server";
import { trackRequestWork } from "./request-work.server";
import { routerRequestHandler } from "./router-handler.server";

/*
 * @react-router/express's handler, with one change: the request body reaches React Router through
 * a byte counter (body-guard.server.ts), so no action can read past the limit of its URL. The
 * adapter hands `req` itself to the Fetch Request and has no hook for that.
 */

export interface RequestHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext?: (
    req: express.Request,
    res: express.Response,
  ) => RouterContextProvider | Promise<RouterContextProvider>;
}

function headersOf(req: express.Request): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
  };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit =
      typeof res.locals.bodyLimit === "number" ? res.locals.bodyLimit : BODY_LIMITS.form;
    // Aborting first tells React Router the request is over, so it does not log the cut body.
    const body = limitedBody(req, res, limit, (error) => controller?.abort(error));
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(urlOf(req).href, init);
}

const closed = (res: express.Response) => res.destroyed || res.writableEnded;

async function send(req: express.Request, res: express.Response, response: Response) {
  if (closed(res)) {
    await response.body?.cancel();
    return;
  }
  // Answered before the body was read to its end (a refusal): the connection closes after it,
  // the lingering way (lingering-close.server.ts).
  closeAfterAnswer(req, res);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!closed(res)) throw error;
  }
}

/**
 * The build with every action tracked until it settles (request-work.server.ts). React Router
 * stops waiting for an action once the request's signal aborts (the client has gone) and the
 * action runs on unseen; a stop must still wait for it before the database closes.
 */
function withTrackedActions(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action;
    routes[id] =
      route && action
        ? {
            ...route,
            module: {
              ...route.module,
              action: (...args: Parameters<typeof action>) =>
                trackRequestWork(Promise.resolve(action(...args))),
            },
          }
        : route;
  }
  return { ...build, routes };
}

export function createRequestHandler(options: RequestHandlerOptions): express.RequestHandler {
  const { build } = options;
  const handle = routerRequestHandler(
    typeof build === "function"
      ? async () => withTrackedActions(await build())
      : withTrackedActions(build),
    options.mode,
  );
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const context = await options.getLoadContext?.(req, res);
      await send(req, res, await handle(request, context));
    } catch (error) {
      // A request already answered (a body cut off at its limit, a client gone) has nothing to add.
      if (closed(res) || res.headersSent) return;
      next(error);
    }
  };
}
