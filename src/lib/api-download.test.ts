// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { saveApiFile } from "./api-download";

// The network is the boundary: fetch answers as the server does; the browser's download is the
// link's click, where the saved name and the blob are read.
let answer: () => Promise<Response>;
let saved: Array<{ name: string; blob: Blob }>;

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal("fetch", () => answer());
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = (headers: Record<string, string>) => async () => new Response("a,b\n", { status: 200, headers });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("saveApiFile", () => {
  it("saves under the server's exact name, else under the fallback", async () => {
    answer = file({ "content-disposition": "attachment; filename=\"x.csv\"; filename*=UTF-8''g%C3%A4rten.csv" });
    await saveApiFile("/export", {}, "export.csv");
    answer = file({ "content-disposition": 'attachment; filename="audit.csv"', "content-type": "text/csv" });
    await saveApiFile("/export", {}, "fallback.csv");
    expect(saved.map((s) => s.name)).toEqual(["gärten.csv", "fallback.csv"]);
    expect(saved[1]?.blob.type).toBe("text/csv");
    expect(await saved[1]?.blob.text()).toBe("a,b\n");
  });

  it("types the bytes as asked, so the browser keeps the name", async () => {
    answer = file({ "content-type": "text/plain" });
    await saveApiFile("/secrets/export", {}, "my-app.env", "application/octet-stream");
    expect(saved.map((s) => [s.name, s.blob.type])).toEqual([["my-app.env", "application/octet-stream"]]);
  });

  it("throws the server's refusal with its code, and no answer as the code network", async () => {
    answer = async () =>
      new Response(JSON.stringify([null, { code: "BACKUP_NOT_FOUND", message: "gone" }]), { status: 404 });
    expect(await failure(saveApiFile("/admin/backups/x", {}, "x"))).toMatchObject({
      code: "BACKUP_NOT_FOUND",
      status: 404,
    });
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    const offline = await failure(saveApiFile("/admin/backups/x", {}, "x"));
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline).toMatchObject({ code: "network", message: "Failed to fetch" });
    expect(saved).toEqual([]);
  });
});
