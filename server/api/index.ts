import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { ServiceContext, StackTarget } from "../service-context.ts";

export interface AppApi {
  /** Mounted at /api/v1. */
  routes: Hono<AppEnv>;
  close(): Promise<void>;
}

// Scaffold from the foundation: issue #4 builds the API behind this signature.
export async function createAppApi(_ctx: ServiceContext, _stack: StackTarget): Promise<AppApi> {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.set("errorFormat", "pair");
    await next();
  });
  return { routes, close: async () => undefined };
}
