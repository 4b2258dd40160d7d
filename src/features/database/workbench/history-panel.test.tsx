// @vitest-environment happy-dom
import type { SnippetRecord } from "@contract/snippets";
import { I18nProvider } from "@lingui/react";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UseStore } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { LOCAL_SNIPPETS_KEY } from "../snippets/import-local-snippets";
import { HistoryPanel } from "./history-panel";
import type { HistoryEntry } from "./workbench-store";

// The snippets part of the workbench's drawer against the server's answers (`[data, error]` pairs);
// the network is the only stand-in, so what the panel sends is read from the requests themselves.
const DB_ID = "3f1c3a0e-8a51-4c55-9e51-0d2b8b3c9a10";
const record = (name: string, sql: string, extra: Partial<SnippetRecord> = {}): SnippetRecord => ({
  id: crypto.randomUUID(),
  owner: { type: "user", id: "user-1" },
  editable: true,
  name,
  description: null,
  folder: null,
  sql,
  databaseId: null,
  lastRunAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...extra,
});

type Answer = { status: number; pair: unknown };
let requests: Array<{ method: string; url: string; body: unknown }>;
/** The server's answer to each request, by "METHOD /path" (the query string left aside). */
let answers: Record<string, (body: unknown, url: URL) => Answer>;

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method, url, body });
    const parsed = new URL(url, "http://app.test");
    const answer = answers[`${method} ${parsed.pathname}`];
    if (!answer) throw new TypeError("Failed to fetch");
    const { status, pair } = answer(body, parsed);
    return new Response(JSON.stringify(pair), { status, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/**
 * IndexedDB as idb-keyval reaches it (happy-dom has none, and fake-indexeddb is not installed): an
 * object store over a Map whose requests answer on the next microtask, as the browser's do.
 */
function memoryStore(initial: Record<string, unknown> = {}): { store: UseStore; data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  const request = (result: unknown) => {
    const r: Record<string, unknown> = { result };
    queueMicrotask(() => (r.onsuccess as (() => void) | undefined)?.() ?? (r.oncomplete as () => void)?.());
    return r;
  };
  const store: UseStore = (_mode, callback) =>
    Promise.resolve().then(() => {
      const objectStore = {
        get: (key: string) => request(data.get(key)),
        put: (value: unknown, key: string) => {
          data.set(key, value);
          return request(key);
        },
        delete: (key: string) => {
          data.delete(key);
          return request(undefined);
        },
        get transaction() {
          return request(undefined);
        },
      };
      return callback(objectStore as unknown as IDBObjectStore);
    });
  return { store, data };
}

async function show(
  locale: "en" | "de",
  options: { history?: HistoryEntry[]; local?: ReturnType<typeof memoryStore>; editorText?: string } = {},
) {
  i18n.activate(locale);
  await loadAreaMessages();
  const errors = await (locale === "de"
    ? import("../../../../locales/de/errors.po")
    : import("../../../../locales/en/errors.po"));
  i18n.load(locale, errors.messages as never);
  i18n.activate(locale);
  const onOpenSnippet = vi.fn();
  const onLoad = vi.fn();
  const local = options.local ?? memoryStore();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <HistoryPanel
          dbId={DB_ID}
          history={options.history ?? []}
          onLoad={onLoad}
          onOpenSnippet={onOpenSnippet}
          getEditorText={() => options.editorText ?? "SELECT 1"}
          localStore={local.store}
        />
      </QueryClientProvider>
    </I18nProvider>
  );
  const rendered = render(view);
  return { onOpenSnippet, onLoad, local, client, rerender: () => rendered.rerender(view) };
}

const snippetsRegion = () => screen.getByRole("region", { name: /^(Snippets)$/ });

describe("HistoryPanel snippets", () => {
  it("lists the server's snippets with their last run, and opens one", async () => {
    const daily = record("daily users", "SELECT count(*) FROM users", { lastRunAt: "2026-11-20T08:30:00.000Z" });
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[daily, record("fresh", "SELECT 2")], null] });
    const { onOpenSnippet } = await show("en");
    const open = await within(snippetsRegion()).findByRole("button", { name: "daily users" });
    const description = (button: HTMLElement) =>
      document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(description(open)).toMatch(/^Last run \S/);
    expect(description(within(snippetsRegion()).getByRole("button", { name: "fresh" }))).toBe("Not run yet");
    await userEvent.click(open);
    expect(onOpenSnippet).toHaveBeenCalledWith(daily);
  });

  it("searches on the server and says when nothing matches, in German", async () => {
    answers["GET /api/v1/snippets"] = (_body, url) => ({
      status: 200,
      pair: [url.searchParams.get("q") ? [] : [record("orders", "SELECT * FROM orders")], null],
    });
    await show("de");
    await within(snippetsRegion()).findByRole("button", { name: /^orders/ });
    await userEvent.type(screen.getByRole("searchbox", { name: "Snippets durchsuchen" }), "zz");
    expect(await screen.findByText("Kein Snippet passt zu dieser Suche.")).toBeTruthy();
    expect(requests.some((r) => r.url === `/api/v1/snippets?q=zz&databaseId=${DB_ID}`)).toBe(true);
  });

  it("says there are none yet", async () => {
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[], null] });
    await show("en");
    expect(await screen.findByText("Save the editor text under a name to reuse it.")).toBeTruthy();
  });

  it("saves the editor's text with the database, and shows the list the server answers then", async () => {
    let saved: SnippetRecord[] = [];
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [saved, null] });
    answers["POST /api/v1/snippets"] = (body) => {
      const created = record("top customers", (body as { sql: string }).sql);
      saved = [created];
      return { status: 201, pair: [created, null] };
    };
    await show("en", { editorText: "SELECT * FROM customers LIMIT 10" });
    await screen.findByText("Save the editor text under a name to reuse it.");
    await userEvent.type(screen.getByRole("textbox", { name: "Snippet name" }), " top customers ");
    await userEvent.click(within(snippetsRegion()).getByRole("button", { name: "Save" }));
    await within(snippetsRegion()).findByRole("button", { name: /^top customers/ });
    expect(requests.find((r) => r.method === "POST" && r.url === "/api/v1/snippets")?.body).toEqual({
      name: "top customers",
      sql: "SELECT * FROM customers LIMIT 10",
      folder: null,
      databaseId: DB_ID,
      teamId: null,
    });
    expect(screen.getByRole("textbox", { name: "Snippet name" })).toHaveProperty("value", "");
  });

  it("turns a query from the history into a snippet", async () => {
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[], null] });
    answers["POST /api/v1/snippets"] = (body) => ({
      status: 201,
      pair: [record("from history", (body as { sql: string }).sql), null],
    });
    const history: HistoryEntry[] = [
      { sql: "SELECT * FROM invoices", at: Date.parse("2026-11-28T12:00:00Z"), durationMs: 4, ok: true, rowCount: 3 },
      { sql: "SELECT now()", at: Date.parse("2026-11-28T11:00:00Z"), durationMs: 1, ok: true, rowCount: 1 },
    ];
    await show("en", { history, editorText: "not this" });
    await userEvent.type(screen.getByRole("textbox", { name: "Search history" }), "invoices");
    await userEvent.click(screen.getByRole("button", { name: "Save as snippet: SELECT * FROM invoices" }));
    expect(screen.getByText("Saving the query from the history.")).toBeTruthy();
    const name = screen.getByRole("textbox", { name: "Snippet name" });
    expect(document.activeElement).toBe(name);
    await userEvent.type(name, "from history{Enter}");
    await waitFor(() =>
      expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ sql: "SELECT * FROM invoices" }),
    );
    await waitFor(() => expect(screen.queryByText("Saving the query from the history.")).toBeNull());
  });

  it("deletes a snippet by its id", async () => {
    let saved = [record("old", "SELECT 0")];
    const id = saved[0]?.id;
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [saved, null] });
    answers[`DELETE /api/v1/snippets/${id}`] = () => {
      saved = [];
      return { status: 200, pair: [{ id, deleted: true }, null] };
    };
    await show("en");
    await userEvent.click(await screen.findByRole("button", { name: "Delete snippet old" }));
    expect(await screen.findByText("Save the editor text under a name to reuse it.")).toBeTruthy();
  });

  it("says in the user's language why the server refused a save", async () => {
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[], null] });
    answers["POST /api/v1/snippets"] = () => ({
      status: 409,
      pair: [null, { code: "SNIPPET_LIMIT_REACHED", message: "never shown", details: { max: 2000 } }],
    });
    await show("de");
    await screen.findByText("Speichern Sie den Editortext unter einem Namen, um ihn wiederzuverwenden.");
    await userEvent.type(screen.getByRole("textbox", { name: "Name des Snippets" }), "x{Enter}");
    const alert = await within(snippetsRegion()).findByRole("alert");
    expect(alert.textContent).toBe("Sie haben so viele gespeicherte Abfragen wie erlaubt; löschen Sie zuerst einige.");
  });

  it("says when the list could not be loaded and tries again on request", async () => {
    let fail = true;
    answers["GET /api/v1/snippets"] = () =>
      fail
        ? { status: 500, pair: [null, { code: "INTERNAL_ERROR", message: "boom" }] }
        : { status: 200, pair: [[record("back", "SELECT 1")], null] };
    await show("en");
    const alert = await within(snippetsRegion()).findByRole("alert");
    expect(alert.textContent).toContain("The snippets could not be loaded:");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await within(snippetsRegion()).findByRole("button", { name: /^back/ });
  });

  it("offline keeps the loaded snippets readable and says saving needs a connection", async () => {
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[record("kept", "SELECT 1")], null] });
    await show("de");
    await within(snippetsRegion()).findByRole("button", { name: /^kept/ });
    onlineManager.setOnline(false);
    expect(
      await screen.findByText("Offline: Zum Speichern oder Löschen eines Snippets ist eine Verbindung nötig."),
    ).toBeTruthy();
    expect(within(snippetsRegion()).getByRole("button", { name: /^kept/ })).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Name des Snippets" }), "new one");
    expect(within(snippetsRegion()).getByRole("button", { name: "Speichern" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Snippet kept löschen" })).toHaveProperty("disabled", true);
  });
});

