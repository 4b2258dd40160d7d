// @vitest-environment happy-dom
import type { BackupRun } from "@contract/backups";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { BackupRunHistory } from "./backup-run-history";

// The run history as the server lists it (GET /admin/backups): results, failures with their
// reason and retry, and the alert for a failed newest run, in both languages.
const run = (id: number, over: Partial<BackupRun> = {}): BackupRun => ({
  id,
  trigger: "schedule",
  archive: `backup-${id}.tar`,
  startedAt: "2026-11-29T03:00:00.000Z",
  endedAt: "2026-11-29T03:00:05.000Z",
  state: "succeeded",
  progress: { bytes: 2048, databasesDone: 1, databasesTotal: 1 },
  bytes: 2048,
  databases: 1,
  error: null,
  attempt: 1,
  retryOf: null,
  retryAt: null,
  ...over,
});

afterEach(cleanup);

async function show(locale: "en" | "de", runs: BackupRun[]) {
  i18n.activate(locale);
  await loadAreaMessages();
  render(
    <I18nProvider i18n={i18n}>
      <BackupRunHistory runs={runs} />
    </I18nProvider>,
  );
}

const interrupted = run(3, {
  state: "failed",
  error: { code: "BACKUP_INTERRUPTED", message: "stopped" },
  retryAt: "2026-11-29T03:05:00.000Z",
  bytes: null,
});

describe("BackupRunHistory", () => {
  it("says a failed newest run with its reason and next try, and the succeeded ones with their size", async () => {
    await show("en", [interrupted, run(2, { trigger: "manual" })]);
    expect(screen.getByRole("alert").textContent).toBe("The last backup failed; the server tries it again by itself.");
    const lines = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(lines[0]?.textContent).toMatch(
      /\(Schedule\): failed\. The server stopped while it ran; no archive was completed\. Next try: /,
    );
    expect(lines[1]?.textContent).toMatch(/\(Back up now\): backup-2\.tar written, 2 kB\.$/);
  });

  it("names a retry's try and a failure without retry, and no alert when the newest run succeeded", async () => {
    await show("en", [
      run(5, { attempt: 3, retryOf: 4 }),
      run(4, { state: "failed", error: { code: "BACKUP_DISK_FULL", message: "full" }, attempt: 2, retryAt: null }),
    ]);
    expect(screen.queryByRole("alert")).toBeNull();
    const lines = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(lines[0]?.textContent).toMatch(/written, 2 kB\. Try 3\.$/);
    expect(lines[1]?.textContent).toMatch(/failed\. The disk of the backup folder is full; .* Try 2\.$/);
    expect(lines[1]?.textContent).not.toContain("Next try");
  });

  it("shows ten runs and the rest on request, and an empty history", async () => {
    const user = userEvent.setup();
    await show(
      "en",
      Array.from({ length: 12 }, (_, index) => run(12 - index)),
    );
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Show all 12 runs" }));
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(12);
    cleanup();
    await show("en", []);
    expect(screen.getByText("No backup has run yet.")).toBeTruthy();
  });

  it("speaks German", async () => {
    await show("de", [interrupted]);
    expect(screen.getByRole("heading").textContent).toBe("Verlauf der Sicherungen");
    expect(screen.getByRole("alert").textContent).toBe(
      "Die letzte Sicherung ist fehlgeschlagen; der Server versucht sie von selbst erneut.",
    );
    expect(screen.getByRole("listitem").textContent).toMatch(
      /\(Zeitplan\): fehlgeschlagen\. Der Server wurde während der Sicherung beendet; .*Nächster Versuch: /,
    );
  });
});
