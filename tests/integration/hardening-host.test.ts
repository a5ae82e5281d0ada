import net from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { collectServerLogs, type LogLine } from "../support/server-logs";

// A request whose Host (or, behind a trusted proxy, X-Forwarded-Host) is missing or is not a host
// name made the app build an invalid URL: a 500, and a stack trace in the log, for every such
// request a scanner sent. It is now a 400 with a short plain message and one warning line.

/** Sends `head` as written over a new connection and answers everything the server sent. */
function rawExchange(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s to ${JSON.stringify(head)}`));
    }, 10_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.write(head);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);

const get11 = (host: string, extra = "") =>
  `GET / HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`;

const BAD_HOSTS: [string, string][] = [
  ["a space in Host", get11("a b")],
  ["an unclosed IPv6 literal", get11("[zz")],
  ["an IPv6 literal that is not one", get11("[zz]:80")],
  ["a path in Host", get11("a.test/x")],
  ["userinfo in Host", get11("me@a.test")],
  ["a port that is not a number", get11("a.test:http")],
  ["an empty Host", get11("")],
  ["an HTTP/1.0 request without Host", "GET / HTTP/1.0\r\n\r\n"],
  ["a POST without Host", "POST /contact HTTP/1.0\r\nContent-Length: 3\r\n\r\na=b"],
];

describe("missing or malformed Host", () => {
  let server: TestServer;
  let proxied: TestServer;
  const lines: LogLine[] = [];
  const stderr: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: "info" });
    proxied = await startTestServer({ LOG_LEVEL: "info", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });
  beforeEach(() => {
    lines.length = 0;
    stderr.length = 0;
    collectServerLogs(lines);
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return write(chunk);
    });
  });
  afterEach(() => {
    vi.mocked(process.stdout.write).mockRestore();
    vi.mocked(process.stderr.write).mockRestore();
  });

  for (const [label, head] of BAD_HOSTS) {
    it(`answers ${label} with 400, logged as one line without a stack`, async () => {
      const answer = await rawExchange(server.url, head);
      expect(statusOf(answer), answer.slice(0, 300)).toBe(400);
      expect(answer).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/i);
      expect(bodyOf(answer)).toBe("Bad Request: missing or malformed Host header\n");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = lines.filter((l) => l.msg === "bad host refused");
      expect(refused).toHaveLength(1);
      expect(refused[0]!.level).toBe("warn");
      expect(JSON.stringify(lines)).not.toMatch(/stack|\n\s+at /);
      expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
      expect(stderr.join("")).toBe("");
    });
  }

  it("still answers good hosts: a name with a port, an IPv6 literal, HTTP/1.0 with Host", async () => {
    for (const head of [
      get11("localhost:3000"),
      get11("[::1]:8080"),
      get11("127.0.0.1"),
      get11("Wanderlux.Test"),
      "GET / HTTP/1.0\r\nHost: localhost\r\n\r\n",
    ]) {
      const answer = await rawExchange(server.url, head);
      expect(statusOf(answer), head).toBe(200);
    }
    expect(lines.filter((l) => l.msg === "bad host refused")).toEqual([]);
  });

  it("judges X-Forwarded-Host only behind a trusted proxy", async () => {
    const forwarded = get11("localhost", "X-Forwarded-Host: [zz\r\n");
    expect(statusOf(await rawExchange(server.url, forwarded))).toBe(200);
    const answer = await rawExchange(proxied.url, forwarded);
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toBe("Bad Request: missing or malformed Host header\n");
    expect(
      statusOf(await rawExchange(proxied.url, get11("[zz", "X-Forwarded-Host: a.test\r\n"))),
    ).toBe(200);
  });
});
