import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire: not decompressed (fetch would decode them). */
  body: Buffer;
}

/**
 * A GET (or HEAD) whose body is returned exactly as sent, so tests can see the encoding; over
 * `socket` when given (a connection opened beforehand), else over a new one.
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
  socket?: net.Socket,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const options = { method, headers, ...(socket ? { createConnection: () => socket } : {}) };
    const req = http.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * GETs that reach the server in one burst: every connection is opened (and accepted) first, then
 * every request is written in the same turn, so the server reads them all before it finishes any
 * (with fetch, a fast server in the test's own process answers each before the next is sent).
 */
export async function burstGet(url: string, paths: readonly string[]): Promise<RawResponse[]> {
  const { hostname, port } = new URL(url);
  const sockets = await Promise.all(
    paths.map(
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(port), hostname, () => resolve(socket));
          socket.once("error", reject);
        }),
    ),
  );
  // A server in this process accepts one pending connection per turn of the event loop: give it
  // the turns to accept them all, so that the requests below are read in one go.
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Written on the next tick, every one of them before the server's next read.
  return Promise.all(
    paths.map((p, i) =>
      rawRequest(new URL(p, url).href, { connection: "close" }, "GET", sockets[i]),
    ),
  );
}
