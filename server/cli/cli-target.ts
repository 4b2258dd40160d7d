import { Option } from "commander";
import type { Target } from "./cli-api.ts";
import { findProjectFile, type ProjectFile, readProjectFile } from "./cli-project-file.ts";
import { onlyStoredOrigin } from "./cli-session.ts";
import { CliError } from "./cli-stack.ts";

/** The options every command that talks to a console takes. */
export interface TargetOptions {
  url?: string;
  token?: string;
  app?: string;
  env?: string;
  projectFile?: string;
}

export const urlOption = () =>
  new Option(
    "--url <origin>",
    "the console's address (default: CONSOLE_URL, app-console.json, the one console signed in to)",
  );
export const tokenOption = () =>
  new Option("--token <token>", "a service token of the app (default: CONSOLE_TOKEN; else the session of login)");
export const appOption = () => new Option("--app <id>", "the app's id (default: CONSOLE_APP, then app-console.json)");
export const envOption = () =>
  new Option(
    "-e, --env <slug>",
    "the environment, e.g. production (default: CONSOLE_ENV, app-console.json, development)",
  );
export const projectFileOption = () =>
  new Option("--project-file <path>", "the project file to use instead of the nearest app-console.json");

export function originOf(chosen: string): string {
  try {
    const url = new URL(chosen);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http");
    return url.origin;
  } catch {
    throw new CliError(
      `Not a console address: ${chosen}`,
      2,
      "Give it as http(s)://host[:port], e.g. --url https://console.example.com",
    );
  }
}

/** The project file named by --project-file, else the nearest app-console.json above the working folder. */
export function projectFileOf(options: TargetOptions): { path: string; file: ProjectFile } | null {
  const path = options.projectFile ?? findProjectFile(process.cwd());
  return path ? { path, file: readProjectFile(path) } : null;
}

/**
 * What a command acts on, each part from the first place that names it: the flag, the environment
 * variable, the project file; the console's address last from the one console signed in to, then
 * PUBLIC_URL (a shell inside the console's own deployment), then http://localhost:3000.
 */
export function resolveTarget(options: TargetOptions, env: NodeJS.ProcessEnv = process.env): Target {
  const project = projectFileOf(options)?.file;
  const origin = originOf(
    options.url ?? env.CONSOLE_URL ?? project?.url ?? onlyStoredOrigin() ?? env.PUBLIC_URL ?? "http://localhost:3000",
  );
  return {
    origin,
    token: options.token ?? (env.CONSOLE_TOKEN || undefined),
    app: options.app ?? (env.CONSOLE_APP || undefined) ?? project?.app,
    environment: options.env ?? (env.CONSOLE_ENV || undefined) ?? project?.environment,
  };
}
