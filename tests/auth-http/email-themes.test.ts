import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppProjectKeys } from "../../server/auth/stores/projects.ts";
import { adminApp, appProjectOf, DIALECTS } from "../helpers/stack-apps.ts";
import { knownError, stackFetch } from "../helpers/stack-http.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const LIGHT = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
const DARK = "a0172b5d-cff0-463b-83bb-85124697373a";
const OWN_SOURCE = `import { Html, Body } from "@react-email/components";
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <Html><Body style={{ background: "#fef3c7" }}>{children}</Body></Html>;
}
`;

let server: TestServer;
let keys: AppProjectKeys;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMITS: "false" } });
  keys = await appProjectOf(server);
});
afterAll(async () => {
  await server?.close();
});

const themes = (path = "", init: { method?: string; body?: unknown; access?: "admin" | "server" | "client" } = {}) =>
  stackFetch(server, `/internal/email-themes${path}`, { access: "admin", keys, ...init });

describe("Stack's e-mail themes API", () => {
  it("lists the three built-in themes and reads a built-in's TSX source", async () => {
    const list = await themes();
    expect(list.status).toBe(200);
    expect((list.body as { themes: unknown[] }).themes.slice(0, 3)).toEqual([
      { id: LIGHT, display_name: "Default Light" },
      { id: expect.any(String), display_name: "Default Dark" },
      { id: expect.any(String), display_name: "Default Colorful" },
    ]);
    const light = await themes(`/${LIGHT}`);
    expect(light.body).toMatchObject({ id: LIGHT, display_name: "Default Light" });
    expect((light.body as { tsx_source: string }).tsx_source).toContain("export function EmailTheme");
  });

  it("is for admins only, and an unknown id is a 404 with a code", async () => {
    expect(knownError(await themes(`/${LIGHT}`, { access: "client" })).code).toBe("INSUFFICIENT_ACCESS_TYPE");
    expect(knownError(await themes("", { access: "server" })).code).toBe("INSUFFICIENT_ACCESS_TYPE");
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const missing = await themes(`/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: "EMAIL_THEME_NOT_FOUND", error: "No theme found with given id" });
    }
    const patchMissing = await themes(`/${randomUUID()}`, { method: "PATCH", body: { tsx_source: OWN_SOURCE } });
    expect(patchMissing.status).toBe(404);
  });

  it("creates a theme (a name may repeat), stores an edited source as written and hands it back", async () => {
    const created = await themes("", { method: "POST", body: { display_name: "Default Light" } });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const patched = await themes(`/${id}`, { method: "PATCH", body: { tsx_source: OWN_SOURCE } });
    expect(patched.body).toEqual({ display_name: "Default Light" });
    expect((await themes(`/${id}`)).body).toEqual({ id, display_name: "Default Light", tsx_source: OWN_SOURCE });
    const names = (await themes()).body as { themes: { id: string }[] };
    expect(names.themes.map((t) => t.id)).toContain(id);

    // A built-in's source can be edited too, and stays listed once under its own name.
    expect((await themes(`/${LIGHT}`, { method: "PATCH", body: { tsx_source: OWN_SOURCE } })).status).toBe(200);
    expect(((await themes(`/${LIGHT}`)).body as { tsx_source: string }).tsx_source).toBe(OWN_SOURCE);
    const after = (await themes()).body as { themes: { id: string }[] };
    expect(after.themes.filter((t) => t.id === LIGHT)).toHaveLength(1);
  });

  it("refuses a source that does not compile or exports no EmailTheme, keeping the stored one", async () => {
    const bad = [
      "export function EmailTheme({ children }) {\n  return <div><span>unclosed\n}\n",
      'import { Html } from "@react-email/components";\nexport function Other() { return <Html />; }\n',
    ];
    for (const tsx_source of bad) {
      const res = await themes(`/${LIGHT}`, { method: "PATCH", body: { tsx_source } });
      expect(res.status).toBe(400);
      const error = knownError(res);
      expect(error.code).toBe("EMAIL_RENDERING_ERROR");
      expect(error.error).toMatch(/^Failed to render email with theme: /);
      expect(typeof error.details?.error).toBe("string");
    }
    expect(((await themes(`/${LIGHT}`)).body as { tsx_source: string }).tsx_source).toBe(OWN_SOURCE);
    expect(knownError(await themes("", { method: "POST", body: { display_name: "" } })).code).toBe("SCHEMA_ERROR");
  });

  for (const dialect of DIALECTS) {
    it(`the ${dialect} SDK creates, edits, selects and deletes a theme`, async () => {
      const app = await adminApp(server, { dialect });
      const { id } = await app.createEmailTheme(`Brand ${dialect}`);
      await app.updateEmailTheme(id, OWN_SOURCE);
      expect(await app.listEmailThemes()).toContainEqual({ id, displayName: `Brand ${dialect}` });

      // The selection lives in the project's config, as in Stack.
      const project = await app.getProject();
      await project.update({ config: { emailTheme: id } });
      expect((await app.getProject()).config.emailTheme).toBe(id);
      await expect(app.deleteEmailTheme(id)).rejects.toThrow(/selected email theme/);

      await project.update({ config: { emailTheme: LIGHT } });
      await app.deleteEmailTheme(id);
      expect((await app.listEmailThemes()).map((t) => t.id)).not.toContain(id);
      await expect(project.update({ config: { emailTheme: id } })).rejects.toThrow(/Invalid email theme/);
      await expect(app.deleteEmailTheme(DARK)).rejects.toThrow(/built-in/);
    });
  }

  it("the config API selects a created theme by emails.selectedThemeId", async () => {
    const { id } = (await themes("", { method: "POST", body: { display_name: "Config" } })).body as { id: string };
    const set = await stackFetch(server, "/internal/config/override/environment", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config_override_string: JSON.stringify({ "emails.selectedThemeId": id }) },
    });
    expect(set.status).toBe(200);
    const current = await stackFetch(server, "/internal/projects/current", { access: "admin", keys });
    expect((current.body as { config: { email_theme: string } }).config.email_theme).toBe(id);
    const unknown = await stackFetch(server, "/internal/config/override/environment", {
      method: "PATCH",
      access: "admin",
      keys,
      body: { config_override_string: JSON.stringify({ "emails.selectedThemeId": randomUUID() }) },
    });
    expect(knownError(unknown).code).toBe("SCHEMA_ERROR");
  });
});
