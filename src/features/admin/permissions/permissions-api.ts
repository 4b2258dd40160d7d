import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export type PermissionScope = "team" | "project";

export interface PermissionDefinition {
  id: string;
  description: string;
  contained_permission_ids: string[];
}

const definitionsKey = (scope: PermissionScope) => [...adminKeys.all, "permission-definitions", scope] as const;
const base = (scope: PermissionScope) => `/${scope}-permission-definitions`;

export const definitionsQuery = (scope: PermissionScope) =>
  queryOptions({
    queryKey: definitionsKey(scope),
    queryFn: async () => (await adminFetch<{ items: PermissionDefinition[] }>(base(scope))).items,
  });

/** Built-in team permissions ($update_team, ...): listed, never edited. */
export const isSystemPermission = (id: string) => id.startsWith("$");

function useDefinitionMutation<T>(scope: PermissionScope, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: definitionsKey(scope) }),
  });
}

export const useCreateDefinition = (scope: PermissionScope) =>
  useDefinitionMutation(scope, (input: PermissionDefinition) =>
    adminFetch(base(scope), { method: "POST", json: input }),
  );

export const useUpdateDefinition = (scope: PermissionScope) =>
  useDefinitionMutation(scope, ({ id, ...changes }: PermissionDefinition) =>
    adminFetch(`${base(scope)}/${encodeURIComponent(id)}`, { method: "PATCH", json: changes }),
  );

export const useDeleteDefinition = (scope: PermissionScope) =>
  useDefinitionMutation(scope, (id: string) =>
    adminFetch(`${base(scope)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
