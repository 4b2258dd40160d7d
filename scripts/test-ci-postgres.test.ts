import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm test under CI=true", () => {
  it("fails at once when PostgreSQL is unreachable, instead of skipping the postgres project", () => {
    // Port 1 on the loopback: nothing listens, the probe is refused at once.
    const result = spawnSync("node", ["scripts/test.mjs"], {
      env: { ...process.env, CI: "true", TEST_POSTGRES_URL: "postgres://postgres@127.0.0.1:1/postgres" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PostgreSQL is required under CI=true");
    // It stopped before the first step (the lock-file check) ran.
    expect(result.stdout).not.toContain("▶ lock file");
  });
});
