// @vitest-environment happy-dom
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import type { ResourceOwner } from "@contract/teams";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { MASKED_VALUE } from "./mask";
import { SecretsPanel } from "./secrets-panel";

// The panel against the API's answers as the server sends them; only fetch stands in. Each request
// is kept with its full query, so the test sees exactly which reads asked for resolved values.
const appId = "app-1";
const owner: ResourceOwner = { type: "team", id: "team-1" };
const typed = [
  { key: "DATABASE_URL", decryptedValue: "postgres://${DB_USER}@db/app" },
  { key: "DB_USER", decryptedValue: "ada" },
];
const resolved = [
  { key: "DATABASE_URL", decryptedValue: "postgres://ada@db/app" },
  { key: "DB_USER", decryptedValue: "ada" },
];
const missing = {
  code: "SECRET_REFERENCE_MISSING",
  message: "DATABASE_URL refers to DB_USER, which does not exist",
  details: { key: "DATABASE_URL", reference: "DB_USER" },
};

let role: "developer" | "viewer";
let resolveAnswer: { status: number; pair: [unknown, unknown] };
let requests: Array<{ method: string; path: string; query: string }>;

beforeEach(() => {
  role = "developer";
  resolveAnswer = { status: 200, pair: [resolved, null] };
  requests = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v1/, "");
    requests.push({ method, path, query: url.search });
    let answer: { status: number; pair: [unknown, unknown] } = { status: 200, pair: [[], null] };
    if (path === "/teams") answer = { status: 200, pair: [[{ id: "team-1", displayName: "Core", role }], null] };
    else if (path === `/apps/${appId}/environments`)
      answer = {
        status: 200,
        pair: [[{ id: "e1", slug: "development", name: "Development", position: 0, secretCount: 2 }], null],
      };
    else if (path === `/apps/${appId}/secrets`)
      answer = {
        status: 200,
        pair: [role === "viewer" ? typed.map(({ key }) => ({ key, decryptedValue: "", hidden: true })) : typed, null],
      };
    else if (path === `/apps/${appId}/secrets/reveal`)
      answer = url.searchParams.get("resolve") === "true" ? resolveAnswer : { status: 200, pair: [typed, null] };
    return new Response(JSON.stringify(answer.pair), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
});

afterEach(cleanup);

async function show(lang: Lang): Promise<QueryClient> {
  await loadLang(lang);
  const queryClient = testQueryClient();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SecretsPanel appId={appId} owner={owner} appTitle="Shop" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  // The role decides the controls: wait until the team list has answered.
  await waitFor(() => expect(requests.some((r) => r.path === "/teams")).toBe(true));
  await screen.findByText("DATABASE_URL");
  return queryClient;
}

const resolvedReads = () =>
  requests.filter((r) => r.path === `/apps/${appId}/secrets/reveal` && r.query.includes("resolve"));
const row = (key: string) =>
  screen.getAllByRole("listitem").find((item) => item.querySelector(".font-mono")?.textContent === key) as HTMLElement;
const shownValue = (key: string) => within(row(key)).getByTestId("secret-value").textContent;

/** Everything the Query client holds, as text: resolved values must never be there (it is persisted). */
function cachedText(queryClient: QueryClient): string {
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.state.data);
  const mutations = queryClient
    .getMutationCache()
    .getAll()
    .map((m) => m.state.data);
  return JSON.stringify([queries, mutations]);
}

