// Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
// When it is missing and we run as root (CI), installs Debian's package; otherwise explains how.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function chromiumPath() {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
}

export function ensureChromium() {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${path}, but no file is there.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is needed for the browser tests and was not found at /usr/bin/chromium.\n" +
        "Install Debian's package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium binary.",
    );
  }
  console.log("Chromium is missing; installing Debian's chromium package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed with status ${result.status}`);
  }
  if (!existsSync(path)) throw new Error("apt-get installed chromium, but /usr/bin/chromium is still missing.");
  console.log(execFileSync(path, ["--version"]).toString().trim());
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
