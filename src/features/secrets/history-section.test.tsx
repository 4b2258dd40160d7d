// @vitest-environment happy-dom
import type { AuditEvent } from "@contract/audit";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { HistorySection } from "./history-section";

// The app's history as GET /apps/{id}/audit sends it (only fetch stands in): a copy between
// environments is told with the keys written and both environments, never a value.
const appId = "app-1";
const copied: AuditEvent = {
  id: 7,
  action: "environment.copied",
  subject: "staging",
  actor: { kind: "user", id: "u1", label: "ada@example.test", impersonator: null },
  detail: { from: "development", created: ["API_URL", "DEBUG"], replaced: ["DB_URL"] },
  createdAt: "2026-11-29T09:00:00.000Z",
};

beforeEach(() => {
  installFakeApi((_method, path) =>
    path === `/apps/${appId}/audit` ? { pair: [{ events: [copied], nextBefore: null }, null] } : { pair: [[], null] },
  );
});
afterEach(cleanup);

async function history(lang: Lang) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <HistorySection appId={appId} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  const list = await screen.findByRole("list", { name: lang === "en" ? "History" : "Verlauf" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("span")?.textContent);
}

describe("HistorySection", () => {
  it("tells who copied which keys from where to where", async () => {
    expect(await history("en")).toEqual(["ada@example.test copied API_URL, DEBUG, DB_URL from development to staging"]);
  });

  it("says it in German", async () => {
    expect(await history("de")).toEqual([
      "ada@example.test hat API_URL, DEBUG, DB_URL von development nach staging kopiert",
    ]);
  });
});
