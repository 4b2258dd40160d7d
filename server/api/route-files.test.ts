import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The app API's route files (`server/api/*-routes.ts`) are leaves that `index.ts` mounts: what two
 * of them share lives in `lib/`, by concern. A route file exports its route factories (`…Routes`) and
 * nothing else, and a route file imports nothing but route factories from another (an admin page
 * mounting its sub-pages). Held by this test, since no import rule can tell a factory from a helper.
 */
const API = join(import.meta.dirname);
/** The one middleware index.ts mounts in front of the secrets routes (a token's own door). */
const MOUNTED_MIDDLEWARE = new Set(["serviceTokenSecretsReader"]);

const sourceFiles = readdirSync(API)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "index.ts")
  .sort();
const routeFiles = sourceFiles.filter((name) => name.endsWith("-routes.ts"));

function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|interface|type)\s+(\w+)/gm)].map(
    (m) => m[1] ?? "",
  );
}

function importsFromRouteFiles(source: string): Array<{ file: string; names: string[] }> {
  return [...source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"\.\/([\w-]+\.ts)";/gm)]
    .filter((m) => routeFiles.includes(m[2] ?? ""))
    .map((m) => ({
      file: m[2] ?? "",
      names: (m[1] ?? "")
        .split(",")
        .map((n) => n.replace(/^\s*type\s+/, "").trim())
        .filter(Boolean),
    }));
}

const isFactory = (name: string) => name.endsWith("Routes") || MOUNTED_MIDDLEWARE.has(name);

describe("app API route files", () => {
  it("finds the route files", () => {
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  // Beside index.ts only route files: their name says so, and no library name repeats at two levels.
  it("names every file beside index.ts …-routes.ts", () => {
    expect(sourceFiles.filter((name) => !routeFiles.includes(name))).toEqual([]);
  });

  it.each(routeFiles)("%s exports route factories only", (file) => {
    const exported = exportedNames(readFileSync(join(API, file), "utf8"));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !isFactory(name))).toEqual([]);
  });

  it.each(routeFiles)("%s imports only route factories from other route files", (file) => {
    const borrowed = importsFromRouteFiles(readFileSync(join(API, file), "utf8")).flatMap(({ file: from, names }) =>
      names.filter((name) => !name.endsWith("Routes")).map((name) => `${name} from ${from}`),
    );
    expect(borrowed).toEqual([]);
  });

  it("would catch a helper exported from a route file", () => {
    expect(
      exportedNames("export const userActor = () => 1;\nexport function appsRoutes() {}").filter((n) => !isFactory(n)),
    ).toEqual(["userActor"]);
    expect(importsFromRouteFiles(`import { userActor } from "./secrets-routes.ts";`)).toEqual([
      { file: "secrets-routes.ts", names: ["userActor"] },
    ]);
  });
});
