import { forgetSession, loadSession, saveSession } from "./cli-session.ts";
import { CliError, consoleConfig, stackClient } from "./cli-stack.ts";

/**
 * `login`: Stack's command-line login. It prints the confirmation link, waits until the user
 * confirms it in a browser where they are signed in, and keeps the session for the other commands.
 */
export async function login(origin: string): Promise<void> {
  const config = await consoleConfig(origin);
  const result = await (await stackClient(config, origin)).promptCliLogin({
    appUrl: origin,
    promptLink: (url) =>
      console.log(`Open this link in a browser where you are signed in to the console, and confirm:\n${url}`),
  });
  if (result.status === "error") {
    throw new CliError(
      `The login was not confirmed: ${result.error.message}`,
      1,
      "Run app-console login again and open the new link within a few minutes.",
    );
  }
  const user = await (await stackClient(config, origin, result.data)).getUser({ or: "throw" });
  saveSession(origin, { refreshToken: result.data, email: user.primaryEmail });
  console.log(`Signed in as ${user.primaryEmail ?? user.id}`);
}

export async function logout(origin: string): Promise<void> {
  const session = loadSession(origin);
  if (!session) {
    console.log(`Not signed in to ${origin}.`);
    return;
  }
  // Ends the session at the auth service too; the file is forgotten even if that fails.
  const client = await stackClient(await consoleConfig(origin), origin, session.refreshToken);
  const user = await client.getUser().catch(() => null);
  await user?.signOut({ redirectUrl: origin }).catch(() => undefined);
  forgetSession(origin);
  console.log(`Signed out of ${origin}.`);
}
