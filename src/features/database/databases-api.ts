import type { Database } from "@contract/databases";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const databaseListKeys = {
  all: ["databases"] as const,
  list: () => [...databaseListKeys.all, "list"] as const,
};

export const databasesQuery = () =>
  queryOptions({
    queryKey: databaseListKeys.list(),
    queryFn: () => apiRequest<Database[]>("/db"),
  });
