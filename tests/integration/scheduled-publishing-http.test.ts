import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "~/domain/schedule";
import { getPackageById } from "~/server/catalogue/packages.server";
import { UNSTORABLE_TEXT_MESSAGE } from "~/server/platform/unstorable-text.server";
import { makePackage } from "../support/factories";
import {} from "../support/admin-http-support";
import { useSignedInServer } from "../support/auth-support";
import { decode, element, tags, textOf } from "../support/site-html";
import { formPost } from "../support/form-post";

// Publish at / Unpublish at through the admin forms (without JavaScript: plain posts)
// and the JSON API, on the built server. Times are far enough ahead to be future whenever run.

const LATER = "2030-03-01T08:00"; // company time (Africa/Johannesburg, UTC+2)
const LATER_UTC = "2030-03-01T06:00:00.000Z";
const END = "2030-03-31T23:59";
const END_UTC = "2030-03-31T21:59:00.000Z";

describe("scheduled publishing over HTTP", () => {
  const suite = useSignedInServer();
  const db = () => suite.database.db;

  const post = (path: string, fields: [string, string][]) =>
    formPost(suite.server, path, fields, { Cookie: suite.cookie }, "multipart");

  const api = (method: string, path: string, body?: unknown) =>
    suite.server.fetch(path, {
      method,
      headers: {
        Cookie: suite.cookie,
        Origin: suite.server.url,
        "Sec-Fetch-Site": "same-origin",
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  const rowByTitle = (title: string) =>
    db().selectFrom("packages").selectAll().where("title", "=", title).executeTakeFirst();

  /** The message shown under a field (Conform's error element). */
  const fieldError = (html: string, name: string) => {
    const input = tags(element(html, /<form\b[^>]*class="package-form"/)!, "input").find(
      (i) => i.name === name,
    );
    const errorId = input?.["aria-describedby"]?.split(" ").find((id) => id.endsWith("-error"));
    const match = errorId
      ? new RegExp(`<p id="${errorId}"[^>]*>([\\s\\S]*?)</p>`).exec(html)
      : null;
    return match ? decode(textOf(match[1]!)) : undefined;
  };

  it("every package form has Publish at and Unpublish at date-and-time inputs, labelled", async () => {
    for (const path of [
      "/admin/new-package",
      "/admin/new-exclusive",
      "/admin/new-local",
      "/admin/new-discovery",
    ]) {
      const html = await (
        await suite.server.fetch(path, { headers: { Cookie: suite.cookie } })
      ).text();
      const form = element(html, /<form\b[^>]*class="package-form"/)!;
      const inputs = tags(form, "input").filter((i) => i.type === "datetime-local");
      expect(
        inputs.map((i) => i.name),
        path,
      ).toEqual(["publish_at", "unpublish_at"]);
      for (const input of inputs) expect(html).toMatch(new RegExp(`<label for="${input.id}">`));
      expect(textOf(html)).toContain("Times are in Africa/Johannesburg time.");
    }
  });

  it("saves a draft with a schedule typed in company time, and the list card shows it", async () => {
    const response = await post("/admin/new-package", [
      ["title", "Scheduled Safari"],
      ["status", "draft"],
      ["publish_at", LATER],
      ["unpublish_at", END],
    ]);
    expect(response.status).toBe(302);
    const row = await rowByTitle("Scheduled Safari");
    expect(row?.publish_at?.toISOString()).toBe(LATER_UTC);
    expect(row?.unpublish_at?.toISOString()).toBe(END_UTC);

    const list = await (
      await suite.server.fetch("/admin/dashboard", { headers: { Cookie: suite.cookie } })
    ).text();
    expect(textOf(list)).toContain(
      "Scheduled: publishes 1 Mar 2030 08:00, then unpublishes 31 Mar 2030 23:59",
    );
    // The edit form shows the times as typed.
    const edit = await (
      await suite.server.fetch(`/admin/edit-package/${row!.id}`, {
        headers: { Cookie: suite.cookie },
      })
    ).text();
    const inputs = tags(edit, "input").filter((i) => i.type === "datetime-local");
    expect(inputs.map((i) => i.value)).toEqual([LATER, END]);
  });

  it("refuses nonsense with a message by the field, saving nothing", async () => {
    const cases: [string, [string, string][], string, string][] = [
      ["past", [["publish_at", "2020-01-01T08:00"]], "publish_at", SCHEDULE_MESSAGES.publishPast],
      [
        "unparseable",
        [["publish_at", "2030-02-30T08:00"]],
        "publish_at",
        SCHEDULE_MESSAGES.localFormat,
      ],
      ["words", [["publish_at", "next tuesday"]], "publish_at", SCHEDULE_MESSAGES.localFormat],
      [
        "order",
        [
          ["publish_at", LATER],
          ["unpublish_at", "2030-02-01T08:00"],
        ],
        "unpublish_at",
        SCHEDULE_MESSAGES.unpublishBeforePublish,
      ],
    ];
    for (const [title, fields, field, message] of cases) {
      const response = await post("/admin/new-package", [
        ["title", `Refused ${title}`],
        ["status", "draft"],
        ...fields,
      ]);
      expect(response.status, title).toBe(400);
      expect(fieldError(await response.text(), field), title).toBe(message);
      expect(await rowByTitle(`Refused ${title}`), title).toBeUndefined();
    }
    // Publish with a Publish at: contradictory, refused.
    const published = await post("/admin/new-exclusive", [
      ["title", "Refused published"],
      ["price", "R 1"],
      ["status", "published"],
      ["publish_at", LATER],
    ]);
    expect(published.status).toBe(400);
    expect(fieldError(await published.text(), "publish_at")).toBe(
      SCHEDULE_MESSAGES.publishedWithPublishAt,
    );
    // NUL and bidi controls: the existing guard.
    const nul = await post("/admin/new-package", [
      ["title", "Refused nul"],
      ["status", "draft"],
      ["publish_at", `${LATER}\u0000`],
    ]);
    expect(nul.status).toBe(400);
    expect(textOf(await nul.text())).toContain(UNSTORABLE_TEXT_MESSAGE);
    expect(await rowByTitle("Refused nul")).toBeUndefined();
  });

  it("the API reads and writes publish_at / unpublish_at as ISO 8601 with an offset", async () => {
    const created = await api("POST", "/api/trips", {
      title: "API scheduled",
      status: "draft",
      publish_at: "2030-03-01T08:00:00+02:00",
      unpublish_at: "2030-03-31T21:59:00Z",
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; publish_at: string; unpublish_at: string };
    expect([body.publish_at, body.unpublish_at]).toEqual([LATER_UTC, END_UTC]);

    const read = (await (await api("GET", `/api/trips/${body.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(read).toMatchObject({ publish_at: LATER_UTC, unpublish_at: END_UTC });

    // A PUT that leaves them out keeps them; null clears one.
    const kept = await api("PUT", `/api/trips/${body.id}`, { title: "API scheduled 2" });
    expect(await kept.json()).toMatchObject({ publish_at: LATER_UTC, unpublish_at: END_UTC });
    const cleared = await api("PUT", `/api/trips/${body.id}`, {
      title: "API scheduled 2",
      unpublish_at: null,
    });
    expect(await cleared.json()).toMatchObject({ publish_at: LATER_UTC, unpublish_at: null });

    // PATCH publish (the manual publish) clears the pending Publish at.
    const patched = await api("PATCH", `/api/trips/${body.id}`, { status: "published" });
    expect(await patched.json()).toMatchObject({ status: "published", publish_at: null });
  });

  it("the API refuses bad values with 400 and the field in details, changing nothing", async () => {
    const pkg = await makePackage(db(), "local", { title: "API target", status: "draft" });
    const before = await getPackageById(db(), "local", pkg.id);
    const cases: [unknown, string, string][] = [
      [{ publish_at: "2030-03-01T08:00:00" }, "publish_at", SCHEDULE_MESSAGES.isoFormat],
      [{ publish_at: "2030-02-30T08:00:00Z" }, "publish_at", SCHEDULE_MESSAGES.isoFormat],
      [{ publish_at: "soon" }, "publish_at", SCHEDULE_MESSAGES.isoFormat],
      [{ publish_at: 1700000000 }, "publish_at", SCHEDULE_MESSAGES.isoFormat],
      [{ publish_at: "2020-03-01T08:00:00Z" }, "publish_at", SCHEDULE_MESSAGES.publishPast],
      [
        { publish_at: "2030-03-01T08:00:00Z", unpublish_at: "2030-03-01T07:00:00Z" },
        "unpublish_at",
        SCHEDULE_MESSAGES.unpublishBeforePublish,
      ],
      [
        { unpublish_at: "2030-03-01T08:00:00Z" },
        "unpublish_at",
        SCHEDULE_MESSAGES.draftUnpublishOnly,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api("PUT", `/api/local/${pkg.id}`, {
        title: "API target",
        ...(fields as object),
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const error = (await res.json()) as { error: string; details: Record<string, string[]> };
      expect(error.details[field], JSON.stringify(fields)).toContain(message);
    }
    const bidi = await api("PUT", `/api/local/${pkg.id}`, {
      title: "API target",
      publish_at: "2030-03-01T08:00:00\u202eZ",
    });
    expect(bidi.status).toBe(400);
    expect(await getPackageById(db(), "local", pkg.id)).toEqual(before);
  });
});
