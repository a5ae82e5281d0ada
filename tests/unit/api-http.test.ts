import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LIMITS } from "~/domain/schemas";
import {
  etagMatches,
  etagOf,
  hasUnstorableText,
  parseBody,
  toErrorResponse,
} from "~/server/api/api-http.server";
import { publicJson, readJsonBody } from "~/server/http/api-request.server";
import { AppError } from "~/server/platform/errors.server";
import { setLogLevel } from "~/server/platform/log.server";

const post = (
  body: BodyInit | null,
  headers: Record<string, string> = { "Content-Type": "application/json" },
) => new Request("http://x.test/api", { method: "POST", body, headers });

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  return { status: 0, message: "" };
}

describe("readJsonBody", () => {
  it("parses a JSON object with or without a utf-8 charset, and +json types", async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(
      await readJsonBody(post('{"a":2}', { "Content-Type": "application/json; charset=UTF-8" })),
    ).toEqual({ a: 2 });
    expect(
      await readJsonBody(post('{"a":3}', { "Content-Type": "application/merge-patch+json" })),
    ).toEqual({ a: 3 });
  });

  it("answers 415 for non-JSON content types and other charsets", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
    ]) {
      expect((await statusOf(readJsonBody(post('{"a":1}', { "Content-Type": type })))).status).toBe(
        415,
      );
    }
    expect((await statusOf(readJsonBody(post('{"a":1}', {})))).status).toBe(415);
  });

  it("answers 413 over 1 MB, by declared length and by streamed bytes", async () => {
    const big = JSON.stringify({ title: "x".repeat(LIMITS.jsonBodyBytes) });
    expect((await statusOf(readJsonBody(post(big)))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100_000).fill(0x20));
        controller.close();
      },
    });
    const streamed = new Request("http://x.test/api", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await statusOf(readJsonBody(streamed))).status).toBe(413);
    // Exactly the limit is fine.
    const exact = `{"a":"${"y".repeat(LIMITS.jsonBodyBytes - 8)}"}`;
    expect(new TextEncoder().encode(exact).byteLength).toBe(LIMITS.jsonBodyBytes);
    expect(await readJsonBody(post(exact))).toHaveProperty("a");
  });

  it("answers 400 for malformed, empty, non-object, non-UTF-8 and unstorable bodies", async () => {
    const cases: [BodyInit | null, string][] = [
      ["{", "Request body is not valid JSON"],
      ["", "Request body is empty"],
      [null, "Request body is empty"],
      ["[1,2]", "Request body must be a JSON object"],
      ["null", "Request body must be a JSON object"],
      ['"text"', "Request body must be a JSON object"],
      [
        new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
        "Request body must be UTF-8 encoded JSON",
      ],
      ['{"title":"a\\u0000b"}', "Text must not contain NUL characters or invalid Unicode"],
      ['{"list":["\\ud800"]}', "Text must not contain NUL characters or invalid Unicode"],
    ];
    for (const [body, message] of cases) {
      expect(await statusOf(readJsonBody(post(body)))).toEqual({ status: 400, message });
    }
  });
});

describe("hasUnstorableText", () => {
  it("finds NUL and lone surrogates in values and keys at any depth, without recursion", () => {
    expect(hasUnstorableText({ a: ["ok", { b: "fine 😀" }] })).toBe(false);
    expect(hasUnstorableText({ a: [{ b: "\u0000" }] })).toBe(true);
    expect(hasUnstorableText({ ["\udc00"]: 1 })).toBe(true);
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });
});

describe("ETags", () => {
  it("matches weakly, in lists and with *", () => {
    const tag = etagOf('{"a":1}');
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(etagOf('{"a":1}')).toBe(tag);
    expect(etagOf('{"a":2}')).not.toBe(tag);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(null, tag)).toBe(false);
  });

  it("publicJson answers 304 without a body when If-None-Match matches", async () => {
    const first = publicJson(new Request("http://x.test/"), [1, 2], "list");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=30");
    expect(first.headers.get("Vary")).toBe("Cookie");
    const etag = first.headers.get("ETag")!;
    const second = publicJson(
      new Request("http://x.test/", { headers: { "If-None-Match": etag } }),
      [1, 2],
      "list",
    );
    expect(second.status).toBe(304);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(await second.text()).toBe("");
    const changed = publicJson(
      new Request("http://x.test/", { headers: { "If-None-Match": etag } }),
      [1, 3],
      "item",
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get("Cache-Control")).toBe("public, no-cache");
  });
});

describe("errors", () => {
  const request = new Request("http://x.test/api/local", { method: "POST" });

  it("parseBody throws a 400 whose message is the first issue's", () => {
    const schema = z.object({ title: z.string({ error: "Please enter a title" }), n: z.number() });
    try {
      parseBody(schema, { n: "x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toBe("Please enter a title");
      expect(Object.keys((error as AppError).details!)).toEqual(["title", "n"]);
    }
  });

  it("maps AppError, Response, ZodError and unknown faults", async () => {
    const conflict = toErrorResponse(new AppError("Stale list", 409), "Failed", request);
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "Stale list" });
    const thrown = Response.json({ error: "Authentication required" }, { status: 401 });
    expect(toErrorResponse(thrown, "Failed", request)).toBe(thrown);
    const zod = z.object({ a: z.string({ error: "A is required" }) }).safeParse({});
    const fromZod = toErrorResponse(zod.error, "Failed", request);
    expect(fromZod.status).toBe(400);
    expect(await fromZod.json()).toMatchObject({ error: "A is required" });
    setLogLevel("silent");
    const fault = toErrorResponse(
      new Error("connection refused"),
      "Failed to create local package",
      request,
    );
    setLogLevel("info");
    expect(fault.status).toBe(500);
    expect(await fault.json()).toEqual({ error: "Failed to create local package" });
    expect(fault.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
