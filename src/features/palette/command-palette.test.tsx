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
import { CommandPaletteLauncher } from "./command-palette-launcher";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const teams: MyTeam[] = [{ id: ALPHA, displayName: "Alpha", role: "developer" }];
const stamp = "2026-11-29T00:00:00.000Z";
const mine = { type: "user", id: TEST_USER.id } as const;
const app = (id: string, title: string, owner: { type: "user" | "team"; id: string } = mine) => ({
  id,
  title,
  description: null,
  openapi_spec_ids: [],
  createdAt: stamp,
  updatedAt: stamp,
  deletedAt: null,
  owner,
});
const database = (id: string, name: string) => ({
  id,
  name,
  kind: "managed",
  engine: "pglite",
  target: null,
  createdAt: stamp,
  updatedAt: stamp,
  owner: mine,
});

const TEXT = {
  en: {
    button: "Search…",
    newApp: "New app",
    logOut: "Log out",
    actions: "Actions",
    admin: "Admin area",
    adminUsers: "Users",
    tables: "Tables",
    results: (n: number) => `${n} ${n === 1 ? "result" : "results"}`,
  },
  de: {
    button: "Suchen …",
    newApp: "Neue App",
    logOut: "Abmelden",
    actions: "Aktionen",
    admin: "Admin-Bereich",
    adminUsers: "Benutzer",
    tables: "Tabellen",
    results: (n: number) => `${n} ${n === 1 ? "Ergebnis" : "Ergebnisse"}`,
  },
} as const;

function serve({ operator }: { operator: boolean }) {
  return installFakeApi((method, path) => {
    if (method !== "GET") return { status: 405, pair: [null, { code: "NOT_FOUND", message: path }] };
    if (path === "/teams") return { pair: [teams, null] };
    if (path === "/admin/me") return { pair: [{ isAdmin: operator }, null] };
    if (path === "/apps")
      return { pair: [[app("a-1", "Billing app"), app("a-2", "Shop front", { type: "team", id: ALPHA })], null] };
    if (path === "/db") return { pair: [[database("d-1", "salesdb"), database("d-2", "logsdb")], null] };
    if (path === "/db/d-1/schema")
      return {
        pair: [
          {
            schemas: [
              { name: "public", tables: [{ name: "orders" }, { name: "customers" }], functions: [], sequences: [] },
            ],
          },
          null,
        ],
      };
    return { status: 404, pair: [null, { code: "NOT_FOUND", message: `${method} ${path}` }] };
  });
}

// The palette's code loads on first use; loaded once here, so every test finds it soon.
beforeAll(async () => {
  await import("./command-palette");
});

const optionNames = () => screen.queryAllByRole("option").map((option) => option.textContent);

async function openWithKeys(user: ReturnType<typeof userEvent.setup>, keys = "{Control>}k{/Control}") {
  await user.keyboard(keys);
  const box = await screen.findByRole("combobox");
  // Wait for the lists the palette shows (apps, databases) to arrive.
  await waitFor(() => expect(optionNames()).toContain("salesdb"));
  return box;
}

