// @vitest-environment happy-dom
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} here is the reference syntax under test, never a placeholder
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import type { Secret } from "./api";
import { EnvVarRow } from "./env-var-row";

// Rows as the list draws them; nothing is fetched (no row is edited or deleted here).
afterEach(cleanup);

const secrets: Secret[] = [
  { key: "DATABASE_URL", decryptedValue: "postgres://${DB_USER}@${staging.DB_HOST}/app" },
  { key: "OTHER_APP", decryptedValue: "${0b6e3f3a-8c1d-4a52-9e0f-1d2c3b4a5f60.production.TOKEN}" },
  { key: "ESCAPED", decryptedValue: "$${NOT_A_REFERENCE}" },
  { key: "SHELL", decryptedValue: "${HOME:-/root}" },
  { key: "PLAIN", decryptedValue: "sk_live_1" },
];

async function show(lang: Lang, rows: Secret[], keysOnly = false) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <ul>
          {rows.map((secret) => (
            <EnvVarRow
              key={secret.key}
              appId="app-1"
              secret={secret}
              editing={false}
              revealAll={false}
              readOnly={false}
              keysOnly={keysOnly}
              onEdit={() => {}}
              onDoneEditing={() => {}}
              onHistory={() => {}}
            />
          ))}
        </ul>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The keys whose row carries the badge with `label`. */
const marked = (label: string) =>
  screen
    .getAllByRole("listitem")
    .filter((row) => within(row).queryByText(label) !== null)
    .map((row) => row.querySelector(".font-mono")?.textContent);

describe("EnvVarRow's reference badge", () => {
  it("marks exactly the values that hold a reference, with the value still masked", async () => {
    await show("en", secrets);
    expect(marked("reference")).toEqual(["DATABASE_URL", "OTHER_APP"]);
    const badge = within(screen.getAllByRole("listitem")[0] as HTMLElement).getByText("reference");
    expect(badge.getAttribute("title")).toBe("This value refers to other values; programs get them filled in.");
    // The badge says how the value is made, not what it is: the value stays masked.
    expect(screen.queryByText(/postgres:/)).toBeNull();
  });

  it("is in German too", async () => {
    await show("de", secrets);
    expect(marked("Verweis")).toEqual(["DATABASE_URL", "OTHER_APP"]);
  });

  it("is not shown to a viewer, whose rows have no value", async () => {
    await show("en", [{ key: "DATABASE_URL", decryptedValue: "", hidden: true }], true);
    expect(screen.queryByText("reference")).toBeNull();
  });
});
