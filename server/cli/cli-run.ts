import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { EnvEntry } from "../lib/env-format.ts";

/**
 * Runs the command with the secrets added to its environment (they win over variables of the same
 * name), passing signals on and answering its exit code (128 + n when a signal ended it). The
 * service token itself is not passed on.
 */
export async function runWithSecrets(command: string[], entries: EnvEntry[]): Promise<number> {
  const [file, ...args] = command;
  if (!file) return 2;
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
