import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import type { Role } from "~/domain/permissions";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import { setPackageStatus } from "~/server/catalogue/packages.server";
import { REVIEW_MESSAGES, submitForReview } from "~/server/catalogue/reviews.server";
import { TRANSLATION_REVIEW_MESSAGES } from "~/server/catalogue/translation-proposals.server";
import { flashOf } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, formFields, textOf } from "../support/site-html";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

const trip = PACKAGE_KIND_INFO.trip.admin;

/**
 * Pending translations (decision 146), over HTTP as a browser without JavaScript posts them: a
 * Contributor's save of a live package's translation is kept, not applied; "Submit for review"
 * lists it on /admin/review as "Translation (German) in review" with its changes; an Editor
 * approves it (applied with the slug checks and the slug history) or sends it back with a comment
 * (e-mail and dashboard). The live translation and the German page stay until the approval.
 */
describe.each(BACKENDS)("pending translations on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  let smtp: TestSmtpServer;
  const cookies = new Map<Role, Record<string, string>>();
  let live = { id: "", slug: "" };
  let contributorId = "";

  const path = (id: string) => `/admin/translations/trip/${id}/de`;
  // A save that publishes in German, as a translator finishing it would (decision 154).
  const translate = (role: Role, id: string, fields: Record<string, string>) =>
    formPost(server, path(id), { published: "on", ...fields }, cookies.get(role));
  const review = (role: Role, fields: Record<string, string>) =>
    formPost(server, "/admin/review", fields, cookies.get(role));
  const screen = async (role: Role, id: string) => {
    const res = await server.fetch(path(id), { headers: cookies.get(role) });
    return { res, html: await res.text() };
  };
  const page = async (role: Role, at: string) =>
    (await server.fetch(at, { headers: cookies.get(role) })).text();
  const stored = (id: string) =>
    server.db
      .selectFrom("package_translations")
      .select(["title", "description", "slug"])
      .where("package_id", "=", id)
      .where("lang", "=", "de")
      .executeTakeFirst();
  const pending = (id: string) =>
    server.db
      .selectFrom("translation_proposals")
      .select(["state", "comment", "value"])
      .where("package_id", "=", id)
      .where("lang", "=", "de")
      .executeTakeFirst();
  const germanPage = async (slug: string) => {
    const res = await server.fetch(`/de/package/${slug}`);
    return { status: res.status, main: textOf(element(await res.text(), /<main/) ?? "") };
  };
  const events = async (type: string) =>
    (await server.db.selectFrom("events").select("details").where("type", "=", type).execute()).map(
      (e) => e.details,
    );
  /** The review queue's entry whose forms name the package `id`. */
  const queueItem = (queue: string, id: string) =>
    queue.split('<li class="history-entry"').find((chunk) => chunk.includes(`value="${id}"`)) ?? "";
  const formOf = (html: string) => element(html, /<form\b[^>]*translation-form/) ?? "";
  const submitButton =
    /<button\b[^>]*value="submit-for-review"[^>]*name="intent"[^>]*>Submit for review<\/button>/;
  const discardButton =
    /<button\b[^>]*value="discard-changes"[^>]*name="intent"[^>]*>Discard my changes<\/button>/;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startLeadsServer(backend, {
      SITE_LANGUAGES: "en,de",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
    });
    cookies.set("owner", { Cookie: await server.adminCookie() });
    for (const role of ["contributor", "editor"] as const) {
      const admin = await createAdmin(server.db, `${role}@example.com`, "a long passphrase", role);
      if (role === "contributor") contributorId = admin.id;
      const session = await createSession(server.db, admin.id);
      cookies.set(role, { Cookie: `${AUTH_COOKIES.session.name}=${session.id}` });
    }
    live = await makePackage(server.db, "trip", {
      title: "Kruger Safari",
      description: "Big five in the bush.",
      status: "published",
    });
    const first = await translate("owner", live.id, {
      title: "Kruger-Safari",
      description: "Die großen Fünf im Busch.",
    });
    expect(first.status).toBe(302);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("tells a Contributor up front that their changes are reviewed, with Save and Submit for review", async () => {
    const { res, html } = await screen("contributor", live.id);
    expect(res.status).toBe(200);
    expect(textOf(html)).toContain("Your German changes are reviewed before they go live");
    expect(formOf(html)).toMatch(submitButton);
    expect(formOf(html)).toContain("Save my German changes");
    // Nothing of theirs is pending, so there is nothing to discard.
    expect(formOf(html)).not.toMatch(discardButton);
    // An Editor saves directly, as before.
    const editor = await screen("editor", live.id);
    expect(editor.html).not.toContain("reviewed before they go live");
    expect(formOf(editor.html)).not.toMatch(submitButton);
    expect(formOf(editor.html)).toContain("Save German translation");
  });

  it("keeps a Contributor's save as a pending translation: the live translation and the German page unchanged", async () => {
    // The German page is cached before the save, so a change would have to empty the cache.
    expect((await germanPage("kruger-safari")).main).toContain("Die großen Fünf im Busch.");
    const before = await stored(live.id);
    const res = await translate("contributor", live.id, {
      title: "Kruger-Safari",
      description: "Ungeprüfter Text.",
    });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toBe(TRANSLATION_REVIEW_MESSAGES.saved("German"));
    expect(await pending(live.id)).toMatchObject({ state: "saved" });
    expect(await stored(live.id)).toEqual(before);
    const german = await germanPage("kruger-safari");
    expect(german.main).toContain("Die großen Fünf im Busch.");
    expect(german.main).not.toContain("Ungeprüfter Text.");
    // Its author sees their pending values, the state and "Discard my changes"; not yet queued.
    const { html } = await screen("contributor", live.id);
    expect(textOf(html)).toContain("Changes not yet submitted");
    expect(html).toContain(">Ungeprüfter Text.</textarea>");
    expect(formOf(html)).toMatch(discardButton);
    expect(await page("editor", "/admin/review")).not.toContain("Translation (German) in review");
    // An Editor sees the live text and that a proposal waits.
    const editor = await screen("editor", live.id);
    expect(editor.html).toContain(">Die großen Fünf im Busch.</textarea>");
    expect(textOf(editor.html)).toContain(
      "contributor@example.com proposed changes to this German translation",
    );
  });

  it("refuses bad input and a slug another package uses in German: 422, nothing pending changed", async () => {
    const other = await makePackage(server.db, "trip", {
      title: "Serengeti",
      description: "Migration.",
      status: "published",
    });
    await translate("owner", other.id, {
      title: "Serengeti",
      description: "Die große Wanderung.",
      slug: "serengeti-de",
    });
    const before = await pending(live.id);
    const long = await translate("contributor", live.id, {
      title: "x".repeat(300),
      description: "Zu lang.",
    });
    expect(long.status).toBe(422);
    expect(textOf(await long.text())).toContain("The title must be at most");
    const taken = await translate("contributor", live.id, {
      title: "Kruger-Safari",
      description: "Genommen.",
      slug: "serengeti-de",
    });
    expect(taken.status).toBe(422);
    expect(textOf(await taken.text())).toContain("is already used in German by “Serengeti”");
    expect(await pending(live.id)).toEqual(before);
  });

  it("submits it for review: listed as 'Translation (German) in review' with its changes, on the author's dashboard", async () => {
    const res = await translate("contributor", live.id, {
      intent: "submit-for-review",
      title: "Kruger-Safari",
      description: "Die großen Fünf, neu erzählt.",
      slug: "kruger-safari-neu",
    });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toBe(TRANSLATION_REVIEW_MESSAGES.submitted("German"));
    expect(await pending(live.id)).toMatchObject({ state: "in_review" });
    expect(await events("package.translation_submitted_for_review")).toContainEqual(
      expect.objectContaining({ id: live.id, language: "German" }),
    );
    const queue = await page("editor", "/admin/review");
    expect(textOf(queue)).toContain("Translation (German) in review");
    const changes = textOf(element(queue, /<details\b[^>]*review-changes/) ?? "");
    expect(changes).toContain("Compared with the German translation that is live now.");
    expect(changes).toContain("Description changed");
    expect(changes).toContain("URL slug: kruger-safari → kruger-safari-neu");
    expect(changes).not.toContain("Title:");
    expect(queue).toContain('name="lang" value="de"');
    const dashboard = textOf(await page("contributor", trip.listPath));
    expect(dashboard).toContain("Kruger Safari (German translation)");
    expect(dashboard).toContain("Changes in review");
    expect((await germanPage("kruger-safari")).main).toContain("Die großen Fünf im Busch.");
  });

  it("sends it back with a comment (required): e-mail, dashboard, the comment on the author's form; nothing live", async () => {
    const fields = { intent: "send-back", kind: "trip", id: live.id, lang: "de" };
    const empty = await review("editor", { ...fields, comment: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(REVIEW_MESSAGES.commentRequired);
    expect(await pending(live.id)).toMatchObject({ state: "in_review" });

    const seen = smtp.messages.length;
    const res = await review("editor", { ...fields, comment: "Bitte „Big Five“ erklären." });
    expect(res.status).toBe(302);
    expect(await pending(live.id)).toMatchObject({
      state: "sent_back",
      comment: "Bitte „Big Five“ erklären.",
    });
    const mail = await smtp.nextMessage(seen);
    expect(mail.to).toContain("contributor@example.com");
    expect(mail.subject).toContain("Sent back: Kruger Safari (German)");
    expect(mail.text).toContain("Bitte „Big Five“ erklären.");
    expect(await events("package.translation_review_sent_back")).toContainEqual(
      expect.objectContaining({ id: live.id, language: "German" }),
    );
    expect(textOf(await page("contributor", trip.listPath))).toContain(
      "Bitte „Big Five“ erklären.",
    );
    const { html } = await screen("contributor", live.id);
    expect(textOf(html)).toContain("Changes sent back");
    expect(textOf(html)).toContain("Bitte „Big Five“ erklären.");
    expect(await stored(live.id)).toMatchObject({ description: "Die großen Fünf im Busch." });
    // No longer in review: a second decision is a 409 with a message, nothing changed.
    const again = await review("editor", { ...fields, intent: "approve" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(TRANSLATION_REVIEW_MESSAGES.notInReview);
  });

  it("approves it: applied with the slug history, the German page changes, the author told", async () => {
    const { html } = await screen("contributor", live.id);
    const fields = formFields(html, /<form\b[^>]*translation-form/);
    const resubmit = await formPost(
      server,
      path(live.id),
      [...fields, ["intent", "submit-for-review"]],
      cookies.get("contributor"),
    );
    expect(resubmit.status).toBe(302);
    const seen = smtp.messages.length;
    const res = await review("editor", {
      intent: "approve",
      kind: "trip",
      id: live.id,
      lang: "de",
    });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toContain("Kruger Safari (German)");
    expect(await pending(live.id)).toBeUndefined();
    expect(await stored(live.id)).toMatchObject({
      description: "Die großen Fünf, neu erzählt.",
      slug: "kruger-safari-neu",
    });
    expect((await germanPage("kruger-safari-neu")).main).toContain("Die großen Fünf, neu erzählt.");
    const old = await server.fetch("/de/package/kruger-safari");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toContain("/de/package/kruger-safari-neu");
    expect((await smtp.nextMessage(seen)).subject).toContain("Approved: Kruger Safari (German)");
    expect(await events("package.translation_review_approved")).toContainEqual(
      expect.objectContaining({ id: live.id, language: "German" }),
    );
    expect(await events("package.translated")).toContainEqual(
      expect.objectContaining({ id: live.id, language: "German" }),
    );
    expect(await page("editor", "/admin/review")).not.toContain("Translation (German) in review");
  });

  it("refuses the approval when its slug was taken meanwhile: 409 with the reason, the proposal kept", async () => {
    const okavango = await makePackage(server.db, "trip", {
      title: "Okavango Delta",
      description: "Mokoro trips.",
      status: "published",
    });
    const proposed = await translate("contributor", okavango.id, {
      intent: "submit-for-review",
      title: "Okavango-Delta",
      description: "Mokoro-Fahrten.",
      slug: "delta-de",
    });
    expect(proposed.status).toBe(302);
    const chobe = await makePackage(server.db, "trip", {
      title: "Chobe River",
      description: "Elephants.",
      status: "published",
    });
    const editorSave = await translate("editor", chobe.id, {
      title: "Chobe-Fluss",
      description: "Elefanten.",
      slug: "delta-de",
    });
    expect(editorSave.status).toBe(302);
    const res = await review("editor", {
      intent: "approve",
      kind: "trip",
      id: okavango.id,
      lang: "de",
    });
    expect(res.status).toBe(409);
    const text = textOf(await res.text());
    expect(text).toContain("The URL slug “delta-de” is already used in German by “Chobe River”");
    expect(text).toContain("The German translation was not approved");
    expect(await pending(okavango.id)).toMatchObject({ state: "in_review" });
    expect(await stored(okavango.id)).toBeUndefined();
    expect(await events("package.translation_review_approved")).not.toContainEqual(
      expect.objectContaining({ id: okavango.id }),
    );
  });

  it("discards the author's pending changes; nothing to discard is a 409 with a message", async () => {
    const nile = await makePackage(server.db, "trip", {
      title: "Nile cruise",
      description: "Temples.",
      status: "published",
    });
    await translate("contributor", nile.id, { title: "Nilkreuzfahrt", description: "Tempel." });
    expect(await pending(nile.id)).toBeDefined();
    // Another author's pending changes are not theirs to discard.
    const editor = await translate("editor", nile.id, { intent: "discard-changes" });
    expect(editor.status).toBe(409);
    expect(await pending(nile.id)).toBeDefined();
    const res = await translate("contributor", nile.id, { intent: "discard-changes" });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toBe(TRANSLATION_REVIEW_MESSAGES.discarded("German"));
    expect(await pending(nile.id)).toBeUndefined();
    expect(await stored(nile.id)).toBeUndefined();
    expect(await events("package.translation_discarded")).toContainEqual(
      expect.objectContaining({ id: nile.id, language: "German" }),
    );
    const again = await translate("contributor", nile.id, { intent: "discard-changes" });
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain(TRANSLATION_REVIEW_MESSAGES.nothingToDiscard);
  });

  it("treats a scheduled draft as live; a plain draft's translation and an Editor's save stay direct", async () => {
    const scheduled = await makePackage(server.db, "trip", {
      title: "Etosha",
      description: "Salt pans.",
      status: "draft",
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await translate("contributor", scheduled.id, {
      title: "Etosha",
      description: "Salzpfannen.",
    });
    expect(res.status).toBe(302);
    expect(await stored(scheduled.id)).toBeUndefined();
    expect(await pending(scheduled.id)).toMatchObject({ state: "saved" });

    const draft = await makePackage(server.db, "trip", {
      title: "Garden Route",
      description: "Coast and forest.",
      status: "draft",
    });
    const saved = await translate("contributor", draft.id, {
      title: "Garden Route",
      description: "Küste und Wald.",
    });
    expect(saved.status).toBe(302);
    expect((await stored(draft.id))?.description).toBe("Küste und Wald.");
    // A draft's translation is reviewed with the package: there is nothing to submit on its own.
    const submit = await translate("contributor", draft.id, {
      intent: "submit-for-review",
      title: "Garden Route",
      description: "Anders.",
    });
    expect(submit.status).toBe(409);
    expect(textOf(await submit.text())).toContain("Nothing was saved.");
    expect((await stored(draft.id))?.description).toBe("Küste und Wald.");

    const edited = await translate("editor", live.id, {
      title: "Kruger-Safari",
      description: "Die großen Fünf, geprüft.",
      slug: "kruger-safari-neu",
    });
    expect(edited.status).toBe(302);
    expect((await germanPage("kruger-safari-neu")).main).toContain("Die großen Fünf, geprüft.");
  });

  it("shows a draft's translations in its 'See the changes': all of a never-published one, per language", async () => {
    const draft = await makePackage(server.db, "trip", {
      title: "Sossusvlei",
      description: "Red dunes.",
      status: "draft",
    });
    await translate("contributor", draft.id, {
      title: "Sossusvlei-Dünen",
      description: "Rote Dünen.",
    });
    await submitForReview(server.db, { kind: "trip", id: draft.id, by: contributorId });
    const queue = await page("editor", "/admin/review");
    const item = queueItem(queue, draft.id);
    const german = textOf(element(item, /<section\b[^>]*aria-label="German translation"/) ?? "");
    expect(german).toContain("German translation");
    expect(german).toContain("Title: (empty) → Sossusvlei-Dünen");
    expect(german).toContain("Description changed");
    expect(textOf(item)).toContain("Its translations, which go live with it:");
  });

  it("shows only the translations saved since a draft left the website", async () => {
    const pkg = await makePackage(server.db, "trip", {
      title: "Fish River Canyon",
      description: "A long hike.",
      status: "published",
    });
    await translate("editor", pkg.id, {
      title: "Fischfluss-Canyon",
      description: "Lange Wanderung.",
    });
    const quiet = await makePackage(server.db, "trip", {
      title: "Skeleton Coast",
      description: "Wrecks.",
      status: "published",
    });
    await translate("editor", quiet.id, { title: "Skelettküste", description: "Wracks." });
    for (const id of [pkg.id, quiet.id]) {
      await setPackageStatus(server.db, "trip", id, "draft", { by: contributorId });
    }
    // Saved after the package left the website: it goes live again only with the approval.
    await translate("contributor", pkg.id, {
      title: "Fischfluss-Canyon",
      description: "Fünf Tage Wanderung.",
    });
    for (const id of [pkg.id, quiet.id]) {
      await submitForReview(server.db, { kind: "trip", id, by: contributorId });
    }
    const queue = await page("editor", "/admin/review");
    const itemOf = (id: string) => queueItem(queue, id);
    const changed = textOf(itemOf(pkg.id));
    expect(changed).toContain("Translations saved since it left the website");
    expect(changed).toContain("German translation");
    expect(changed).toContain("Description changed");
    // The other's German text was live before it left the website: nothing new to show.
    expect(textOf(itemOf(quiet.id))).not.toContain("German translation");
  });

  it("answers a review post naming a language the site does not have with 400, nothing changed", async () => {
    const res = await review("editor", {
      intent: "approve",
      kind: "trip",
      id: live.id,
      lang: "xx",
    });
    expect(res.status).toBe(400);
  });

  it("tells a Contributor editing a published package that the change is a proposal and the live version stays", async () => {
    const res = await server.fetch(trip.editPath(live.id), { headers: cookies.get("contributor") });
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain(
      "Your changes are a proposal: the website keeps showing the published version.",
    );
    expect(text).not.toContain("Save Draft keeps the package off the website");
  });
});
