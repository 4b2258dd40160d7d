import { existsSync } from "node:fs";
import { Command } from "commander";
import { ConsoleApi } from "./cli-api.ts";
import { appsList, envsList, setup } from "./cli-apps-commands.ts";
import { login, logout } from "./cli-auth-commands.ts";
import { envsCreate, envsDelete, envsRename, secretsCopy } from "./cli-envs-commands.ts";
import { runWithSecrets } from "./cli-run.ts";
import { fetchSecrets } from "./cli-secrets.ts";
import { formatOf, importFile, pull, remove, set } from "./cli-secrets-commands.ts";
import { sessionFilePath } from "./cli-session.ts";
import {
  appOption,
  envOption,
  projectFileOption,
  resolveTarget,
  type TargetOptions,
  tokenOption,
  urlOption,
} from "./cli-target.ts";

declare const APP_CONSOLE_VERSION: string | undefined;
const VERSION = typeof APP_CONSOLE_VERSION === "string" ? APP_CONSOLE_VERSION : "development";

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;

const ENVIRONMENT_HELP = `
Where it acts, each from the first place that names it:
  app          --app, CONSOLE_APP, app-console.json (nearest, from this folder up)
  environment  --env, CONSOLE_ENV, app-console.json, else a token's own, else development
  console      --url, CONSOLE_URL, app-console.json, the one console signed in to, PUBLIC_URL
  credentials  --token, CONSOLE_TOKEN (a service token of the app), else the session of login
`;

/** A command that acts on an app: the app, environment, console and credential options. */
function appCommand(parent: Command, name: string): Command {
  return parent
    .command(name)
    .addOption(appOption())
    .addOption(envOption())
    .addOption(urlOption())
    .addOption(tokenOption())
    .addOption(projectFileOption());
}

