import { z } from "zod";
import { projectAuth, sendsProjectHeaders } from "../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../auth-env.ts";
import { readQuery } from "../wire/headers.ts";

/**
 * Stack's greeting, word for word: Stack's own backend suite and tools that probe for a Stack API
 * compare this text (the access summary below it says who the caller is).
 */
const INTRO = "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.";
/**
 * GET / of the API, as Stack has one: says who the caller is. Without any project header it needs
 * no store (the bare baseline of the benchmarks); with them, the project and keys are checked like
 * on every other route, so a wrong key answers the same error here.
 */
export function registerRoot(app: AuthApp, deps: AuthDeps): void {
  const authed = projectAuth(deps);
  app.get(
    "/",
    async (c, next) => {
      readQuery(c, z.object({}).strict());
      if (!sendsProjectHeaders(c, { orProjectId: false })) return c.text(`${INTRO}\n\nAuthentication: None`);
      return authed(c, next);
    },
    (c) => {
      const { type, project, user } = c.get("auth");
      const who = user ? (user.primaryEmail ?? user.id) : "None";
      const kind = type.charAt(0).toUpperCase() + type.slice(1);
      return c.text(`${INTRO}\n\nAuthentication: ${kind}\n  Project: ${project.id}\n  User: ${who}`);
    },
  );
}
