import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FullConfig } from "@playwright/test";
import { startMailCatcher } from "../helpers/mail-catcher.ts";
import { startServerProcess } from "../helpers/server-process.ts";
import { configureE2eProject, e2eAdminKey } from "./helpers/e2e-project.ts";
import { ADMIN_EMAILS } from "./helpers/operators.ts";

/**
 * Starts what the browser tests talk to: an SMTP server that files every mail it receives, and
 * the real server process on the built app with a fresh DATA_DIR, its project set up as
 * E2E_PROJECT_CONFIG says. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  // E2E_DIST_DIR lets parallel work build into its own folder (`vite build --outDir ...`).
  const distDir = resolve(process.env.E2E_DIST_DIR ?? "dist");
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(`${distDir} has no build: run \`npm run build\` before the browser tests (npm test does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "appconsole-e2e-"));
  const mail = await startMailCatcher(join(dataDir, "mail"));
  const adminKey = e2eAdminKey();
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    // "Back up now" in the admin specs writes here, never into the repository's ./backups.
    BACKUP_DIR: join(dataDir, "backups"),
    SMTP_URL: mail.smtpUrl,
    EMAIL_FROM: "App Console <noreply@example.test>",
    ADMIN_EMAILS,
    STACK_SUPER_SECRET_ADMIN_KEY: adminKey,
    // The social sign-in specs go through the development provider (the server is on loopback).
    DEV_OAUTH_PROVIDER: "true",
    // Every browser of every spec reaches this one server from 127.0.0.1, so the auth service's
    // per-address limits (10 mails a minute) were shared by all the specs running at once: a reset
    // mail waited out a 429 for up to a minute. The limits are tested where one client is one
    // address (tests/auth-http/limits-and-mail.test.ts, credential-limits.test.ts).
    AUTH_RATE_LIMITS: "false",
    // The webhook receivers the admin specs start listen on the loopback address.
    OUTBOUND_ALLOW: "127.0.0.1",
    // The sign-up page links the operator's terms and privacy policy.
    TERMS_URL: "https://example.test/terms",
    PRIVACY_URL: "https://example.test/privacy",
  });
  await configureE2eProject(server.url, adminKey);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mail.dir;
  process.env.E2E_SMTP_URL = mail.smtpUrl;
  process.env.E2E_DATA_DIR = dataDir;
  // For helpers/session.ts createVerifiedUser: users made over the auth service's admin API.
  process.env.E2E_ADMIN_KEY = adminKey;
  return async () => {
    await server.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
