import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { logAccess, requestIdOf } from "./access-log.server";
import type { Metrics } from "./metrics.server";
import { freshNonce } from "./nonce-pool.server";
import type { SecurityHeaderList } from "./security-headers.server";
import { negotiateEncoding, type StaticEncoding } from "../platform/encoding.server";

/*
 * Hashed build assets before the framework (decision 114). A file under /assets never changes
 * under its name, so its bytes (and its build-time .br and .gz) are read once at start and each
 * answer's headers prepared once per encoding and scheme; a request is answered in the `node:http`
 * handler with the very headers the Express path sends (precompressedStatic, express.static, the
 * compression middleware's Vary, the security headers with a fresh nonce, the access log line and
 * the request metrics). What it is not sure of goes the long way: conditional and range requests,
 * a query string, a body, an unknown file, and a client whose accepted encodings the compression
 * middleware would answer by compressing on the fly.
 */

type Kind = StaticEncoding | "identity";

/** Content types as express.static (send, mime-types) gives them; other files go the long way. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".png": "image/png",
  ".webp": "image/webp",
};

/**
 * Whether the compression middleware would touch a response of this type: its filter
 * (`compressible`) and isCompressibleResponse (never images). It adds `Vary: Accept-Encoding` to
 * such responses whatever their size, and compresses those of 1 KiB or more when it can.
 */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".json"]);
/** The compression middleware's default threshold. */
const COMPRESSION_THRESHOLD = 1024;

const SUFFIX: Record<StaticEncoding, string> = { br: ".br", gzip: ".gz" };

interface Variant {
  body: Buffer;
  /** The response headers after the security headers, in the order Express sends them. */
  tail: string[];
}

export interface ImmutableAsset {
  variants: Partial<Record<Kind, Variant>>;
  encodings: StaticEncoding[];
  /** Sent with Vary even as identity (the compression middleware or precompressedStatic add it). */
  compressedOnTheFly: boolean;
}

/** express.static's weak ETag and Last-Modified for a file. */
function validators(stat: fs.Stats): [string, string] {
  return [
    `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    stat.mtime.toUTCString(),
  ];
}

const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Reads every servable file under `dir` (the build's client/assets) as `prefix/…`. */
export function loadImmutableAssets(dir: string, prefix: string): Map<string, ImmutableAsset> {
  const assets = new Map<string, ImmutableAsset>();
  if (!fs.existsSync(dir)) return assets;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const ext = path.extname(entry.name);
    const type = TYPES[ext];
    if (!type) continue;
    const full = path.join(entry.parentPath, entry.name);
    const url = `${prefix}/${path.relative(dir, full).split(path.sep).join("/")}`;
    const encodings = (Object.keys(SUFFIX) as StaticEncoding[]).filter((e) =>
      fs.existsSync(full + SUFFIX[e]),
    );
    const compressible = COMPRESSIBLE.has(ext);
    const vary = encodings.length > 0 || compressible;
    const variants: ImmutableAsset["variants"] = {};
    const identityStat = fs.statSync(full);
    const [etag, modified] = validators(identityStat);
    const body = fs.readFileSync(full);
    variants.identity = {
      body,
      tail: [
        ...(vary ? ["Vary", "Accept-Encoding"] : []),
        "Accept-Ranges",
        "bytes",
        "Cache-Control",
        CACHE_CONTROL,
        "Last-Modified",
        modified,
        "ETag",
        etag,
        "Content-Type",
        type,
        "Content-Length",
        String(body.length),
      ],
    };
    for (const encoding of encodings) {
      const file = full + SUFFIX[encoding];
      const stat = fs.statSync(file);
      const [variantEtag, variantModified] = validators(stat);
      const encoded = fs.readFileSync(file);
      variants[encoding] = {
        body: encoded,
        tail: [
          "Vary",
          "Accept-Encoding",
          "Content-Type",
          type,
          "Content-Encoding",
          encoding,
          "Accept-Ranges",
          "bytes",
          "Cache-Control",
          CACHE_CONTROL,
          "Last-Modified",
          variantModified,
          "ETag",
          variantEtag,
          "Content-Length",
          String(encoded.length),
        ],
      };
    }
    assets.set(url, {
      variants,
      encodings,
      compressedOnTheFly: compressible && body.length >= COMPRESSION_THRESHOLD,
    });
  }
  return assets;
}

/** `Accept-Encoding` that makes the compression middleware leave a response alone. */
export const acceptsOnlyIdentity = (value: string | undefined) =>
  value === undefined || value.trim() === "" || value.trim().toLowerCase() === "identity";

/** Request headers that make express.static answer otherwise than 200 with the whole file. */
const CONDITIONAL = [
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
] as const;

export interface AssetResponderOptions {
  assets: Map<string, ImmutableAsset>;
  security: SecurityHeaderList;
  metrics?: Pick<Metrics, "track" | "countFastAsset">;
}

/**
 * Answers a GET or HEAD of a known asset as Express would and returns true, or returns false
 * (nothing sent) for the long way.
 */
export function assetResponder(options: AssetResponderOptions) {
  const { assets, security, metrics } = options;
  const heads = new WeakMap<Variant, [string[], string[]]>();
  const headOf = (variant: Variant, secure: boolean): string[] => {
    let made = heads.get(variant);
    if (!made) {
      const build = (s: boolean) => {
        const list = ["X-Request-Id", "", "Content-Security-Policy", ""];
        for (const [name, value] of security.fixed(s)) list.push(name, value);
        list.push(...variant.tail);
        return list;
      };
      made = [build(false), build(true)];
      heads.set(variant, made);
    }
    return made[secure ? 1 : 0];
  };

  return (req: IncomingMessage, res: ServerResponse, url: string, secure: boolean): boolean => {
    const asset = assets.get(url);
    if (!asset) return false;
    const headers = req.headers;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined)
      return false;
    for (const name of CONDITIONAL) if (headers[name] !== undefined) return false;
    const accepted = headers["accept-encoding"];
    let kind: Kind | undefined = negotiateEncoding(accepted, asset.encodings);
    if (!kind) {
      if (asset.compressedOnTheFly && !acceptsOnlyIdentity(accepted)) return false;
      kind = "identity";
    }
    const variant = asset.variants[kind];
    if (!variant) return false;
    metrics?.track(req, url, res);
    metrics?.countFastAsset();
    const reqId = requestIdOf(req);
    logAccess(req, res, reqId);
    const list = headOf(variant, secure).slice();
    list[1] = reqId;
    list[3] = security.policy(freshNonce());
    res.writeHead(200, list);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
    return true;
  };
}
