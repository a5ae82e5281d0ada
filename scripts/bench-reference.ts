// The runtime's own limit for `npm run bench`: a bare `node:http` server, in its own
// process, answering every request with the very bytes and headers the app sent for one cached
// page (brotli, its Content-Encoding, its CSP and so on) from memory. The cached home page is
// measured against it side by side; goal: at least half its requests/s.
//
// Run as a script it is the server: REFERENCE_BODY (a file), REFERENCE_HEADERS (JSON) and
// REFERENCE_PORT; it prints "listening" once ready.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Headers that belong to one connection or one response, never copied. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

export interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET as the bytes on the wire (fetch would decode them). */
export function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || PER_RESPONSE.has(name)) continue;
          kept[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ReferenceServer {
  url: string;
  pid: number;
  bytes: number;
  stop(): Promise<void>;
}

/** Starts the reference server (a child process) serving what `pageUrl` answers right now. */
export async function startReferenceServer(
  pageUrl: string,
  requestHeaders: Record<string, string>,
): Promise<ReferenceServer> {
  const page = await capture(pageUrl, requestHeaders);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-reference-"));
  const bodyFile = path.join(dir, "body");
  fs.writeFileSync(bodyFile, page.body);
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      REFERENCE_BODY: bodyFile,
      REFERENCE_HEADERS: JSON.stringify(page.headers),
      REFERENCE_PORT: String(port),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", () => reject(new Error("reference server exited")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    bytes: page.body.length,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function serve(): void {
  const body = fs.readFileSync(process.env.REFERENCE_BODY!);
  const headers = JSON.parse(process.env.REFERENCE_HEADERS!) as Record<string, string>;
  headers["content-length"] = String(body.length);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 5_000;
  server.listen(Number(process.env.REFERENCE_PORT), "127.0.0.1", () => console.log("listening"));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

if (process.env.REFERENCE_BODY && process.argv[1] === fileURLToPath(import.meta.url)) serve();
