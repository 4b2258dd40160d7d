import { and, eq } from "drizzle-orm";
import { imageSize } from "image-size";
import { authImagesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { StatusError } from "../errors/status-error.ts";

/** Raster types only: an SVG could carry script, and nothing here needs one. */
const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
const DATA_URL = /^data:image\/([a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAX_BYTES = 1_000_000;
const MAX_SIDE = 4096;
/** An image the server keeps: `<id>.<ext>`. */
const IMAGE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|gif|webp)$/;

export function invalidImage(): StatusError {
  return new StatusError("INVALID_PROFILE_IMAGE", "Invalid profile image URL");
}

export function isDataUrl(value: string): boolean {
  return value.startsWith("data:");
}

/**
 * Where an image URL given by a caller may point: a data URL (stored here, answered as this
 * server's URL) from anyone; an http(s) URL only from server access (a client would otherwise make
 * every viewer's browser fetch an address of its choosing).
 */
export async function acceptImageUrl(
  store: Store,
  projectId: string,
  value: string | null | undefined,
  options: { baseUrl: string; allowRemote: boolean },
): Promise<string | null | undefined> {
  if (value === undefined || value === null) return value;
  if (isDataUrl(value)) return storeDataUrl(store, projectId, value, options.baseUrl);
  if (!options.allowRemote || !/^https?:\/\//.test(value)) throw invalidImage();
  return value;
}

/** Decodes and checks a data URL (type by content, size, dimensions) and keeps the image. */
async function storeDataUrl(store: Store, projectId: string, dataUrl: string, baseUrl: string): Promise<string> {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[2]) throw invalidImage();
  const bytes = Buffer.from(match[2], "base64");
  if (bytes.length === 0 || bytes.length > MAX_BYTES) throw invalidImage();
  let detected: { type?: string; width?: number; height?: number };
  try {
    detected = imageSize(bytes);
  } catch {
    throw invalidImage();
  }
  const ext = detected.type === "jpeg" ? "jpg" : detected.type;
  const contentType = ext ? TYPES[ext] : undefined;
  if (!ext || !contentType) throw invalidImage();
  if (!detected.width || !detected.height || detected.width > MAX_SIDE || detected.height > MAX_SIDE) {
    throw invalidImage();
  }
  const [row] = await store.db
    .insert(authImagesTable)
    .values({ projectId, contentType, data: bytes })
    .returning({ id: authImagesTable.id });
  if (!row) throw new Error("image insert returned nothing");
  return `${baseUrl}/api/v1/images/${projectId}/${row.id}.${ext}`;
}

/** An image kept here, by project and file name, or null. */
export async function readImage(
  store: Store,
  projectId: string,
  file: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  const match = IMAGE_FILE.exec(file);
  if (!match?.[1]) return null;
  const [row] = await store.db
    .select({ contentType: authImagesTable.contentType, data: authImagesTable.data })
    .from(authImagesTable)
    .where(and(eq(authImagesTable.id, match[1]), eq(authImagesTable.projectId, projectId)));
  if (!row || TYPES[match[2] ?? ""] !== row.contentType) return null;
  return row;
}

/** acceptImageUrl for the caller of a route: remote URLs only with server or admin access. */
export function imageInput(
  deps: { ctx: { store: Store }; baseUrl(): string },
  auth: { type: string; project: { id: string } },
  value: string | null | undefined,
): Promise<string | null | undefined> {
  return acceptImageUrl(deps.ctx.store, auth.project.id, value, {
    baseUrl: deps.baseUrl(),
    allowRemote: auth.type !== "client",
  });
}
