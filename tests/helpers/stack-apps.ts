import { randomUUID } from "node:crypto";
import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import {
  StackAdminApp as StackAdminApp102,
  StackClientApp as StackClientApp102,
  StackServerApp as StackServerApp102,
} from "stackframe-js-2-8-102";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { loadAppProjectKeys } from "../../server/auth/stores/projects.ts";
import { loadConfig } from "../../server/config.ts";
import type { TestServer } from "./test-server.ts";

/**
 * The two wire dialects of the official SDK: 2.8.108 sends X-Hexclave-* headers, 2.8.102 (and
 * earlier) X-Stack-*. Both must work against our auth service unchanged.
 */
export type Dialect = "hexclave" | "stack";
export const DIALECTS: Dialect[] = ["hexclave", "stack"];

/** The app project's keys of a running test server (read from its store, or its STACK_* env). */
export async function appProjectOf(server: TestServer): Promise<AppProjectKeys> {
  return loadAppProjectKeys(server.store, loadConfig(server.env));
}

/** Absolute handler URLs: in Node there is no window.location to resolve relative ones against. */
export function handlerUrls(server: TestServer) {
  const handler = `${server.url}/handler`;
  return {
    handler,
    emailVerification: `${handler}/email-verification`,
    passwordReset: `${handler}/password-reset`,
    error: `${handler}/error`,
    signIn: `${handler}/sign-in`,
    afterSignIn: `${server.url}/`,
    afterSignUp: `${server.url}/`,
    afterSignOut: `${server.url}/`,
  };
}

export interface ClientAppOptions {
  dialect?: Dialect;
  /** Send the publishable key (default true). */
  withPublishableKey?: boolean;
  /** Start from these tokens instead of an empty memory store. */
  tokens?: { accessToken: string; refreshToken: string };
}

/** A browser-less StackClientApp with a memory token store, against the server's auth service. */
export async function clientApp(server: TestServer, options: ClientAppOptions = {}): Promise<StackClientApp<true>> {
  const keys = await appProjectOf(server);
  const init = {
    projectId: keys.projectId,
    publishableClientKey: options.withPublishableKey === false ? undefined : keys.publishableClientKey,
    baseUrl: `${server.url}/auth`,
    tokenStore: options.tokens ? { ...options.tokens } : ("memory" as const),
    noAutomaticPrefetch: true,
    urls: handlerUrls(server),
  };
  if (options.dialect === "stack") return new StackClientApp102(init) as unknown as StackClientApp<true>;
  return new StackClientApp(init);
}

/** A StackServerApp with the app project's secret server key. */
export async function serverApp(
  server: TestServer,
  options: { dialect?: Dialect } = {},
): Promise<StackServerApp<true>> {
  const keys = await appProjectOf(server);
  const init = {
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    secretServerKey: keys.secretServerKey,
    baseUrl: `${server.url}/auth`,
    tokenStore: "memory" as const,
    noAutomaticPrefetch: true,
  };
  if (options.dialect === "stack") return new StackServerApp102(init) as unknown as StackServerApp<true>;
  return new StackServerApp(init);
}

export interface AdminAppOptions {
  dialect?: Dialect;
  /** Use this admin key instead of the project's own (a test of revoked or foreign keys). */
  superSecretAdminKey?: string;
}

/**
 * A StackAdminApp with all of the app project's keys (as Stack's dashboard holds them), without a
 * token store: admin calls authenticate by the super-secret admin key alone.
 */
export async function adminApp(server: TestServer, options: AdminAppOptions = {}): Promise<StackAdminApp<false>> {
  const keys = await appProjectOf(server);
  const init = {
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    secretServerKey: keys.secretServerKey,
    superSecretAdminKey: options.superSecretAdminKey ?? keys.superSecretAdminKey,
    baseUrl: `${server.url}/auth`,
    tokenStore: null,
    noAutomaticPrefetch: true,
  };
  if (options.dialect === "stack") return new StackAdminApp102(init) as unknown as StackAdminApp<false>;
  return new StackAdminApp(init);
}

/** Headers of a raw server-access request to the auth service (for tests that speak HTTP). */
export function serverHeaders(keys: AppProjectKeys): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-stack-access-type": "server",
    "x-stack-project-id": keys.projectId,
    "x-stack-secret-server-key": keys.secretServerKey,
  };
}

/** A call of the auth service's server API with the app project's server key: its JSON answer; a refusal throws with it. */
export async function authServerCall(server: TestServer, method: string, path: string, body?: unknown) {
  const response = await server.request(`/auth/api/v1${path}`, {
    method,
    headers: serverHeaders(await appProjectOf(server)),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A signed-in user, made fast through the server API (POST /users, then POST /auth/sessions),
 * without the SDK. `verified` marks the primary e-mail verified.
 */
export async function createTestUser(
  server: TestServer,
  options: { email?: string; password?: string; verified?: boolean; displayName?: string } = {},
): Promise<TestUser> {
  const keys = await appProjectOf(server);
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const password = options.password ?? `pw-${randomUUID()}`;
  const headers = serverHeaders(keys);
  const created = await server.request("/auth/api/v1/users", {
    method: "POST",
    headers,
    body: JSON.stringify({
      primary_email: email,
      password,
      primary_email_auth_enabled: true,
      primary_email_verified: options.verified ?? false,
      ...(options.displayName ? { display_name: options.displayName } : {}),
    }),
  });
  if (created.status !== 201) throw new Error(`POST /users answered ${created.status}: ${await created.text()}`);
  const { id: userId } = (await created.json()) as { id: string };
  const session = await server.request("/auth/api/v1/auth/sessions", {
    method: "POST",
    headers,
    body: JSON.stringify({ user_id: userId }),
  });
  if (session.status !== 200)
    throw new Error(`POST /auth/sessions answered ${session.status}: ${await session.text()}`);
  const tokens = (await session.json()) as { access_token: string; refresh_token: string };
  return { userId, email, password, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/**
 * What an operator does to run the instance as Stack's dashboard does: open the internal project's
 * sign-up (closed by default) with its super-secret admin key.
 */
export async function openInternalSignUp(server: TestServer): Promise<void> {
  const { loadInternalProjectKeys } = await import("../../server/auth/stores/projects.ts");
  const keys = await loadInternalProjectKeys(server.store);
  const res = await server.request("/auth/api/v1/internal/projects/current", {
    method: "PATCH",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "admin",
      "x-stack-project-id": keys.projectId,
      "x-stack-super-secret-admin-key": keys.superSecretAdminKey,
    },
    body: JSON.stringify({ config: { sign_up_enabled: true } }),
  });
  if (res.status !== 200) throw new Error(`opening the internal sign-up answered ${res.status}: ${await res.text()}`);
}
