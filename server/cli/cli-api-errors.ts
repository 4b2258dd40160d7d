import { CliError } from "./cli-stack.ts";

/** What the command was about, so that an error can name the app, environment and console. */
export interface ErrorContext {
  origin: string;
  app?: string;
  environment?: string;
  /** A service token was used (rather than the session of `login`). */
  token: boolean;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

type Explain = (error: ApiErrorBody, context: ErrorContext) => { message?: string; fix: string };

const login = (context: ErrorContext) => `app-console login --url ${context.origin}`;
const newToken = "Create a new service token on the app's page (Service tokens) and set CONSOLE_TOKEN to it.";
const envName = (context: ErrorContext) => context.environment ?? "development";
const keysOf = (error: ApiErrorBody): string =>
  Array.isArray(error.details?.keys) ? (error.details.keys as string[]).join(", ") : "";

/**
 * The fix for each error code the console answers that a command line user can do something
 * about; the cause is the console's own message with its code. Codes not listed are printed as
 * the console words them.
 */
const EXPLAIN: Record<string, Explain> = {
  UNAUTHENTICATED: (_, c) => ({ message: `Not signed in to ${c.origin}.`, fix: `Sign in: ${login(c)}` }),
  INVALID_ACCESS_TOKEN: (_, c) => ({
    message: `The session for ${c.origin} is not valid.`,
    fix: `Sign in again: ${login(c)}`,
  }),
  ACCESS_TOKEN_EXPIRED: (_, c) => ({
    message: `The session for ${c.origin} has ended.`,
    fix: `Sign in again: ${login(c)}`,
  }),
  INVALID_SERVICE_TOKEN: () => ({
    message: "The console does not know this service token.",
    fix: `Check CONSOLE_TOKEN or --token (copied whole, from this console?). ${newToken}`,
  }),
  SERVICE_TOKEN_EXPIRED: () => ({ fix: newToken }),
  SERVICE_TOKEN_REVOKED: () => ({ fix: newToken }),
  SERVICE_TOKEN_WRONG_APP: (_, c) => ({
    fix: `Use a token of app ${c.app ?? "(the one named by --app)"}, or name the token's own app with --app.`,
  }),
  SERVICE_TOKEN_WRONG_ENVIRONMENT: (_, c) => ({
    message: `This service token does not read the environment "${envName(c)}".`,
    fix: "Leave out --env (and CONSOLE_ENV, and the project file's environment): a token reads its own environment. Or use a token made for that environment.",
  }),
  SERVICE_TOKEN_NOT_ALLOWED: (_, c) => ({
    message: "A service token may only read its app's secrets (secrets pull, run).",
    fix: `Unset CONSOLE_TOKEN (and leave out --token) to act as yourself, signed in with: ${login(c)}`,
  }),
  APP_NOT_FOUND: (_, c) => ({
    message: `No app ${c.app ?? ""} that you may see at ${c.origin}.`,
    fix: "List the apps you can use with: app-console apps list (and check --app, CONSOLE_APP or app-console.json).",
  }),
  ENVIRONMENT_NOT_FOUND: (error, c) => ({
    message: `App ${c.app ?? ""} has no environment "${String(error.details?.environment ?? envName(c))}".`,
    fix: `List its environments with: app-console envs list --app ${c.app ?? "<id>"} (and check --env, CONSOLE_ENV or app-console.json).`,
  }),
  ENVIRONMENT_SLUG_TAKEN: (error, c) => ({
    message: `App ${c.app ?? ""} has an environment "${String(error.details?.slug ?? "")}" already.`,
    fix: `Choose another slug; app-console envs list --app ${c.app ?? "<id>"} shows those taken.`,
  }),
  ENVIRONMENT_LIMIT_REACHED: (error) => ({
    fix: `An app has at most ${String(error.details?.max ?? 20)} environments; delete one first (app-console envs delete <slug> --yes).`,
  }),
  ENVIRONMENT_LAST: () => ({ fix: "An app keeps at least one environment: create another before deleting this one." }),
  COPY_SAME_ENVIRONMENT: () => ({ fix: "Name two different environments with --from and --to." }),
  COPY_KEYS_NOT_IN_SOURCE: (error) => ({
    message: `The source environment has no value for ${keysOf(error)}.`,
    fix: "Name only keys it has (app-console secrets pull --env <from> --format json lists them).",
  }),
  COPY_WOULD_REPLACE: (error) => ({
    message: `Nothing was copied: ${keysOf(error)} has another value in the target.`,
    fix: "Add --replace to overwrite them (each keeps its old value as a version), or leave those keys out.",
  }),
  TEAM_ROLE_REQUIRED: (error) => ({
    message: `This needs the ${String(error.details?.role ?? "developer")} role in the team that owns the app.`,
    fix: "Ask an admin of the team to give you that role (team page, Members).",
  }),
  NOT_A_TEAM_MEMBER: () => ({ fix: "Ask an admin of the team to invite you." }),
  SECRET_NOT_FOUND: (_, c) => ({
    fix: `List the keys with: app-console secrets pull --env ${envName(c)} --format json`,
  }),
  SECRET_VALUE_TOO_LARGE: () => ({ fix: "A value may have at most 64 KiB (UTF-8)." }),
  IMPORT_INVALID: (error) => {
    const invalid = Array.isArray(error.details?.invalid)
      ? (error.details.invalid as { key: string; reason?: string }[])
      : [];
    const lines = invalid.map(
      (e) => `  ${e.key}: ${e.reason === "value_too_large" ? "value over 64 KiB" : "not a valid key"}`,
    );
    return {
      message: `Nothing was imported; these lines cannot be:\n${lines.join("\n")}`,
      fix: "Keys start with a letter or _ and hold only letters, digits and _; fix or remove those lines.",
    };
  },
  IMPORT_CONFLICT: (error) => ({
    message: `Nothing was imported: ${keysOf(error)} changed while importing.`,
    fix: "Run the import again.",
  }),
  IMPORT_EMPTY: () => ({ fix: "The file holds no KEY=value lines; check that it is a .env file." }),
  IMPORT_TOO_MANY_ENTRIES: () => ({ fix: "Split the file into parts of at most 1000 keys." }),
  SECRET_REFERENCE_MISSING: (error) => ({
    fix: `Add the key that ${String(error.details?.reference ?? "")} names, or change the value of ${String(error.details?.key ?? "the key")}; write $\${ for a literal \${.`,
  }),
  SECRET_REFERENCE_CYCLE: (error) => ({
    fix: `Change one of ${Array.isArray(error.details?.cycle) ? (error.details.cycle as string[]).join(", ") : "these keys"} so the references stop going round.`,
  }),
  SECRET_REFERENCE_FORBIDDEN: (_, c) => ({
    fix: c.token
      ? "A service token follows references within its own environment only: copy the value into this environment, or pull signed in as a user who may read what the reference names."
      : "You need the developer role (or higher) on the app the reference names; ask its admin.",
  }),
  SECRET_REFERENCE_TOO_LARGE: () => ({ fix: "Resolved, a value may have at most 64 KiB (UTF-8)." }),
  EXPORT_NOT_REPRESENTABLE: () => ({ fix: "Use --format json, which keeps every value as it is." }),
  RATE_LIMITED: () => ({ fix: "Wait a minute and try again." }),
  AUTH_SERVICE_UNAVAILABLE: () => ({
    fix: "The console's auth service did not answer; try again, or ask its operator.",
  }),
  NOT_FOUND: (_, c) => ({
    message: `${c.origin} does not know this request.`,
    fix: "The console may be older than this command line: update it, or use a command line built from its own version.",
  }),
};

/** A failed call of the app API as the command line reports it: the cause with its code, and the fix. */
export function apiFailure(error: ApiErrorBody, context: ErrorContext): CliError {
  const explained = EXPLAIN[error.code]?.(error, context);
  const message = explained?.message ?? error.message;
  return new CliError(`${message} (${error.code})`, 1, explained?.fix);
}
