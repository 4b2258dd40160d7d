// @vitest-environment happy-dom
import type { Environment } from "@contract/environments";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { AddWebhookDialog } from "./add-webhook-dialog";

// The add dialog against a stand-in of the webhooks API (only fetch stands in): what it sends,
// the signing secret shown once, and the server's refusal in the reader's language.
const appId = "app-1";
const SECRET = "whsec_c2VjcmV0LXNob3duLW9uY2UtMTIzNDU2Nzg5MA==";
let calls: Array<{ method: string; path: string; body: unknown }>;
let refusal: { status: number; code: string; message: string } | null;
let closed: boolean[];

const environments: Environment[] = [
  { id: "e1", slug: "development", name: "Development", position: 0, secretCount: 1 },
  { id: "e3", slug: "production", name: "Production", position: 1, secretCount: 2 },
];

beforeEach(() => {
  refusal = null;
  closed = [];
  ({ calls } = installFakeApi((method, path, body) => {
    if (path === `/apps/${appId}/environments`) return { pair: [environments, null] };
    if (path === `/apps/${appId}/webhooks` && method === "POST") {
      if (refusal) return { status: refusal.status, pair: [null, { code: refusal.code, message: refusal.message }] };
      const input = body as { url: string; environment: string | null };
      const env = environments.find((e) => e.slug === input.environment);
      return {
        status: 201,
        pair: [
          {
            id: "hook-1",
            url: input.url,
            environment: env ? { slug: env.slug, name: env.name } : null,
            enabled: true,
            createdAt: "2026-11-29T12:00:00.000Z",
            lastDelivery: null,
            secret: SECRET,
          },
          null,
        ],
      };
    }
    return { pair: [[], null] };
  }));
});

afterEach(cleanup);

async function show(lang: Lang) {
  await loadLang(lang);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <AddWebhookDialog appId={appId} open onOpenChange={(open) => closed.push(!open)} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByRole("dialog");
}

const posts = () => calls.filter((c) => c.method === "POST");

describe("AddWebhookDialog", () => {
  it("adds a webhook for one environment and shows its signing secret once", async () => {
    const dialog = await show("en");
    expect(within(dialog).getByRole("heading", { name: "Add webhook" })).toBeTruthy();
    const submit = within(dialog).getByRole("button", { name: "Add webhook" });
    expect(submit).toHaveProperty("disabled", true);
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Endpoint URL" }), "https://hooks.example.com/s");
    const select = within(dialog).getByRole("combobox", { name: "Environment" });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toHaveLength(3),
    );
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All environments", "Development", "Production"]);
    await userEvent.selectOptions(select, "production");
    await userEvent.click(submit);

    expect(await within(dialog).findByRole("heading", { name: "Copy the signing secret now" })).toBeTruthy();
    expect(within(dialog).getByTestId("webhook-secret").textContent).toBe(SECRET);
    expect(posts()).toEqual([
      {
        method: "POST",
        path: `/apps/${appId}/webhooks`,
        body: { url: "https://hooks.example.com/s", environment: "production" },
      },
    ]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(closed).toEqual([true]);
  });

  it("sends no environment for all of them", async () => {
    const dialog = await show("en");
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "Endpoint URL" }),
      "https://hooks.example.com/all",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add webhook" }));
    await within(dialog).findByTestId("webhook-secret");
    expect(posts().map((c) => c.body)).toEqual([{ url: "https://hooks.example.com/all", environment: null }]);
  });

  it("shows a refused address in German by its code, keeps what was typed and shows no secret", async () => {
    refusal = {
      status: 403,
      code: "OUTBOUND_ADDRESS_NOT_ALLOWED",
      message: "The server does not connect to this host.",
    };
    const dialog = await show("de");
    expect(within(dialog).getByRole("heading", { name: "Webhook hinzufügen" })).toBeTruthy();
    const url = within(dialog).getByRole("textbox", { name: "Endpunkt-URL" });
    await userEvent.type(url, "http://10.0.0.5/hook");
    await userEvent.click(within(dialog).getByRole("button", { name: "Webhook hinzufügen" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Der Server darf sich nicht mit dieser Adresse verbinden (bitten Sie den Betreiber, sie zu erlauben).",
    );
    expect(url).toHaveProperty("value", "http://10.0.0.5/hook");
    expect(within(dialog).queryByTestId("webhook-secret")).toBeNull();
    expect(closed).toEqual([]);
  });
});
