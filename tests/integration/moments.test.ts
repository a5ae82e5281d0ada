import { describe, expect, it } from "vitest";
import { travelMomentInputSchema } from "~/domain/schemas";
import {
  createMoment,
  deleteMoment,
  getMoment,
  listMoments,
  reorderMoments,
  updateMoment,
} from "~/server/catalogue/moments.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const input = (title: string, extra: Record<string, unknown> = {}) =>
  travelMomentInputSchema.parse({
    title,
    videoUrl: `/media/travel-moments/${title}.webm`,
    ...extra,
  });

describe.each(BACKENDS)("travel moments repository on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  it("creates at the end of the order with camelCase fields and optional fields omitted", async () => {
    const a = await createMoment(db(), input("a", { duration: "0:30", description: "Sunset" }));
    const b = await createMoment(db(), input("b"));
    expect(a).toMatchObject({
      title: "a",
      orderIndex: 0,
      isActive: true,
      duration: "0:30",
      description: "Sunset",
    });
    expect(b.orderIndex).toBe(1);
    expect(b).not.toHaveProperty("thumbnailUrl");
    expect((await listMoments(db())).map((m) => m.title)).toEqual(["a", "b"]);
  });

  it("enforces the maximum of 7 with the spec's message, also under concurrency", async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => createMoment(db(), input(`m${i}`))));
    const results = await Promise.allSettled([
      createMoment(db(), input("x")),
      createMoment(db(), input("y")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({
      status: 409,
      message: "Maximum of 7 travel moments videos reached. Remove a video to add a new one.",
    });
    expect(await listMoments(db())).toHaveLength(7);
  });

  it("lists active only for the public", async () => {
    await createMoment(db(), input("on"));
    await createMoment(db(), input("off", { isActive: false }));
    expect((await listMoments(db(), { activeOnly: true })).map((m) => m.title)).toEqual(["on"]);
    expect(await listMoments(db())).toHaveLength(2);
  });

  it("updates, deletes and answers 404 for unknown or malformed ids", async () => {
    const m = await createMoment(db(), input("a"));
    const { moment } = await updateMoment(db(), m.id, input("renamed", { isActive: false }));
    expect(moment).toMatchObject({ id: m.id, title: "renamed", isActive: false });
    await expect(updateMoment(db(), crypto.randomUUID(), input("x"))).rejects.toMatchObject({
      status: 404,
    });
    await expect(deleteMoment(db(), "nope")).rejects.toMatchObject({ status: 404 });
    await deleteMoment(db(), m.id);
    expect(await getMoment(db(), m.id)).toBeUndefined();
  });

  it("reorders with the full list and refuses a partial one", async () => {
    const a = await createMoment(db(), input("a"));
    const b = await createMoment(db(), input("b"));
    await reorderMoments(db(), [b.id, a.id]);
    expect((await listMoments(db())).map((m) => m.title)).toEqual(["b", "a"]);
    await expect(reorderMoments(db(), [a.id])).rejects.toMatchObject({ status: 409 });
    expect((await listMoments(db())).map((m) => m.title)).toEqual(["b", "a"]);
  });
});
