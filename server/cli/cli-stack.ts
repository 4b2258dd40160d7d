import { type RuntimeConfig, runtimeConfigSchema } from "../contract/runtime-config.ts";

/** The console's public configuration (project id, keys, auth URL), as the web app reads it. */
export async function consoleConfig(origin: string): Promise<RuntimeConfig> {
  const response = await fetch(new URL("/config.json", origin)).catch((cause: unknown) => {
    throw new CliError(`Cannot reach the console at ${origin} (${cause instanceof Error ? cause.message : cause}).`);
  });
  if (!response.ok) throw new CliError(`${origin}/config.json answered ${response.status}; is this the console?`);
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

/** A failure to report in one line, without a stack trace. */
export class CliError extends Error {
  override name = "CliError";
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