describe("HistoryPanel team snippets", () => {
  const TEAM_ID = "5b0c8e7a-1f44-4a4f-9d0e-6f7a8b9c0d1e";
  const teamSnippet = (editable: boolean) =>
    record("weekly report", "SELECT 7", { owner: { type: "team", id: TEAM_ID }, editable, folder: "reports" });
  const onTeamDatabase = (role: string, snippets: SnippetRecord[]) => {
    answers["GET /api/v1/db"] = () => ({
      status: 200,
      pair: [[{ id: DB_ID, name: "shared", owner: { type: "team", id: TEAM_ID } }], null],
    });
    answers["GET /api/v1/teams"] = () => ({ status: 200, pair: [[{ id: TEAM_ID, displayName: "Crew", role }], null] });
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [snippets, null] });
  };

  it("a viewer sees the team's snippet read-only, and cannot save for the team", async () => {
    onTeamDatabase("viewer", [teamSnippet(false)]);
    await show("en");
    const open = await within(snippetsRegion()).findByRole("button", { name: /reports \/ weekly report\s*Team/ });
    expect(open).toBeTruthy();
    expect(within(snippetsRegion()).queryByRole("button", { name: "Delete snippet weekly report" })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(requests.some((r) => r.url === `/api/v1/snippets?databaseId=${DB_ID}`)).toBe(true);
  });

  it("a developer saves into a folder for the team, in German", async () => {
    onTeamDatabase("developer", [teamSnippet(true)]);
    answers["POST /api/v1/snippets"] = () => ({ status: 201, pair: [teamSnippet(true), null] });
    await show("de", { editorText: "SELECT 7" });
    await within(snippetsRegion()).findByRole("button", { name: "Snippet weekly report löschen" });
    await userEvent.click(
      await screen.findByRole("checkbox", { name: "Für das Team Crew speichern (jedes Mitglied kann es öffnen)" }),
    );
    await userEvent.type(screen.getByRole("textbox", { name: "Name des Snippets" }), "weekly");
    await userEvent.type(screen.getByRole("textbox", { name: "Ordner (optional)" }), "reports");
    await userEvent.click(within(snippetsRegion()).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "POST" && r.url === "/api/v1/snippets")?.body).toEqual({
        name: "weekly",
        sql: "SELECT 7",
        folder: "reports",
        databaseId: DB_ID,
        teamId: TEAM_ID,
      }),
    );
  });
});

