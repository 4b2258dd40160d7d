// @vitest-environment happy-dom
import type { SessionItem } from "@contract/auth-sessions";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import type { AccountUser } from "../../lib/session/account-user";
import { SessionsSection } from "./sessions-section";

// The sessions list against GET /auth/sessions as the server answers it; fetch stands in for the
// network and a two-method object for the SDK's user (its access token, its revokeSession).
const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const session = (id: string, fields: Partial<SessionItem>): SessionItem => ({
  id,
  user_id: "u1",
  created_at: Date.parse("2026-11-28T10:00:00Z"),
  last_used_at: Date.parse("2026-11-29T09:00:00Z"),
  is_impersonation: false,
  is_current_session: false,
  user_agent: null,
  country_code: null,
  ...fields,
});
let items: SessionItem[];
let paths: string[];

beforeEach(() => {
  paths = [];
  items = [
    session("s1", { is_current_session: true, user_agent: CHROME_ON_LINUX, country_code: "DE" }),
    session("s2", { user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" }),
    session("s3", {}),
  ];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://console.test");
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.pathname === "/config.json") {
      return json({ authBaseUrl: "http://console.test/auth", projectId: "p1", locales: ["en", "de"], version: "t" });
    }
    paths.push(`${url.pathname}${url.search}`);
    return json({ items, is_paginated: false });
  }) as typeof fetch;
});

afterEach(cleanup);

async function show(lang: Lang) {
  await loadLang(lang);
  const user = { getAuthJson: async () => ({ accessToken: "t", refreshToken: "r" }) } as unknown as AccountUser;
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <SessionsSection user={user} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("SessionsSection", () => {
  it("names each session's browser, system and country", async () => {
    await show("en");
    const rows = await screen.findAllByRole("listitem");
    expect(paths).toEqual(["/auth/api/v1/auth/sessions?user_id=me&include_origin=true"]);
    expect(rows[0]?.textContent).toContain("This device");
    expect(rows[0]?.textContent).toContain("Chrome on Linux");
    expect(rows[0]?.textContent).toContain("Germany");
    expect(rows[1]?.textContent).toContain("Firefox on Windows");
    expect(rows[2]?.textContent).toContain("Unknown device");
  });

  it("speaks German", async () => {
    await show("de");
    const rows = await screen.findAllByRole("listitem");
    expect(rows[0]?.textContent).toContain("Chrome unter Linux");
    expect(rows[0]?.textContent).toContain("Deutschland");
    expect(rows[2]?.textContent).toContain("Unbekanntes Gerät");
  });
});
