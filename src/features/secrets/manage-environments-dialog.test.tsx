// @vitest-environment happy-dom
import type { Environment } from "@contract/environments";
import type { MyTeam, ResourceOwner } from "@contract/teams";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { SecretsPanel } from "./secrets-panel";

// The manage dialog, opened from the environment switch of the secrets panel, against a stand-in
// of the environments API that keeps its list like the server (only fetch stands in); the test
// reads the exact requests the dialog made.
const appId = "app-1";
const base = `/apps/${appId}/environments`;
let environments: Environment[];
let teams: MyTeam[];
/** An error pair the next change answers with, as the server would. */
let refusal: { status: number; code: string; message: string } | null;
let calls: Array<{ method: string; path: string; body: unknown }>;

const env = (slug: string, name: string, secretCount: number): Environment => ({
  id: `id-${slug}`,
  slug,
  name,
  position: 0,
  secretCount,
});

beforeEach(() => {
  environments = [
    env("development", "Development", 1),
    env("staging", "Staging", 0),
    env("production", "Production", 2),
  ];
  teams = [];
  refusal = null;
  ({ calls } = installFakeApi((method, path, body) => {
    if (path === "/teams") return { pair: [teams, null] };
    if (path === base && method === "GET")
      return { pair: [environments.map((e, position) => ({ ...e, position })), null] };
    if (path.startsWith(base) && method !== "GET" && refusal) {
      const { status, code, message } = refusal;
      return { status, pair: [null, { code, message }] };
    }
    const input = body as { name?: string; slug?: string; position?: number };
    const slug = decodeURIComponent(path.slice(base.length + 1));
    if (path === base && method === "POST") {
      const created = env(input.slug ?? "", input.name ?? "", 0);
      environments = [...environments, created];
      return { status: 201, pair: [created, null] };
    }
    const found = environments.find((e) => e.slug === slug);
    if (found && method === "PATCH") {
      const updated = {
        ...found,
        ...(input.name ? { name: input.name } : {}),
        ...(input.slug ? { slug: input.slug } : {}),
      };
      const others = environments.filter((e) => e !== found);
      const at = input.position ?? environments.indexOf(found);
      environments = [...others.slice(0, at), updated, ...others.slice(at)];
      return { pair: [updated, null] };
    }
    if (found && method === "DELETE") {
      environments = environments.filter((e) => e !== found);
      return { pair: [{ slug, deleted: true }, null] };
    }
    return { pair: [[], null] };
  }));
});

afterEach(cleanup);

/** The app page keeps the environment in the URL; here a state stands for it. */
function Page({ owner, initial, onChange }: { owner?: ResourceOwner; initial?: string; onChange(slug: string): void }) {
  const [environment, setEnvironment] = useState(initial);
  return (
    <SecretsPanel
      appId={appId}
      owner={owner}
      appTitle="Shop"
      environment={environment}
      onEnvironmentChange={(slug) => {
        onChange(slug);
        setEnvironment(slug);
      }}
    />
  );
}

async function show(lang: Lang, owner?: ResourceOwner, initial?: string) {
  await loadLang(lang);
  const switched: string[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <Page owner={owner} initial={initial} onChange={(slug) => switched.push(slug)} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findByRole("combobox", { name: lang === "en" ? "Environment" : "Umgebung" });
  return { switched };
}

async function openManage(label = "Manage environments…") {
  await userEvent.click(await screen.findByRole("button", { name: label }));
  return screen.findByRole("dialog");
}

const names = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("list"))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("span")?.textContent);
const changes = () => calls.filter((c) => c.method !== "GET");

