import type { ImpersonationHandover } from "@contract/impersonation";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import {
  adminFetch,
  adminKeys,
  adminSend,
  type Metadata,
  type ServerTeam,
  serverTeamListSchema,
  serverUserPageSchema,
  serverUserSchema,
  sessionListSchema,
} from "../admin-api";

export type { Metadata, ServerUser as AdminUser, SessionItem as AdminSession } from "../admin-api";
export type AdminUserTeam = ServerTeam;

const PAGE_SIZE = 50;
const userKeys = {
  all: [...adminKeys.all, "users"] as const,
  list: (query: string) => [...userKeys.all, "list", query] as const,
  one: (id: string) => [...userKeys.all, "one", id] as const,
  sessions: (id: string) => [...userKeys.all, "sessions", id] as const,
  teams: (id: string) => [...userKeys.all, "teams", id] as const,
};

/** Newest sign-ups first, 50 at a time, optionally narrowed by a search in e-mail, name and id. */
export const usersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.list(query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE), order_by: "signed_up_at", desc: "true" });
      if (query) params.set("query", query);
      if (pageParam) params.set("cursor", pageParam);
      return adminFetch(`/users?${params}`, serverUserPageSchema);
    },
    getNextPageParam: (page) => page.pagination.next_cursor ?? undefined,
  });

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.one(id), queryFn: () => adminFetch(userPath(id), serverUserSchema) });

export const userSessionsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.sessions(id),
    queryFn: async () =>
      (await adminFetch(`/auth/sessions?user_id=${encodeURIComponent(id)}&include_origin=true`, sessionListSchema))
        .items,
  });

export const userTeamsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.teams(id),
    queryFn: async () => (await adminFetch(`/teams?user_id=${encodeURIComponent(id)}`, serverTeamListSchema)).items,
  });

export type MetadataField = "client_metadata" | "client_read_only_metadata" | "server_metadata";

export function useUpdateMetadata(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Record<MetadataField, Metadata>>) =>
      adminFetch(userPath(id), serverUserSchema, { method: "PATCH", json: patch }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.one(id), user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminSend(userPath(id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * Opens a half-hour impersonation of the user (POST /api/v1/admin/impersonations, which records the
 * operator beside the session); it shows in the user's sessions, marked as such.
 */
export function useStartImpersonation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ImpersonationHandover>("/admin/impersonations", { method: "POST", json: { userId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(id) }),
  });
}
