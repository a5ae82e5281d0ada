// A real SMTP server in the test process (smtp-server): tests read what the app delivered.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export interface Delivered {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: Delivered[];
  /** Resolves with the next message delivered (or one already waiting past `seen`). */
  nextMessage(seen?: number, timeoutMs?: number): Promise<Delivered>;
  close(): Promise<void>;
}

export async function startSmtpServer(
  options: { user?: string; pass?: string; rejectRecipients?: boolean } = {},
): Promise<TestSmtpServer> {
  const messages: Delivered[] = [];
  const waiters: (() => void)[] = [];
  const config: SMTPServerOptions = {
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            parsed,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("smtp server has no port");
  const auth = options.user ? `${options.user}:${options.pass ?? ""}@` : "";
  return {
    url: `smtp://${auth}127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    async nextMessage(seen = messages.length, timeoutMs = 10_000) {
      const started = Date.now();
      while (messages.length <= seen) {
        if (Date.now() - started > timeoutMs) throw new Error("no message delivered in time");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[seen]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server for a describe block: started before its tests with its URL put in
 * `env.SMTP_URL` (so call this before handing `env` to the app server), closed after.
 * `smtp()` is the running server.
 */
export function useSmtpServer(
  env: Record<string, string>,
  options: Parameters<typeof startSmtpServer>[0] = {},
): () => TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer(options);
    env.SMTP_URL = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

// The one-time links the app sends (invitation, password reset, address verification).
const TOKEN = "[A-Za-z0-9_-]{43}";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The path and token of the link to `url` (say `http://wanderlux.test/admin/accept-invite`) in
 * a delivered message's text, e.g. `/admin/accept-invite?token=…`; throws if there is none.
 */
export function linkFrom(mail: { text: string }, url: string): string {
  const { origin, pathname } = new URL(url);
  const pattern = new RegExp(`${escaped(origin)}(${escaped(pathname)}\\?token=${TOKEN})`);
  const link = pattern.exec(mail.text)?.[1];
  if (!link) throw new Error(`no link to ${url} in the message`);
  return link;
}

/**
 * The path and token of the link to `path` a page shows in `<code>` for the admin to pass on by
 * hand (an invitation when e-mail is not configured or failed); throws if there is none.
 */
export function linkShown(html: string, path: string): string {
  const pattern = new RegExp(`<code>https?://[^/]+(${escaped(path)}\\?token=${TOKEN})</code>`);
  const link = pattern.exec(html)?.[1];
  if (!link) throw new Error(`no link to ${path} on the page`);
  return link;
}

/** The token a one-time link (a path or a full URL) carries. */
export const tokenOf = (link: string): string =>
  new URL(link, "http://x").searchParams.get("token")!;
