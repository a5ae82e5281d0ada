import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { pinoHttp } from "pino-http";
import { logger, withRequestId } from "../platform/log.server";

/*
 * One access log line per request (method, path, status, duration, reqId), through pino-http.
 * The request id is the caller's X-Request-Id when it is a sane token (a proxy's id carries
 * through), otherwise a new UUID; it is sent back as X-Request-Id and is on every line logged
 * while the request is handled.
 */

const SANE_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** The caller's X-Request-Id when it is a sane token, otherwise a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The path as requested: Express rewrites req.url inside mounted middleware (`/assets`). */
const pathOf = (req: IncomingMessage & { originalUrl?: string }) =>
  (req.originalUrl ?? req.url ?? "/").split("?")[0];

function line(req: IncomingMessage, res: ServerResponse, responseTime: unknown) {
  return {
    method: req.method,
    path: pathOf(req),
    status: res.headersSent ? res.statusCode : undefined,
    durationMs: typeof responseTime === "number" ? Math.round(responseTime) : undefined,
  };
}

function levelOf(status: number, error: unknown): "info" | "warn" | "error" {
  // 503 is a known state (database away, logged once where it happened), not a fault here.
  if (status === 503) return "warn";
  if (status >= 500) return "error";
  // A client that went away before the answer: worth a warning, not an error.
  if (error) return "warn";
  return "info";
}

/**
 * The same line as `accessLog()` for a response answered outside Express (the page cache's fast
 * path), whose X-Request-Id (`reqId`, from requestIdOf) the caller sends: the same JSON, without
 * pino-http's per-request child loggers. Nothing else is logged while such a request is handled,
 * so no request scope is needed. Such responses are never 5xx, so their line is at info level:
 * when info is off (LOG_LEVEL=warn or above) there is nothing to wait for.
 */
export function logAccess(
  req: IncomingMessage & { id?: unknown },
  res: ServerResponse,
  reqId: string,
): void {
  req.id = reqId;
  if (!logger.isLevelEnabled("info")) return;
  const started = Date.now();
  const done = () => {
    res.off("finish", done);
    res.off("close", done);
    logger[levelOf(res.statusCode, undefined)](
      { reqId, ...line(req, res, Date.now() - started) },
      "request",
    );
  };
  res.on("finish", done);
  res.on("close", done);
}

export function accessLog(): express.RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "reqId" },
    customLogLevel: (_req, res, error) => levelOf(res.statusCode, error),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: (req, res, val: { responseTime?: unknown }) =>
      line(req, res, val.responseTime),
    // pino-http counts a 5xx as an error; a client gone before the answer is `aborted`.
    customErrorObject: (req, res, error, val: { responseTime?: unknown }) => ({
      ...line(req, res, val.responseTime),
      ...(res.statusCode < 500 ? { aborted: error.message } : {}),
    }),
  });
  return (req, res, next) => {
    middleware(req, res);
    withRequestId(String(req.id), next);
  };
}
