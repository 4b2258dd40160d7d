// @vitest-environment happy-dom
import type { ImpersonationHandover } from "@contract/impersonation";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { OpenAsUserButton } from "./open-as-user-button";

// "Open as this user": the new tab is opened in the click, the session is asked for, and it goes to
// the tab by postMessage once the tab says it is ready; the tab is a recording stand-in.
const USER_ID = "00000000-0000-4000-8000-00000000000c";
const HANDOVER: ImpersonationHandover = {
  accessToken: "a.b.c",
  refreshToken: "refresh",
  expiresAt: "2026-12-06T23:30:00.000Z",
  user: { id: USER_ID, email: "carol@example.test" },
  operator: { id: "u-alice", email: "alice@example.test" },
};

function fakeTab() {
  const tab = {
    sent: [] as Array<{ message: unknown; origin: string }>,
    closed: false,
    postMessage(message: unknown, origin: string) {
      tab.sent.push({ message, origin });
    },
    close() {
      tab.closed = true;
    },
  };
  return tab;
}

afterEach(cleanup);

async function show(lang: Lang, open: (url: string) => Window | null) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <OpenAsUserButton userId={USER_ID} open={open} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("Open as this user", () => {
  for (const [lang, name] of [
    ["en", "Open as this user"],
    ["de", "Als dieser Benutzer öffnen"],
  ] as const) {
    it(`opens /impersonate and hands the session to that tab when it is ready (${lang})`, async () => {
      const tab = fakeTab();
      const opened: string[] = [];
      const { calls } = installFakeApi(() => ({ pair: [HANDOVER, null] }));
      await show(lang, (url) => {
        opened.push(url);
        return tab as unknown as Window;
      });
      fireEvent.click(screen.getByRole("button", { name }));
      // The URL carries no token: the session goes by message only.
      expect(opened).toEqual(["/impersonate"]);
      await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /admin/impersonations"));
      expect(calls.find((c) => c.path === "/admin/impersonations")?.body).toEqual({ userId: USER_ID });
      expect(tab.sent).toEqual([]);
      window.dispatchEvent(
        new MessageEvent("message", {
          data: { type: "console-impersonation-ready" },
          origin: window.location.origin,
          source: tab as unknown as MessageEventSource,
        }),
      );
      await waitFor(() =>
        expect(tab.sent).toEqual([
          { message: { type: "console-impersonation-handover", handover: HANDOVER }, origin: window.location.origin },
        ]),
      );
    });
  }

  it("says so when the browser blocks the tab, and asks for no session", async () => {
    const { calls } = installFakeApi(() => ({ pair: [HANDOVER, null] }));
    await show("en", () => null);
    fireEvent.click(screen.getByRole("button", { name: "Open as this user" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The browser blocked the new tab. Allow pop-ups for this console and try again.",
    );
    expect(calls).toEqual([]);
  });

  it("closes the tab and says why when the server refuses", async () => {
    const tab = fakeTab();
    installFakeApi(() => ({ status: 403, pair: [null, { code: "IMPERSONATION_NOT_ALLOWED", message: "no" }] }));
    await show("de", () => tab as unknown as Window);
    fireEvent.click(screen.getByRole("button", { name: "Als dieser Benutzer öffnen" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Eine Identitätsübernahme kann das nicht.");
    expect(tab.closed).toBe(true);
  });
});
