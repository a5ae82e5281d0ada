import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existingPathsOnly } from "~/server/http/static-assets.server";
import { tempDirs } from "../support/files";

// Express.static over the build's client folder runs only for paths that exist there,
// so page requests skip its file-system lookup, while what it served (or redirected) is unchanged.
describe("existingPathsOnly", () => {
  const temp = tempDirs("wlx-static-");
  const dir = temp.make();
  let server: http.Server;
  let base = "";
  let lookups = 0;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "images"));
    fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    fs.writeFileSync(path.join(dir, "images", "a b.txt"), "spaced");
    const app = express();
    const serve = express.static(dir, { index: false });
    app.use(
      existingPathsOnly(dir, (req, res, next) => {
        lookups++;
        serve(req, res, next);
      }),
    );
    app.use((req, res) => {
      res.status(404).send(`page ${req.path}`);
    });
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    temp.removeAll();
  });

  const get = async (p: string) => {
    const before = lookups;
    const res = await fetch(base + p, { redirect: "manual" });
    return { status: res.status, text: await res.text(), looked: lookups - before };
  };

  it("serves files that exist, encoded names included, and redirects their folders as before", async () => {
    expect(await get("/favicon.svg")).toMatchObject({ status: 200, text: "<svg/>", looked: 1 });
    expect(await get("/images/a%20b.txt")).toMatchObject({ status: 200, text: "spaced" });
    expect(await get("/images")).toMatchObject({ status: 301, looked: 1 });
  });

  it("sends page paths straight on, without a lookup", async () => {
    for (const p of ["/", "/about", "/package/123", "/images/missing.png", "/upcoming-trips.data"])
      expect(await get(p), p).toMatchObject({ status: 404, text: `page ${p}`, looked: 0 });
  });

  it("leaves paths that are not plain to express.static", async () => {
    expect((await get("/%E0%A4%A")).looked).toBe(1);
    expect((await get("/images/%2e%2e/favicon.svg")).looked).toBe(1);
  });
});
