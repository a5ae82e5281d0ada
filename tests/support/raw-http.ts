import http from "node:http";

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
