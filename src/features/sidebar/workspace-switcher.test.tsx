// @vitest-environment happy-dom
import type { MyTeam } from "@contract/teams";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  installFakeApi,
  type Lang,
  renderSignedIn,
  TEST_USER,
  testQueryClient,
  useLang,
} from "@/test-support/render-signed-in";
import { AppSidebar } from "./app-sidebar";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BETA = "22222222-2222-4222-8222-222222222222";
const teams: MyTeam[] = [
  { id: ALPHA, displayName: "Alpha", role: "viewer" },
  { id: BETA, displayName: "Beta", role: "admin" },
];
const stamp = "2026-11-29T00:00:00.000Z";
const app = (id: string, title: string, owner: { type: "user" | "team"; id: string }) => ({
  id,
  title,
  description: null,
  openapi_spec_ids: [],
  createdAt: stamp,
  updatedAt: stamp,
  deletedAt: null,
  owner,
});
const database = (id: string, name: string, owner: { type: "user" | "team"; id: string }) => ({
  id,
  name,
  kind: "managed",
  engine: "pglite",
  target: null,
  createdAt: stamp,
  updatedAt: stamp,
  owner,
});

const TEXT = {
  en: {
    personal: "Personal",
    workspace: "Workspace {name}",
    create: "Create team",
    settings: "Team settings",
    viewer: "Viewer",
  },
  de: {
    personal: "Persönlich",
    workspace: "Arbeitsbereich {name}",
    create: "Team erstellen",
    settings: "Team-Einstellungen",
    viewer: "Betrachter",
  },
} as const;

function serve() {
  return installFakeApi((method, path) => {
    if (method === "GET" && path === "/teams") return { pair: [teams, null] };
    if (method === "GET" && path === "/apps")
      return {
        pair: [
          [
            app("a-mine", "My own app", { type: "user", id: TEST_USER.id }),
            app("a-alpha", "Alpha's app", { type: "team", id: ALPHA }),
            app("a-beta", "Beta's app", { type: "team", id: BETA }),
          ],
          null,
        ],
      };
    if (method === "GET" && path === "/db")
      return {
        pair: [
          [
            database("d-mine", "mydb", { type: "user", id: TEST_USER.id }),
            database("d-alpha", "alphadb", { type: "team", id: ALPHA }),
          ],
          null,
        ],
      };
    return { status: 404, pair: [null, { code: "NOT_FOUND", message: `${method} ${path}` }] };
  });
}

// The menu's code loads on first use; loaded once here, every open finds it at once.
beforeAll(async () => {
  await import("./workspace-menu");
});

/**
 * As a mouse user does: the pointer over the stand-in button loads the menu (workspace-switcher.tsx),
 * then a press on the real trigger opens it.
 */
async function openSwitcher(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.hover(screen.getByRole("button", { name }));
  await waitFor(() => expect(screen.getByRole("button", { name }).getAttribute("data-state")).toBe("closed"));
  await user.click(screen.getByRole("button", { name }));
}

describe.each(["en", "de"] as Lang[])("workspace switcher (%s)", (lang) => {
  const text = TEXT[lang];
  const nav = () => screen.getByRole("navigation");

  beforeEach(async () => {
    localStorage.clear();
    await useLang(lang);
    serve();
  });
  afterEach(() => cleanup());

  it("lists Personal and the user's teams with their roles, and the sidebar follows the chosen one across a reload", async () => {
    const user = userEvent.setup();
    const first = renderSignedIn(<AppSidebar />, { queryClient: testQueryClient() });

    // Personal first: only the user's own app and database.
    await screen.findByRole("link", { name: "My own app" });
    expect(screen.getByRole("link", { name: "mydb" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Alpha's app" })).toBeNull();
    expect(screen.queryByRole("link", { name: "alphadb" })).toBeNull();

    await openSwitcher(user, text.workspace.replace("{name}", text.personal));
    const menu = await screen.findByRole("menu");
    const radios = within(menu).getAllByRole("menuitemradio");
    expect(radios.map((radio) => radio.textContent)).toEqual([
      text.personal,
      `Alpha${text.viewer}`,
      expect.stringMatching(/^Beta/),
    ]);
    expect(within(menu).getByRole("menuitemradio", { name: text.personal }).getAttribute("aria-checked")).toBe("true");
    expect(within(menu).getByRole("menuitem", { name: text.create })).toBeTruthy();
    // Team settings belong to a team's workspace.
    expect(within(menu).queryByRole("menuitem", { name: text.settings })).toBeNull();

    await user.click(within(menu).getByRole("menuitemradio", { name: /^Alpha/ }));
    await screen.findByRole("link", { name: "Alpha's app" });
    expect(screen.getByRole("link", { name: "alphadb" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "My own app" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Beta's app" })).toBeNull();
    expect(localStorage.getItem(`console-workspace:${TEST_USER.id}`)).toBe(`team:${ALPHA}`);
    expect(first.router.state.location.pathname).toBe("/");

    // A reload: a new page with nothing in memory still opens in Alpha.
    cleanup();
    renderSignedIn(<AppSidebar />, { queryClient: testQueryClient() });
    await screen.findByRole("link", { name: "Alpha's app" });
    expect(within(nav()).getByRole("button", { name: text.workspace.replace("{name}", "Alpha") })).toBeTruthy();
  });

  it("opens the team's settings from its workspace, and falls back to Personal when the stored team is gone", async () => {
    const user = userEvent.setup();
    localStorage.setItem(`console-workspace:${TEST_USER.id}`, `team:${BETA}`);
    const view = renderSignedIn(<AppSidebar />, { queryClient: testQueryClient() });
    await screen.findByRole("link", { name: "Beta's app" });
    await openSwitcher(user, text.workspace.replace("{name}", "Beta"));
    await user.click(await screen.findByRole("menuitem", { name: text.settings }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/teams/${BETA}`));

    cleanup();
    localStorage.setItem(`console-workspace:${TEST_USER.id}`, "team:33333333-3333-4333-8333-333333333333");
    renderSignedIn(<AppSidebar />, { queryClient: testQueryClient() });
    await screen.findByRole("link", { name: "My own app" });
    expect(screen.getByRole("button", { name: text.workspace.replace("{name}", text.personal) })).toBeTruthy();
  });
});
