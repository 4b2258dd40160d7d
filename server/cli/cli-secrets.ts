import { type Secret, secretSchema } from "../contract/secrets.ts";
import type { EnvEntry } from "../lib/env-format.ts";
import { appPath, type ConsoleApi } from "./cli-api.ts";
import { CliError } from "./cli-stack.ts";

/**
 * The secrets of the target's app and environment in clear. A service token reads
 * `GET /apps/{id}/secrets` (the one route it may use; recorded as a pull by that token); a signed-in
 * user takes them through the export route, so that the app's history records the export. Either way
 * references come resolved (the token's read always resolves them; the export is asked to), as
 * `pull` and `run` hand the values to a program.
 */
export async function fetchSecrets(api: ConsoleApi): Promise<EnvEntry[]> {
  const { target } = api;
  const environment = target.environment;
  if (target.token) {
    const secrets = (await api.json(appPath(target, "/secrets"), { query: { environment } })) as Secret[];
    return secrets.map((s) => secretSchema.parse(s)).map((s) => ({ key: s.key, value: s.decryptedValue }));
  }
  const response = await api.call(appPath(target, "/secrets/export"), {
    query: { format: "json", environment, resolve: "true" },
  });
  const values = (await response.json()) as Record<string, unknown>;
  return Object.entries(values).map(([key, value]) => {
    if (typeof value !== "string") throw new CliError(`The console sent a value for ${key} that is not text.`);
    return { key, value };
  });
}
