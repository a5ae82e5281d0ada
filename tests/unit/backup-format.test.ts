import { execFileSync } from "node:child_process";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { foreignKeyOrder, type TableInfo } from "~/server/backup/backup-schema.server";
import { TarWriter, listTarEntries, readTarEntry } from "~/server/backup/backup-tar.server";
import { tempDirs } from "../support/files";

const table = (name: string): TableInfo => ({
  name,
  columns: [{ name: "id", type: "uuid" }],
  identityAlways: false,
});

describe("foreign-key order", () => {
  it("puts parents before the tables that point at them, ties alphabetical", () => {
    const order = foreignKeyOrder(
      ["package_images", "packages", "media_objects", "admins", "sessions", "tree"].map(table),
      [
        { child: "package_images", parent: "packages" },
        { child: "package_images", parent: "media_objects" },
        { child: "sessions", parent: "admins" },
        // A table pointing at itself does not block itself.
        { child: "tree", parent: "tree" },
      ],
    ).map((t) => t.name);
    expect(order).toEqual([
      "admins",
      "media_objects",
      "packages",
      "tree",
      "package_images",
      "sessions",
    ]);
  });

  it("refuses a cycle between tables, naming them", () => {
    expect(() =>
      foreignKeyOrder(["a", "b", "c"].map(table), [
        { child: "a", parent: "b" },
        { child: "b", parent: "a" },
      ]),
    ).toThrow("The foreign keys between these tables form a cycle: a, b");
  });
});

describe("the archive's tar", () => {
  const temp = tempDirs("wlx-tar-");
  const dir = temp.make();
  afterAll(temp.removeAll);

  it("writes entries GNU tar reads, names up to 255 bytes included, and reads them back", async () => {
    const file = path.join(dir, "a.tar");
    const long = `media/${"d".repeat(120)}/${"f".repeat(90)}.webp`;
    const writer = new TarWriter(file);
    await writer.add("first.json", 2, Buffer.from("{}"));
    await writer.add(long, 600, Buffer.alloc(600, 1));
    await writer.add("empty", 0, Buffer.alloc(0));
    await writer.finish();
    const entries = await listTarEntries(file);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ["first.json", 2],
      [long, 600],
      ["empty", 0],
    ]);
    expect(await text(readTarEntry(file, entries[0]!))).toBe("{}");
    expect(await text(readTarEntry(file, entries[2]!))).toBe("");
    expect(execFileSync("tar", ["-tf", file], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "first.json",
      long,
      "empty",
    ]);
  });

  it("refuses a name that does not fit, and content of another length than declared", async () => {
    const writer = new TarWriter(path.join(dir, "b.tar"));
    await expect(writer.add("x".repeat(300), 1, Buffer.from("x"))).rejects.toThrow(
      /Name too long for the archive/,
    );
    await expect(writer.add("short", 5, Buffer.from("abc"))).rejects.toThrow(
      /short changed while it was being read \(5 bytes expected, 3 or more read\)/,
    );
    await writer.abort();
  });
});
