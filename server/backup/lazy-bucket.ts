import type { Readable } from "node:stream";
import type { MasterKey } from "../lib/envelope.ts";
import type { BackupBucket } from "./backup-bucket.ts";
import type { ListedArchive } from "./backup-folder.ts";
import { type BucketSettings, bucketSettingsFrom, describeBucket } from "./bucket-settings.ts";

/**
 * The configured bucket, its S3 client made on first use. The AWS SDK is about a quarter of the
 * server's bundle and 6 MiB of an idle server's memory (docs/benchmarks.md, "Restart through npm
 * start"): an instance without a bucket never loads it, one with a bucket when its first backup,
 * listing or download needs it.
 */
export class LazyBucket {
  private opened: Promise<BackupBucket> | null = null;
  private closed = false;

  constructor(
    readonly settings: BucketSettings,
    private readonly master: MasterKey,
  ) {}

  describe(): string {
    return describeBucket(this.settings);
  }

  /** `s3://bucket/prefix`: with an archive's name, the address `npm run restore` takes. */
  url(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  /** Uploads a finished local archive; without `keepLocal` the local copy goes once the bucket has it. */
  async uploadArchive(archivePath: string, keepLocal: boolean): Promise<void> {
    const [{ uploadToBucket }, bucket] = await Promise.all([import("./backup-bucket.ts"), this.client()]);
    await uploadToBucket(bucket, archivePath, keepLocal);
  }

  /** An archive's body as the bucket streams it, with its size. */
  async open(name: string): Promise<{ body: Readable; bytes: number }> {
    return (await this.client()).open(name);
  }

  async list(): Promise<ListedArchive[]> {
    return (await this.client()).list();
  }

  async download(name: string, path: string): Promise<void> {
    await (await this.client()).download(name, path);
  }

  async remove(name: string): Promise<void> {
    await (await this.client()).remove(name);
  }

  async prune(rules: { keep?: number; keepDays?: number }): Promise<string[]> {
    return (await this.client()).prune(rules);
  }

  /** Closes the client if one was made; a use after this makes none. */
  close(): void {
    this.closed = true;
    // An open that failed was reported to its caller; it left nothing to close.
    void this.opened?.then(
      (bucket) => bucket.close(),
      () => undefined,
    );
  }

  private client(): Promise<BackupBucket> {
    if (this.closed) return Promise.reject(new Error("The backup bucket is closed."));
    this.opened ??= import("./backup-bucket.ts").then(
      ({ BackupBucket }) => new BackupBucket(this.settings, this.master),
    );
    return this.opened;
  }
}

/** The bucket target of BACKUP_S3_* for the server's backups and the CLI, or null without one. */
export function bucketTargetFrom(
  config: Parameters<typeof bucketSettingsFrom>[0] & { BACKUP_S3_KEEP_LOCAL: boolean },
  master: MasterKey,
): { bucket: LazyBucket; keepLocal: boolean } | null {
  const settings = bucketSettingsFrom(config);
  return settings ? { bucket: new LazyBucket(settings, master), keepLocal: config.BACKUP_S3_KEEP_LOCAL } : null;
}
