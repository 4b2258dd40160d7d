import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { BrowserContext } from "playwright-core";

/** Keys the audited server is started with, so the runner can use the auth service's server API. */
export function seededProjectEnv(): Record<string, string> {
  return {
    STACK_PROJECT_ID: randomUUID(),
    STACK_PUBLISHABLE_CLIENT_KEY: `pck_${randomBytes(20).toString("hex")}`,
    STACK_SECRET_SERVER_KEY: `ssk_${randomBytes(20).toString("hex")}`,
    STACK_SUPER_SECRET_ADMIN_KEY: `sak_${randomBytes(20).toString("hex")}`,
  };
}

/**
 * Creates a verified user through the server API, then signs in through the real /login page, so
 * the audit of `/` sees what a signed-in user's browser holds (cookies, initialised project).
 */
export async function signInBrowser(context: BrowserContext, baseUrl: string, env: Record<string, string>) {
  const email = `lighthouse-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const created = await fetch(`${baseUrl}/auth/api/v1/users`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "server",
      "x-stack-project-id": env.STACK_PROJECT_ID ?? "",
      "x-stack-secret-server-key": env.STACK_SECRET_SERVER_KEY ?? "",
    },
    body: JSON.stringify({
      primary_email: email,
      password,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
    }),
  });
  if (created.status !== 201)
    throw new Error(`creating the audit user failed: ${created.status} ${await created.text()}`);

  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  try {
    await page.waitForURL(`${baseUrl}/`, { timeout: 30_000 });
    await page.getByRole("button", { name: `User menu for ${email}` }).waitFor({ timeout: 30_000 });
  } catch (error) {
    mkdirSync("test-results/lighthouse", { recursive: true });
    await page.screenshot({ path: "test-results/lighthouse/sign-in-failure.png" });
    throw error;
  }
  await page.close();
}
