import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";

const sessionFileSchema = z.object({
  version: z.literal(1),
  /** By console origin, so one machine can be signed in to several consoles. */
  sessions: z.record(
    z.string(),
    z.object({ refreshToken: z.string().min(1), email: z.string().nullable(), savedAt: z.string() }),
  ),
});
type SessionFile = z.infer<typeof sessionFileSchema>;
export type StoredSession = SessionFile["sessions"][string];

/**
 * Where `cli login` keeps its session: `$XDG_CONFIG_HOME/app-console/cli-session.json` (by default
 * under ~/.config; %APPDATA% on Windows), readable by its owner only, as gh and gcloud keep theirs.
 */
export function sessionFilePath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === "win32" && env.APPDATA ? env.APPDATA : join(env.HOME || homedir(), ".config"));
  return join(base, "app-console", "cli-session.json");
}

function readFile(path: string): SessionFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { version: 1, sessions: {} };
  }
  const parsed = sessionFileSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : { version: 1, sessions: {} };
}

/** Written to a temporary file first and renamed, so a crash never leaves half a file. */
function writeFile(path: string, file: SessionFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function loadSession(origin: string, path = sessionFilePath()): StoredSession | null {
  return readFile(path).sessions[origin] ?? null;
}

/** The only origin with a session, so that `--url` can be left out on a machine with one console. */
export function onlyStoredOrigin(path = sessionFilePath()): string | null {
  const origins = Object.keys(readFile(path).sessions);
  return origins.length === 1 ? (origins[0] ?? null) : null;
}

export function saveSession(origin: string, session: Omit<StoredSession, "savedAt">, path = sessionFilePath()): void {
  const file = readFile(path);
  file.sessions[origin] = { ...session, savedAt: new Date().toISOString() };
  writeFile(path, file);
}

export function forgetSession(origin: string, path = sessionFilePath()): boolean {
  const file = readFile(path);
  if (!file.sessions[origin]) return false;
  delete file.sessions[origin];
  if (Object.keys(file.sessions).length === 0) rmSync(path, { force: true });
  else writeFile(path, file);
  return true;
}
