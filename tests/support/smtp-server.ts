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
