import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire: not decompressed (fetch would decode them). */
  body: Buffer;
}

/** A GET (or HEAD) whose body is returned exactly as sent, so tests can see the encoding. */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
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
  const answers = sockets.map(
    (socket) =>
      new Promise<RawResponse>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.once("error", reject);
        socket.once("end", () => resolve(parseResponse(Buffer.concat(chunks))));
      }),
  );
  sockets.forEach((socket, i) =>
    socket.write(
      `GET ${paths[i]} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
    ),
  );
  return Promise.all(answers);
}

/** A whole HTTP/1.1 response read to the connection's end (Connection: close). */
function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const headers: http.IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const eol = body.indexOf("\r\n", at);
    const size = parseInt(body.subarray(at, eol).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