describe.each(["en", "de"] as Lang[])("command palette (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(async () => {
    localStorage.clear();
    await useLang(lang);
  });
  afterEach(() => cleanup());

  it("opens on Ctrl+K with focus in the search box, filters as typed and announces the count", async () => {
    serve({ operator: false });
    const user = userEvent.setup();
    renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    const box = await openWithKeys(user);
    expect(document.activeElement).toBe(box);
    // The actions group comes first, under its heading.
    const actions = screen.getByRole("group", { name: text.actions });
    expect(within(actions).getAllByRole("option")[0]?.textContent).toBe(text.newApp);

    // logsdb's schema is not there (404): highlighting it adds no tables.
    await user.type(box, "logs");
    expect(optionNames()).toEqual(["logsdb"]);
    expect(screen.getByRole("status").textContent).toBe(text.results(1));
    // A word of the label as shown in the language shown; case and accents do not matter.
    await user.clear(box);
    await user.type(box, text.logOut.toUpperCase());
    expect(optionNames()).toEqual([text.logOut]);
    // Both words must be found (an app's team is its hint).
    await user.clear(box);
    await user.type(box, "shop alpha");
    expect(optionNames()).toEqual(["Shop frontAlpha"]);
    await user.clear(box);
    await user.type(box, "zzz");
    expect(optionNames()).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe(text.results(0));
  });

  it("opens on Cmd+K; the arrows move the highlighted option and Enter goes to its page", async () => {
    serve({ operator: false });
    const user = userEvent.setup();
    const view = renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    const box = await openWithKeys(user, "{Meta>}k{/Meta}");
    await user.type(box, "app");
    // "New app" (an action), then the apps whose names hold "app".
    expect(optionNames()).toEqual([text.newApp, "Billing app"]);
    const selected = () => screen.getByRole("option", { selected: true });
    expect(box.getAttribute("aria-activedescendant")).toBe(selected().id);
    expect(selected().textContent).toBe(text.newApp);
    await user.keyboard("{ArrowDown}");
    expect(selected().textContent).toBe("Billing app");
    expect(box.getAttribute("aria-activedescendant")).toBe(selected().id);
    // Down again wraps to the top, up goes back.
    await user.keyboard("{ArrowDown}");
    expect(selected().textContent).toBe(text.newApp);
    await user.keyboard("{ArrowUp}{Enter}");
    await screen.findByText("at an app page");
    expect(view.router.state.location.pathname).toBe("/apps/a-1");
    await waitFor(() => expect(screen.queryByRole("combobox")).toBeNull());
  });

  it("fetches the highlighted database's schema and jumps to one of its tables", async () => {
    const { calls } = serve({ operator: false });
    const user = userEvent.setup();
    const view = renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    const box = await openWithKeys(user);
    // No schema is asked for before a database is chosen.
    expect(calls.some((call) => call.path.endsWith("/schema"))).toBe(false);
    await user.type(box, "salesdb");
    expect(optionNames()[0]).toBe("salesdb");
    // Highlighted, its schema is fetched and its tables join the list (its name is their hint).
    await waitFor(() => expect(optionNames()).toEqual(["salesdb", "orderssalesdb", "customerssalesdb"]));
    expect(calls.filter((call) => call.path === "/db/d-1/schema")).toHaveLength(1);
    expect(calls.some((call) => call.path === "/db/d-2/schema")).toBe(false);
    await user.clear(box);
    await user.type(box, "orders");
    const tables = await screen.findByRole("group", { name: text.tables });
    expect(
      within(tables)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["orderssalesdb"]);
    await user.keyboard("{Enter}");
    await screen.findByText("at a database page");
    expect(view.router.state.location.pathname).toBe("/db/d-1");
    expect(view.router.state.location.search).toEqual({ schema: "public", table: "orders" });
  });

  it("shows the admin pages to an operator only", async () => {
    serve({ operator: true });
    const user = userEvent.setup();
    const view = renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    await openWithKeys(user);
    const admin = await screen.findByRole("group", { name: text.admin });
    expect(within(admin).getAllByRole("option")).toHaveLength(10);
    await user.keyboard(text.adminUsers);
    await user.click(within(admin).getByRole("option", { name: text.adminUsers }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/admin/users"));

    cleanup();
    serve({ operator: false });
    renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    await openWithKeys(user);
    expect(screen.queryByRole("group", { name: text.admin })).toBeNull();
    expect(optionNames()).not.toContain(text.adminUsers);
  });

  it("opens from its button; Escape closes it and focus returns to the button", async () => {
    serve({ operator: false });
    const user = userEvent.setup();
    renderSignedIn(<CommandPaletteLauncher />, { queryClient: testQueryClient() });
    const button = await screen.findByRole("button", { name: `${text.button} Ctrl K` });

    await user.click(button);
    const box = await screen.findByRole("combobox");
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("combobox")).toBeNull());
    expect(document.activeElement).toBe(button);
    // Opened again, it starts afresh.
    await user.keyboard("{Control>}k{/Control}");
    expect((await screen.findByRole("combobox")).getAttribute("value") ?? "").toBe("");
  });
});
