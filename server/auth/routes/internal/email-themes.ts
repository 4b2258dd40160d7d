import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { StatusError } from "../../errors/status-error.ts";
import type { ThemeRecord } from "../../mail/email-theme-sources.ts";
import { EmailThemeStore } from "../../mail/email-theme-store.ts";
import { isEmailTheme } from "../../mail/email-themes.ts";
import { checkThemeSource } from "../../mail/theme-source-check.ts";
import { readBody } from "../../wire/headers.ts";

const createBody = z.object({ display_name: z.string().trim().min(1).max(200) }).strict();
const updateBody = z.object({ tsx_source: z.string().min(1).max(100_000) }).strict();

const render = (t: ThemeRecord) => ({ id: t.id, display_name: t.displayName, tsx_source: t.tsxSource });

/**
 * Stack's e-mail themes API (admin only): list, create, read and replace a theme's TSX source.
 * Which theme a project's mails use is `emails.selectedThemeId` of the config API (`email_theme` of
 * the project API). The source is stored and handed back; mails are rendered by this server's own
 * templates in the built-in theme's palette (docs/stack-compat.md says why).
 */
export function registerInternalEmailThemes(app: AuthApp, deps: AuthDeps): void {
  const admin = projectAuth(deps, ["admin"]);
  const themes = () => new EmailThemeStore(deps.ctx.store);
  const themeOf = async (projectId: string, id: string): Promise<ThemeRecord> => {
    const theme = await themes().get(projectId, id);
    if (!theme) throw new StatusError("EMAIL_THEME_NOT_FOUND", "No theme found with given id");
    return theme;
  };

  app.get("/internal/email-themes", admin, async (c) => {
    const list = await themes().list(c.get("auth").project.id);
    return c.json({ themes: list.map((t) => ({ id: t.id, display_name: t.displayName })) });
  });

  // Two themes may share a name, as in Stack: the id tells them apart.
  app.post("/internal/email-themes", admin, async (c) => {
    const body = await readBody(c, createBody);
    const id = await themes().create(c.get("auth").project.id, body.display_name);
    if (!id)
      throw new StatusError("EMAIL_THEME_LIMIT_REACHED", "This project has as many email themes as it can keep.");
    return c.json({ id });
  });

  app.get("/internal/email-themes/:id", admin, async (c) => {
    return c.json(render(await themeOf(c.get("auth").project.id, c.req.param("id"))));
  });

  app.patch("/internal/email-themes/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const theme = await themeOf(project.id, c.req.param("id"));
    const body = await readBody(c, updateBody);
    await checkThemeSource(body.tsx_source);
    await themes().setSource(project.id, theme, body.tsx_source);
    return c.json({ display_name: theme.displayName });
  });

  // The SDK's deleteEmailTheme. The theme the project's mails use stays until another is chosen;
  // the built-in ones are part of the server (their edited source is kept until edited again).
  app.delete("/internal/email-themes/:id", admin, async (c) => {
    const { project } = c.get("auth");
    const theme = await themeOf(project.id, c.req.param("id"));
    if (project.config.email_theme === theme.id)
      throw new StatusError(
        "EMAIL_THEME_IN_USE",
        "This theme is the project's selected email theme: select another first.",
      );
    if (isEmailTheme(theme.id))
      throw new StatusError("EMAIL_THEME_BUILT_IN", "A built-in email theme cannot be deleted.");
    await themes().remove(project.id, theme.id);
    return c.json({ success: true });
  });
}