/** The command line's commands; `run` answers the exit code to end with. */
export function buildProgram(onExitCode: (code: number) => void): Command {
  const program = new Command("app-console")
    .description("The command line of App Console: sign in, list apps, and read and write an app's secrets.")
    .version(VERSION, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .enablePositionalOptions()
    .showHelpAfterError("(add --help for usage and examples)")
    .exitOverride()
    .addHelpText(
      "after",
      `${ENVIRONMENT_HELP}${examples(
        "app-console login --url https://console.example.com",
        "app-console apps list",
        "app-console setup --app 3f6c… --env staging",
        "app-console run -- npm start",
        "app-console secrets pull --env production --format json",
      )}
Every command has --help with examples, e.g. app-console secrets pull --help.`,
    );

  program
    .command("login")
    .description(`sign in through the browser; the session is kept in ${sessionFilePath()}`)
    .addOption(urlOption())
    .addOption(projectFileOption())
    .addHelpText("after", examples("app-console login", "app-console login --url https://console.example.com"))
    .action(async (options: TargetOptions) => login(resolveTarget(options).origin));

  program
    .command("logout")
    .description("end the session of login at the console and forget it")
    .addOption(urlOption())
    .addOption(projectFileOption())
    .addHelpText("after", examples("app-console logout --url https://console.example.com"))
    .action(async (options: TargetOptions) => logout(resolveTarget(options).origin));

  const apps = program.command("apps").description("the apps you can use");
  apps
    .command("list")
    .description("list your apps in every workspace (personal and each of your teams), with their owner")
    .addOption(urlOption())
    .addOption(projectFileOption())
    .option("--json", "print JSON instead of a table")
    .addHelpText("after", examples("app-console apps list", "app-console apps list --json"))
    .action(async (options: TargetOptions & { json?: boolean }) =>
      // Listing apps is the user's own business, which no service token may do: always the session.
      appsList({ ...resolveTarget(options), token: undefined }, Boolean(options.json)),
    );

  const envs = program.command("envs").description("the environments of an app");
  appCommand(envs, "list")
    .description("list the app's environments")
    .option("--json", "print JSON instead of a table")
    .addHelpText("after", examples("app-console envs list --app 3f6c…", "app-console envs list --json"))
    .action(async (options: TargetOptions & { json?: boolean }) =>
      envsList(resolveTarget(options), Boolean(options.json)),
    );

  appCommand(envs, "create")
    .description("add an environment (empty, last in the app's order)")
    .argument("<slug>", "lower-case letters, digits and inner dashes, as in --env")
    .option("--name <name>", "the name the console shows (default: from the slug)")
    .addHelpText(
      "after",
      examples("app-console envs create qa --app 3f6c…", 'app-console envs create eu-prod --name "EU production"'),
    )
    .action(async (slug: string, options: TargetOptions & { name?: string }) =>
      envsCreate(resolveTarget(options), slug, options.name),
    );

  appCommand(envs, "rename")
    .description("rename an environment (its secrets, versions and service tokens stay with it)")
    .argument("<slug>", "the environment to rename")
    .option("--name <name>", "its new name")
    .option("--slug <slug>", "its new slug (commands and project files naming the old one must follow)")
    .addHelpText(
      "after",
      examples('app-console envs rename qa --name "Quality"', "app-console envs rename qa --slug test"),
    )
    .action(async (slug: string, options: TargetOptions & { name?: string; slug?: string }) =>
      envsRename(resolveTarget(options), slug, { name: options.name, slug: options.slug }),
    );

  appCommand(envs, "delete")
    .description("delete an environment with its secrets and their versions")
    .argument("<slug>", "the environment to delete")
    .option("--yes", "confirm: it cannot be undone")
    .addHelpText("after", examples("app-console envs delete qa --yes"))
    .action(async (slug: string, options: TargetOptions & { yes?: boolean }) =>
      envsDelete(resolveTarget(options), slug, Boolean(options.yes)),
    );

  appCommand(program, "setup")
    .description("write app-console.json in this folder, naming the app (and environment) its commands use")
    .addHelpText(
      "after",
      `\nThe file holds {"app": "<id>", "environment": "<slug>", "url": "<console>"}; it names no secret,\nso it may be committed. Commands find it from any folder below.${examples(
        "app-console setup --app 3f6c…",
        'app-console setup --app "Shop API" --env staging --url https://console.example.com',
      )}`,
    )
    .action(async (options: TargetOptions) => {
      const usable = options.projectFile && !existsSync(options.projectFile) ? undefined : options.projectFile;
      await setup(resolveTarget({ ...options, projectFile: usable }), options);
    });

  const secrets = program.command("secrets").description("read and write an app's secrets");
  appCommand(secrets, "pull")
    .description("print the secrets of an environment (standard output; nothing else goes there)")
    .option("-f, --format <format>", "env (dotenv), json or shell", "env")
    .addHelpText(
      "after",
      examples(
        "app-console secrets pull --env production",
        "app-console secrets pull --env staging --format json > secrets.json",
        "CONSOLE_TOKEN=console_st_… app-console secrets pull --app 3f6c… --format shell",
      ),
    )
    .action(async (options: TargetOptions & { format?: string }) =>
      pull(resolveTarget(options), formatOf(options.format)),
    );

  appCommand(secrets, "set")
    .description("create or change secrets (KEY=value; a lone KEY reads its value from standard input)")
    .argument("<KEY=value...>", "the secrets to set")
    .addHelpText(
      "after",
      examples(
        "app-console secrets set API_URL=https://api.example.com --env staging",
        "app-console secrets set A=1 B=2 --env production",
        "app-console secrets set TLS_KEY --env production < key.pem",
      ),
    )
    .action(async (pairs: string[], options: TargetOptions) => set(resolveTarget(options), pairs));

  appCommand(secrets, "delete")
    .description("delete secrets from an environment")
    .argument("<KEY...>", "the keys to delete")
    .addHelpText("after", examples("app-console secrets delete OLD_TOKEN --env staging"))
    .action(async (keys: string[], options: TargetOptions) => remove(resolveTarget(options), keys));

  appCommand(secrets, "import")
    .description("add the keys of a .env file in one step (- reads standard input)")
    .argument("<file>", "a .env file")
    .option(
      "--replace",
      "overwrite keys that exist with another value (without it, nothing changes and they are listed)",
    )
    .addHelpText(
      "after",
      examples(
        "app-console secrets import .env --env development",
        "app-console secrets import .env.production --env production --replace",
      ),
    )
    .action(async (file: string, options: TargetOptions & { replace?: boolean }) =>
      importFile(resolveTarget(options), file, Boolean(options.replace)),
    );

  appCommand(secrets, "copy")
    .description("copy values from one environment into another, on the server (no value passes here)")
    .argument("[KEY...]", "the keys to copy (default: every key the target has no value for)")
    .requiredOption("--from <env>", "the environment to copy from")
    .requiredOption("--to <env>", "the environment to copy into")
    .option("--replace", "overwrite named keys that have another value in the target")
    .addHelpText(
      "after",
      examples(
        "app-console secrets copy --from staging --to production",
        "app-console secrets copy API_URL --from staging --to production --replace",
      ),
    )
    .action(async (keys: string[], options: TargetOptions & { from: string; to: string; replace?: boolean }) =>
      secretsCopy(resolveTarget(options), { from: options.from, to: options.to }, keys, Boolean(options.replace)),
    );

  appCommand(program, "run")
    .description("run a command with an environment's secrets in its environment; ends with its exit code")
    .argument("<command...>", "the command and its arguments, after --")
    .passThroughOptions()
    .addHelpText(
      "after",
      `\nThe secrets win over variables of the same name; CONSOLE_TOKEN is not passed on.${examples(
        "app-console run --env staging -- npm start",
        "app-console run --env production -- node -e 'console.log(process.env.DATABASE_URL)'",
      )}`,
    )
    .action(async (command: string[], options: TargetOptions) => {
      const entries = await fetchSecrets(new ConsoleApi(resolveTarget(options)));
      onExitCode(await runWithSecrets(command, entries));
    });

  return program;
}
