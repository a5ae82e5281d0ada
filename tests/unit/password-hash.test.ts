import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "~/server/auth/admins.server";

// The suites hash at argon2id's cheapest cost (UNSAFE_TEST_PASSWORD_HASHING=1, decision 152);
// without the variable, as in production, a hash has the library's full cost.
describe("password hashing cost", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("uses argon2id's full cost (64 MiB, 3 passes) unless the test switch is set", async () => {
    vi.stubEnv("UNSAFE_TEST_PASSWORD_HASHING", undefined);
    const hash = await hashPassword("a production passphrase");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, "a production passphrase")).toBe(true);
  });

  it("any other value of the switch keeps the full cost", async () => {
    vi.stubEnv("UNSAFE_TEST_PASSWORD_HASHING", "true");
    expect(await hashPassword("a production passphrase")).toMatch(/\$m=65536,p=4,t=3\$/);
  });

  it("the suites' cheap hashes still check, and refuse a wrong password", async () => {
    vi.stubEnv("UNSAFE_TEST_PASSWORD_HASHING", "1");
    const hash = await hashPassword("a test passphrase");
    expect(hash).toMatch(/\$m=1024,p=4,t=1\$/);
    expect(await verifyPassword(hash, "a test passphrase")).toBe(true);
    expect(await verifyPassword(hash, "another passphrase")).toBe(false);
  });
});
