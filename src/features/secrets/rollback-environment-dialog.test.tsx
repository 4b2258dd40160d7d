// @vitest-environment happy-dom
import type { Environment } from "@contract/environments";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The rollback dialog, opened from the environment switch of the secrets panel; only fetch stands
// in. The stand-in answers a rollback as the server does and changes the list it serves, so the
// test sees the list refresh.
const appId = "app-1";
const environments: Environment[] = [
  { id: "e1", slug: "development", name: "Development", position: 0, secretCount: 2 },
  { id: "e2", slug: "production", name: "Production", position: 1, secretCount: 1 },
];
const rollbackPath = `/apps/${appId}/environments/production/rollback`;
let secrets: Array<{ key: string; decryptedValue: string }>;
let refusal: { status: number; code: string; message: string } | null;
let calls: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  secrets = [{ key: "NEW_KEY", decryptedValue: "added later" }];
  refusal = null;
  ({ calls } = installFakeApi((method, path) => {
    if (path === `/apps/${appId}/environments`) return { pair: [environments, null] };
    if (path === `/apps/${appId}/secrets`) return { pair: [secrets, null] };
    if (path === rollbackPath && method === "POST") {
      if (refusal) return { status: refusal.status, pair: [null, { code: refusal.code, message: refusal.message }] };
      secrets = [{ key: "STRIPE_KEY", decryptedValue: "sk_old" }];
      return {
        pair: [{ at: "2026-11-01T08:30:00.000Z", restored: ["STRIPE_KEY"], deleted: ["NEW_KEY"], unchanged: 3 }, null],
      };
    }
    return { pair: [[], null] };
  }));
});

afterEach(cleanup);

async function openRollback(lang: Lang) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <SecretsPanel appId={appId} appTitle="Shop" environment="production" onEnvironmentChange={() => {}} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  expect(await screen.findByText("NEW_KEY")).toBeTruthy();
  await userEvent.click(
    screen.getByRole("button", { name: lang === "en" ? "Roll back environment…" : "Umgebung zurücksetzen…" }),
  );
  return screen.findByRole("dialog");
}

/** What the dialog must send for 1 November 2026, 09:30 in the machine's own time zone. */
const localMoment = new Date(2026, 10, 1, 9, 30).toISOString();
const rollbacks = () => calls.filter((c) => c.path === rollbackPath);

describe("RollbackEnvironmentDialog", () => {
  it("sends the local time picked as ISO, says how many keys changed and refreshes the list", async () => {
    const dialog = await openRollback("en");
    expect(within(dialog).getByRole("heading", { name: "Roll back Production" })).toBeTruthy();
    expect(within(dialog).getByRole("note").textContent).toContain(
      "This writes a new version of every key that differs",
    );
    const submit = within(dialog).getByRole("button", { name: "Roll back" });
    expect(submit).toHaveProperty("disabled", true);

    await userEvent.type(within(dialog).getByLabelText("Roll back to (your local time)"), "2026-11-01T09:30");
    await userEvent.click(submit);
    expect((await within(dialog).findByRole("status")).textContent).toBe(
      "Rolled back: 2 keys changed (1 put back, 1 deleted), 3 unchanged.",
    );
    expect(rollbacks()).toEqual([{ method: "POST", path: rollbackPath, body: { at: localMoment } }]);
    // The footer's Close (the corner's X says the same).
    const [close] = within(dialog).getAllByRole("button", { name: "Close" });
    if (close) await userEvent.click(close);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("STRIPE_KEY")).toBeTruthy();
    expect(screen.queryByText("NEW_KEY")).toBeNull();
  });

  it("shows the server's refusal of a time past the retention, in German, and keeps the form", async () => {
    refusal = { status: 400, code: "SECRET_ROLLBACK_TOO_OLD", message: "Past values are kept for 90 days." };
    const dialog = await openRollback("de");
    expect(within(dialog).getByRole("heading", { name: "Production zurücksetzen" })).toBeTruthy();
    const input = within(dialog).getByLabelText("Zurücksetzen auf (Ihre Ortszeit)");
    await userEvent.type(input, "2026-11-01T09:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Zurücksetzen" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe(
        "Werte werden nicht so lange aufbewahrt; wählen Sie einen späteren Zeitpunkt.",
      ),
    );
    expect(rollbacks()).toEqual([{ method: "POST", path: rollbackPath, body: { at: localMoment } }]);
    expect(input).toHaveProperty("value", "2026-11-01T09:30");
    expect(screen.getByText("NEW_KEY")).toBeTruthy();
  });

  it("says a time in the future is refused in words of its own", async () => {
    refusal = { status: 400, code: "SCHEMA_ERROR", message: "at: at must not be in the future" };
    const dialog = await openRollback("en");
    await userEvent.type(within(dialog).getByLabelText("Roll back to (your local time)"), "2026-11-01T09:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Roll back" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Pick a moment in the past.");
  });
});
