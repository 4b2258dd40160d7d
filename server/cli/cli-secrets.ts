import type { ApiPair } from "../contract/api-errors.ts";
import { type Secret, secretSchema } from "../contract/secrets.ts";
import type { EnvEntry } from "../lib/env-format.ts";
import { loadSession } from "./cli-session.ts";
import { CliError, consoleConfig, stackClient } from "./cli-stack.ts";

export interface Credentials {
  origin: string;
  /** A service token (`--token` / CONSOLE_TOKEN); without one, the session of `cli login`. */
  token?: string;
}

async function call(url: URL, bearer: string): Promise<Response> {
  return fetch(url, { headers: { authorization: `Bearer ${bearer}`, accept: "application/json" } }).catch(
    (cause: unknown) => {
      throw new CliError(
        `Cannot reach the console at ${url.origin} (${cause instanceof Error ? cause.message : cause}).`,
      );
    },
  );
}

/** The API's `[null, {code, message}]` as one line, e.g. "This service token was revoked. (SERVICE_TOKEN_REVOKED)". */
async function failure(response: Response): Promise<CliError> {
  const body = (await response.json().catch(() => null)) as ApiPair<unknown> | null;
  const error = Array.isArray(body) ? body[1] : null;
  return new CliError(error ? `${error.message} (${error.code})` : `The console answered ${response.status}.`);
}

/** An access token of the signed-in session, refreshed by the SDK. */
async function sessionAccessToken(origin: string): Promise<string> {
  const session = loadSession(origin);
  if (!session) {
    throw new CliError(
      `Not signed in to ${origin}. Set CONSOLE_TOKEN (or --token) to a service token of the app, or run: npm run cli -- login --url ${origin}`,
    );
  }
  const app = await stackClient(await consoleConfig(origin), origin, session.refreshToken);
  const user = await app.getUser().catch(() => null);
  const { accessToken } = user ? await user.currentSession.getTokens() : { accessToken: null };
  if (!accessToken)
    throw new CliError(`The session for ${origin} has ended; run: npm run cli -- login --url ${origin}`);
  return accessToken;
}

/**
 * The app's secrets in clear. A service token reads `GET /apps/{id}/secrets` (the one route it may
 * use; recorded as a pull by that token); a signed-in user takes them through the export route, so
 * that the app's history records the export.
 */
export async function fetchSecrets(appId: string, credentials: Credentials): Promise<EnvEntry[]> {
  const path = `/api/v1/apps/${encodeURIComponent(appId)}/secrets`;
  if (credentials.token) {
    const response = await call(new URL(path, credentials.origin), credentials.token);
    if (!response.ok) throw await failure(response);
    const [secrets] = (await response.json()) as [Secret[], null];
    return secrets.map((s) => secretSchema.parse(s)).map((s) => ({ key: s.key, value: s.decryptedValue }));
  }
  const accessToken = await sessionAccessToken(credentials.origin);
  const response = await call(new URL(`${path}/export?format=json`, credentials.origin), accessToken);
  if (!response.ok) throw await failure(response);
  const values = (await response.json()) as Record<string, unknown>;
  return Object.entries(values).map(([key, value]) => {
    if (typeof value !== "string") throw new CliError(`The console sent a value for ${key} that is not text.`);
    return { key, value };
  });
}
