import { translator } from "~/domain/i18n/catalogues";
import type { Language } from "~/domain/i18n/languages";
import type { MailContent } from "./mailer.server";

/*
 * Every message the app sends is one link with a few lines around it. Each has a plain-text and an
 * HTML part, names the site, and builds its link from PUBLIC_URL (never from the request's Host,
 * which a client controls).
 */

export interface MailSite {
  name: string;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** An absolute link on the public site: `path` may carry a query (the token). */
export function siteLink(site: MailSite, path: string): string {
  // Relative to the base, so a PUBLIC_URL with a path (https://example.com/travel) keeps it.
  const base = site.publicUrl.endsWith("/") ? site.publicUrl : `${site.publicUrl}/`;
  return new URL(path.replace(/^\/+/, ""), base).href;
}

export interface LinkMessage {
  subject: string;
  /** Paragraphs before the link. */
  lines: string[];
  action: string;
  path: string;
  /** Said under the link, e.g. "This link works once, for 1 hour." */
  validity: string;
  /** Said last, e.g. who can ignore the message. */
  footer: string;
  /** The language the message is written in (decision 148); English when not said. */
  lang?: Language;
}

export function linkMessage(site: MailSite, message: LinkMessage): MailContent {
  const link = siteLink(site, message.path);
  const subject = `${message.subject} · ${site.name}`;
  const text = [
    ...message.lines,
    "",
    `${message.action}: ${link}`,
    "",
    message.validity,
    message.footer,
    "",
    `— ${site.name}`,
  ].join("\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    "<!doctype html>",
    `<html lang="${message.lang ?? "en"}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">',
    `<h1 style="font-size:1.25rem">${escapeHtml(site.name)}</h1>`,
    ...message.lines.map(p),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:.6em 1.2em;background:#0f4c5c;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(message.action)}</a></p>`,
    `<p style="font-size:.9em">${escapeHtml(translator(message.lang ?? "en")("mail.orOpen"))} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    p(message.validity),
    p(message.footer),
    "</body></html>",
  ].join("\n");
  return { subject, text, html, link };
}

export function invitationMail(
  site: MailSite,
  input: { invitedBy: string; token: string },
): MailContent {
  return linkMessage(site, {
    subject: "You are invited to the back office",
    lines: [
      `${input.invitedBy} has invited you to manage the ${site.name} website.`,
      "Open the link below to choose a password and sign in.",
    ],
    action: "Accept the invitation",
    path: `/admin/accept-invite?token=${encodeURIComponent(input.token)}`,
    validity: "This link works once, for 72 hours.",
    footer: "If you did not expect this invitation, you can ignore this message.",
  });
}

export function passwordResetMail(site: MailSite, input: { token: string }): MailContent {
  return linkMessage(site, {
    subject: "Reset your password",
    lines: ["Someone asked to reset the password of your back-office account."],
    action: "Choose a new password",
    path: `/admin/reset-password?token=${encodeURIComponent(input.token)}`,
    validity: "This link works once, for 1 hour. Using it signs out every session of the account.",
    footer: "If you did not ask for this, ignore this message: your password stays as it is.",
  });
}

/** The address check names the account it adds the address to (decision 117). */
export function emailVerificationMail(
  site: MailSite,
  input: { token: string; account: { email: string; name: string | null } },
): MailContent {
  const account = input.account.name
    ? `${input.account.name} (${input.account.email})`
    : input.account.email;
  return linkMessage(site, {
    subject: "Confirm your e-mail address",
    lines: [
      `This address was added to the back-office account of ${account}.`,
      "Confirm that it is yours, and that it should sign in to that account.",
    ],
    action: "Confirm this address",
    path: `/admin/verify-email?token=${encodeURIComponent(input.token)}`,
    validity: "This link works once, for 24 hours.",
    footer: "If you did not add this address, ignore this message: nothing changes.",
  });
}

/**
 * To an admin whose password was right but whose two-factor codes then failed repeatedly
 * (decision 117): someone may know the password. Sent at most once an hour.
 */
export function codeFailuresMail(
  site: MailSite,
  input: { failures: number; ip: string | null; at: Date },
): MailContent {
  return linkMessage(site, {
    subject: "Your password was used to sign in",
    lines: [
      `Your back-office password was entered correctly at ${input.at.toISOString().replace(/\.\d+Z$/, "Z")} (UTC)${input.ip ? ` from ${input.ip}` : ""}, and then ${input.failures} wrong two-factor codes were typed.`,
      "If that was not you, someone knows your password: change it now. Your two-factor codes kept them out.",
    ],
    action: "Change your password",
    path: "/admin/settings",
    validity: "You get this message at most once an hour while it goes on.",
    footer: "If it was you, mistyping codes, you can ignore this message.",
  });
}
