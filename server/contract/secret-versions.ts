import { z } from "zod";

/** Through what a version was made: the page or the API with a user's session, a .env import, a token, a rollback or restore, a copy from another environment, the upgrade that started the history. */
export const secretVersionViaSchema = z.enum(["browser", "import", "token", "rollback", "copy", "migration"]);
export type SecretVersionVia = z.infer<typeof secretVersionViaSchema>;

/** One kept version of a key in an environment; never its value (reveal asks for that). */
export const secretVersionSchema = z.object({
  version: z.number(),
  createdAt: z.string(),
  via: secretVersionViaSchema,
  /** `system`: made by the upgrade that brought versions, from the value then current. */
  actor: z.object({
    kind: z.enum(["user", "token", "system"]),
    id: z.string().nullable(),
    label: z.string().nullable(),
  }),
  /** The key was deleted at this version (there is no value to reveal or restore). */
  deleted: z.boolean(),
  /** This is the value the key has now. */
  current: z.boolean(),
});
export type SecretVersion = z.infer<typeof secretVersionSchema>;

export const secretVersionValueSchema = z.object({ key: z.string(), version: z.number(), decryptedValue: z.string() });
export type SecretVersionValue = z.infer<typeof secretVersionValueSchema>;

/** Restoring a version writes its value as a new version (so a restore can be undone too). */
export const restoreVersionResultSchema = z.object({ key: z.string(), version: z.number(), restoredFrom: z.number() });

/** Path segment of a version: a positive integer. */
export const versionParamSchema = z.coerce.number().int().min(0).max(2_147_483_647);

/**
 * Puts every key of an environment back as it was at `at` (the last version made at or before it),
 * in one transaction, each change a new version; keys made since are deleted.
 */
export const rollbackRequestSchema = z.strictObject({
  at: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) <= Date.now(), "at must not be in the future"),
});
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;

export const rollbackResultSchema = z.object({
  at: z.string(),
  /** Keys whose value was put back (or brought back after a deletion). */
  restored: z.array(z.string()),
  /** Keys made after `at`, deleted. */
  deleted: z.array(z.string()),
  /** Keys that were already as they were at `at`. */
  unchanged: z.number(),
});
export type RollbackResult = z.infer<typeof rollbackResultSchema>;
