// The e2e suite's mail server (Playwright's globalSetup): an SMTP server on E2E_SMTP_PORT that
// writes each message the app sends as a JSON file into E2E_MAIL_DIR, where specs read them
// (`mailTo`). It lives in the runner process for the whole run; the workers only read files.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export default async function startMailCapture(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) throw new Error("E2E_MAIL_DIR and E2E_SMTP_PORT are set by playwright.config");
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          const name = `${Date.now()}-${String(count++).padStart(5, "0")}.json`;
          fs.writeFileSync(path.join(dir, name), JSON.stringify(mail));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The messages sent to `address` so far, oldest first. */
export function mailsTo(address: string): CapturedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as CapturedMail)
    .filter((mail) => mail.to.includes(address));
}
