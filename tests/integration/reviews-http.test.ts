import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import type { Role } from "~/domain/permissions";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import { PROPOSAL_MESSAGES } from "~/server/catalogue/proposals.server";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "~/server/catalogue/reviews.server";
import { flashOf } from "../support/admin-http-support";
import type { TestServer } from "../support/app-server";
import { startAuthServer } from "../support/auth-support";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import { formFields } from "../support/site-html";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

/**
 * Review before publishing over HTTP (decision 132): a Contributor's "Submit for review" on the
 * package form, /admin/review for Editors, the 403s for everyone else, the e-mails over SMTP.
 */
describe("review before publishing over HTTP", () => {
  let database: TestDatabase;
  let server: TestServer;
  let smtp: TestSmtpServer;
  const ids = new Map<Role, string>();
  const trip = PACKAGE_KIND_INFO.trip.admin;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    for (const role of ["contributor", "editor", "sales"] as const) {
      const admin = await createAdmin(
        database.db,
        `${role}@example.com`,
        "a long passphrase",
        role,
      );
      ids.set(role, admin.id);
    }
    smtp = await startSmtpServer();
    server = await startAuthServer(database, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const cookie = async (role: Role) => ({
    Cookie: `${AUTH_COOKIES.session.name}=${(await createSession(database.db, ids.get(role)!)).id}`,
  });
  const get = async (role: Role, path: string) =>
    server.fetch(path, { headers: await cookie(role) });
  const state = (id: string) =>
    database.db
      .selectFrom("packages")
      .select(["status", "title", "review_state", "review_comment"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** The package form's fields as the browser posts them (the submit button's value added). */
  async function packageFields(role: Role, id: string): Promise<[string, string][]> {
    const html = await (await get(role, trip.editPath(id))).text();
    return formFields(html, /<form\b[^>]*class="package-form"/);
  }

  async function submitted(title: string) {
    const pkg = await makePackage(database.db, "trip", { title, status: "draft" });
    const fields = (await packageFields("contributor", pkg.id)).map(([n, v]): [string, string] => [
      n,
      n === "title" ? `${title} (revised)` : v,
    ]);
    const response = await formPost(
      server,
      trip.editPath(pkg.id),
      [...fields, ["intent", "submit-for-review"]],
      await cookie("contributor"),
      "multipart",
    );
    return { pkg, response };
  }

  it("shows the Contributor Submit for review and no Publish button; an Editor publishes instead", async () => {
    const pkg = await makePackage(database.db, "trip", { title: "Button check", status: "draft" });
    const button = /<button[^>]*value="submit-for-review"[^>]*>Submit for review<\/button>/;
    const publish = /<button[^>]*value="published"[^>]*>Publish<\/button>/;
    const contributor = await (await get("contributor", trip.editPath(pkg.id))).text();
    expect(contributor).toMatch(button);
    expect(contributor).not.toMatch(publish);
    expect(contributor).toContain("Submit for review asks an editor to publish it.");
    const editor = await (await get("editor", trip.editPath(pkg.id))).text();
    expect(editor).not.toMatch(button);
    expect(editor).toMatch(publish);
  });

  it("submits a Contributor's draft: saved, in review, not on the public site, in the queue", async () => {
    const { pkg, response } = await submitted("Atlas trek");
    expect(response.status).toBe(302);
    expect(flashOf(response)?.message).toBe(REVIEW_MESSAGES.submitted);
    expect(await state(pkg.id)).toMatchObject({
      status: "draft",
      title: "Atlas trek (revised)",
      review_state: "in_review",
    });
    expect((await server.fetch(`/package/${pkg.slug}`)).status).toBe(404);
    const queue = await (await get("editor", "/admin/review")).text();
    expect(queue).toContain("Atlas trek (revised)");
    expect(queue).toContain("contributor@example.com");
    expect(queue).toContain(`href="/admin/history/trip/${pkg.id}"`);
    const dashboard = await (await get("contributor", trip.listPath)).text();
    expect(dashboard).toContain("Your submissions");
    expect(dashboard).toContain("In review");
  });

  it("refuses a submit-for-review that also publishes, saving nothing", async () => {
    const pkg = await makePackage(database.db, "trip", { title: "Not so fast", status: "draft" });
    const fields = (await packageFields("contributor", pkg.id)).map(([n, v]): [string, string] => [
      n,
      n === "title" ? "Changed" : v,
    ]);
    const response = await formPost(
      server,
      trip.editPath(pkg.id),
      [...fields, ["status", "published"], ["intent", "submit-for-review"]],
      await cookie("contributor"),
      "multipart",
    );
    expect(response.status).toBe(403);
    expect(await state(pkg.id)).toMatchObject({ title: "Not so fast", review_state: null });
  });

  it("answers 403 with a message to a Contributor or Sales on /admin/review, changing nothing", async () => {
    const { pkg } = await submitted("Forbidden fjord");
    for (const role of ["contributor", "sales"] as const) {
      const page = await get(role, "/admin/review");
      expect(page.status, role).toBe(403);
      expect(await page.text()).toContain("does not allow this");
      for (const intent of ["approve", "send-back"]) {
        const response = await formPost(
          server,
          "/admin/review",
          { intent, kind: "trip", id: pkg.id, comment: "No" },
          await cookie(role),
        );
        expect(response.status, `${role} ${intent}`).toBe(403);
      }
    }
    expect(await state(pkg.id)).toMatchObject({ status: "draft", review_state: "in_review" });
  });

  it("refuses a send-back without a comment or with a too long one, with the message", async () => {
    const { pkg } = await submitted("Quiet coast");
    for (const [comment, message] of [
      ["", REVIEW_MESSAGES.commentRequired],
      ["x".repeat(REVIEW_COMMENT_MAX + 1), REVIEW_MESSAGES.commentTooLong],
    ] as const) {
      const response = await formPost(
        server,
        "/admin/review",
        { intent: "send-back", kind: "trip", id: pkg.id, comment },
        await cookie("editor"),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const bad = await formPost(
      server,
      "/admin/review",
      { intent: "nonsense", kind: "trip", id: pkg.id },
      await cookie("editor"),
    );
    expect(bad.status).toBe(400);
    expect(await state(pkg.id)).toMatchObject({ review_state: "in_review", review_comment: null });
  });

  it("sends back: a draft with the comment on the author's dashboard, and an e-mail", async () => {
    const { pkg } = await submitted("Glacier walk");
    const seen = smtp.messages.length;
    const response = await formPost(
      server,
      "/admin/review",
      { intent: "send-back", kind: "trip", id: pkg.id, comment: "Add the meeting point, please." },
      await cookie("editor"),
    );
    expect(response.status).toBe(302);
    expect(await state(pkg.id)).toMatchObject({ status: "draft", review_state: "sent_back" });
    const mail = await smtp.nextMessage(seen);
    expect(mail.to).toEqual(["contributor@example.com"]);
    expect(mail.text).toContain("Add the meeting point, please.");
    const dashboard = await (await get("contributor", trip.listPath)).text();
    expect(dashboard).toContain("Sent back");
    expect(dashboard).toContain("Add the meeting point, please.");
  });

  it("approves: live on the public site, out of the queue, the author e-mailed, events logged", async () => {
    const { pkg } = await submitted("Lofoten light");
    const seen = smtp.messages.length;
    const response = await formPost(
      server,
      "/admin/review",
      { intent: "approve", kind: "trip", id: pkg.id },
      await cookie("editor"),
    );
    expect(response.status).toBe(302);
    expect(flashOf(response)?.message).toContain("Approved and published");
    expect(await state(pkg.id)).toMatchObject({ status: "published", review_state: null });
    const live = await server.fetch(`/package/${pkg.slug}`);
    expect(live.status).toBe(200);
    expect(await live.text()).toContain("Lofoten light (revised)");
    expect((await smtp.nextMessage(seen)).subject).toContain("Approved: Lofoten light (revised)");
    expect(await (await get("editor", "/admin/review")).text()).not.toContain("Lofoten light");
    const types = await database.db
      .selectFrom("events")
      .select("type")
      .where("type", "like", "package.%review%")
      .execute();
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining(["package.submitted_for_review", "package.review_approved"]),
    );
  });

  /** What a visitor sees: the public page and the public API's list of trips. */
  async function publicView(slug: string) {
    const page = await (await server.fetch(`/package/${slug}`)).text();
    const api = (await (await server.fetch("/api/trips")).json()) as {
      slug: string;
      title: string;
    }[];
    return { page, apiTitle: api.find((p) => p.slug === slug)?.title };
  }

  async function proposed(title: string, intent?: string) {
    const pkg = await makePackage(database.db, "trip", {
      title,
      description: "The published words.",
      status: "published",
    });
    // The public page is in the page cache before the change is proposed.
    expect((await publicView(pkg.slug)).page).toContain("The published words.");
    const fields = (await packageFields("contributor", pkg.id)).map(([n, v]): [string, string] => [
      n,
      n === "title" ? `${title} (proposed)` : n === "description" ? "The proposed words." : v,
    ]);
    const response = await formPost(
      server,
      trip.editPath(pkg.id),
      [...fields, ...(intent ? [["intent", intent] as [string, string]] : [])],
      await cookie("contributor"),
      "multipart",
    );
    return { pkg, response };
  }

  it("keeps a published package live while a Contributor's changes wait; approval publishes them", async () => {
    const { pkg, response } = await proposed("Fjord cruise", "submit-for-review");
    expect(response.status).toBe(302);
    expect(flashOf(response)?.message).toBe(PROPOSAL_MESSAGES.submitted);
    expect(await state(pkg.id)).toMatchObject({
      status: "published",
      title: "Fjord cruise",
      review_state: "in_review",
    });
    const waiting = await publicView(pkg.slug);
    expect(waiting.page).toContain("The published words.");
    expect(waiting.page).not.toContain("The proposed words.");
    expect(waiting.apiTitle).toBe("Fjord cruise");

    // The author revises the proposal; an Editor sees the live package and the notice.
    const authorForm = await (await get("contributor", trip.editPath(pkg.id))).text();
    expect(authorForm).toContain("Changes in review");
    expect(authorForm).toContain('value="Fjord cruise (proposed)"');
    expect(authorForm).toContain("Discard my changes");
    const editorForm = await (await get("editor", trip.editPath(pkg.id))).text();
    expect(editorForm).toContain("Changes in review");
    expect(editorForm).toContain('value="Fjord cruise"');
    expect(editorForm).not.toContain("Discard my changes");
    const list = await (await get("editor", trip.listPath)).text();
    expect(list).toMatch(/class="badge badge-review">Changes in review</);
    const queue = await (await get("editor", "/admin/review")).text();
    expect(queue).toContain("Approve and publish the changes");
    expect(queue).toContain("Compared with the published version that is live now.");
    expect(queue).toContain("Description changed");

    const approved = await formPost(
      server,
      "/admin/review",
      { intent: "approve", kind: "trip", id: pkg.id },
      await cookie("editor"),
    );
    expect(approved.status).toBe(302);
    const live = await publicView(pkg.slug);
    expect(live.page).toContain("The proposed words.");
    expect(live.apiTitle).toBe("Fjord cruise (proposed)");
    expect(await state(pkg.id)).toMatchObject({ status: "published", review_state: null });
  });

  it("sends proposed changes back with the live version kept; the author discards them (no JavaScript)", async () => {
    const { pkg } = await proposed("Baltic ferry", "submit-for-review");
    const back = await formPost(
      server,
      "/admin/review",
      { intent: "send-back", kind: "trip", id: pkg.id, comment: "Keep the old title." },
      await cookie("editor"),
    );
    expect(back.status).toBe(302);
    expect((await publicView(pkg.slug)).page).toContain("The published words.");
    const form = await (await get("contributor", trip.editPath(pkg.id))).text();
    expect(form).toContain("Changes sent back");
    expect(form).toContain("Keep the old title.");
    const dashboard = await (await get("contributor", trip.listPath)).text();
    expect(dashboard).toContain("<strong>Changes sent back</strong>");
    const fields = await packageFields("contributor", pkg.id);
    const discarded = await formPost(
      server,
      trip.editPath(pkg.id),
      [...fields, ["intent", "discard-changes"]],
      await cookie("contributor"),
      "multipart",
    );
    expect(discarded.status).toBe(302);
    expect(flashOf(discarded)?.message).toBe(PROPOSAL_MESSAGES.discarded);
    const after = await (await get("contributor", trip.editPath(pkg.id))).text();
    expect(after).not.toContain("Changes sent back");
    expect(after).toContain('value="Baltic ferry"');
    const again = await formPost(
      server,
      trip.editPath(pkg.id),
      [...fields, ["intent", "discard-changes"]],
      await cookie("contributor"),
      "multipart",
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(PROPOSAL_MESSAGES.nothingToDiscard);
  });

  it("saves a Contributor's change to a published package without submitting it", async () => {
    const { pkg, response } = await proposed("Danube barge");
    expect(response.status).toBe(302);
    expect(flashOf(response)?.message).toBe(PROPOSAL_MESSAGES.saved);
    expect(await state(pkg.id)).toMatchObject({ title: "Danube barge", review_state: null });
    expect(await (await get("editor", "/admin/review")).text()).not.toContain("Danube barge");
    const list = await (await get("contributor", trip.listPath)).text();
    expect(list).toContain("Changes not yet submitted");
  });

  it("says in words which permission the role lacks: pages and form intents, with and without JavaScript", async () => {
    const { pkg } = await submitted("Reasoned refusal");
    const reason =
      "Your role (Contributor) does not allow this: publishing, scheduling and changing live content. Nothing was changed.";
    // A page, and a form intent posted without JavaScript: the admin error screen.
    const page = await get("contributor", "/admin/review");
    expect(page.status).toBe(403);
    const html = await page.text();
    // Shown on the page itself, not only in the router's data for the scripts.
    expect(html).toContain(`<p>${reason}</p>`);
    const posted = await formPost(
      server,
      "/admin/review",
      { intent: "approve", kind: "trip", id: pkg.id },
      await cookie("contributor"),
    );
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain(`<p>${reason}</p>`);
    // With JavaScript the router asks for data (GET) and posts the intent to the .data URL: the
    // same reason travels in the answer the error screen renders.
    const data = await get("contributor", "/admin/review.data");
    expect(data.status).toBe(403);
    expect(await data.text()).toContain(reason);
    const intent = await formPost(
      server,
      "/admin/review.data",
      { intent: "send-back", kind: "trip", id: pkg.id, comment: "No" },
      await cookie("contributor"),
    );
    expect(intent.status).toBe(403);
    expect(await intent.text()).toContain(reason);
    expect(await state(pkg.id)).toMatchObject({ status: "draft", review_state: "in_review" });
  });
});
