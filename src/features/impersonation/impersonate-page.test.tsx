// @vitest-environment happy-dom
import type { ImpersonationHandover } from "@contract/impersonation";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { currentImpersonation, resetImpersonationCache } from "@/lib/session/impersonation";
import { useLang as loadLang } from "@/test-support/render-signed-in";
import { ImpersonatePage } from "./impersonate-page";

const HANDOVER: ImpersonationHandover = {
  accessToken: "a.b.c",
  refreshToken: "refresh",
  expiresAt: "2026-12-06T23:30:00.000Z",
  user: { id: "u-carol", email: "carol@example.test" },
  operator: { id: "u-alice", email: "alice@example.test" },
};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  resetImpersonationCache();
});

describe("/impersonate", () => {
  it("asks its opener for the session, keeps it in this tab and enters the console", async () => {
    await loadLang("en");
    const asked: unknown[] = [];
    const opener = { postMessage: (message: unknown) => asked.push(message) };
    let entered = 0;
    render(
      <I18nProvider i18n={i18n}>
        <ImpersonatePage opener={opener} enter={() => (entered += 1)} />
      </I18nProvider>,
    );
    expect(screen.getByRole("status").textContent).toContain("Opening the user's session…");
    await waitFor(() => expect(asked).toContainEqual({ type: "console-impersonation-ready" }));
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "console-impersonation-handover", handover: HANDOVER },
        origin: window.location.origin,
        source: opener as unknown as MessageEventSource,
      }),
    );
    await waitFor(() => expect(entered).toBe(1));
    resetImpersonationCache();
    expect(currentImpersonation()).toEqual(HANDOVER);
  });

  it("opened by hand, says where it is opened from (de)", async () => {
    await loadLang("de");
    render(
      <I18nProvider i18n={i18n}>
        <ImpersonatePage opener={null} enter={() => undefined} />
      </I18nProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Als dieser Benutzer öffnen");
    expect(currentImpersonation()).toBeNull();
  });
});
