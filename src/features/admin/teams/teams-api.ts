import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";
import type { AdminUser } from "../users/users-api";

export interface AdminTeam {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  created_at_millis: number;
}

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
    queryFn: async () => (await adminFetch<{ items: AdminTeam[] }>("/teams")).items,
  });

export const teamQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.one(id), queryFn: () => adminFetch<AdminTeam>(teamPath(id)) });

export const teamMembersQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.members(id),
    queryFn: async () =>
      (await adminFetch<{ items: AdminUser[] }>(`/users?team_id=${encodeURIComponent(id)}&limit=200`)).items,
  });

export function useRenameTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) =>
      adminFetch<AdminTeam>(teamPath(id), { method: "PATCH", json: { display_name: displayName } }),
    onSuccess: (team) => queryClient.setQueryData(teamKeys.one(id), team),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.list() }),
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminFetch<unknown>(teamPath(id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      adminFetch<unknown>(`/team-memberships/${encodeURIComponent(teamId)}/${encodeURIComponent(userId)}`, {
        method: "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}
