import { describe, expect, it } from "vitest";
import { replaceApp, toApp } from "./types";

const wire = {
  id: "a1",
  title: "Shop",
  description: null,
  openapi_spec_ids: [],
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T11:00:00.000Z",
  deletedAt: null,
  owner: { type: "user" as const, id: "u1" },
};

describe("toApp", () => {
  it("turns date strings into dates and adds isBusy=false", () => {
    const app = toApp(wire);
    expect(app.createdAt).toEqual(new Date("2026-11-22T10:00:00.000Z"));
    expect(app.updatedAt.getTime()).toBe(Date.parse(wire.updatedAt));
    expect(app.deletedAt).toBeNull();
    expect(app.isBusy).toBe(false);
    expect(app.description).toBe("");
  });
});

describe("replaceApp", () => {
  it("replaces only the app with the same id, in place", () => {
    const apps = [toApp(wire), toApp({ ...wire, id: "a2", title: "Blog" })];
    const updated = toApp({ ...wire, title: "Shop 2" });
    expect(replaceApp(apps, updated)?.map((a) => a.title)).toEqual(["Shop 2", "Blog"]);
    expect(replaceApp(undefined, updated)).toBeUndefined();
  });
});
