// @vitest-environment happy-dom
import type { ImpersonationHandover } from "@contract/impersonation";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { endImpersonation } from "@/lib/session/end-impersonation";
import { currentImpersonation, resetImpersonationCache, storeImpersonation } from "@/lib/session/impersonation";
import { installFakeApi, type Lang, useLang as loadLang } from "@/test-support/render-signed-in";
import { ImpersonationBanner } from "./impersonation-banner";

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

async function show(lang: Lang, end: () => Promise<void>) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <ImpersonationBanner impersonation={HANDOVER} end={end} />
    </I18nProvider>,
  );
}

describe("the impersonation banner", () => {
  for (const [lang, text, button] of [
    [
      "en",
      /Signed in as carol@example\.test by operator alice@example\.test \(impersonation\), until /,
      "End impersonation",
    ],
    [
      "de",
      /Angemeldet als carol@example\.test durch den Betreiber alice@example\.test \(Identitätsübernahme\), bis /,
      "Identitätsübernahme beenden",
    ],
  ] as const) {
    it(`names the user and the operator and ends the session (${lang})`, async () => {
      let ended = 0;
      await show(lang, async () => {
        ended += 1;
      });
      const region = screen.getByRole("region", { name: lang === "en" ? "Impersonation" : "Identitätsübernahme" });
      expect(region.textContent).toMatch(text);
      fireEvent.click(screen.getByRole("button", { name: button }));
      expect(ended).toBe(1);
    });
  }

  it("says why the end failed and offers it again", async () => {
    await show("en", async () => {
      throw new Error("offline");
    });
    fireEvent.click(screen.getByRole("button", { name: "End impersonation" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred");
    expect(screen.getByRole("button", { name: "End impersonation" }).hasAttribute("disabled")).toBe(false);
  });
});

describe("ending an impersonation", () => {
  it("asks the server to end it, forgets the session and leaves for the page that says so", async () => {
    storeImpersonation(HANDOVER);
    const { calls } = installFakeApi(() => ({ pair: [{ ended: true }, null] }));
    const went: string[] = [];
    await endImpersonation((path) => went.push(path));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /impersonation/end"]);
    expect(went).toEqual(["/impersonation-ended"]);
    resetImpersonationCache();
    expect(currentImpersonation()).toBeNull();
  });

  it("counts a session the server already ended as ended", async () => {
    storeImpersonation(HANDOVER);
    installFakeApi(() => ({ status: 401, pair: [null, { code: "IMPERSONATION_ENDED", message: "ended" }] }));
    const went: string[] = [];
    await endImpersonation((path) => went.push(path));
    expect(went).toEqual(["/impersonation-ended"]);
  });

  it("keeps the session when the server could not be asked", async () => {
    storeImpersonation(HANDOVER);
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const went: string[] = [];
    await expect(endImpersonation((path) => went.push(path))).rejects.toMatchObject({ code: "network" });
    expect(went).toEqual([]);
    resetImpersonationCache();
    expect(currentImpersonation()).toEqual(HANDOVER);
  });
});
