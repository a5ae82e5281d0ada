import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog } from "~/server/http/access-log.server";
import { captureLogs, log } from "~/server/platform/log.server";

describe("access log", () => {
  let server: http.Server;
  let url = "";
  beforeAll(async () => {
    const app = express();
    app.use(accessLog());
    app.get("/work", (_req, res) => {
      log("warn", "inside the request");
      res.send("ok");
    });
    app.use("/assets", (_req, res) => {
      res.send("asset");
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes reqId once on the access line and on lines logged while handling the request", async () => {
    const capture = captureLogs();
    let response: Response;
    try {
      response = await fetch(`${url}/work`);
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      capture.stop();
    }
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = capture.raw.filter((line) => line.includes(id!));
    expect(mine).toHaveLength(2);
    for (const line of mine) expect(line.match(/"reqId"/g)).toHaveLength(1);
    expect(capture.lines.find((l) => l.msg === "request")).toMatchObject({
      reqId: id,
      method: "GET",
      path: "/work",
      status: 200,
    });
    expect(capture.lines.find((l) => l.msg === "inside the request")).toMatchObject({ reqId: id });
  });

  it("logs the path as requested, also under a mounted middleware", async () => {
    const capture = captureLogs();
    try {
      await (await fetch(`${url}/assets/app-123.js?v=1`)).text();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      capture.stop();
    }
    expect(capture.lines.find((l) => l.msg === "request")).toMatchObject({
      path: "/assets/app-123.js",
      status: 200,
    });
  });
});
