// @vitest-environment happy-dom
import type { Environment } from "@contract/environments";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The panel against the API's answers as the server sends them; only fetch stands in, and the
// test reads which environment each call named from the request's own query.
const appId = "app-1";
const environments: Environment[] = [
  { id: "e1", slug: "development", name: "Development", position: 0, secretCount: 1 },
  { id: "e2", slug: "staging", name: "Staging", position: 1, secretCount: 0 },
  { id: "e3", slug: "production", name: "Production", position: 2, secretCount: 1 },
];
const values: Record<string, Array<{ key: string; decryptedValue: string }>> = {
  development: [{ key: "DATABASE_URL", decryptedValue: "postgres://dev" }],
  staging: [],
  production: [{ key: "STRIPE_KEY", decryptedValue: "sk_live" }],
};

let requests: Array<{ method: string; path: string; environment: string | null; body: unknown }>;

beforeEach(() => {
  requests = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const environment = url.searchParams.get("environment");
    requests.push({ method, path, environment, body: init?.body ? JSON.parse(String(init.body)) : null });
    let pair: unknown = [[], null];
    if (path === `/apps/${appId}/environments`) pair = [environments, null];
    else if (path === `/apps/${appId}/secrets` && method === "GET")
      pair = [values[environment ?? "development"] ?? null, null];
    else if (path === `/apps/${appId}/secrets` && method === "POST") pair = [{ ok: true }, null];
    return new Response(JSON.stringify(pair), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterEach(cleanup);

/** The app page keeps the environment in the URL; here a state stands for it. */
function Page({ initial, onChange }: { initial?: string; onChange(slug: string): void }) {
  const [environment, setEnvironment] = useState(initial);
  return (
    <SecretsPanel
      appId={appId}
      appTitle="Shop"
      environment={environment}
      onEnvironmentChange={(slug) => {
        onChange(slug);
        setEnvironment(slug);
      }}
    />
  );
}

async function show(lang: Lang, initial?: string) {
  await loadLang(lang);
  const changes: string[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <Page initial={initial} onChange={(slug) => changes.push(slug)} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { changes };
}

const secretReads = () => requests.filter((r) => r.method === "GET" && r.path === `/apps/${appId}/secrets`);

describe("SecretsPanel environments", () => {
  it("lists development first, switches to production by name and acts on it", async () => {
    const { changes } = await show("en");
    const select = await screen.findByRole("combobox", { name: "Environment" });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Development", "Staging", "Production"]);
    expect(await screen.findByText("DATABASE_URL")).toBeTruthy();
    expect(secretReads().at(-1)?.environment).toBe("development");

    await userEvent.selectOptions(select, "production");
    expect(changes).toEqual(["production"]);
    expect(await screen.findByText("STRIPE_KEY")).toBeTruthy();
    expect(screen.queryByText("DATABASE_URL")).toBeNull();
    expect(secretReads().at(-1)?.environment).toBe("production");

    // Adding goes into the environment shown.
    await userEvent.click(screen.getByRole("button", { name: "Add New" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Key" }), "NEW_KEY");
    await userEvent.type(screen.getByRole("textbox", { name: "Value" }), "v");
    await userEvent.click(screen.getByRole("button", { name: "Add", exact: true } as never));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "POST" && r.path === `/apps/${appId}/secrets`)).toMatchObject({
        environment: "production",
        body: { key: "NEW_KEY", value: "v" },
      }),
    );
  });

  it("opens the environment the URL names, and falls back to development for one that is gone", async () => {
    await show("en", "staging");
    expect(await screen.findByText("No environment variables found")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Environment" })).toHaveProperty("value", "staging");
    expect(secretReads().at(-1)?.environment).toBe("staging");
    cleanup();

    await show("en", "qa");
    expect(await screen.findByText("DATABASE_URL")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Environment" })).toHaveProperty("value", "development");
    // The list waits for the environments, so a stale slug never reaches the server.
    expect(requests.some((r) => r.environment === "qa")).toBe(false);
    expect(secretReads().at(-1)?.environment).toBe("development");
  });

  it("names the switch in German", async () => {
    await show("de");
    expect(await screen.findByRole("combobox", { name: "Umgebung" })).toBeTruthy();
  });
});
