import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, launchNode, ROOT, type Proc } from "../support/processes";
import { tempDirs } from "../support/files";

// The launcher as a child process: the first start says what it is doing and answers
// 503 "starting" meanwhile; SIGTERM during a write lets the write complete (or leaves nothing).
const ADMIN = { email: "first@example.com", password: "first start password" };

/** The launcher on loopback. */
const launch = (env: Record<string, string>): Proc =>
  launchNode("server.ts", [], { HOST: "127.0.0.1", ...env });

describe("first start and SIGTERM during a write", () => {
  const temp = tempDirs("wlx-first-");
  const dataDir = temp.make();
  const running: Proc[] = [];
  afterAll(() => {
    for (const p of running) p.child.kill("SIGKILL");
    temp.removeAll();
  });

  it("answers /healthz 503 {status:'starting'} while seeding, prints progress, then 200", async () => {
    const port = await freePort();
    const proc = launch({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "true" });
    running.push(proc);
    const seen: { status: number; body: string }[] = [];
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      if (proc.child.exitCode !== null) throw new Error(`exited: ${proc.output()}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        seen.push({ status: res.status, body: await res.text() });
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.at(-1)?.status).toBe(200);
    expect(seen).toContainEqual({ status: 503, body: '{"status":"starting"}' });
    expect(proc.output()).toContain("first start: rendering demo images");
    expect(proc.output()).toContain("demo content seeded");
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  }, 150_000);

  it("completes a write and an upload whose bodies are still arriving when SIGTERM comes, then exits 0", async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const proc = launch(env);
    running.push(proc);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).status === 200) break;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const title = `Sigterm Trip ${Date.now()}`;
    const body = JSON.stringify({ title, price: "$5", status: "published" });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/api/trips`,
        { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      // SIGTERM arrives while the body is half sent; the rest follows 300 ms later.
      setTimeout(() => {
        proc.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answer).toBe(201);
    expect(await proc.exited).toBe(0);

    // After a restart the row is there, whole.
    const again = launch({ ...env, PORT: String(await freePort()) });
    running.push(again);
    const url2 = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /"url":"(http:\/\/[^"]+)"/.exec(again.output());
        if (m) {
          clearInterval(timer);
          resolve(m[1]!.replace("localhost", "127.0.0.1"));
        }
        if (again.child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(again.output()));
        }
      }, 100);
    });
    const list = (await (await fetch(`${url2}/api/trips`)).json()) as { title: string }[];
    expect(list.filter((p) => p.title === title)).toHaveLength(1);

    // An upload still arriving when SIGTERM comes completes too: stored whole, no temp file left.
    const login2 = await fetch(`${url2}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie2 = login2.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const video = fs.readFileSync(path.join(ROOT, "db/seed/assets/moment-lagoon-sunset.webm"));
    const boundary = "----sigterm-upload";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.webm"\r\n` +
        "Content-Type: video/webm\r\n\r\n",
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${url2}/admin/uploads?kind=video`,
        {
          method: "POST",
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(head.length + video.length + tail.length),
            Cookie: cookie2,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(head);
      req.write(video.subarray(0, video.length / 2));
      setTimeout(() => {
        again.child.kill("SIGTERM");
        setTimeout(() => {
          req.write(video.subarray(video.length / 2));
          req.end(tail);
        }, 300);
      }, 200);
    });
    const result = await uploaded;
    expect(result.status, result.body).toBe(200);
    expect(await again.exited).toBe(0);
    const { url: mediaUrl } = JSON.parse(result.body) as { url: string };
    const stored = path.join(dataDir, "media", mediaUrl.replace(/^\/media\//, ""));
    expect(fs.statSync(stored).size).toBe(video.length);
    const leftovers = fs
      .readdirSync(path.join(dataDir, "media"), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".part") || f.includes(".tmp"));
    expect(leftovers).toEqual([]);
  }, 150_000);
});
