import { describe, expect, it } from "vitest";
import { PRECONDITION_FAILED_MESSAGE } from "~/server/api/api-preconditions.server";
import { STALE_EDIT_MESSAGE } from "~/server/catalogue/packages.server";
import { makePackage } from "../support/factories";
import { registerApiHarness } from "../support/api-harness";

// Two API clients no longer overwrite each other silently. A PUT with
// If-Match is applied only to the version it names (412 otherwise); a PUT whose body carries the
// updated_at it read is refused with 409 when the package changed since. Nothing changes either way.
const h = registerApiHarness({}, { resetEachTest: true });

const base = "/api/trips";
const body = (title: string) => ({ title, price: "$1,200", description: "Four days" });

async function title(id: string): Promise<string> {
  const row = await h.database.db
    .selectFrom("packages")
    .select("title")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.title;
}

describe("conditional PUT on a package", () => {
  it("gives an admin read a strong ETag naming the version, and a PUT the new one", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    const read = await h.get(`${base}/${pkg.id}`, { admin: true });
    const etag = read.headers.get("ETag");
    expect(etag).toBe(`"${(await read.json()).updated_at}"`);
    const put = await h.send("PUT", `${base}/${pkg.id}`, body("First"), {
      headers: { "If-Match": etag! },
    });
    expect(put.status).toBe(200);
    const next = put.headers.get("ETag");
    expect(next).toBe(`"${(await put.json()).updated_at}"`);
    expect(next).not.toBe(etag);
  });

  it("refuses a PUT whose If-Match names an older version with 412, changing nothing", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    const etag = (await h.get(`${base}/${pkg.id}`, { admin: true })).headers.get("ETag")!;
    // Client A writes first, with the version it read.
    const first = await h.send("PUT", `${base}/${pkg.id}`, body("From A"), {
      headers: { "If-Match": etag },
    });
    expect(first.status).toBe(200);
    // Client B read the same version: its write is refused.
    const second = await h.send("PUT", `${base}/${pkg.id}`, body("From B"), {
      headers: { "If-Match": etag },
    });
    expect(second.status).toBe(412);
    expect(await second.json()).toEqual({ error: PRECONDITION_FAILED_MESSAGE });
    expect(await title(pkg.id)).toBe("From A");
  });

  it("never matches a weak or made-up tag; `*` matches any existing package", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    const etag = (await h.get(`${base}/${pkg.id}`, { admin: true })).headers.get("ETag")!;
    for (const tag of [`W/${etag}`, '"made-up"', "garbage"]) {
      const res = await h.send("PUT", `${base}/${pkg.id}`, body("Nope"), {
        headers: { "If-Match": tag },
      });
      expect(res.status, tag).toBe(412);
    }
    expect(await title(pkg.id)).toBe("Original");
    const star = await h.send("PUT", `${base}/${pkg.id}`, body("Any"), {
      headers: { "If-Match": "*" },
    });
    expect(star.status).toBe(200);
    // A list with the current tag in it matches.
    const now = star.headers.get("ETag")!;
    const listed = await h.send("PUT", `${base}/${pkg.id}`, body("Listed"), {
      headers: { "If-Match": `"old", ${now}` },
    });
    expect(listed.status).toBe(200);
  });

  it("lets only one of two concurrent writes of one version through", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    const etag = (await h.get(`${base}/${pkg.id}`, { admin: true })).headers.get("ETag")!;
    const answers = await Promise.all(
      ["A", "B", "C"].map((who) =>
        h.send("PUT", `${base}/${pkg.id}`, body(`From ${who}`), { headers: { "If-Match": etag } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412]);
  });

  it("refuses a PUT whose body carries an older updated_at with 409, changing nothing", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    const read = await (await h.get(`${base}/${pkg.id}`, { admin: true })).json();
    const first = await h.send("PUT", `${base}/${pkg.id}`, { ...read, title: "From A" });
    expect(first.status).toBe(200);
    const second = await h.send("PUT", `${base}/${pkg.id}`, { ...read, title: "From B" });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: STALE_EDIT_MESSAGE });
    expect(await title(pkg.id)).toBe("From A");
  });

  it("still lets a PUT without a precondition through (last write wins, as before)", async () => {
    const pkg = await makePackage(h.database.db, "trip", { title: "Original" });
    expect((await h.send("PUT", `${base}/${pkg.id}`, body("Plain"))).status).toBe(200);
    expect(await title(pkg.id)).toBe("Plain");
  });

  it("documents If-Match, 409 and 412 on PUT in the OpenAPI document", async () => {
    const doc = await (await h.get("/api/openapi.json")).json();
    const put = doc.paths["/api/trips/{id}"].put;
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ name: "If-Match", in: "header", required: false }),
    );
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(["409", "412"]));
    expect(put.responses["200"].headers.ETag).toBeDefined();
  });
});
