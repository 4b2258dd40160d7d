import { StackClientApp } from "@stackframe/js";
import { runtimeConfigSchema } from "../contract/runtime-config.ts";

/**
 * `npm run cli -- login [--url <console origin>]`: a worked example of Stack's command-line login.
 * It reads the project from the console's /config.json, prints the confirmation link, waits until
 * the user confirms it in the browser, and prints the signed-in e-mail.
 */
async function login(origin: string): Promise<void> {
  const config = runtimeConfigSchema.parse(await (await fetch(new URL("/config.json", origin))).json());
  const app = new StackClientApp({
    projectId: config.projectId,
    publishableClientKey: config.publishableClientKey,
    baseUrl: config.authBaseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    urls: { cliAuthConfirm: new URL("/handler/cli-auth-confirm", origin).toString() },
  });
  const result = await app.promptCliLogin({
    appUrl: origin,
    promptLink: (url) => console.log(`Open this link in a browser where you are signed in:\n${url}`),
  });
  if (result.status === "error") throw new Error(result.error.message);
  const signedIn = new StackClientApp({
    projectId: config.projectId,
    publishableClientKey: config.publishableClientKey,
    baseUrl: config.authBaseUrl,
    tokenStore: { refreshToken: result.data, accessToken: "" },
    noAutomaticPrefetch: true,
  });
  const user = await signedIn.getUser({ or: "throw" });
  console.log(`Signed in as ${user.primaryEmail ?? user.id}`);
}

const [command, ...rest] = process.argv.slice(2);
const urlFlag = rest.indexOf("--url");
const origin = (urlFlag >= 0 ? rest[urlFlag + 1] : undefined) ?? process.env.PUBLIC_URL ?? "http://localhost:3000";
if (command !== "login") {
  console.error("usage: npm run cli -- login [--url <console origin>]");
  process.exit(2);
}
login(origin).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
