import { describe, expect, it } from "vitest";
import { requestSignIn } from "~/components/admin/sign-in-client";

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status });

describe("the sign-in client with two-factor (JavaScript on)", () => {
  it("reports the second step when the server asks for it, and nothing else as success", async () => {
    expect(
      await requestSignIn(
        "a@b.co",
        "pw",
        answer(401, {
          success: false,
          error: "Two-factor authentication required",
          twoFactorRequired: true,
        }),
      ),
    ).toEqual({ ok: false, error: "Two-factor authentication required", secondFactor: true });
    // Only `true` counts: a wrong password never leads to the code screen.
    expect(
      await requestSignIn(
        "a@b.co",
        "pw",
        answer(401, { success: false, error: "Invalid credentials", twoFactorRequired: "yes" }),
      ),
    ).toEqual({ ok: false, error: "Invalid credentials" });
  });
});
