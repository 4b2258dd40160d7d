import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminFetch,
  adminKeys,
  adminSend,
  type PermissionDefinition,
  permissionDefinitionListSchema,
} from "../admin-api";

export type { PermissionDefinition } from "../admin-api";
export type PermissionScope = "team" | "project";

const definitionsKey = (scope: PermissionScope) => [...adminKeys.all, "permission-definitions", scope] as const;
const base = (scope: PermissionScope) => `/${scope}-permission-definitions`;

export const definitionsQuery = (scope: PermissionScope) =>
  queryOptions({
    queryKey: definitionsKey(scope),
    queryFn: async () => (await adminFetch(base(scope), permissionDefinitionListSchema)).items,
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
    adminSend(base(scope), { method: "POST", json: input }),
  );

export const useUpdateDefinition = (scope: PermissionScope) =>
  useDefinitionMutation(scope, ({ id, ...changes }: PermissionDefinition) =>
    adminSend(`${base(scope)}/${encodeURIComponent(id)}`, { method: "PATCH", json: changes }),
  );

export const useDeleteDefinition = (scope: PermissionScope) =>
  useDefinitionMutation(scope, (id: string) =>
    adminSend(`${base(scope)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
