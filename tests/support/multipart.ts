// Multipart bodies built byte by byte, and a raw socket to send them exactly as built (the
// upload suites need bodies and lengths no HTTP client would send).
import net from "node:net";

export const BOUNDARY = "----wlxFuzzBoundary7MA4YWxkTrZu0gW";

export type Part =
  { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

export function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The first bytes of an MP4 (an `ftyp` box) followed by zeros: sniffed and stored as a video. */
export const mp4 = (bytes = 6_000) => {
  const data = Buffer.alloc(bytes);
  Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex").copy(data);
  return data;
};

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer (a body cut short). */
  status: number;
  body: string;
}

/**
 * One POST over a raw socket: the body bytes exactly as given, `Content-Length` as declared
 * (a fuzzer lies about it). When fewer bytes are sent than declared, the write side is closed
 * after them, so the server sees the request end at once instead of waiting for the rest.
 * `socket` receives the connection, for a test that closes it itself.
 */
export function sendRaw(
  url: string,
  target: string,
  headers: Record<string, string>,
  body: Buffer,
  declaredLength = body.length,
  socket?: (socket: net.Socket) => void,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const connection = net.connect({ host: hostname, port: Number(port) });
    socket?.(connection);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Error(`no answer within 10 s for ${target}`));
    }, 10_000);
    connection.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may reset while this client still writes; what it answered first still counts.
    connection.on("error", () => undefined);
    connection.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, body: text });
    });
    const head = [
      `POST ${target} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      "Connection: close",
      `Content-Length: ${declaredLength}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n");
    connection.write(head);
    // A body shorter than declared: the client gives up (ends its side), as a dropped upload does.
    if (declaredLength > body.length) connection.end(body);
    else connection.write(body);
  });
}
