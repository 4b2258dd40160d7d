import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

/** Whether the process `pid` still runs (a lock it holds is then not stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Runs `fn` holding a lock shared by every Playwright worker: a file in the e2e DATA_DIR created
 * exclusively (`wx`), with the holder's pid, so a lock left by a worker that died is taken over.
 * Tests that switch a project-wide setting, or rely on its default, hold it so they never overlap.
 */
export async function withE2eLock<T>(name: string, fn: () => Promise<T>, timeoutMs = 150_000): Promise<T> {
  const file = join(process.env.E2E_DATA_DIR ?? "", `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, "utf8"));
    } catch {
      continue; // released meanwhile
    }
    // A file just created may not hold its pid yet (NaN): wait for it like for a live holder.
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the ${name} lock is still held by ${holder} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}

/** Sets magic_link_enabled through the admin area's proxy, as the operator signed in on `page`. */
export async function setMagicLinks(page: Page, enabled: boolean): Promise<void> {
  const status = await page.evaluate(async (on) => {
    const response = await fetch("/api/v1/admin/auth/internal/projects/current", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ config: { magic_link_enabled: on } }),
    });
    return response.status;
  }, enabled);
  expect(status).toBe(200);
}

/**
 * Runs `fn` with the e2e project's magic links on (switched by the operator signed in on
 * `operatorPage`) and off again afterwards, under the `magic-links` lock.
 */
export async function withMagicLinks<T>(operatorPage: Page, fn: () => Promise<T>): Promise<T> {
  return withE2eLock("magic-links", async () => {
    await setMagicLinks(operatorPage, true);
    try {
      return await fn();
    } finally {
      await setMagicLinks(operatorPage, false);
    }
  });
}
