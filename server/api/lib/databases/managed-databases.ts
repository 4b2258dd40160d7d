import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { ResourceOwner } from "../../../contract/teams.ts";
import { userDatabasesTable } from "../../../db/schema/index.ts";
import type { Store } from "../../../db/store.ts";
import { isUniqueViolation } from "../../../db/unique-violation.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { Vault } from "../../../lib/vault.ts";
import { ownerChannel } from "../access/owner.ts";
import type { UserDatabaseRow } from "../access/resource-access.ts";
import { apiError } from "../core/api-error.ts";
import type { UserEvents } from "../core/user-events.ts";
import type { ConnectionManager } from "./connections.ts";
import { databaseScope, ROLE_PASSWORD_AAD } from "./user-databases.ts";

/** What making a managed database takes: the rows, its sealed role password, the engine, the live lists. */
interface ManagedDatabaseDeps {
  store: Store;
  vault: Vault;
  connections: ConnectionManager;
  events: UserEvents;
  logger: Logger;
}

export const nameTaken = (name: string) =>
  apiError("DATABASE_NAME_TAKEN", `You already have a database named "${name}".`, { name });

export const ownedBy = (owner: ResourceOwner) =>
  and(eq(userDatabasesTable.ownerType, owner.type), eq(userDatabasesTable.ownerId, owner.id));

/** Tells every member of the owner that its databases changed (a notice, and a list to refetch). */
export async function databasesChanged(
  deps: Pick<ManagedDatabaseDeps, "events">,
  owner: ResourceOwner,
  notice?: DatabaseNotice,
): Promise<void> {
  const channel = ownerChannel(owner);
  if (notice) {
    const verb = notice.kind === "databaseCreated" ? "created" : "deleted";
    await deps.events.publish(channel, { type: "notify", message: `Database "${notice.name}" ${verb}`, notice });
  }
  await deps.events.publish(channel, { type: "store", store: "databases", op: "refetch" });
}
type DatabaseNotice = { kind: "databaseCreated" | "databaseDeleted"; name: string };

/** Creates a managed database for the owner (storage first, then the registry row). */
export async function createManagedDatabase(
  deps: ManagedDatabaseDeps,
  owner: ResourceOwner,
  name: string,
): Promise<UserDatabaseRow> {
  const id = randomUUID();
  const existing = await deps.store.db
    .select({ id: userDatabasesTable.id })
    .from(userDatabasesTable)
    .where(and(ownedBy(owner), eq(userDatabasesTable.name, name)));
  if (existing.length > 0) throw nameTaken(name);
  const { location, rolePassword } = await deps.connections.createManaged(id);
  try {
    const encryptedRolePassword = rolePassword
      ? await deps.vault.seal(databaseScope(id), rolePassword, ROLE_PASSWORD_AAD)
      : null;
    const [row] = await deps.store.db
      .insert(userDatabasesTable)
      .values({
        id,
        ownerType: owner.type,
        ownerId: owner.id,
        name,
        kind: "managed",
        engine: deps.connections.managedEngine,
        location,
        encryptedRolePassword,
      })
      .returning();
    return (
      row ??
      (() => {
        throw new Error("insert returned no row");
      })()
    );
  } catch (error) {
    // Clean-up of a database that was never handed out; the creation's own error is what the
    // caller gets, and what the clean-up leaves behind (a cluster, a vault key) is logged.
    await deps.connections
      .dropManaged({ id, kind: "managed", engine: deps.connections.managedEngine, location })
      .catch((err: unknown) => deps.logger.warn({ err, databaseId: id }, "could not drop a half-created database"));
    await deps.vault
      .forget(databaseScope(id))
      .catch((err: unknown) =>
        deps.logger.warn({ err, databaseId: id }, "could not forget the key of a half-created database"),
      );
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}
