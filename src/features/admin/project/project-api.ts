import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys, adminProjectSchema, type ProjectUpdate } from "../admin-api";

export {
  type AdminProject,
  BOOLEAN_SETTINGS,
  type BooleanSetting,
  type OAuthProviderConfig,
  type ProjectConfig,
  type ProjectUpdate,
  type TrustedDomain,
} from "../admin-api";

const projectKey = [...adminKeys.all, "project"] as const;

export const projectQuery = () =>
  queryOptions({ queryKey: projectKey, queryFn: () => adminFetch("/internal/projects/current", adminProjectSchema) });

/** PATCH /internal/projects/current; the answer (the project as stored) replaces the cached one. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProjectUpdate) =>
      adminFetch("/internal/projects/current", adminProjectSchema, { method: "PATCH", json: update }),
    onSuccess: (project) => queryClient.setQueryData(projectKey, project),
  });
}
