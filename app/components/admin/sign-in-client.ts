/** Texts of spec §2 (Login) and §8 (Sign-in rejected). */
export const SIGN_IN_TEXTS = {
  success: "Successfully logged in!",
  failed: "Login failed",
  network: "Login failed. Please try again.",
  signedOut: "You have been signed out.",
} as const;

export type SignInOutcome =
  | { ok: true }
  /** The password was right; the account has two-factor on, so the code step comes next. */
  | { ok: false; error: string; secondFactor?: boolean };

/**
 * POST /api/admin/login as spec §7 describes it: success only when the status is ok and
 * `success` is true; otherwise the server's error, or 'Login failed'; a network or parse
 * failure gives 'Login failed. Please try again.'.
 */
export async function requestSignIn(
  email: string,
  password: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SignInOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl("/api/admin/login", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email, password }),
    });
    body = await response.json();
  } catch {
    return { ok: false, error: SIGN_IN_TEXTS.network };
  }
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (response.ok && fields.success === true) return { ok: true };
  const error =
    typeof fields.error === "string" && fields.error.trim() ? fields.error : SIGN_IN_TEXTS.failed;
  if (fields.twoFactorRequired === true) return { ok: false, error, secondFactor: true };
  return { ok: false, error };
}
