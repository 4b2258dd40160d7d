import { optionalProjectAuth } from "../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../auth-env.ts";

/**
 * The SDK calls this only when it meets a feature the server lacks; Stack answers the feature's
 * name in plain text (status 200), and the SDK turns that text into its error. Like Stack it needs
 * no project (the answer holds nothing but the name sent); project headers, when sent, are checked.
 */
export function registerCheckFeatureSupport(app: AuthApp, deps: AuthDeps): void {
  app.post("/check-feature-support", optionalProjectAuth(deps), async (c) => {
    let name = "This feature";
    try {
      const body = (await c.req.json()) as { feature_name?: unknown; name?: unknown };
      const given = body.feature_name ?? body.name;
      if (typeof given === "string" && given.trim() !== "") name = given.slice(0, 200);
    } catch {
      // A missing or broken body still gets the generic text.
    }
    return c.text(`${name} is not yet supported. Please reach out to Stack support for more information.`);
  });
}
