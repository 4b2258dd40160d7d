import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { MasterKey } from "../lib/envelope.ts";
import { judgeManifest, type ManifestEntries, readManifestEntries } from "./archive-summary.ts";
import { BackupError } from "./backup-error.ts";
import { ARCHIVE_FILE, doomedByRetention, type ListedArchive, listedArchive } from "./backup-folder.ts";
import { bucketFailure } from "./bucket-error.ts";
import { type BucketSettings, describeBucket } from "./bucket-settings.ts";

/** Beside each archive: its manifest and seal, so a listing reads a few KB instead of walking the tar. */
const SIDECAR_SUFFIX = ".manifest.json";
/** Multipart parts of 8 MiB, two in flight: at most about 16 MiB of an archive in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Backup archives in an S3-compatible bucket (AWS, MinIO, R2, …): each archive is uploaded as
 * streamed multipart from its finished local file, with its manifest beside it, listed, pruned by
 * the same retention as the folder, downloaded back for a restore and deleted. Failures are
 * BackupErrors with a stable code (bucket-error.ts), never with the secret in them.
 */
export class BackupBucket {
  private readonly client: S3Client;
  private readonly summaries = new Map<string, { etag: string; listed: ListedArchive }>();

  constructor(
    readonly settings: BucketSettings,
    private readonly master: MasterKey,
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: many S3-compatible stores refuse the newer
      // streamed-trailer checksums the SDK sends by default; each archive carries its own SHA-256s.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  describe(): string {
    return describeBucket(this.settings);
  }

  /** `s3://bucket/prefix`: with an archive's name, the address `npm run restore` takes. */
  url(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  keyOf(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  /** Fails with the bucket's code when it cannot be reached, read or does not exist. */
  async check(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  /**
   * Uploads the finished archive at `path` as `name` (streamed multipart), its manifest first: an
   * archive object exists only complete (S3 shows a multipart upload once it is completed).
   */
  async upload(path: string, name: string, entries: ManifestEntries): Promise<void> {
    const sidecar = JSON.stringify({ manifest: entries.manifest.toString("utf8"), seal: entries.seal });
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.keyOf(name) + SIDECAR_SUFFIX,
          Body: sidecar,
          ContentType: "application/json",
        }),
      ),
    );
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.keyOf(name),
        Body: createReadStream(path),
        ContentType: "application/x-tar",
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await this.call(() => upload.done());
  }

  /** The bucket's archives, newest first, judged by their manifests as the folder's are. */
  async list(): Promise<ListedArchive[]> {
    const objects: Array<{ name: string; bytes: number; etag: string; modified: Date }> = [];
    const sidecars = new Set<string>();
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: this.settings.prefix,
            ContinuationToken: token,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        const name = (object.Key ?? "").slice(this.settings.prefix.length);
        if (name.endsWith(SIDECAR_SUFFIX)) sidecars.add(name.slice(0, -SIDECAR_SUFFIX.length));
        else if (ARCHIVE_FILE.test(name)) {
          objects.push({
            name,
            bytes: object.Size ?? 0,
            // The size too: a store may list an object's size before all of it is on its disk.
            etag: `${object.ETag ?? ""}:${object.Size ?? 0}`,
            modified: object.LastModified ?? new Date(0),
          });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    const listed: ListedArchive[] = [];
    for (const object of objects) {
      const known = this.summaries.get(object.name);
      if (known?.etag === object.etag) {
        listed.push(known.listed);
        continue;
      }
      const entries = sidecars.has(object.name) ? await this.readSidecar(object.name) : null;
      const summary = judgeManifest(entries, this.master);
      const item = listedArchive(object.name, object.bytes, object.modified, summary);
      this.summaries.set(object.name, { etag: object.etag, listed: item });
      listed.push(item);
    }
    const names = new Set(listed.map((item) => item.name));
    for (const name of this.summaries.keys()) if (!names.has(name)) this.summaries.delete(name);
    return listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  private async readSidecar(name: string): Promise<ManifestEntries | null> {
    try {
      const { body } = await this.open(name + SIDECAR_SUFFIX);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { manifest?: unknown; seal?: unknown };
      if (typeof parsed.manifest !== "string" || typeof parsed.seal !== "string") return null;
      return { manifest: Buffer.from(parsed.manifest, "utf8"), seal: parsed.seal };
    } catch {
      return null; // unreadable: listed as incomplete, and a restore checks the archive itself
    }
  }

  /** The archive `name` as a stream, with its size (a download, or a restore's copy). */
  async open(name: string): Promise<{ body: Readable; bytes: number }> {
    const answer = await this.call(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(name) })),
    );
    return { body: answer.Body as Readable, bytes: answer.ContentLength ?? 0 };
  }

  /** Copies the archive `name` to the local file `path` (streamed; removed again when it fails). */
  async download(name: string, path: string): Promise<void> {
    const { body } = await this.open(name);
    try {
      await pipeline(body, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw bucketFailure(error, this.describe());
    }
  }

  /** Deletes an archive and its manifest copy. */
  async remove(name: string): Promise<void> {
    const key = this.keyOf(name);
    await this.call(() =>
      this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: [{ Key: key }, { Key: key + SIDECAR_SUFFIX }], Quiet: true },
        }),
      ),
    );
    this.summaries.delete(name);
  }

  /** Retention in the bucket, by the folder's rules (backup-folder.ts doomedByRetention); answers the names deleted. */
  async prune(rules: { keep?: number; keepDays?: number }, now = new Date()): Promise<string[]> {
    const doomed = doomedByRetention(await this.list(), rules, now);
    for (const item of doomed) await this.remove(item.name);
    return doomed.map((item) => item.name);
  }

  close(): void {
    this.client.destroy();
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw bucketFailure(error, this.describe());
    }
  }
}

/**
 * Uploads a finished local archive to the bucket under its file name, and with `keepLocal` false
 * deletes the local copy once the bucket has it (a failed upload keeps it: the only copy).
 */
export async function uploadToBucket(bucket: BackupBucket, archivePath: string, keepLocal: boolean): Promise<void> {
  const entries = await readManifestEntries(archivePath);
  if (!entries) throw new BackupError("ARCHIVE_TRUNCATED", `The archive ${archivePath} has no manifest.`);
  await bucket.upload(archivePath, basename(archivePath), entries);
  if (!keepLocal) await rm(archivePath, { force: true });
}
