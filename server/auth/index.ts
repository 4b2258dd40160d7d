import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { ServiceContext } from "../service-context.ts";

/** The keys of the project the web app itself signs users into. */
export interface AppProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export interface AuthService {
  /** Mounted at /auth/api/v1. */
  routes: Hono<AppEnv>;
  appProject: AppProjectKeys;
  close(): Promise<void>;
}

// Scaffold from the foundation: issue #3 builds the service behind this signature.
export async function createAuthService(_ctx: ServiceContext): Promise<AuthService> {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.set("errorFormat", "stack");
    await next();
  });
  return {
    routes,
    appProject: {
      projectId: "internal",
      publishableClientKey: "",
      secretServerKey: "",
      superSecretAdminKey: "",
    },
    close: async () => undefined,
  };
}