describe("SecretsPanel resolved values", () => {
  it("shows what a revealed reference resolves to, masked until revealed, from the reveal route with resolve=true", async () => {
    const queryClient = await show("en");
    await userEvent.click(screen.getByRole("button", { name: "Show value of DATABASE_URL" }));
    expect(shownValue("DATABASE_URL")).toBe("postgres://${DB_USER}@db/app");
    const line = within(row("DATABASE_URL")).getByTestId("resolved-line");
    expect(line.textContent).toContain("Resolves to:");
    expect(within(line).getByTestId("resolved-value").textContent).toBe(MASKED_VALUE);
    // Masked costs no read: nothing asked for resolved values yet.
    expect(resolvedReads()).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Show resolved value of DATABASE_URL" }));
    await waitFor(() =>
      expect(within(row("DATABASE_URL")).getByTestId("resolved-value").textContent).toBe("postgres://ada@db/app"),
    );
    expect(resolvedReads()).toEqual([
      { method: "POST", path: `/apps/${appId}/secrets/reveal`, query: "?resolve=true&environment=development" },
    ]);
    // The typed value stays as typed; a value without a reference has no resolved line.
    expect(shownValue("DATABASE_URL")).toBe("postgres://${DB_USER}@db/app");
    await userEvent.click(screen.getByRole("button", { name: "Show value of DB_USER" }));
    expect(within(row("DB_USER")).queryByTestId("resolved-line")).toBeNull();
    expect(cachedText(queryClient)).not.toContain("postgres://ada@db/app");

    await userEvent.click(screen.getByRole("button", { name: "Hide resolved value of DATABASE_URL" }));
    expect(within(row("DATABASE_URL")).getByTestId("resolved-value").textContent).toBe(MASKED_VALUE);
  });

  it("swaps the revealed values for resolved ones with Show resolved values, and back", async () => {
    const queryClient = await show("en");
    const toggle = screen.getByRole("button", { name: "Show resolved values" });
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    // Nothing is revealed yet, so nothing is read.
    expect(shownValue("DATABASE_URL")).toBe(MASKED_VALUE);
    expect(resolvedReads()).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Show all values" }));
    await waitFor(() => expect(shownValue("DATABASE_URL")).toBe("Resolved:postgres://ada@db/app"));
    expect(shownValue("DB_USER")).toBe("ada");
    expect(resolvedReads()).toEqual([
      { method: "POST", path: `/apps/${appId}/secrets/reveal`, query: "?resolve=true&environment=development" },
    ]);
    expect(cachedText(queryClient)).not.toContain("postgres://ada@db/app");

    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(shownValue("DATABASE_URL")).toBe("postgres://${DB_USER}@db/app");
    expect(resolvedReads()).toHaveLength(1);
  });

  it("names the key and says why a reference cannot be resolved (SECRET_REFERENCE_MISSING)", async () => {
    resolveAnswer = { status: 422, pair: [null, missing] };
    await show("en");
    await userEvent.click(screen.getByRole("button", { name: "Show value of DATABASE_URL" }));
    await userEvent.click(screen.getByRole("button", { name: "Show resolved value of DATABASE_URL" }));
    expect((await within(row("DATABASE_URL")).findByRole("alert")).textContent).toBe(
      "Key DATABASE_URL: Its value refers to a key or environment that does not exist (a literal dollar sign and brace is written with two dollar signs).",
    );
    expect(resolvedReads().map((r) => r.query)).toEqual(["?resolve=true&environment=development"]);
  });

  it("says so in German for the whole environment's toggle", async () => {
    resolveAnswer = { status: 422, pair: [null, missing] };
    await show("de");
    await userEvent.click(screen.getByRole("button", { name: "Aufgelöste Werte anzeigen" }));
    await userEvent.click(screen.getByRole("button", { name: "Alle Werte anzeigen" }));
    expect((await screen.findByTestId("resolve-error")).textContent).toBe(
      "Schlüssel DATABASE_URL: Sein Wert verweist auf einen Schlüssel oder eine Umgebung, die es nicht gibt (ein wörtliches Dollarzeichen mit Klammer wird mit zwei Dollarzeichen geschrieben).",
    );
    // The values stay as typed, never blank.
    expect(shownValue("DATABASE_URL")).toBe("postgres://${DB_USER}@db/app");
  });

  it("offers a viewer no toggle", async () => {
    role = "viewer";
    await show("en");
    expect(
      await screen.findByText(
        "As a viewer you see the keys only. Values, changes and the .env file need the developer role.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show resolved values", hidden: true } as never)).toBeNull();
    expect(screen.queryByTestId("resolved-line")).toBeNull();
    expect(resolvedReads()).toEqual([]);
  });
});
