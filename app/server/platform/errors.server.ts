/** Errors the business layer throws; route modules map `status` to the HTTP answer. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError(message, 404);
export const conflict = (message: string) => new AppError(message, 409);
export const badRequest = (message: string, details?: Record<string, string[]>) =>
  new AppError(message, 400, details);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** True when PostgreSQL reported a unique violation (23505), on pg and PGlite alike. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === "23505" && (constraint === undefined || e.constraint === constraint);
}
