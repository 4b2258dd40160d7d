import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkLayers } from "./check-layers.mjs";

/**
 * Probe files, each at the path its rule is about, cruised with the real .dependency-cruiser.cjs
 * (copied beside them, so no probe ever sits in the source tree): [file, what it imports, the rule
 * it breaks, or null when allowed]. Every import names a file that exists, so a rule, not a typo,
 * decides.
 */
const PROBES: Array<[string, string, string | null]> = [
  ["src/features/apps/probe.ts", "../../../server/api/apps.ts", "web-imports-only-contract"],
  ["src/lib/probe.ts", "../../server/lib/logger.ts", "web-imports-only-contract"],
  ["src/features/apps/contract-probe.ts", "@contract/apps.ts", null],
  ["src/features/apps/alias-probe.ts", "../../../server/contract/apps.ts", null],
  ["server/contract/probe.ts", "../lib/logger.ts", "contract-stands-alone"],
  ["server/contract/web-probe.ts", "@/lib/api-client.ts", "contract-stands-alone"],
  ["server/api/probe.ts", "../auth/index.ts", "api-and-auth-apart"],
  ["server/auth/probe.ts", "../api/apps.ts", "api-and-auth-apart"],
  ["server/lib/probe.ts", "../auth/index.ts", "lib-and-http-import-no-service"],
  ["server/http/probe.ts", "../api/apps.ts", "lib-and-http-import-no-service"],
  ["server/lib/db-probe.ts", "../db/store.ts", null],
  // Upwards, sideways within a row, and downwards through the auth service's rows.
  ["server/auth/stores/probe.ts", "../routes/index.ts", "auth-layer-order"],
  ["server/auth/stores/env-probe.ts", "../auth-env.ts", "auth-layer-order"],
  ["server/auth/errors/probe.ts", "../stores/users.ts", "auth-layer-order"],
  ["server/auth/mail/probe.ts", "../policy/rate-limit.ts", "auth-layer-order"],
  ["server/auth/routes/probe.ts", "../stores/users.ts", null],
  ["server/auth/stores/crypto-probe.ts", "../crypto/secrets.ts", null],
  ["server/auth/index-probe.ts", "./routes/index.ts", "auth-part-unplaced"],
  ["server/auth/annex/probe.ts", "../errors/known-errors.ts", "auth-part-unplaced"],
  // A circle: circle-b.ts (below) imports circle-a.ts back; the cruiser names the circle once.
  ["server/lib/circle-a.ts", "./circle-b.ts", "no-circular"],
];
const CIRCLE_BACK = "server/lib/circle-b.ts";
// Files the probes import, made empty; the real names, so the probes read like the real tree.
const TARGETS = [
  "server/api/apps.ts",
  "server/auth/index.ts",
  "server/auth/auth-env.ts",
  "server/auth/routes/index.ts",
  "server/auth/stores/users.ts",
  "server/auth/policy/rate-limit.ts",
  "server/auth/crypto/secrets.ts",
  "server/auth/errors/known-errors.ts",
  "server/contract/apps.ts",
  "server/lib/logger.ts",
  "server/db/store.ts",
  "src/lib/api-client.ts",
];

const dir = mkdtempSync(join(tmpdir(), "check-layers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

describe("the server's layer rules (.dependency-cruiser.cjs)", () => {
  copyFileSync(".dependency-cruiser.cjs", join(dir, ".dependency-cruiser.cjs"));
  copyFileSync("tsconfig.json", join(dir, "tsconfig.json"));
  for (const file of TARGETS) write(file, "export const target = 1;\n");
  for (const [file, from] of [...PROBES, [CIRCLE_BACK, "./circle-a.ts"]]) {
    write(file, `import * as probe from "${from}";\nexport const used = probe;\n`);
  }
  const probed = checkLayers(dir);

  it.each(PROBES)("%s importing %s", async (file, from, rule) => {
    const { files, violations } = await probed;
    expect(files).toBe(TARGETS.length + PROBES.length + 1);
    const mine = violations.filter((line) => line.includes(`: ${file} -> `));
    if (rule === null) expect(mine).toEqual([]);
    else expect(mine.map((line) => line.split(":")[0])).toContain(rule);
    if (rule !== null && rule !== "no-circular" && rule !== "auth-part-unplaced") {
      expect(mine.join("\n")).toContain(from.replace(/^(\.\.\/)+|^\.\/|^@(contract)?\//, ""));
    }
  });

  it("hold in the real tree", async () => {
    const { files, violations } = await checkLayers();
    // A cruise that read nothing (no TypeScript parser: @swc/core) would pass for the wrong reason.
    expect(files).toBeGreaterThan(500);
    expect(violations).toEqual([]);
  }, 120_000);
});
