import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import {
  applyOverride,
  type ConfigLevel,
  parseOverride,
  renderConfig,
  resetKeys,
  toProjectConfig,
} from "../../../policy/config-override.ts";
import { readBody } from "../../../wire/headers.ts";
import { saveProjectConfig } from "../projects/current.ts";

const LEVELS = ["project", "branch", "environment"] as const;

/**
 * A project here has one branch (`main`), whose settings are the environment level's: `branch`
 * reads and writes the same settings as `environment`.
 */
function levelOf(raw: string): ConfigLevel {
  if (raw === "project" || raw === "environment") return raw;
  if (raw === "branch") return "environment";
  throw KnownErrors.schemaError(`The config level must be one of: ${LEVELS.join(", ")}.`);
}

const putBody = z.object({ config_string: z.string().max(1_000_000), source: z.unknown().optional() }).strict();
const patchBody = z.object({ config_override_string: z.string().max(1_000_000) }).strict();
const resetBody = z.object({ keys: z.array(z.string().min(1).max(500)).max(1000) }).strict();

/**
 * Stack's config API (hidden in its docs, used by its dashboard and e2e helpers): read the settings
 * in Stack's vocabulary, replace or patch them per level. Admin access only; secrets are masked in
 * every answer and a masked value sent back keeps the stored one. See config-override.ts.
 */
export function registerInternalConfig(app: AuthApp, deps: AuthDeps): void {
  const admin = projectAuth(deps, ["admin"]);

  app.get("/internal/config", admin, (c) => {
    const { config } = c.get("auth").project;
    const rendered = { ...renderConfig(config, "project"), ...renderConfig(config, "environment") };
    return c.json({ config_string: JSON.stringify(rendered) });
  });

  app.get("/internal/config/override/:level", admin, (c) => {
    const level = levelOf(c.req.param("level"));
    return c.json({ config_string: JSON.stringify(renderConfig(c.get("auth").project.config, level)) });
  });

  app.put("/internal/config/override/:level", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { config_string } = await readBody(c, putBody);
    const { project } = c.get("auth");
    const stack = applyOverride(project.config, level, parseOverride(config_string), { replace: true });
    await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
    return c.json({ success: true });
  });

  app.patch("/internal/config/override/:level", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { config_override_string } = await readBody(c, patchBody);
    const { project } = c.get("auth");
    const stack = applyOverride(project.config, level, parseOverride(config_override_string));
    await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
    return c.json({ success: true });
  });

  app.post("/internal/config/override/:level/reset-keys", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { keys } = await readBody(c, resetBody);
    const { project } = c.get("auth");
    const stack = resetKeys(project.config, level, keys);
    await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
    return c.json({ success: true });
  });
}
