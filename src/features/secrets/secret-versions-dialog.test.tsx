// @vitest-environment happy-dom
import type { SecretVersion } from "@contract/secret-versions";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretVersionsDialog } from "./secret-versions-dialog";

// The history dialog against the API's answers as the server sends them (newest first); only fetch
// stands in, and the test reads the path and environment of what the dialog asked for.
const appId = "app-1";
const base = `/apps/${appId}/secrets/API_KEY/versions`;
let versions: SecretVersion[];
let requests: Array<{ method: string; path: string; environment: string | null }>;

const user = (label: string) => ({ kind: "user" as const, id: "u1", label });
function initialVersions(): SecretVersion[] {
  return [
    {
      version: 2,
      createdAt: "2026-11-28T10:00:00Z",
      via: "import",
      actor: user("ada@example.test"),
      deleted: false,
      current: true,
    },
    {
      version: 1,
      createdAt: "2026-11-27T09:00:00Z",
      via: "browser",
      actor: user("bob@example.test"),
      deleted: false,
      current: false,
    },
  ];
}

beforeEach(() => {
  versions = initialVersions();
  requests = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://console.test");
    const method = init?.method ?? "GET";
    const path = url.pathname.replace(/^\/api\/v1/, "");
    requests.push({ method, path, environment: url.searchParams.get("environment") });
    let pair: unknown = [[], null];
    if (path === base && method === "GET") pair = [versions, null];
    else if (path === `${base}/1/reveal`) pair = [{ key: "API_KEY", version: 1, decryptedValue: "old-secret" }, null];
    else if (path === `${base}/1/restore`) {
      // What the server does: the old value becomes a new, current version.
      versions = [
        {
          version: 3,
          createdAt: "2026-11-29T06:00:00Z",
          via: "rollback",
          actor: user("ada@example.test"),
          deleted: false,
          current: true,
        },
        ...versions.map((v) => ({ ...v, current: false })),
      ];
      pair = [{ key: "API_KEY", version: 3, restoredFrom: 1 }, null];
    }
    return new Response(JSON.stringify(pair), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterEach(cleanup);

async function show(lang: Lang, keysOnly = false) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <SecretVersionsDialog
          appId={appId}
          secretKey="API_KEY"
          environment="staging"
          environmentName="Staging"
          keysOnly={keysOnly}
          readOnly={false}
          onClose={() => {}}
        />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const items = async () => within(await screen.findByRole("list", { name: "Versions" })).getAllByRole("listitem");

describe("SecretVersionsDialog", () => {
  it("lists the versions with who, when and through what", async () => {
    await show("en");
    expect(screen.getByRole("dialog", { name: "History of API_KEY" })).toBeTruthy();
    const [newest, oldest] = await items();
    expect(newest?.textContent).toContain("Version 2");
    expect(newest?.textContent).toContain("current");
    expect(newest?.textContent).toContain("ada@example.test");
    expect(newest?.textContent).toContain("via import");
    expect(oldest?.textContent).toContain("bob@example.test");
    expect(oldest?.textContent).toContain("via browser");
    expect(requests[0]).toEqual({ method: "GET", path: base, environment: "staging" });
    // The current version has nothing to restore.
    expect(screen.queryByRole("button", { name: "Restore version 2" })).toBeNull();
  });

  it("reveals an old value and restores it, then shows the new version", async () => {
    await show("en");
    await userEvent.click(await screen.findByRole("button", { name: "Reveal version 1" }));
    expect((await screen.findByTestId("version-value")).textContent).toBe("old-secret");
    expect(requests).toContainEqual({ method: "POST", path: `${base}/1/reveal`, environment: "staging" });
    await userEvent.click(screen.getByRole("button", { name: "Hide version 1" }));
    expect(screen.queryByTestId("version-value")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Restore version 1" }));
    await waitFor(async () => expect((await items())[0]?.textContent).toContain("Version 3"));
    expect(requests).toContainEqual({ method: "POST", path: `${base}/1/restore`, environment: "staging" });
    expect((await items())[0]?.textContent).toContain("via rollback");
  });

  it("shows a viewer the list only, in German", async () => {
    await show("de", true);
    expect(screen.getByRole("dialog", { name: "Verlauf von API_KEY" })).toBeTruthy();
    const list = within(await screen.findByRole("list", { name: "Versionen" })).getAllByRole("listitem");
    expect(list[1]?.textContent).toContain("per Browser");
    expect(screen.queryByRole("button", { name: /anzeigen|wiederherstellen/ })).toBeNull();
  });
});
