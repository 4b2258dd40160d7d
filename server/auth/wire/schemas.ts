import { z } from "zod";
import { freeJsonSchema } from "../../contract/free-json.ts";

/** Shapes shared by several routes, with Stack's limits. */
/** An e-mail address; an empty one is reported as empty only (Stack's "must not be empty"). */
export const emailSchema = z.string().check(z.minLength(1, { abort: true }), z.email(), z.maxLength(256));
export const urlSchema = z.string().min(1).max(2048);
export const codeSchema = z.string().length(45);
/** Client, client-read-only and server metadata of users and teams: free JSON, bounded. */
export const METADATA_LIMITS = { maxDepth: 32, maxChars: 100_000 };
export const metadataSchema = freeJsonSchema(METADATA_LIMITS).nullable();
export const displayNameSchema = z.string().max(256).nullable();
/** An http(s) URL, or a data URL of an image (stored and answered as this server's URL; images.ts). */
export const profileImageUrlSchema = z
  .string()
  .max(1_400_000)
  .refine((value) => value.startsWith("data:") || URL.canParse(value), { message: "is not a valid URL" })
  .nullable();

export const userIdSchema = z.uuid();
/** A user named in a path or query: a user id, or `me` for the signed-in caller. */
export const userIdOrMeSchema = z.union([z.literal("me"), z.uuid()]);

/** The latest instant a JavaScript Date (and so the store's driver) can hold: 8.64e15 ms after 1970. */
export const MAX_DATE_MILLIS = 8_640_000_000_000_000;
/** A point in time as milliseconds since 1970, within what a Date can hold. */
export const epochMillisSchema = z.number().int().min(0).max(MAX_DATE_MILLIS);
