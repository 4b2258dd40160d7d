import { useQuery } from "@tanstack/react-query";
import { databasesQuery } from "@/features/database/databases-api";
import { useRoleOn } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";

/**
 * What the caller may do with the database's data and structure: "write" (row edits, imports,
 * exports, the table editor: the developer role in the team that owns it, and always on one's own),
 * "read" (a viewer), or "unknown" while its owner or the caller's role is loading. The server
 * decides the same on every request; this only keeps a viewer from being offered what it refuses.
 */
export function useDatabaseAccess(dbId: string): "write" | "read" | "unknown" {
  const database = useQuery(databasesQuery()).data?.find((db) => db.id === dbId);
  const role = useRoleOn(database?.owner);
  if (!database || role === null) return "unknown";
  return atLeast(role, "developer") ? "write" : "read";
}

/** Whether the database's data and structure may be changed (see useDatabaseAccess). */
export const useMayWrite = (dbId: string): boolean => useDatabaseAccess(dbId) === "write";
