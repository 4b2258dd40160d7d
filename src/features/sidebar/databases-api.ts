import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** A database as listed for the sidebar; the database page reads the rest itself. */
export interface DatabaseListItem {
  id: string;
  name: string;
}

export const databaseListKeys = {
  all: ["databases"] as const,
  list: () => [...databaseListKeys.all, "list"] as const,
};

export const databasesQuery = () =>
  queryOptions({
    queryKey: databaseListKeys.list(),
    queryFn: () => apiRequest<DatabaseListItem[]>("/db"),
  });
