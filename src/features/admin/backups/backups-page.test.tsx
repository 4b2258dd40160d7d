// @vitest-environment happy-dom
import type { BackupArchive, BackupsOverview } from "@contract/backups";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { installFakeApi, type Lang, useLang as loadLang, testQueryClient } from "@/test-support/render-signed-in";
import { BackupsPage } from "./backups-page";

// The Backups page with an S3 bucket configured, as GET /admin/backups answers it: where each
// archive is, the bucket's address (never a key), a bucket that could not be listed by its code,
// and the restore command for an archive only in the bucket; only fetch stands in.
const archive = (name: string, where: BackupArchive["where"]): BackupArchive => ({
  name,
  bytes: 4096,
  createdAt: name.includes("T04") ? "2026-11-29T04:00:00.000Z" : "2026-11-29T03:00:00.000Z",
  store: "pglite",
  databases: 1,
  seal: "valid",
  where,
});

function overview(bucketError: { code: string; message: string } | null): BackupsOverview {
  return {
    archives: [
      archive("backup-2026-11-29T04-00-00.000Z.tar", "bucket"),
      archive("backup-2026-11-29T03-00-00.000Z.tar", "both"),
    ],
    runs: [],
    settings: {
      dir: "/srv/backups",
      schedule: "off",
      nextRunAt: null,
      keep: null,
      keepDays: null,
      store: "pglite",
      bucket: { url: "s3://console-backups/a/", endpoint: "http://minio:9000", keepLocal: false, error: bucketError },
    },
  };
}

afterEach(cleanup);

async function show(lang: Lang, answer: BackupsOverview) {
  installFakeApi(() => ({ pair: [answer, null] }));
  await loadLang(lang);
  // The code→text maps load with the first error in the app; here before the page shows one.
  await loadErrorTexts();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <BackupsPage />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findByText("backup-2026-11-29T04-00-00.000Z.tar");
}

describe("BackupsPage with a bucket", () => {
  it("says where each archive is and restores the newest from the bucket", async () => {
    await show("en", overview(null));
    expect(screen.getByText("In the bucket")).toBeTruthy();
    expect(screen.getByText("In the folder and the bucket")).toBeTruthy();
    expect(
      screen.getByText(
        "Bucket: s3://console-backups/a/ at http://minio:9000; every backup is uploaded there and then removed from the folder.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("npm run restore -- s3://console-backups/a/backup-2026-11-29T04-00-00.000Z.tar"),
    ).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a bucket that could not be listed by its code, in German too", async () => {
    await show("de", overview({ code: "BACKUP_BUCKET_DENIED", message: "server words" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Der Backup-Bucket hat den Zugriffsschlüssel abgelehnt");
    expect(alert.textContent).not.toContain("server words");
    expect(screen.getByText("Im Bucket")).toBeTruthy();
  });
});
