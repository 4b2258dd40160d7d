import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { CliError } from "./cli-stack.ts";

export const PROJECT_FILE_NAME = "app-console.json";

/**
 * `app-console.json`: which app (and environment, and console) the commands in a folder act on,
 * as `doppler setup` remembers it. It names no secret, so it may be committed with the project.
 */
const projectFileSchema = z.strictObject({
  app: z.string().min(1),
  environment: z.string().min(1).optional(),
  url: z.url().optional(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** The nearest app-console.json from `start` up to the root, or null. */
export function findProjectFile(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, PROJECT_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function readProjectFile(path: string): ProjectFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `Cannot read the project file ${path} (${code ?? error}).`,
      2,
      code === "ENOENT"
        ? "Check --project-file, or create the file with: app-console setup --app <id>"
        : "Check the file's permissions.",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `The project file ${path} is not JSON (${error instanceof Error ? error.message : error}).`,
      2,
      `Fix it, or write it again with: app-console setup --app <id>`,
    );
  }
  const parsed = projectFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ");
    throw new CliError(
      `The project file ${path} is not valid: ${problems}.`,
      2,
      `It holds {"app": "<id>", "environment": "<slug>", "url": "<console address>"} (only app is required).`,
    );
  }
  return parsed.data;
}

export function writeProjectFile(path: string, file: ProjectFile): void {
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}
