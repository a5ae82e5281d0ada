import { describe, expect, it } from "vitest";
import { ADMIN, signedInCookie, useAuthServer, useSignedInServer } from "../support/auth-support";
import { rawRequest } from "../support/support-http";

// Every body is limited while it streams; multipart only where files are uploaded;
// client mistakes are 400/405/415 with a message, never a 500.
const MiB = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, "a");

describe("request bodies are limited while they stream", () => {
  const suite = useSignedInServer();

  it("refuses a declared 200 MB sign-in body with 413 before reading it", async () => {
    const answer = await rawRequest(suite.server.url, "/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"',
      declaredLength: 200 * MiB,
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/at most 8 KB/) });
  });

  it("cuts a streamed (chunked) sign-in body off at 8 KB with a 413", async () => {
    const answer = await rawRequest(suite.server.url, "/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      stream: { chunk, maxBytes: 600 * MiB },
    });
    expect(answer.status).toBe(413);
    // Answered while the client was still sending: far from the 600 MB it would have sent.
    expect(answer.sentWhenAnswered).toBeLessThan(40 * MiB);
  });

  it("cuts a streamed sign-in form (/admin) off at 8 KB", async () => {
    const answer = await rawRequest(suite.server.url, "/admin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      stream: { chunk, maxBytes: 600 * MiB },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Request body must be at most 8 KB");
    expect(answer.sentWhenAnswered).toBeLessThan(40 * MiB);
  });

  it("cuts a streamed JSON write off at 1 MB, signed in", async () => {
    const answer = await rawRequest(suite.server.url, "/api/trips", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: suite.cookie },
      stream: { chunk, maxBytes: 200 * MiB },
    });
    expect(answer.status).toBe(413);
    expect(answer.sentWhenAnswered).toBeLessThan(40 * MiB);
    // The server is fine afterwards.
    expect((await suite.server.fetch("/api/trips")).status).toBe(200);
  });

  it("limits admin form text (urlencoded) to 1 MB, streamed, on every admin form", async () => {
    for (const path of ["/admin/settings", "/admin/new-package", "/admin/travel-moments"]) {
      const answer = await rawRequest(suite.server.url, path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: suite.cookie },
        stream: { chunk, maxBytes: 200 * MiB },
      });
      expect(answer.status, path).toBe(413);
    }
  });

  it("refuses an upload over the request limit on upload routes before reading it", async () => {
    const answer = await rawRequest(suite.server.url, "/admin/new-package", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Cookie: suite.cookie },
      body: "--x\r\n",
      declaredLength: 2048 * MiB,
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(413);
  });
});

describe("client mistakes get 400, 405 or 415 with a message", () => {
  const suite = useSignedInServer();

  it("answers TRACE on any path with 405 and Allow", async () => {
    for (const path of ["/", "/admin", "/api/trips", "/package/x", "/healthz"]) {
      const answer = await rawRequest(suite.server.url, path, { method: "TRACE" });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow).toContain("GET");
      expect(answer.body).toContain("Method TRACE is not allowed");
    }
  });

  it("refuses POST /admin without a body (400), with JSON (415) or multipart (415)", async () => {
    const empty = await rawRequest(suite.server.url, "/admin", { method: "POST" });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).error).toMatch(/no body/);

    const json = await rawRequest(suite.server.url, "/admin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(json.status).toBe(415);
    expect(JSON.parse(json.body).error).toMatch(/application\/x-www-form-urlencoded/);

    const broken = await rawRequest(suite.server.url, "/admin", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: "--zz\r\nContent-Disposition: form-data; name=\r\n\r\nbroken",
    });
    expect(broken.status).toBe(415);
  });

  it("answers PUT, PATCH and DELETE on pages with 405, signed in or not", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      for (const headers of [{}, { Cookie: suite.cookie }] as Record<string, string>[]) {
        const answer = await rawRequest(suite.server.url, "/admin", {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          body: "a=b",
        });
        expect(answer.status, method).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
      }
    }
  });

  it("refuses a non-form body on /admin/settings with 415 and POST /admin.data without one with 400", async () => {
    const settings = await rawRequest(suite.server.url, "/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: suite.cookie },
      body: "{}",
    });
    expect(settings.status).toBe(415);
    const text = await rawRequest(suite.server.url, "/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Cookie: suite.cookie },
      body: "currentPassword=x",
    });
    expect(text.status).toBe(415);

    const data = await rawRequest(suite.server.url, "/admin.data", { method: "POST" });
    expect(data.status).toBe(400);
    const multipartElsewhere = await rawRequest(suite.server.url, "/admin/settings.data", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=q", Cookie: suite.cookie },
      body: "--q--\r\n",
    });
    expect(multipartElsewhere.status).toBe(415);
  });

  it("refuses multipart without a boundary on an upload route with 400", async () => {
    const answer = await rawRequest(suite.server.url, "/admin/new-package", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data", Cookie: suite.cookie },
      body: "junk",
    });
    expect(answer.status).toBe(400);
  });
});

describe("sign-in and password forms get the NUL / ill-formed Unicode guard", () => {
  const suite = useAuthServer();

  it("answers 400 with the API's message and changes nothing", async () => {
    const form = (path: string, fields: Record<string, string>, cookie?: string) =>
      rawRequest(suite.server.url, path, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });
    const login = await form("/admin", { email: ADMIN.email, password: "pass\u0000word!!!!" });
    expect(login.status).toBe(400);
    expect(login.body).toContain("must not contain NUL characters");
    const cookie = await signedInCookie(suite.server);
    const change = await form(
      "/admin/settings",
      {
        currentPassword: ADMIN.password,
        newPassword: "new\u0000password!!!",
        confirmPassword: "new\u0000password!!!",
      },
      cookie,
    );
    expect(change.status).toBe(400);
    expect((await signedInCookie(suite.server)).length).toBeGreaterThan(0);
  });
});
