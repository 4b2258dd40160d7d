// @vitest-environment happy-dom
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { RECOVERY_CODES_FILE, RecoveryCodesPanel } from "./recovery-codes-panel";

// The panel against the auth service's answers as the server sends them; only fetch (and the
// browser's file download) stand in.
const NEW_SET = ["7k2mq-9xw4d", "a1b2c-d3e4f", "ghjkm-npqrs", "tvwxy-z0123", "45678-9abcd"];
let remaining: number;
let requests: Array<{ method: string; path: string; token: string | null }>;
let downloads: Array<{ name: string; text: Promise<string> }>;

beforeEach(() => {
  remaining = 3;
  requests = [];
  downloads = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (url.pathname === "/config.json") {
      return json({
        authBaseUrl: "http://console.test/auth",
        projectId: "p1",
        locales: ["en", "de"],
        version: "test",
      });
    }
    const method = init?.method ?? "GET";
    const token = new Headers(init?.headers).get("x-stack-access-token");
    requests.push({ method, path: url.pathname, token });
    if (url.pathname !== "/auth/api/v1/auth/mfa/recovery-codes") return new Response("{}", { status: 404 });
    if (method === "POST") {
      remaining = NEW_SET.length;
      return json({ codes: NEW_SET });
    }
    return json({ remaining });
  }) as typeof fetch;
  URL.createObjectURL = (blob: Blob) => {
    downloads.push({ name: "", text: blob.text() });
    return "blob:recovery-codes";
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const last = downloads.at(-1);
    if (last) last.name = this.download;
  };
});

const realClick = HTMLAnchorElement.prototype.click;
afterEach(() => {
  cleanup();
  HTMLAnchorElement.prototype.click = realClick;
});

async function show(lang: Lang, initialCodes: string[] | null = null) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <RecoveryCodesPanel accessToken={async () => "access-token"} initialCodes={initialCodes} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("RecoveryCodesPanel", () => {
  it("counts the codes left and makes a new set only after the user agrees to end the old one", async () => {
    const user = userEvent.setup();
    await show("en");
    expect(await screen.findByText("3 recovery codes left")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New recovery codes" }));
    expect(screen.getByText("Your current recovery codes will stop working.")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Make new codes" }));
    const list = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(NEW_SET);
    expect(screen.getByText("Save these codes now: they are shown only this once.")).toBeTruthy();
    expect(requests.find((r) => r.method === "POST")?.token).toBe("access-token");

    await user.click(screen.getByRole("button", { name: "Copy" }));
    // user-event puts a clipboard of its own in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(NEW_SET.join("\n"));
    await user.click(screen.getByRole("button", { name: "Download .txt" }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toBe(RECOVERY_CODES_FILE);
    const text = (await downloads[0]?.text) ?? "";
    for (const code of NEW_SET) expect(text).toContain(code);
    expect(text).toContain("App Console recovery codes");

    // Once put away, the codes are not shown again: only the count is.
    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("list", { name: "Your recovery codes" })).toBeNull();
    expect(await screen.findByText("5 recovery codes left")).toBeTruthy();
    expect(document.body.textContent).not.toContain(NEW_SET[0]);
  });

  it("shows a set made when TOTP was turned on at once, and says so in German when none are left", async () => {
    remaining = 0;
    await show("de", NEW_SET.slice(0, 2));
    const list = screen.getByRole("list", { name: "Ihre Wiederherstellungscodes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole("button", { name: "Ich habe sie gespeichert" }));
    expect(await screen.findByText("Keine Wiederherstellungscodes mehr übrig.")).toBeTruthy();
    // With none left there is nothing to lose: a new set comes without asking.
    await userEvent.setup().click(screen.getByRole("button", { name: "Neue Wiederherstellungscodes" }));
    expect(await screen.findByRole("list", { name: "Ihre Wiederherstellungscodes" })).toBeTruthy();
  });

  it("counts a single code in the singular", async () => {
    remaining = 1;
    await show("en");
    expect(await screen.findByText("1 recovery code left")).toBeTruthy();
  });
});
