import { request, test } from "@playwright/test";

/** Server routes the browser flows need; each is answered with something other than 404 once built. */
export const ENDPOINTS = {
  signUp: { method: "POST", path: "/auth/api/v1/auth/password/sign-up" },
  verifyEmail: { method: "POST", path: "/auth/api/v1/contact-channels/verify" },
  resetCode: { method: "POST", path: "/auth/api/v1/auth/password/send-reset-code" },
  oauthAuthorize: { method: "GET", path: "/auth/api/v1/auth/oauth/authorize/github" },
  apps: { method: "GET", path: "/api/v1/apps" },
  secrets: { method: "GET", path: "/api/v1/apps/00000000-0000-4000-8000-000000000000/secrets" },
  databases: { method: "GET", path: "/api/v1/db" },
  projectInit: { method: "POST", path: "/api/v1/auth/verify" },
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

const known = new Map<EndpointName, boolean>();

async function exists(name: EndpointName): Promise<boolean> {
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const { method, path } = ENDPOINTS[name];
  const context = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const response = await context.fetch(path, {
      method,
      data: method === "POST" ? {} : undefined,
      failOnStatusCode: false,
    });
    const found = response.status() !== 404 || (await response.text()).includes("_NOT_FOUND");
    known.set(name, found);
    return found;
  } finally {
    await context.dispose();
  }
}

/**
 * Skips the calling test, naming what is missing, while a server route it depends on has not
 * been built yet (the auth service and app API are built in parallel with the web app). Once
 * the route answers anything but a bare 404, the test runs.
 */
export async function requireEndpoints(...names: EndpointName[]): Promise<void> {
  const missing: string[] = [];
  for (const name of names)
    if (!(await exists(name))) missing.push(`${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`);
  test.skip(missing.length > 0, `server routes not built yet: ${missing.join(", ")}`);
}
