import { z } from "zod";
import { databaseNameSchema } from "./databases.ts";

/** `POST /db/{id}/branch`: a new managed database from this one, its schema alone or with its rows. */
export const branchDatabaseSchema = z.strictObject({ name: databaseNameSchema, withData: z.boolean() });
export type BranchDatabase = z.infer<typeof branchDatabaseSchema>;
