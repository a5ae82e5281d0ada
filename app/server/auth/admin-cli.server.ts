import readline from "node:readline";
import { isRole, ROLES } from "~/domain/permissions";
import { Writable } from "node:stream";
import { createAdmin, findAdminByEmail, PASSWORD_MIN_LENGTH } from "./admins.server";
import { openDatabase, type Db } from "../platform/db.server";
import { parseEnv } from "../platform/env.server";
import { badRequest, conflict, isAppError, notFound } from "../platform/errors.server";
import { migrateToLatest } from "../platform/migrate.server";
import { operatorResetPassword, operatorResetTwoFactor } from "./operator-reset.server";

export interface CliIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

const USAGE = [
  "Usage: npm run admin -- create <email> [role]     (role: owner, admin, editor, contributor or sales; owner if left out)",
  "       npm run admin -- reset-password <email>   (new password; signs out every session)",
  "       npm run admin -- reset-2fa <email>        (turns two-factor off; signs out every session)",
].join("\n");
/** Said first by every command: the command line is not one of the team's roles. */
export const CLI_ACTS_AS = "Acting as Owner (the command line has every permission).";
const COMMANDS = new Set(["create", "reset-password", "reset-2fa"]);

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

/**
 * `admin create <email>` prompts for the password twice and creates that admin;
 * `reset-password <email>` prompts the same way and sets it; `reset-2fa <email>` turns that
 * admin's two-factor off. Returns the exit code.
 */
export async function runAdminCli(
  argv: string[],
  io: CliIo = { input: process.stdin, output: process.stdout, error: process.stderr },
): Promise<number> {
  const [command, email, roleArg] = argv;
  if (!command || !COMMANDS.has(command) || !email) {
    io.error.write(`${USAGE}\n`);
    return 2;
  }
  const role = roleArg ?? "owner";
  if (!isRole(role) || (roleArg !== undefined && command !== "create")) {
    io.error.write(`Unknown role "${roleArg}": use ${ROLES.join(", ")}.\n${USAGE}\n`);
    return 2;
  }
  // Whoever runs the command line holds the server itself: it acts with every permission.
  io.output.write(`${CLI_ACTS_AS}\n`);
  const env = parseEnv();
  if (command === "reset-2fa") {
    return withDatabase(env, io, async (db) => {
      const admin = await operatorResetTwoFactor(db, email);
      io.output.write(
        `Two-factor authentication is off for ${admin.email}; every session was signed out.\n`,
      );
    });
  }
  // The data directory's lock and the account are checked before the password is asked for:
  // an operator never types a password twice to learn the server is running.
  return withDatabase(env, io, async (db) => {
    const existing = await findAdminByEmail(db, email);
    if (command === "create" && existing) {
      throw conflict(`An admin with e-mail ${existing.email} already exists`);
    }
    if (command === "reset-password" && !existing) {
      throw notFound(`No admin with e-mail ${email.trim()}`);
    }
    const chosen = await askPassword(io, email);
    if (command === "reset-password") {
      const admin = await operatorResetPassword(db, email, chosen);
      io.output.write(`Password of ${admin.email} changed; every session was signed out.\n`);
      return;
    }
    const admin = await createAdmin(db, email, chosen, role);
    io.output.write(`Admin ${admin.email} created with the role ${role}. Sign in at /admin.\n`);
  });
}

/** The password, typed twice; a refusal when none came or the two differ. */
async function askPassword(io: CliIo, email: string): Promise<string> {
  const reader = lineReader(io);
  try {
    const password = await reader.ask(
      `Password for ${email} (at least ${PASSWORD_MIN_LENGTH} characters): `,
      true,
    );
    const again = await reader.ask("Repeat the password: ", true);
    if (password === undefined || again === undefined) throw badRequest("No password given");
    if (password !== again) throw badRequest("The passwords do not match");
    return password;
  } finally {
    reader.close();
  }
}

async function withDatabase(
  env: ReturnType<typeof parseEnv>,
  io: CliIo,
  work: (db: Db) => Promise<void>,
): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    await work(database.db);
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