describe("HistoryPanel import of the browser's snippets", () => {
  it("sends them once, renaming one whose name the server uses for other SQL, then removes them here", async () => {
    const local = memoryStore({
      [LOCAL_SNIPPETS_KEY]: [
        { name: "mine", sql: "SELECT 'mine'" },
        { name: "same", sql: "SELECT 'same'" },
        { name: "clash", sql: "SELECT 'local clash'" },
      ],
    });
    let server = [record("same", "SELECT 'same'"), record("clash", "SELECT 'server clash'")];
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [server, null] });
    answers["POST /api/v1/snippets/import"] = (body) => {
      const sent = (body as { snippets: Array<{ name: string; sql: string }> }).snippets;
      server = [...server, ...sent.map((s) => record(s.name, s.sql))];
      return { status: 200, pair: [{ imported: sent.length, skipped: 0 }, null] };
    };
    await show("en", { local });
    await within(snippetsRegion()).findByRole("button", { name: /^clash \(2\)/ });
    expect(requests.filter((r) => r.url === "/api/v1/snippets/import").map((r) => r.body)).toEqual([
      {
        snippets: [
          { name: "mine", sql: "SELECT 'mine'" },
          { name: "clash (2)", sql: "SELECT 'local clash'" },
        ],
      },
    ]);
    expect(local.data.has(LOCAL_SNIPPETS_KEY)).toBe(false);

    // The next visit finds nothing to import.
    cleanup();
    requests = [];
    await show("en", { local });
    await within(snippetsRegion()).findByRole("button", { name: /^clash \(2\)/ });
    // Only the list (and the database's owner, to know its team): nothing is imported again.
    expect(requests.filter((r) => r.url.startsWith("/api/v1/snippets")).map((r) => r.url)).toEqual([
      `/api/v1/snippets?databaseId=${DB_ID}`,
    ]);
  });

  it("after an import cut short (the server has them, this browser still too) sends nothing twice", async () => {
    const local = memoryStore({ [LOCAL_SNIPPETS_KEY]: [{ name: "clash", sql: "SELECT 'local clash'" }] });
    const server = [record("clash", "SELECT 'server clash'"), record("clash (2)", "SELECT 'local clash'")];
    // Only the server's list is asked for: it already has this snippet, as "clash (2)".
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [server, null] });
    answers["POST /api/v1/snippets/import"] = () => ({ status: 200, pair: [{ imported: 0, skipped: 0 }, null] });
    await show("en", { local });
    await waitFor(() => expect(local.data.has(LOCAL_SNIPPETS_KEY)).toBe(false));
    expect(requests.filter((r) => r.url === "/api/v1/snippets/import")).toEqual([]);
  });

  it("keeps them here when the server does not confirm", async () => {
    const kept = [{ name: "precious", sql: "SELECT 'precious'" }];
    const local = memoryStore({ [LOCAL_SNIPPETS_KEY]: kept });
    answers["GET /api/v1/snippets"] = () => ({ status: 200, pair: [[], null] });
    answers["POST /api/v1/snippets/import"] = () => ({
      status: 409,
      pair: [null, { code: "SNIPPET_LIMIT_REACHED", message: "full", details: { max: 2000 } }],
    });
    await show("en", { local });
    expect(
      await screen.findByText(
        "This browser's older snippets could not be moved to the server yet; they stay here and move the next time.",
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.url === "/api/v1/snippets/import")).toBe(true);
    expect(local.data.get(LOCAL_SNIPPETS_KEY)).toEqual(kept);
  });
});
