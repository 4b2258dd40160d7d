// @vitest-environment happy-dom
import type { CopyEnvironmentResult } from "@contract/environment-copy";
import type { Environment, EnvironmentComparison } from "@contract/environments";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The comparison, opened from the environment switch of the secrets panel, against the answer of
// GET /environments/compare as the server sends it, and the copies made from it against answers of
// POST /environments/{target}/copy (only fetch stands in).
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
type Refusal = { status: number; code: string; message: string; details?: Record<string, unknown> };
let refusal: Refusal | null;
/** What the copy route answers: a refusal (unless the request says replace) or a result. */
let copyAnswer: (body: { replace?: boolean }) => { status?: number; pair: [unknown, unknown] };
let calls: Array<{ method: string; path: string; body: unknown }>;

const copyPath = (target: string) => `/apps/${appId}/environments/${target}/copy`;
const copies = () => calls.filter((c) => c.path.endsWith("/copy"));
const result = (change: Partial<CopyEnvironmentResult>): CopyEnvironmentResult => ({
  from: "development",
  to: "staging",
  created: [],
  replaced: [],
  unchanged: [],
  kept: [],
  ...change,
});

beforeEach(() => {
  refusal = null;
  copyAnswer = () => ({ pair: [result({}), null] });
  ({ calls } = installFakeApi((method, path, body) => {
    if (path === `/apps/${appId}/environments`) return { pair: [environments, null] };
    if (method === "POST" && path.endsWith("/copy")) return copyAnswer(body as { replace?: boolean });
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
      ["Key", "Development", "Staging", "Production", "Status", "Actions"],
      ["DB_URL", "A", "B", "A", "Values differ", "Copy to…"],
      ["DEBUG", "A", "missing", "missing", "Missing in 2 environments", "Copy to…"],
      ["SHARED", "A", "A", "A", "Same everywhere", ""],
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
    expect(cells(table)[2]).toEqual(["DEBUG", "A", "fehlt", "fehlt", "Fehlt in 2 Umgebungen", "Kopieren nach…"]);
  });

  it("shows the server's refusal in words", async () => {
    refusal = { status: 404, code: "APP_NOT_FOUND", message: "App not found." };
    const dialog = await openCompare("en");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This app no longer exists.");
    expect(within(dialog).queryByRole("table")).toBeNull();
  });
});

/** The options of a select, as [value, text], and the one chosen. */
const options = (select: HTMLElement) => ({
  chosen: (select as HTMLSelectElement).value,
  all: [...select.querySelectorAll("option")].map((o) => [o.value, o.textContent]),
});

describe("copying from the comparison", () => {
  it("copies a missing key from where it has a value to the environment chosen", async () => {
    copyAnswer = () => ({ pair: [result({ to: "production", created: ["DEBUG"] }), null] });
    const dialog = await openCompare("en");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Copy to… (DEBUG)" }));
    const panel = within(dialog).getByRole("region", { name: "Copy DEBUG" });
    // Only Development has a value; both others lack it.
    expect(options(within(panel).getByLabelText("From environment"))).toEqual({
      chosen: "development",
      all: [["development", "Development"]],
    });
    const to = within(panel).getByLabelText("To environment");
    expect(options(to)).toEqual({
      chosen: "staging",
      all: [
        ["staging", "Staging"],
        ["production", "Production"],
      ],
    });
    await userEvent.selectOptions(to, "production");
    await userEvent.click(within(panel).getByRole("button", { name: "Copy" }));

    expect((await within(panel).findByRole("status")).textContent).toBe("Copied DEBUG from Development to Production.");
    expect(copies()).toEqual([
      { method: "POST", path: copyPath("production"), body: { from: "development", keys: ["DEBUG"] } },
    ]);
    // The comparison is asked for again (the copy changed it).
    await waitFor(() => expect(calls.filter((c) => c.path === comparePath).length).toBe(2));
    await userEvent.click(within(panel).getByRole("button", { name: "Done" }));
    expect(within(dialog).queryByRole("region", { name: "Copy DEBUG" })).toBeNull();
  });

  it("asks before replacing a different value, sends nothing more on Cancel and resends with replace", async () => {
    copyAnswer = (body) =>
      body.replace
        ? { pair: [result({ replaced: ["DB_URL"] }), null] }
        : {
            status: 409,
            pair: [
              null,
              { code: "COPY_WOULD_REPLACE", message: "staging has other values", details: { keys: ["DB_URL"] } },
            ],
          };
    const dialog = await openCompare("en");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Copy to… (DB_URL)" }));
    const panel = within(dialog).getByRole("region", { name: "Copy DB_URL" });
    // Production has Development's value already: the only target is Staging.
    expect(options(within(panel).getByLabelText("To environment")).all).toEqual([["staging", "Staging"]]);
    const copy = within(panel).getByRole("button", { name: "Copy" });

    await userEvent.click(copy);
    const question = await screen.findByRole("alertdialog", { name: "Replace value?" });
    expect(within(question).getByText(/has another value/).textContent).toBe(
      "DB_URL has another value in Staging. Replace it with the value from Development?",
    );
    await userEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    await userEvent.click(copy);
    await userEvent.click(
      within(await screen.findByRole("alertdialog", { name: "Replace value?" })).getByRole("button", {
        name: "Replace",
      }),
    );
    expect((await within(panel).findByRole("status")).textContent).toBe(
      "Replaced DB_URL in Staging with the value from Development.",
    );
    const asked = { from: "development", keys: ["DB_URL"] };
    expect(copies()).toEqual([
      { method: "POST", path: copyPath("staging"), body: asked },
      { method: "POST", path: copyPath("staging"), body: asked },
      { method: "POST", path: copyPath("staging"), body: { ...asked, replace: true } },
    ]);
  });

  it("copies every missing key from one environment to another and says so in German", async () => {
    copyAnswer = () => ({
      pair: [
        result({
          from: "production",
          to: "staging",
          created: ["DEBUG", "EXTRA"],
          unchanged: ["SHARED"],
          kept: ["DB_URL"],
        }),
        null,
      ],
    });
    const dialog = await openCompare("de");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Fehlende Schlüssel kopieren…" }));
    const panel = within(dialog).getByRole("region", { name: "Fehlende Schlüssel kopieren" });
    await userEvent.selectOptions(within(panel).getByLabelText("Aus Umgebung"), "production");
    const to = within(panel).getByLabelText("In Umgebung");
    // The source is no target; the first other environment is chosen.
    expect(options(to)).toEqual({
      chosen: "development",
      all: [
        ["development", "Development"],
        ["staging", "Staging"],
      ],
    });
    await userEvent.selectOptions(to, "staging");
    await userEvent.click(within(panel).getByRole("button", { name: "Kopieren" }));
    expect((await within(panel).findByRole("status")).textContent).toBe(
      "2 Schlüssel von Production nach Staging kopiert. 1 Schlüssel mit einem anderen Wert im Ziel blieb unverändert.",
    );
    expect(within(panel).getByText("DEBUG, EXTRA")).toBeTruthy();
    expect(copies()).toEqual([
      { method: "POST", path: copyPath("staging"), body: { from: "production", keys: "missing" } },
    ]);
  });

  it("shows another refusal in words, without the replace question", async () => {
    copyAnswer = () => ({
      status: 404,
      pair: [null, { code: "COPY_KEYS_NOT_IN_SOURCE", message: "no value", details: { keys: ["DEBUG"] } }],
    });
    const dialog = await openCompare("en");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Copy to… (DEBUG)" }));
    const panel = within(dialog).getByRole("region", { name: "Copy DEBUG" });
    await userEvent.click(within(panel).getByRole("button", { name: "Copy" }));
    expect((await within(panel).findByRole("alert")).textContent).toBe(
      "The key no longer has a value in the environment to copy from.",
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(copies()).toHaveLength(1);
  });
});
