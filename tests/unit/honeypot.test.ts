import { Honeypot } from "remix-utils/honeypot/server";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCookieSecret, signatureOf } from "~/server/auth/secret.server";
import {
  HONEYPOT_FIELD,
  honeypotInputProps,
  isSpam,
  VALID_FROM_FIELD,
} from "~/server/leads/honeypot.server";
import type { Db } from "~/server/platform/db.server";

// The form's time token is AES-GCM in remix-utils' format, done by node:crypto with a key made
// once: tokens from the library read here, ours read in the library, forgeries do not.

function form(validFrom: string, honeypot = ""): FormData {
  const data = new FormData();
  data.set(HONEYPOT_FIELD, honeypot);
  data.set(VALID_FROM_FIELD, validFrom);
  return data;
}

const library = () =>
  new Honeypot({
    nameFieldName: HONEYPOT_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptionSeed: signatureOf("contact-honeypot", "v1"),
  });

describe("the form's time token", () => {
  beforeAll(async () => {
    await loadCookieSecret(undefined as unknown as Db, "honeypot-test-secret");
  });

  it("accepts its own token once the fill time has passed, and refuses it before", async () => {
    const past = await honeypotInputProps(Date.now() - 10_000);
    expect(await isSpam(form(past.encryptedValidFrom!))).toBe(false);
    const fresh = await honeypotInputProps();
    expect(await isSpam(form(fresh.encryptedValidFrom!))).toBe(true);
  });

  it("reads a token the library encrypted, and the library reads ours", async () => {
    const theirs = await library().getInputProps({ validFromTimestamp: Date.now() - 5_000 });
    expect(await isSpam(form(theirs.encryptedValidFrom!))).toBe(false);
    const ours = await honeypotInputProps(Date.now() - 10_000);
    await expect(library().check(form(ours.encryptedValidFrom!))).resolves.toBeUndefined();
  });

  it("takes a changed, cut or foreign token, or a filled honeypot, for spam", async () => {
    const { encryptedValidFrom } = await honeypotInputProps(Date.now() - 10_000);
    const bytes = Buffer.from(encryptedValidFrom!, "base64");
    bytes[14] = bytes[14]! ^ 1;
    expect(await isSpam(form(bytes.toString("base64")))).toBe(true);
    expect(await isSpam(form(encryptedValidFrom!.slice(0, 20)))).toBe(true);
    expect(await isSpam(form("not base64 at all!"))).toBe(true);
    const foreign = await new Honeypot({ encryptionSeed: "another key" }).getInputProps({
      validFromTimestamp: Date.now() - 5_000,
    });
    expect(await isSpam(form(foreign.encryptedValidFrom!))).toBe(true);
    expect(await isSpam(form(encryptedValidFrom!, "bot"))).toBe(true);
  });
});

describe("the honeypot's key across a change of the cookie secret", () => {
  it("follows the secret: a token made under the old one is refused, one made under the new reads", async () => {
    await loadCookieSecret(undefined as unknown as Db, "honeypot-secret-before");
    const before = await honeypotInputProps(Date.now() - 10_000);
    expect(await isSpam(form(before.encryptedValidFrom!))).toBe(false);
    await loadCookieSecret(undefined as unknown as Db, "honeypot-secret-after");
    expect(await isSpam(form(before.encryptedValidFrom!))).toBe(true);
    const after = await honeypotInputProps(Date.now() - 10_000);
    expect(await isSpam(form(after.encryptedValidFrom!))).toBe(false);
    // The library, keyed by the new secret's seed, reads the new token: the seed followed too.
    await expect(library().check(form(after.encryptedValidFrom!))).resolves.toBeUndefined();
  });
});
