import type { Env } from "../platform/env.server";

/*
 * The start's usual failures as one line that names the variable to fix (a newcomer met raw
 * stack traces for a busy port, an unknown HOST and an unreachable database). Anything else is
 * left to the stack trace: it is a bug, not a setting.
 */

interface SystemErrorLike {
  code?: unknown;
  syscall?: unknown;
  hostname?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes (Kysely's migrator and pg wrap the socket error). */
function* chain(error: unknown): Generator<SystemErrorLike> {
  for (let e = error, depth = 0; typeof e === "object" && e !== null && depth < 5; depth++) {
    yield e as SystemErrorLike;
    e = (e as SystemErrorLike).cause;
  }
}

const codeOf = (error: unknown): string | undefined => {
  for (const e of chain(error)) if (typeof e.code === "string") return e.code;
  return undefined;
};

/** Why the HTTP server could not listen on HOST:PORT, or undefined when it is something else. */
export function listenFailureMessage(
  error: unknown,
  env: Pick<Env, "HOST" | "PORT">,
): string | undefined {
  const code = codeOf(error);
  const where = `${env.HOST}:${env.PORT}`;
  switch (code) {
    case "EADDRINUSE":
      return `PORT ${env.PORT} is already in use on HOST ${env.HOST}: stop whatever listens there or set PORT to a free port.`;
    case "EACCES":
      return `PORT ${env.PORT} needs privileges this process does not have (${where}): set PORT to 1024 or above.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EADDRNOTAVAIL":
      return `HOST "${env.HOST}" is not an address of this machine (${code}): set HOST to 0.0.0.0 (every interface), 127.0.0.1, or one of its own addresses.`;
    default:
      return undefined;
  }
}

/** Where DATABASE_URL points, without its user name or password. */
function databaseTarget(url: string): { where: string; name: string } {
  try {
    const parsed = new URL(url);
    return {
      where: `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`,
      name: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(default)",
    };
  } catch {
    return { where: "(unreadable URL)", name: "" };
  }
}

/** Why the database could not be opened, or undefined when it is something else. */
export function databaseFailureMessage(
  error: unknown,
  env: Pick<Env, "DATABASE_URL">,
): string | undefined {
  if (!env.DATABASE_URL) return undefined;
  const code = codeOf(error);
  const { where, name } = databaseTarget(env.DATABASE_URL);
  const fallback = "unset it to use the embedded database";
  switch (code) {
    case "ECONNREFUSED":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "ECONNRESET":
      return `DATABASE_URL: cannot reach PostgreSQL at ${where} (${code}): start the database or correct DATABASE_URL (or ${fallback}).`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DATABASE_URL: the host in ${where} is unknown (${code}): correct DATABASE_URL (or ${fallback}).`;
    case "28P01":
    case "28000":
      return `DATABASE_URL: PostgreSQL at ${where} refused the user name or password (${code}): correct them in DATABASE_URL.`;
    case "3D000":
      return `DATABASE_URL: database "${name}" does not exist at ${where} (${code}): create it (createdb ${name}) or correct DATABASE_URL.`;
    default:
      return undefined;
  }
}
