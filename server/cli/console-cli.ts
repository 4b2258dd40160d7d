import { spawn } from "node:child_process";
import { constants } from "node:os";
import { parseArgs } from "node:util";
import { exportFormatSchema } from "../contract/secrets.ts";
import { formatEnv, UnrepresentableValue } from "../lib/env-format.ts";
import { fetchSecrets } from "./cli-secrets.ts";
import { forgetSession, loadSession, onlyStoredOrigin, saveSession, sessionFilePath } from "./cli-session.ts";
import { CliError, consoleConfig, stackClient } from "./cli-stack.ts";

const USAGE = `usage: npm run cli -- <command>

  login [--url <origin>]                     sign in through the browser; the session is kept in
                                             ${sessionFilePath()}
  logout [--url <origin>]                    end that session and forget it
  secrets pull --app <id> [--format dotenv|json|shell] [--url <origin>] [--token <token>]
                                             print the app's secrets (dotenv by default)
  run --app <id> [--url <origin>] [--token <token>] -- <command> [args...]
                                             run a command with the secrets in its environment

The token is a service token of the app (also CONSOLE_TOKEN); without one, the session of login is
used. The origin defaults to CONSOLE_URL, then the one console you are signed in to, then PUBLIC_URL.`;

const common = {
  url: { type: "string" },
  token: { type: "string" },
  app: { type: "string" },
  format: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function originOf(url: string | undefined): string {
  const chosen =
    url ?? process.env.CONSOLE_URL ?? onlyStoredOrigin() ?? process.env.PUBLIC_URL ?? "http://localhost:3000";
  try {
    return new URL(chosen).origin;
  } catch {
    throw new CliError(`Not a URL: ${chosen}`, 2);
  }
}

function requireApp(app: string | undefined): string {
  if (!app) throw new CliError("--app <id> is required (the id in the app's address, /apps/<id>).", 2);
  return app;
}

/**
 * `login`: Stack's command-line login. It prints the confirmation link, waits until the user
 * confirms it in a browser where they are signed in, and keeps the session for `secrets pull` and
 * `run`.
 */
async function login(origin: string): Promise<void> {
  const config = await consoleConfig(origin);
  const result = await (await stackClient(config, origin)).promptCliLogin({
    appUrl: origin,
    promptLink: (url) => console.log(`Open this link in a browser where you are signed in:\n${url}`),
  });
  if (result.status === "error") throw new CliError(result.error.message);
  const user = await (await stackClient(config, origin, result.data)).getUser({ or: "throw" });
  saveSession(origin, { refreshToken: result.data, email: user.primaryEmail });
  console.log(`Signed in as ${user.primaryEmail ?? user.id}`);
}

async function logout(origin: string): Promise<void> {
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

async function pull(values: ReturnType<typeof parse>["values"]): Promise<void> {
  const format = exportFormatSchema.safeParse(values.format ?? "dotenv");
  if (!format.success) throw new CliError("--format must be dotenv, json or shell.", 2);
  const origin = originOf(values.url);
  const entries = await fetchSecrets(requireApp(values.app), {
    origin,
    token: values.token ?? process.env.CONSOLE_TOKEN,
  });
  try {
    process.stdout.write(formatEnv(entries, format.data));
  } catch (error) {
    if (error instanceof UnrepresentableValue) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Runs the command with the secrets added to its environment (they win over variables of the same
 * name), passing signals on and exiting with its exit code (128 + n when a signal ended it). The
 * service token itself is not passed on.
 */
async function run(values: ReturnType<typeof parse>["values"], command: string[]): Promise<number> {
  const [file, ...args] = command;
  if (!file) throw new CliError("Name the command to run after --, e.g. run --app <id> -- node server.js", 2);
  const origin = originOf(values.url);
  const entries = await fetchSecrets(requireApp(values.app), {
    origin,
    token: values.token ?? process.env.CONSOLE_TOKEN,
  });
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CONSOLE_TOKEN;
  for (const { key, value } of entries) env[key] = value;
  const child = spawn(file, args, { stdio: "inherit", env });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const handlers = signals.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return await new Promise<number>((resolve) => {
    child.on("error", (error: NodeJS.ErrnoException) => {
      console.error(error.code === "ENOENT" ? `command not found: ${file}` : error.message);
      resolve(error.code === "ENOENT" ? 127 : 126);
    });
    child.on("exit", (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: common, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : error}\n\n${USAGE}`, 2);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, sub] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (command === "login" && positionals.length === 1) await login(originOf(values.url));
  else if (command === "logout" && positionals.length === 1) await logout(originOf(values.url));
  else if (command === "secrets" && sub === "pull" && positionals.length === 2) await pull(values);
  else if (command === "run") return await run(values, positionals.slice(1));
  else throw new CliError(USAGE, 2);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof CliError ? error.message : error instanceof Error ? error.message : error);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  },
);
