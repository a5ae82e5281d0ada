import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { negotiateEncoding, type StaticEncoding } from "../platform/encoding.server";

const SUFFIX: Record<StaticEncoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Serves the build-time `.br` / `.gz` siblings of static files (scripts/compress-assets.ts) when
 * the client accepts them; anything else falls through to express.static. The set of files is read
 * once at start: the build does not change under a running server.
 */
export function precompressedStatic(
  dir: string,
  options: { maxAge: string | number; immutable?: boolean },
) {
  const variants = new Map<string, StaticEncoding[]>();
  const walk = (current: string) => {
    if (!fs.existsSync(current)) return;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const available = (Object.keys(SUFFIX) as StaticEncoding[]).filter((e) =>
        fs.existsSync(full + SUFFIX[e]),
      );
      if (available.length && !entry.name.endsWith(".br") && !entry.name.endsWith(".gz")) {
        variants.set("/" + path.relative(dir, full).split(path.sep).join("/"), available);
      }
    }
  };
  walk(dir);

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = variants.get(req.path);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = negotiateEncoding(req.get("Accept-Encoding"), available);
    if (!encoding) return next();
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(
      path.join(dir, req.path) + SUFFIX[encoding],
      { maxAge: options.maxAge, immutable: options.immutable ?? false, dotfiles: "deny" },
      (error) => {
        // A client that hangs up mid-file (ECONNABORTED) is not an error of the server's: nothing
        // is left to answer, and passing it on printed a stack trace per aborted asset request.
        if (error && !res.headersSent && !clientGone(req, error)) next(error);
      },
    );
  };
}

/** The client closed its connection before the answer was sent (send's "ECONNABORTED"). */
function clientGone(req: Request, error: Error & { code?: string }): boolean {
  return error.code === "ECONNABORTED" || req.destroyed;
}

/** Dynamic compression never touches images and videos: their formats are compressed already. */
export function isCompressibleResponse(res: Response): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  return !/^(?:image|video|audio)\//i.test(type);
}

/** A path made only of plain segments (no dot segments, no empty ones, no backslash). */
const PLAIN_PATH = /^(?:\/[^/.\\][^/\\]*)*\/?$/;

/**
 * Runs `handler` (express.static over `dir`) only for paths that exist in `dir`, files or
 * directories, read once at start: the build does not change under a running server. Every page
 * request used to cost a file-system lookup (through the thread pool page compression also uses)
 * before reaching React Router. Paths that are not plain (dot segments, encoded slashes, anything
 * that does not decode) still go to `handler`, which answers them as before.
 */
export function existingPathsOnly(
  dir: string,
  handler: (req: Request, res: Response, next: NextFunction) => void,
) {
  const known = new Set<string>();
  const walk = (current: string, prefix: string) => {
    if (!fs.existsSync(current)) return;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const at = `${prefix}/${entry.name}`;
      known.add(at);
      if (entry.isDirectory()) walk(path.join(current, entry.name), at);
    }
  };
  walk(dir, "");
  return (req: Request, res: Response, next: NextFunction) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return handler(req, res, next);
    }
    if (!PLAIN_PATH.test(decoded) || decoded.includes("%")) return handler(req, res, next);
    const bare = decoded.length > 1 ? decoded.replace(/\/$/, "") : decoded;
    if (known.has(bare)) return handler(req, res, next);
    next();
  };
}
