// @vitest-environment happy-dom
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Secret, TOTP } from "otpauth";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testQueryClient, useLang } from "@/test-support/render-signed-in";
import type { AccountUser } from "../../lib/session/account-user";
import { MfaSection } from "./mfa-section";

// Turning TOTP on makes the first set of recovery codes and shows it. fetch stands in for the auth
// service, and a small object for the SDK's user (update, getAuthJson), as the SDK would report it.
const FIRST_SET = ["7k2mq-9xw4d", "a1b2c-d3e4f"];
let posts: number;
let savedSecret: Uint8Array | null;

beforeEach(() => {
  posts = 0;
  savedSecret = null;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.pathname === "/config.json") {
      return json({ authBaseUrl: "http://console.test/auth", projectId: "p1", locales: ["en", "de"], version: "t" });
    }
    if (url.pathname === "/auth/api/v1/auth/mfa/recovery-codes" && init?.method === "POST") {
      posts++;
      return json({ codes: FIRST_SET });
    }
    return json({ remaining: posts > 0 ? FIRST_SET.length : 0 });
  }) as typeof fetch;
});

afterEach(cleanup);

function fakeUser(isMultiFactorRequired: boolean): AccountUser {
  return {
    id: "u1",
    primaryEmail: "ada@example.test",
    isMultiFactorRequired,
    update: async (changes: { totpMultiFactorSecret?: Uint8Array | null }) => {
      savedSecret = changes.totpMultiFactorSecret ?? null;
    },
    getAuthJson: async () => ({ accessToken: "t", refreshToken: "r" }),
  } as unknown as AccountUser;
}

describe("MfaSection", () => {
  it("makes and shows the first recovery codes when TOTP is turned on", async () => {
    await useLang("en");
    const client = testQueryClient();
    const wrap = (node: ReactNode) => (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>{node}</QueryClientProvider>
      </I18nProvider>
    );
    const view = render(wrap(<MfaSection user={fakeUser(false)} />));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Set up" }));
    const key = screen.getByTestId("totp-key").textContent ?? "";
    await user.type(screen.getByLabelText("Six-digit code"), new TOTP({ secret: Secret.fromBase32(key) }).generate());
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(posts).toBe(1));
    expect(savedSecret).toHaveLength(20);
    // The page re-reads the account, which now has TOTP on.
    view.rerender(wrap(<MfaSection user={fakeUser(true)} />));
    const list = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(FIRST_SET);
    expect(posts).toBe(1);
  });
});
