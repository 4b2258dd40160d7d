// @vitest-environment happy-dom
import type { Environment, EnvironmentComparison } from "@contract/environments";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The comparison, opened from the environment switch of the secrets panel, against the answer of
// GET /environments/compare as the server sends it (only fetch stands in).
const appId = "app-1";
const comparePath = `/apps/${appId}/environments/compare`;
const environments: Environment[] = [
  { id: "e1", slug: "development", name: "Development", position: 0, secretCount: 3 },
  { id: "e2", slug: "staging", name: "Staging", position: 1, secretCount: 2 },
  { id: "e3", slug: "production", name: "Production", position: 2, secretCount: 2 },
];
const comparison: EnvironmentComparison = {
  environments: environments.map(({ slug, name }) => ({ slug, name })),
  keys: [
    { key: "DB_URL", groups: [1, 2, 1] },
    { key: "DEBUG", groups: [1, null, null] },
    { key: "SHARED", groups: [1, 1, 1] },
  ],
};
let refusal: { status: number; code: string; message: string } | null;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  refusal = null;
  ({ calls } = installFakeApi((_method, path) => {
    if (path === `/apps/${appId}/environments`) return { pair: [environments, null] };
    if (path === comparePath) {
      if (refusal) return { status: refusal.status, pair: [null, { code: refusal.code, message: refusal.message }] };
      return { pair: [comparison, null] };
    }
    return { pair: [[], null] };
  }));
});

afterEach(cleanup);

async function openCompare(lang: Lang) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <SecretsPanel appId={appId} appTitle="Shop" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await userEvent.click(
    await screen.findByRole("button", { name: lang === "en" ? "Compare environments…" : "Umgebungen vergleichen…" }),
  );
  return screen.findByRole("dialog");
}

/** Each row's cells as text: key, one per environment, status. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("CompareEnvironmentsDialog", () => {
  it("shows keys by environment with missing ones and equal values by letter", async () => {
    const dialog = await openCompare("en");
    const table = await within(dialog).findByRole("table", { name: "Keys by environment" });
    expect(cells(table)).toEqual([
      ["Key", "Development", "Staging", "Production", "Status"],
      ["DB_URL", "A", "B", "A", "Values differ"],
      ["DEBUG", "A", "missing", "missing", "Missing in 2 environments"],
      ["SHARED", "A", "A", "A", "Same everywhere"],
    ]);
    expect(calls.filter((c) => c.path === comparePath)).toEqual([
      { method: "GET", path: comparePath, body: undefined },
    ]);

    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Only keys that differ or are missing" }));
    expect(cells(table).map((row) => row[0])).toEqual(["Key", "DB_URL", "DEBUG"]);
  });

  it("names the columns and states in German", async () => {
    const dialog = await openCompare("de");
    const table = await within(dialog).findByRole("table", { name: "Schlüssel nach Umgebung" });
    expect(cells(table)[2]).toEqual(["DEBUG", "A", "fehlt", "fehlt", "Fehlt in 2 Umgebungen"]);
  });

  it("shows the server's refusal in words", async () => {
    refusal = { status: 404, code: "APP_NOT_FOUND", message: "App not found." };
    const dialog = await openCompare("en");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This app no longer exists.");
    expect(within(dialog).queryByRole("table")).toBeNull();
  });
});
