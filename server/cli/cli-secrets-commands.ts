import { readFileSync } from "node:fs";
import {
  type ExportFormat,
  exportFormatSchema,
  type ImportPreview,
  type ImportResult,
  secretKeySchema,
} from "../contract/secrets.ts";
import { formatEnv, UnrepresentableValue } from "../lib/env-format.ts";
import { appPath, ConsoleApi, type Target } from "./cli-api.ts";
import { fetchSecrets } from "./cli-secrets.ts";
import { CliError } from "./cli-stack.ts";

/** `env` is the name people type (Doppler's); the console calls it dotenv. */
export function formatOf(format: string | undefined): ExportFormat {
  const parsed = exportFormatSchema.safeParse(format === "env" ? "dotenv" : (format ?? "dotenv"));
  if (!parsed.success) {
    throw new CliError(`Unknown format: ${format}`, 2, "Use --format env (the default), json or shell.");
  }
  return parsed.data;
}

const environmentOf = (target: Target) => target.environment ?? "development";

export async function pull(target: Target, format: ExportFormat): Promise<void> {
  const entries = await fetchSecrets(new ConsoleApi(target));
  try {
    process.stdout.write(formatEnv(entries, format));
  } catch (error) {
    if (!(error instanceof UnrepresentableValue)) throw error;
    throw new CliError(
      `These values cannot be written as ${format} without changing them: ${error.keys.join(", ")}.`,
      1,
      "Use --format json, which keeps every value as it is.",
    );
  }
}

/** `KEY=value` pairs; a lone `KEY` takes its value from standard input, byte for byte. */
function pairsOf(args: string[], stdin: () => string): { key: string; value: string }[] {
  const lone = args.filter((a) => !a.includes("="));
  if (lone.length > 0 && (args.length > 1 || process.stdin.isTTY)) {
    throw new CliError(
      `No value for ${lone.join(", ")}.`,
      2,
      "Write KEY=value, or give one KEY alone and its value on standard input: printf '%s' \"$VALUE\" | app-console secrets set KEY",
    );
  }
  return args.map((arg) => {
    const at = arg.indexOf("=");
    const key = at < 0 ? arg : arg.slice(0, at);
    if (!secretKeySchema.safeParse(key).success) {
      throw new CliError(
        `Not a valid key: ${key || "(empty)"}`,
        2,
        "A key starts with a letter or _ and holds only letters, digits and _ (at most 128).",
      );
    }
    return { key, value: at < 0 ? stdin() : arg.slice(at + 1) };
  });
}

export async function set(target: Target, args: string[]): Promise<void> {
  const pairs = pairsOf(args, () => readFileSync(0, "utf8"));
  const api = new ConsoleApi(target);
  const path = appPath(target, "/secrets");
  for (const { key, value } of pairs) {
    const result = (await api.json(path, {
      method: "POST",
      query: { environment: target.environment },
      body: { key, value },
    })) as { created: boolean };
    console.error(`${result.created ? "Created" : "Updated"} ${key} in ${environmentOf(target)}.`);
  }
}

export async function remove(target: Target, keys: string[]): Promise<void> {
  const api = new ConsoleApi(target);
  for (const key of keys) {
    await api.call(appPath(target, `/secrets/${encodeURIComponent(key)}`), {
      method: "DELETE",
      query: { environment: target.environment },
    });
    console.error(`Deleted ${key} from ${environmentOf(target)}.`);
  }
}

function readEnvFile(file: string): string {
  try {
    return readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `Cannot read ${file === "-" ? "standard input" : file} (${code ?? error}).`,
      2,
      code === "ENOENT" ? "Check the path; use - to read standard input." : "Check the file's permissions.",
    );
  }
}

/**
 * Adds the keys of a .env file in one transaction. Keys that exist with another value are
 * replaced only with `--replace`: without it nothing is changed and they are listed.
 */
export async function importFile(target: Target, file: string, replace: boolean): Promise<void> {
  const content = readEnvFile(file);
  const api = new ConsoleApi(target);
  const query = { environment: target.environment };
  const preview = (await api.json(appPath(target, "/secrets/import/preview"), {
    method: "POST",
    query,
    body: { content },
  })) as ImportPreview;
  const replaced = preview.entries.filter((e) => e.status === "replace").map((e) => e.key);
  if (replaced.length > 0 && !replace) {
    throw new CliError(
      `Nothing was imported: ${replaced.join(", ")} ${replaced.length === 1 ? "has" : "have"} another value in ${environmentOf(target)}.`,
      1,
      "Add --replace to overwrite them with the file's values.",
    );
  }
  const result = (await api.json(appPath(target, "/secrets/import"), {
    method: "POST",
    query,
    body: { content, replace: replaced },
  })) as ImportResult;
  console.error(
    `Imported into ${environmentOf(target)}: ${result.created.length} new, ${result.replaced.length} replaced, ${result.unchanged.length} unchanged.`,
  );
}
