import { z } from "zod";

/** Shapes shared by several routes, with Stack's limits. */
export const emailSchema = z.email().max(256);
export const urlSchema = z.string().min(1).max(2048);
export const codeSchema = z.string().length(45);
const jsonValue: z.ZodType<unknown> = z.json();
export const metadataSchema = jsonValue.nullable();
export const displayNameSchema = z.string().max(256).nullable();
export const profileImageUrlSchema = z.string().max(10_000).nullable();

export const userIdSchema = z.uuid();
