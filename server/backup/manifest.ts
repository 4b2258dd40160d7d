import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { MasterKey } from "../lib/envelope.ts";

/** The archive's last two entries: the manifest, then its seal. */
export const MANIFEST_NAME = "manifest.json";
export const SEAL_NAME = "manifest.hmac";
export const ARCHIVE_FORMAT = "appconsole-backup";

const fileEntry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().length(64) });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  /** Where the instance kept its data: PGlite folders, or PostgreSQL dumps (`pg_dump --format=custom`). */
  store: z.enum(["pglite", "postgres"]),
  /** The store's last migration, so a restore can refuse an archive from a newer version. */
  schema: z.object({ tag: z.string(), when: z.number(), count: z.number().int() }),
  /** The fingerprint of the master key the instance's secrets are sealed under; never the key. */
  masterKeyId: z.string(),
  databases: z.array(
    z.object({
      location: z.string().regex(/^ud_[0-9a-f]+$/),
      bytes: z.number().int().min(0),
      /** Its name and owner at the backup (archives of older versions, and of a stopped PGlite folder, lack them). */
      name: z.string().optional(),
      owner: z.object({ type: z.enum(["user", "team"]), id: z.string() }).optional(),
    }),
  ),
  /** Every folder of the PGlite clusters, empty ones too (PostgreSQL needs pg_notify, pg_tblspc, …). */
  folders: z.array(z.string().min(1)),
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileEntry>;

/**
 * The seal's key, derived from the master key (HKDF, its own label): the archive is tied to the
 * key that opens its secrets, and the seal key opens nothing else.
 */
function sealKey(master: MasterKey): Buffer {
  return Buffer.from(hkdfSync("sha256", master.key, Buffer.alloc(0), "appconsole backup manifest v1", 32));
}

export function sealManifest(master: MasterKey, manifestBytes: Buffer): string {
  return createHmac("sha256", sealKey(master)).update(manifestBytes).digest("hex");
}

export function manifestSealMatches(master: MasterKey, manifestBytes: Buffer, seal: string): boolean {
  const expected = Buffer.from(sealManifest(master, manifestBytes), "hex");
  const given = Buffer.from(seal.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
