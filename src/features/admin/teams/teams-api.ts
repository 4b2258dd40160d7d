import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminFetch,
  adminKeys,
  adminSend,
  serverTeamListSchema,
  serverTeamSchema,
  serverUserPageSchema,
} from "../admin-api";

export type { ServerTeam as AdminTeam } from "../admin-api";

const teamKeys = {
  all: [...adminKeys.all, "teams"] as const,
  list: () => [...teamKeys.all, "list"] as const,
  one: (id: string) => [...teamKeys.all, "one", id] as const,
  members: (id: string) => [...teamKeys.all, "members", id] as const,
};

const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;

export const teamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.list(),
    queryFn: async () => (await adminFetch("/teams", serverTeamListSchema)).items,
  });

export const teamQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.one(id), queryFn: () => adminFetch(teamPath(id), serverTeamSchema) });

export const teamMembersQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.members(id),
    queryFn: async () =>
      (await adminFetch(`/users?team_id=${encodeURIComponent(id)}&limit=200`, serverUserPageSchema)).items,
  });

export function useRenameTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) =>
      adminFetch(teamPath(id), serverTeamSchema, { method: "PATCH", json: { display_name: displayName } }),
    onSuccess: (team) => queryClient.setQueryData(teamKeys.one(id), team),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.list() }),
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminSend(teamPath(id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      adminSend(`/team-memberships/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`, {
        method: "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}
