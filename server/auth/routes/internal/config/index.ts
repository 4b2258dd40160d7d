import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import {
  applyLayered,
  applyOverride,
  type ConfigLevel,
  type LayerLevel,
  layersOf,
  parseOverride,
  renderConfig,
  resetKeys,
  toProjectConfig,
} from "../../../policy/config-override.ts";
import type { ConfigSource, Project, ProjectConfig } from "../../../stores/projects.ts";
import { readBody } from "../../../wire/headers.ts";
import { saveProjectConfig } from "../projects/current.ts";

const LEVELS = ["project", "branch", "environment"] as const;

/**
 * A project here has one branch (`main`) with one environment: `branch` and `environment` keep
 * their own overrides over the same settings, the environment's winning (config-override.ts).
 */
function levelOf(raw: string): ConfigLevel | LayerLevel {
  if (raw === "project" || raw === "environment" || raw === "branch") return raw;
  throw KnownErrors.schemaError(`params.level must be one of the following values: ${LEVELS.join(", ")}`);
}

const sourceField = z.string().max(1000);
/** Where a branch config was pushed from, as Stack's CLI and GitHub action name it. */
const configSourceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("unlinked") }),
  z.object({ type: z.literal("pushed-from-unknown") }),
  z.object({
    type: z.literal("pushed-from-github"),
    owner: sourceField,
    repo: sourceField,
    branch: sourceField,
    commit_hash: sourceField,
    config_file_path: sourceField,
  }),
]);

const putBody = z.object({ config_string: z.string().max(1_000_000), source: configSourceSchema.optional() }).strict();
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
    const { config } = c.get("auth").project;
    const answer = level === "project" ? renderConfig(config, level) : layersOf(config)[level];
    return c.json({ config_string: JSON.stringify(answer) });
  });

  app.put("/internal/config/override/:level", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { config_string, source } = await readBody(c, putBody);
    const { project } = c.get("auth");
    const override = parseOverride(config_string);
    if (level === "project") {
      const stack = applyOverride(project.config, level, override, { replace: true });
      await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
      return c.json({ success: true });
    }
    // Stack's pushConfig names where the branch config came from; the environment level has no source.
    if (level === "branch" && !source) throw KnownErrors.schemaError("source is required for branch level PUT");
    await saveLayered(deps, project, level, { kind: "put", override }, level === "branch" ? source : undefined);
    return c.json({ success: true });
  });

  app.patch("/internal/config/override/:level", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { config_override_string } = await readBody(c, patchBody);
    const { project } = c.get("auth");
    const override = parseOverride(config_override_string);
    if (level === "project") {
      const stack = applyOverride(project.config, level, override);
      await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
      return c.json({ success: true });
    }
    await saveLayered(deps, project, level, { kind: "patch", override });
    return c.json({ success: true });
  });

  app.post("/internal/config/override/:level/reset-keys", admin, async (c) => {
    const level = levelOf(c.req.param("level"));
    const { keys } = await readBody(c, resetBody);
    const { project } = c.get("auth");
    if (level === "project") {
      const stack = resetKeys(project.config, level, keys);
      await saveProjectConfig(deps, project, toProjectConfig(project.config, level, stack));
      return c.json({ success: true });
    }
    await saveLayered(deps, project, level, { kind: "reset", keys });
    return c.json({ success: true });
  });

  app.get("/internal/config/source", admin, (c) => {
    return c.json({ source: c.get("auth").project.config.config_source ?? { type: "unlinked" } });
  });

  // Unlinking forgets where the branch config came from; its values stay.
  app.delete("/internal/config/source", admin, async (c) => {
    const { project } = c.get("auth");
    const config: ProjectConfig = { ...project.config, config_source: { type: "unlinked" } };
    await saveProjectConfig(deps, project, config);
    return c.json({ success: true });
  });
}

async function saveLayered(
  deps: AuthDeps,
  project: Project,
  level: LayerLevel,
  op: Parameters<typeof applyLayered>[2],
  source?: ConfigSource,
): Promise<void> {
  const { layers, stack } = applyLayered(project.config, level, op);
  const config: ProjectConfig = {
    ...toProjectConfig(project.config, "environment", stack),
    config_overrides: layers,
    ...(source ? { config_source: source } : {}),
  };
  await saveProjectConfig(deps, project, config);
}
