// Raw HTTP for the hardening suites: bodies that stream, lie about their size, or use odd methods.
import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes this client had handed to the socket when the answer's headers arrived. */
  sentWhenAnswered: number;
}

export interface RawRequest {
  method: string;
  headers?: Record<string, string>;
  /** Sent whole (Content-Length is set unless given). */
  body?: string | Buffer;
  /** Streamed with chunked encoding until the server answers or `maxBytes` have gone. */
  stream?: { chunk: Buffer; maxBytes: number };
  /** Declares this Content-Length but sends only `body` (a client that lies or is slow). */
  declaredLength?: number;
  /** Source address (127.0.0.x): another client as far as per-address limits go. */
  localAddress?: string;
  timeoutMs?: number;
}

/**
 * One request over node:http; resolves with the answer even when the server cuts the upload short.
 * When the server closes the socket while this client is still sending, the client can see the
 * reset (EPIPE, ECONNRESET) before it has read the answer the server sent first; such a request
 * is made once more. (Servers avoid this with a "lingering close": reading the rest of the upload
 * before closing.)
 */
export async function rawRequest(
  base: string,
  path: string,
  options: RawRequest,
): Promise<RawAnswer> {
  try {
    return await rawRequestOnce(base, path, options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPIPE" && code !== "ECONNRESET") throw error;
    return rawRequestOnce(base, path, options);
  }
}

function rawRequestOnce(base: string, path: string, options: RawRequest): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { ...options.headers };
    if (options.declaredLength !== undefined) {
      headers["Content-Length"] = String(options.declaredLength);
    } else if (options.body !== undefined && !options.stream) {
      headers["Content-Length"] = String(Buffer.byteLength(options.body));
    }
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method,
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            sentWhenAnswered,
          });
        res.on("end", done);
        res.on("error", done);
        res.on("aborted", done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    req.on("close", () => clearTimeout(timer));
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) {
      sent += Buffer.byteLength(options.body);
      req.write(options.body);
    }
    if (options.stream) {
      const { chunk, maxBytes } = options.stream;
      // One chunk per turn of the event loop, as a browser uploads: writing in a tight loop would
      // keep this client from reading the server's early answer until the server, done draining,
      // closes the socket (then the write fails with EPIPE and the answer is lost).
      const pump = () => {
        if (answered || req.destroyed) return;
        if (sent >= maxBytes) {
          req.end();
          return;
        }
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once("drain", pump);
      };
      pump();
    } else if (options.declaredLength === undefined) {
      req.end();
    }
  });
}
