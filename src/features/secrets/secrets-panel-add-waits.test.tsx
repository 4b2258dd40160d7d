// @vitest-environment happy-dom
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The add form starts anew in each environment. Opened before the app's environments had answered,
// it was replaced when they came, and what the user had typed was gone (a flaky browser test on a
// loaded machine found it): Add New waits for the environment.
const appId = "app-1";
let releaseEnvironments: () => void = () => undefined;

beforeEach(() => {
  const environmentsAnswered = new Promise<void>((resolve) => {
    releaseEnvironments = resolve;
  });
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://console.test").pathname.replace(/^\/api\/v1/, "");
    let pair: [unknown, unknown] = [[], null];
    if (path === `/apps/${appId}/environments`) {
      await environmentsAnswered;
      pair = [[{ id: "e1", slug: "development", name: "Development", position: 0, secretCount: 0 }], null];
    }
    return new Response(JSON.stringify(pair), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterEach(cleanup);

describe("SecretsPanel's Add New", () => {
  it("waits for the environments, and what is typed then stays", async () => {
    await loadLang("en");
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={testQueryClient()}>
          <SecretsPanel appId={appId} owner={{ type: "user", id: "u1" }} appTitle="Shop" />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const addNew = await screen.findByRole("button", { name: "Add New" });
    expect((addNew as HTMLButtonElement).disabled).toBe(true);

    releaseEnvironments();
    await waitFor(() => expect((addNew as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(addNew);
    await userEvent.type(screen.getByLabelText("Key", { exact: true }), "STRIPE_KEY");
    await userEvent.type(screen.getByLabelText("Value", { exact: true }), "sk_test");
    expect((screen.getByLabelText("Key", { exact: true }) as HTMLInputElement).value).toBe("STRIPE_KEY");
    expect((screen.getByRole("button", { name: "Add" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
