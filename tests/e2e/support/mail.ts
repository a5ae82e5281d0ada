// Reading the app's e-mail in specs: the suite's SMTP server (mail-capture.ts) files each message,
// and these wait for the one a step should have sent.
import { expect } from "./fixtures";
import { mailsTo, type CapturedMail } from "./mail-capture";

/** The first message to `address` whose subject matches, waiting for it to arrive. */
export async function mailTo(address: string, subject: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(() => (found = mailsTo(address).find((m) => subject.test(m.subject))), {
      timeout: 10_000,
    })
    .toBeTruthy();
  return found!;
}

/** The path and query of the invitation link e-mailed to `address` (the e2e server has SMTP). */
export async function invitationPath(address: string): Promise<string> {
  const mail = await mailTo(address, /^You are invited to the back office\b/);
  const link = /https?:\/\/\S+\/admin\/accept-invite\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`the invitation to ${address} holds no link:\n${mail.text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
