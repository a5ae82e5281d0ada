import readline from "node:readline";
import { Writable } from "node:stream";
import { createAdmin, PASSWORD_MIN_LENGTH } from "./admins.server";
import { openDatabase } from "../platform/db.server";
import { parseEnv } from "../platform/env.server";
import { isAppError } from "../platform/errors.server";
import { migrateToLatest } from "../platform/migrate.server";

export interface CliIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

const USAGE = "Usage: npm run admin -- create <email>";

/** Reads lines from the terminal, echoing nothing while a password is typed. */
function lineReader(io: CliIo) {
  const tty = (io.input as NodeJS.ReadStream).isTTY === true;
  let muted = false;
  const rl = readline.createInterface({
    input: io.input,
    // Echo goes through this filter so a typed password never shows.
    output: new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) io.output.write(chunk);
        done();
      },
    }),
    terminal: tty,
  });
  const lines: string[] = [];
  const waiters: ((line: string | undefined) => void)[] = [];
  let closed = false;
  rl.on("line", (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  rl.on("close", () => {
    closed = true;
    for (const waiter of waiters.splice(0)) waiter(undefined);
  });
  return {
    ask(prompt: string, secret: boolean): Promise<string | undefined> {
      io.output.write(prompt);
      muted = secret && tty;
      return new Promise((resolve) => {
        const done = (line: string | undefined) => {
          if (muted) io.output.write("\n");
          muted = false;
          resolve(line);
        };
        if (lines.length) done(lines.shift());
        else if (closed) done(undefined);
        else waiters.push(done);
      });
    },
    close: () => rl.close(),
  };
}

/** `admin create <email>`: prompts for the password twice and creates that admin. Returns the exit code. */
export async function runAdminCli(
  argv: string[],
  io: CliIo = { input: process.stdin, output: process.stdout, error: process.stderr },
): Promise<number> {
  const [command, email] = argv;
  if (command !== "create" || !email) {
    io.error.write(`${USAGE}\n`);
    return 2;
  }
  const env = parseEnv();
  const reader = lineReader(io);
  let password: string | undefined;
  try {
    password = await reader.ask(
      `Password for ${email} (at least ${PASSWORD_MIN_LENGTH} characters): `,
      true,
    );
    const again = await reader.ask("Repeat the password: ", true);
    if (password === undefined || again === undefined) {
      io.error.write("No password given.\n");
      return 1;
    }
    if (password !== again) {
      io.error.write("The passwords do not match. Nothing was changed.\n");
      return 1;
    }
  } finally {
    reader.close();
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const admin = await createAdmin(database.db, email, password);
    io.output.write(`Admin ${admin.email} created. Sign in at /admin.\n`);
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      io.error.write(`${error.message}. Nothing was changed.\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
