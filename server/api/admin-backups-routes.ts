import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { BackupError } from "../backup/backup-error.ts";
import { ARCHIVE_FILE } from "../backup/backup-folder.ts";
import type { BucketErrorCode } from "../backup/bucket-error.ts";
import type { ServerBackups } from "../backup/server-backups.ts";
import type { BackupsOverview, BackupRun as ListedRun } from "../contract/backups.ts";
import { adminBackupDatabasesRoutes } from "./admin-backup-databases-routes.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { recordAsOperator } from "./lib/history/operator-audit.ts";

/** A backup's failure as the API answers it: the codes the admin area can name, else a plain failure. */
function refusal(error: unknown): never {
  if (error instanceof BackupError) {
    if (error.code === "BACKUP_RUNNING") throw apiError("BACKUP_RUNNING", error.message);
    if (error.code === "BACKUP_DIR_UNWRITABLE") throw apiError("BACKUP_DIR_UNWRITABLE", error.message);
    if (error.code === "BACKUP_DISK_FULL") throw apiError("BACKUP_DISK_FULL", error.message);
    if (error.code.startsWith("BACKUP_BUCKET_")) throw apiError(error.code as BucketErrorCode, error.message);
  }
  throw error;
}

function nameParam(name: string): string {
  if (!ARCHIVE_FILE.test(name)) throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
  return name;
}

/** A run as operators see it: the archive by its file name (the folder is in the settings). */
const listedRun = (run: Awaited<ReturnType<ServerBackups["listRuns"]>>[number]): ListedRun => ({
  ...run,
  archive: basename(run.archive),
});

/**
 * The admin area's Backups page (operators only): the archives in BACKUP_DIR, the server's runs,
 * "Back up now" (in the background, one at a time), a download (streamed) and deleting one.
 * Restoring the whole instance stays a command (`npm run restore`): it needs the server stopped
 * (PGlite) or an empty target, which a running server cannot give itself; one database of an
 * archive is restored here into a new database (admin-backup-databases-routes.ts).
 */
export function adminBackupsRoutes(deps: ApiDeps) {
  const { backups, operators: gate } = deps;
  const settings = deps.instance.backup;
  const audit = { db: deps.store.db, logger: deps.logger };
  return new Hono<ApiEnv>()
    .use("*", gate.middleware)
    .route("/", adminBackupDatabasesRoutes(deps))
    .get("/", async (c) => {
      const nextAt = backups.nextScheduled();
      const { archives, bucketError } = await backups.listArchives();
      const overview: BackupsOverview = {
        archives,
        runs: (await backups.listRuns()).map(listedRun),
        settings: {
          dir: backups.folder.dir,
          schedule: settings.schedule,
          nextRunAt: nextAt ? nextAt.toISOString() : null,
          keep: settings.keep ?? null,
          keepDays: settings.keepDays ?? null,
          store: settings.store,
          bucket: backups.target
            ? {
                url: backups.target.bucket.url(),
                endpoint: backups.target.bucket.settings.endpoint ?? null,
                keepLocal: backups.target.keepLocal,
                error: bucketError,
              }
            : null,
        },
      };
      return c.json(ok(overview));
    })
    .post("/", async (c) => {
      const run = await backups.start("manual").catch(refusal);
      await recordAsOperator(audit, c.var.user, [{ action: "backup.started", subject: run.archive }]);
      return c.json(ok(listedRun(run)), 202);
    })
    .get("/:name", async (c) => {
      const name = nameParam(c.req.param("name"));
      const path = backups.folder.pathOf(name);
      const info = await stat(path).catch(() => null);
      // Not in the folder: streamed from the bucket, when there is one and it has the archive.
      const remote =
        info?.isFile() || !backups.target
          ? null
          : await backups.target.bucket.open(name).catch((error: unknown) => {
              if (error instanceof BackupError && error.code === "ARCHIVE_NOT_A_BACKUP") return null;
              return refusal(error);
            });
      if (!info?.isFile() && !remote) throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
      // The archive holds every secret (sealed): who took a copy is on record.
      await recordAsOperator(audit, c.var.user, [{ action: "backup.downloaded", subject: name }]);
      const body = Readable.toWeb(remote ? remote.body : createReadStream(path)) as ReadableStream;
      return new Response(body, {
        headers: {
          "content-type": "application/x-tar",
          "content-length": String(remote ? remote.bytes : (info?.size ?? 0)),
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
    })
    .delete("/:name", async (c) => {
      const name = nameParam(c.req.param("name"));
      await backups.removeArchive(name).catch((error: unknown) => {
        if (error instanceof BackupError && error.code === "ARCHIVE_NOT_A_BACKUP") {
          throw apiError("BACKUP_NOT_FOUND", "No backup by that name.");
        }
        return refusal(error);
      });
      await recordAsOperator(audit, c.var.user, [{ action: "backup.deleted", subject: name }]);
      return c.json(ok({ name }));
    });
}
