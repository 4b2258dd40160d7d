import { type RuntimeConfig, runtimeConfigSchema } from "../contract/runtime-config.ts";

/** The console's public configuration (project id, keys, auth URL), as the web app reads it. */
export async function consoleConfig(origin: string): Promise<RuntimeConfig> {
  const response = await fetch(new URL("/config.json", origin)).catch((cause: unknown) => {
    throw unreachable(origin, cause);
  });
  if (!response.ok) {
    throw new CliError(
      `${origin}/config.json answered ${response.status}: this does not look like an App Console.`,
      1,
      "Check the address (--url, CONSOLE_URL or the project file's url).",
    );
  }
  return runtimeConfigSchema.parse(await response.json());
}

/**
 * A Stack client of the console's project; with a refresh token, signed in as its user. The SDK is
 * loaded only here, so a pull with a service token starts without it.
 */
export async function stackClient(config: RuntimeConfig, origin: string, refreshToken?: string) {
  const { StackClientApp } = await import("@stackframe/js");
  return new StackClientApp({
    projectId: config.projectId,
    publishableClientKey: config.publishableClientKey,
    baseUrl: config.authBaseUrl,
    tokenStore: refreshToken ? { refreshToken, accessToken: "" } : "memory",
    noAutomaticPrefetch: true,
    urls: { cliAuthConfirm: new URL("/handler/cli-auth-confirm", origin).toString() },
  });
}

/**
 * A failure to report without a stack trace: what went wrong (`message`, naming the cause) and,
 * where there is one, what to do about it (`fix`, printed on its own line).
 */
export class CliError extends Error {
  override name = "CliError";
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly fix?: string,
  ) {
    super(message);
  }
}

/** The console cannot be reached at all: a wrong address, or it is not running. */
export function unreachable(origin: string, cause: unknown): CliError {
  const reason =
    cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
  return new CliError(
    `Cannot reach the console at ${origin} (${reason}).`,
    1,
    "Check that it is running and that the address is right (--url, CONSOLE_URL or the project file's url).",
  );
}
