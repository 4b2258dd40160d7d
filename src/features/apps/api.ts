import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type AppWire, toApp } from "./types";

export const appKeys = {
  all: ["apps"] as const,
  list: () => [...appKeys.all, "list"] as const,
};

export const appsQuery = () =>
  queryOptions({
    queryKey: appKeys.list(),
    queryFn: async () => (await apiRequest<AppWire[]>("/apps")).map(toApp),
  });