describe("ManageEnvironmentsDialog", () => {
  it("adds an environment with a slug made from its name", async () => {
    await show("en");
    const dialog = await openManage();
    expect(within(dialog).getByRole("heading", { name: "Manage environments" })).toBeTruthy();
    expect(within(dialog).getByRole("list", { name: "Environments" }).textContent).toContain("2 keys");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), "QA Europe");
    expect(within(dialog).getByRole("textbox", { name: "Slug" })).toHaveProperty("value", "qa-europe");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add environment" }));
    await waitFor(() => expect(names(dialog)).toEqual(["Development", "Staging", "Production", "QA Europe"]));
    expect(changes()).toEqual([{ method: "POST", path: base, body: { name: "QA Europe", slug: "qa-europe" } }]);
    // The switch (behind the dialog, so hidden from the accessibility tree) lists it too, and the
    // form is empty for the next one.
    expect(screen.getAllByRole("option", { hidden: true }).map((o) => o.textContent)).toContain("QA Europe");
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveProperty("value", "");
  });

  it("renames an environment and sends only what changed, then moves one up", async () => {
    await show("en");
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename Staging" }));
    const name = within(dialog).getByRole("textbox", { name: "New name" });
    await userEvent.clear(name);
    await userEvent.type(name, "Pre-production");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(names(dialog)).toEqual(["Development", "Pre-production", "Production"]));
    expect(changes()).toEqual([{ method: "PATCH", path: `${base}/staging`, body: { name: "Pre-production" } }]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Move Production up" }));
    await waitFor(() => expect(names(dialog)).toEqual(["Development", "Production", "Pre-production"]));
    expect(changes()[1]).toEqual({ method: "PATCH", path: `${base}/production`, body: { position: 1 } });
    expect(within(dialog).getByRole("button", { name: "Move Development up" })).toHaveProperty("disabled", true);
  });

  it("follows a new slug of the environment shown", async () => {
    await show("en");
    // Staging is shown; once its slug is gone the panel would fall back to development.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Environment" }), "staging");
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole("button", { name: "Rename Staging" }));
    const slug = within(dialog).getByRole("textbox", { name: "New slug" });
    await userEvent.clear(slug);
    await userEvent.type(slug, "stage");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(dialog).queryByRole("textbox", { name: "New slug" })).toBeNull());
    expect(changes()).toEqual([{ method: "PATCH", path: `${base}/staging`, body: { slug: "stage" } }]);
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Environment", hidden: true })).toHaveProperty("value", "stage"),
    );
  });

  it("asks before deleting, naming the environment and how many secrets it holds", async () => {
    const { switched } = await show("en", undefined, "production");
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Production" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete environment Production?" });
    expect(within(confirm).getByText(/^Production holds 2 secrets\. They are deleted with it/)).toBeTruthy();
    expect(changes()).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete environment" }));
    await waitFor(() => expect(names(dialog)).toEqual(["Development", "Staging"]));
    expect(changes()).toEqual([{ method: "DELETE", path: `${base}/production`, body: undefined }]);
    // It was shown: the page (its URL) moves to development.
    expect(switched).toEqual(["development"]);
  });

  it("shows the server's refusal to delete the last environment, in German", async () => {
    environments = [env("development", "Development", 1)];
    refusal = { status: 409, code: "ENVIRONMENT_LAST", message: "An app keeps at least one environment." };
    await show("de");
    const dialog = await openManage("Umgebungen verwalten…");
    await userEvent.click(within(dialog).getByRole("button", { name: "Development löschen" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Umgebung Development löschen?" });
    expect(within(confirm).getByText(/^Development enthält 1 Secret\./)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Umgebung löschen" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Eine App behält mindestens eine Umgebung.");
    expect(changes()).toEqual([{ method: "DELETE", path: `${base}/development`, body: undefined }]);
    expect(names(dialog)).toEqual(["Development"]);
  });

  it("shows a taken slug as the server's code says, and keeps what was typed", async () => {
    refusal = {
      status: 409,
      code: "ENVIRONMENT_SLUG_TAKEN",
      message: 'Another environment of this app is called "staging".',
    };
    await show("en");
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), "Staging 2");
    const slug = within(dialog).getByRole("textbox", { name: "Slug" });
    await userEvent.clear(slug);
    await userEvent.type(slug, "staging");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add environment" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Another environment of this app has this slug already.",
    );
    expect(changes()).toEqual([{ method: "POST", path: base, body: { name: "Staging 2", slug: "staging" } }]);
    expect(slug).toHaveProperty("value", "staging");
  });

  it("offers a team's developer changes but no delete, and a viewer nothing", async () => {
    const owner: ResourceOwner = { type: "team", id: "team-1" };
    teams = [{ id: "team-1", displayName: "Core", role: "developer" }];
    await show("en", owner);
    expect(await screen.findByRole("button", { name: "Roll back environment…" })).toBeTruthy();
    const dialog = await openManage();
    expect(within(dialog).getByRole("button", { name: "Rename Staging" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /^Delete / })).toBeNull();
    cleanup();

    teams = [{ id: "team-1", displayName: "Core", role: "viewer" }];
    await show("en", owner);
    await screen.findByText(
      "As a viewer you see the keys only. Values, changes and the .env file need the developer role.",
    );
    expect(screen.queryByRole("button", { name: "Manage environments…" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Roll back environment…" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Compare environments…" })).toBeNull();
  });
});
