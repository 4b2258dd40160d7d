// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { DestructiveConfirmDialog, snapshotNameFor } from "./destructive-confirm-dialog";
import type { RunPlan } from "./pick-statements";

const PLAN: RunPlan = {
  sql: "DELETE FROM plum",
  offset: 0,
  statementStarts: [0],
  flagged: [{ text: "DELETE FROM plum", destructive: "delete-without-where" }],
};
const NAME = "shop-snapshot-20261206-231507";

const TEXT = {
  en: {
    snapshot: "Snapshot the database first",
    run: "Run anyway",
    failed: "This database no longer exists.",
  },
  de: {
    snapshot: "Zuerst einen Snapshot der Datenbank anlegen",
    run: "Trotzdem ausführen",
    failed: "Diese Datenbank gibt es nicht mehr.",
  },
} as const;

describe("snapshotNameFor", () => {
  it("names the database and the moment in UTC, within a database name's length", () => {
    expect(snapshotNameFor("shop", new Date("2026-12-06T23:15:07.123Z"))).toBe(NAME);
    const long = snapshotNameFor("x".repeat(120), new Date("2026-12-06T23:15:07Z"));
    expect(long).toHaveLength(100);
    expect(long.endsWith("-snapshot-20261206-231507")).toBe(true);
  });
});

describe.each(["en", "de"] as Lang[])("the destructive-statements confirmation (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  function show(snapshotName: string | null, onSnapshot: (name: string) => Promise<void>) {
    const runs: RunPlan[] = [];
    renderSignedIn(
      <DestructiveConfirmDialog
        plan={PLAN}
        snapshotName={snapshotName}
        onSnapshot={onSnapshot}
        onConfirm={(plan) => runs.push(plan)}
        onCancel={() => undefined}
      />,
      { queryClient: testQueryClient() },
    );
    return runs;
  }

  it("makes the snapshot first when it is ticked, then runs", async () => {
    const user = userEvent.setup();
    const snapshots: string[] = [];
    const runs = show(NAME, async (name) => {
      snapshots.push(name);
    });
    const box = await screen.findByRole("checkbox", { name: new RegExp(text.snapshot) });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(document.body.textContent).toContain(NAME);
    await user.click(box);
    await user.click(screen.getByRole("button", { name: text.run }));
    await waitFor(() => expect(runs).toEqual([PLAN]));
    expect(snapshots).toEqual([NAME]);
  });

  it("runs without a snapshot when it is not ticked", async () => {
    const user = userEvent.setup();
    const snapshots: string[] = [];
    const runs = show(NAME, async (name) => {
      snapshots.push(name);
    });
    await user.click(await screen.findByRole("button", { name: text.run }));
    await waitFor(() => expect(runs).toEqual([PLAN]));
    expect(snapshots).toEqual([]);
  });

  it("runs nothing when the snapshot fails, and says why in the user's language", async () => {
    const user = userEvent.setup();
    // As after any earlier answer of the API: the error texts are loaded with the first one.
    await loadErrorTexts();
    const runs = show(NAME, async () => {
      throw new ApiError("DATABASE_NOT_FOUND", "Database not found.", 404);
    });
    await user.click(await screen.findByRole("checkbox", { name: new RegExp(text.snapshot) }));
    await user.click(screen.getByRole("button", { name: text.run }));
    expect((await screen.findByRole("alert")).textContent).toBe(text.failed);
    expect(runs).toEqual([]);
  });

  it("offers no snapshot where none can be made", async () => {
    show(null, async () => undefined);
    await screen.findByRole("button", { name: text.run });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
