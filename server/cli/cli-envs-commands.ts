import type { CopyEnvironmentResult } from "../contract/environment-copy.ts";
import { appPath, ConsoleApi, type Target } from "./cli-api.ts";
import { CliError } from "./cli-stack.ts";

const environmentPath = (target: Target, slug: string) => appPath(target, `/environments/${encodeURIComponent(slug)}`);

/** "qa-eu" → "Qa eu": a name for an environment created without one (the console shows names). */
const nameOf = (slug: string) => {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `envs create <slug>`: a new, empty environment, last in the app's order. */
export async function envsCreate(target: Target, slug: string, name: string | undefined): Promise<void> {
  await new ConsoleApi(target).json(appPath(target, "/environments"), {
    method: "POST",
    body: { slug, name: name ?? nameOf(slug) },
  });
  console.error(
    `Created the environment ${slug}. Set its secrets with: app-console secrets set KEY=value --env ${slug}`,
  );
}

/** `envs rename <slug>`: a new name and/or slug; its secrets, versions and tokens stay with it. */
export async function envsRename(
  target: Target,
  slug: string,
  change: { name?: string; slug?: string },
): Promise<void> {
  if (change.name === undefined && change.slug === undefined) {
    throw new CliError("Nothing to change.", 2, "Give --name <name>, --slug <slug>, or both.");
  }
  await new ConsoleApi(target).json(environmentPath(target, slug), { method: "PATCH", body: change });
  const now = change.slug ?? slug;
  console.error(
    change.slug && change.slug !== slug
      ? `Renamed ${slug} to ${now}. Commands, project files and CONSOLE_ENV that name ${slug} need ${now} now.`
      : `Renamed ${slug}.`,
  );
}

/** `envs delete <slug> --yes`: the environment with its secrets and their versions. */
export async function envsDelete(target: Target, slug: string, yes: boolean): Promise<void> {
  if (!yes) {
    throw new CliError(
      `Deleting ${slug} deletes its secrets and their versions; it cannot be undone.`,
      2,
      `Run it again with --yes: app-console envs delete ${slug} --yes`,
    );
  }
  await new ConsoleApi(target).call(environmentPath(target, slug), { method: "DELETE" });
  console.error(`Deleted the environment ${slug}.`);
}

/**
 * `secrets copy --from <env> --to <env> [KEY...]`: values copied on the server (none travels here).
 * Without keys, every key of the source that the target lacks.
 */
export async function secretsCopy(
  target: Target,
  route: { from: string; to: string },
  keys: string[],
  replace: boolean,
): Promise<void> {
  const result = (await new ConsoleApi({ ...target, environment: route.to }).json(
    `${environmentPath(target, route.to)}/copy`,
    { method: "POST", body: { from: route.from, keys: keys.length > 0 ? keys : "missing", replace } },
  )) as CopyEnvironmentResult;
  const parts = [
    `${result.created.length} new`,
    `${result.replaced.length} replaced`,
    `${result.unchanged.length} unchanged`,
  ];
  console.error(`Copied from ${result.from} into ${result.to}: ${parts.join(", ")}.`);
  if (result.kept.length > 0) {
    console.error(
      `Kept (another value in ${result.to}): ${result.kept.join(", ")}. Name them with --replace to overwrite.`,
    );
  }
}
