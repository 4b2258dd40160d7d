import { join } from "node:path";
import type { App } from "../contract/apps.ts";
import type { MyTeam } from "../contract/teams.ts";
import { appPath, ConsoleApi, type Target } from "./cli-api.ts";
import { PROJECT_FILE_NAME, type ProjectFile, writeProjectFile } from "./cli-project-file.ts";
import { CliError } from "./cli-stack.ts";

/** Rows as aligned columns under a header, as `doppler projects` prints them. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}

interface ListedApp {
  id: string;
  title: string;
  owner: { type: "user" | "team"; id: string; name: string; role?: string | null };
}

/** The caller's apps in every workspace: their personal ones and those of each of their teams. */
async function listApps(api: ConsoleApi): Promise<ListedApp[]> {
  const [apps, teams] = (await Promise.all([api.json("/apps"), api.json("/teams")])) as [App[], MyTeam[]];
  const teamById = new Map(teams.map((t) => [t.id, t]));
  return apps.map((app) => {
    const team = app.owner.type === "team" ? teamById.get(app.owner.id) : undefined;
    return {
      id: app.id,
      title: app.title,
      owner:
        app.owner.type === "team"
          ? { type: "team", id: app.owner.id, name: team?.displayName ?? app.owner.id, role: team?.role ?? null }
          : { type: "user", id: app.owner.id, name: "personal" },
    };
  });
}

export async function appsList(target: Target, json: boolean): Promise<void> {
  const apps = await listApps(new ConsoleApi(target));
  if (json) {
    process.stdout.write(`${JSON.stringify(apps, null, 2)}\n`);
    return;
  }
  if (apps.length === 0) {
    console.error(`You have no apps at ${target.origin} yet; create one in the console.`);
    return;
  }
  const owner = (a: ListedApp) =>
    a.owner.type === "team" ? `team ${a.owner.name}${a.owner.role ? ` (${a.owner.role})` : ""}` : "personal";
  process.stdout.write(
    table(
      ["ID", "TITLE", "OWNER"],
      apps.map((a) => [a.id, a.title, owner(a)]),
    ),
  );
}

interface Environment {
  slug: string;
  name: string;
  /** How many keys have a value there. */
  secretCount?: number;
}

export async function envsList(target: Target, json: boolean): Promise<void> {
  const environments = (await new ConsoleApi(target).json(appPath(target, "/environments"))) as Environment[];
  if (json) {
    process.stdout.write(`${JSON.stringify(environments, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    table(
      ["SLUG", "NAME", "KEYS"],
      environments.map((e) => [e.slug, e.name, String(e.secretCount ?? "")]),
    ),
  );
}

/**
 * `setup`: writes app-console.json naming the app (by id, or by its exact title when that names
 * one app), and the environment and console if given, after checking the console knows them.
 */
export async function setup(
  target: Target,
  options: { app?: string; url?: string; projectFile?: string },
): Promise<void> {
  const api = new ConsoleApi(target);
  let appId = target.app;
  if (!target.token) {
    const apps = await listApps(api);
    const choices = apps.map((a) => `  ${a.id}  ${a.title}`).join("\n");
    if (!appId) {
      throw new CliError(
        "Name the app this folder uses.",
        2,
        `Run app-console setup --app <id>${choices ? ` with one of:\n${choices}` : " (you have no apps yet: create one in the console)"}`,
      );
    }
    const byId = apps.find((a) => a.id === appId);
    const byTitle = apps.filter((a) => a.title === appId);
    const match = byId ?? (byTitle.length === 1 ? byTitle[0] : undefined);
    if (!match) {
      throw new CliError(
        byTitle.length > 1
          ? `Several apps are called "${appId}".`
          : `No app "${appId}" that you may see at ${target.origin}.`,
        1,
        `Name it by its id${choices ? `, one of:\n${choices}` : "."}`,
      );
    }
    appId = match.id;
  }
  const checked: Target = { ...target, app: appId };
  // The environment is checked where the console lists them; a service token reads its secrets instead.
  if (target.token) await api.call(appPath(checked, "/secrets"), { query: { environment: checked.environment } });
  else if (checked.environment) {
    const environments = (await new ConsoleApi(checked).json(appPath(checked, "/environments"))) as Environment[];
    if (!environments.some((e) => e.slug === checked.environment)) {
      throw new CliError(
        `App ${appId} has no environment "${checked.environment}".`,
        1,
        `Use one of: ${environments.map((e) => e.slug).join(", ")}`,
      );
    }
  }
  const file: ProjectFile = { app: appId ?? "" };
  if (checked.environment) file.environment = checked.environment;
  if (options.url) file.url = target.origin;
  const path = options.projectFile ?? join(process.cwd(), PROJECT_FILE_NAME);
  writeProjectFile(path, file);
  console.error(
    `Wrote ${path}: commands in this folder now use app ${appId}${checked.environment ? `, environment ${checked.environment}` : ""}.`,
  );
}
