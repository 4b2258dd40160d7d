import { type ApiErrorBody, apiFailure, type ErrorContext } from "./cli-api-errors.ts";
import { loadSession } from "./cli-session.ts";
import { CliError, consoleConfig, stackClient, unreachable } from "./cli-stack.ts";

/** Where a command acts and as whom. */
export interface Target {
  origin: string;
  /** A service token (`--token` / CONSOLE_TOKEN); without one, the session of `login`. */
  token?: string;
  app?: string;
  /** The environment's slug; absent: the console's default (the app's first, development). */
  environment?: string;
}

export interface CallOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** An access token of the signed-in session, refreshed by the SDK. */
async function sessionAccessToken(origin: string): Promise<string> {
  const session = loadSession(origin);
  if (!session) {
    throw new CliError(
      `Not signed in to ${origin}.`,
      1,
      `Sign in with: app-console login --url ${origin}\n     or set CONSOLE_TOKEN (or --token) to a service token of the app.`,
    );
  }
  const app = await stackClient(await consoleConfig(origin), origin, session.refreshToken);
  const user = await app.getUser().catch(() => null);
  const { accessToken } = user ? await user.currentSession.getTokens() : { accessToken: null };
  if (!accessToken) {
    throw new CliError(`The session for ${origin} has ended.`, 1, `Sign in again: app-console login --url ${origin}`);
  }
  return accessToken;
}

/** The app API of one console (`/api/v1`), called with the target's token or session. */
export class ConsoleApi {
  private bearer: Promise<string> | null = null;

  constructor(readonly target: Target) {}

  private context(): ErrorContext {
    const { origin, app, environment, token } = this.target;
    return { origin, app, environment, token: Boolean(token) };
  }

  /** The raw response of a successful call; a refusal becomes a CliError naming cause and fix. */
  async call(path: string, options: CallOptions = {}): Promise<Response> {
    this.bearer ??= this.target.token ? Promise.resolve(this.target.token) : sessionAccessToken(this.target.origin);
    const url = new URL(`/api/v1${path}`, this.target.origin);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.bearer}`,
      accept: "application/json",
    };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }).catch((cause: unknown) => {
      throw unreachable(this.target.origin, cause);
    });
    if (!response.ok) throw await this.failure(response);
    return response;
  }

  /** The data of the API's `[data, null]` pair. */
  async json(path: string, options: CallOptions = {}): Promise<unknown> {
    const body = (await (await this.call(path, options)).json()) as unknown;
    return Array.isArray(body) ? body[0] : body;
  }

  /** The API's `[null, {code, message}]`, explained; anything else by its status. */
  private async failure(response: Response): Promise<CliError> {
    const body = (await response.json().catch(() => null)) as [null, ApiErrorBody] | null;
    const error = Array.isArray(body) ? body[1] : null;
    if (error && typeof error.code === "string") return apiFailure(error, this.context());
    return new CliError(
      `The console at ${this.target.origin} answered ${response.status} ${response.statusText}.`,
      1,
      "Check the address (--url, CONSOLE_URL or the project file's url): it does not look like an App Console.",
    );
  }
}

/** `/apps/{id}…` of the target's app; the app must have been named. */
export function appPath(target: Target, rest = ""): string {
  if (!target.app) {
    throw new CliError(
      "No app named.",
      2,
      "Name it with --app <id> (the id in the app's address, /apps/<id>; app-console apps list shows them),\n     or run app-console setup --app <id> once in this folder.",
    );
  }
  return `/apps/${encodeURIComponent(target.app)}${rest}`;
}
