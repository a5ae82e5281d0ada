import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedStatic } from "~/server/http/static-assets.server";
import { tempDirs } from "../support/files";

// A load generator closing its connections with asset requests in flight made every one of them
// an error passed to Express (a stack trace per request in the log): a client that hangs up is
// not a server error. A file that cannot be read still is.
describe("precompressedStatic when the client hangs up", () => {
  const temp = tempDirs("wlx-aborted-");
  const dir = temp.make();
  let server: http.Server;
  let port = 0;
  const errors: string[] = [];
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, "app.js"), "x");
    fs.writeFileSync(path.join(dir, "app.js.br"), Buffer.alloc(4 * 1024 * 1024, 7));
    fs.writeFileSync(path.join(dir, "gone.js"), "x");
    fs.writeFileSync(path.join(dir, "gone.js.br"), "y");
    const app = express();
    app.use(precompressedStatic(dir, { maxAge: "1y", immutable: true }));
    app.use((error: Error & { code?: string }, _req: Request, res: Response, _n: NextFunction) => {
      errors.push(error.code ?? error.message);
      if (!res.headersSent) res.status(500).end();
    });
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    temp.removeAll();
  });

  function requestAndHangUp(file: string) {
    return new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`GET /${file} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n`);
        socket.destroy();
      });
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
  }

  it("passes no error on when the connection closes before the file is sent", async () => {
    for (let i = 0; i < 60; i++) await requestAndHangUp("app.js");
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).toEqual([]);
    // Undecoded (the .br is only bytes here): the whole file still goes to a client that stays.
    const { encoding, length } = await new Promise<{ encoding?: string; length: number }>(
      (resolve, reject) => {
        http
          .get(
            { port, host: "127.0.0.1", path: "/app.js", headers: { "accept-encoding": "br" } },
            (res) => {
              let length = 0;
              res.on("data", (chunk: Buffer) => (length += chunk.length));
              res.on("end", () => resolve({ encoding: res.headers["content-encoding"], length }));
            },
          )
          .on("error", reject);
      },
    );
    expect(encoding).toBe("br");
    expect(length).toBe(4 * 1024 * 1024);
  });

  it("still passes on a file that vanished after start", async () => {
    fs.rmSync(path.join(dir, "gone.js.br"));
    const res = await fetch(`http://127.0.0.1:${port}/gone.js`, {
      headers: { "accept-encoding": "br" },
    });
    expect(res.status).toBe(500);
    expect(errors).toEqual(["ENOENT"]);
  });
});
