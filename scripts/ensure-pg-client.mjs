// Finds PostgreSQL's client tools that `npm run backup` / `npm run restore` run on PostgreSQL
// (pg_dump, pg_restore). When they are missing and we run as root (CI), installs Debian's
// postgresql-client; otherwise explains how.
import { execFileSync, spawnSync } from "node:child_process";

function version(tool) {
  const result = spawnSync(tool, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function ensurePgClient() {
  const found = version("pg_dump");
  if (found && version("pg_restore")) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "pg_dump and pg_restore are needed for backups on PostgreSQL and were not found.\n" +
        "Install Debian's package (sudo apt-get install postgresql-client) or put them on PATH.",
    );
  }
  console.log("pg_dump is missing; installing Debian's postgresql-client package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "postgresql-client"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed with status ${result.status}`);
  }
  return execFileSync("pg_dump", ["--version"]).toString().trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`PostgreSQL client: ${ensurePgClient()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
