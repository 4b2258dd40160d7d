import type { ImpersonationHandover } from "@contract/impersonation";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminFetch, adminKeys } from "../admin-api";

export type Metadata = Record<string, unknown> | null;

/** A server user as GET /users and /users/{id} answer it (the fields the admin area shows). */
export interface AdminUser {
  id: string;
  display_name: string | null;
  primary_email: string | null;
  primary_email_verified: boolean;
  profile_image_url: string | null;
  signed_up_at_millis: number;
  last_active_at_millis: number;
  has_password: boolean;
  otp_auth_enabled: boolean;
  passkey_auth_enabled: boolean;
  requires_totp_mfa: boolean;
  is_anonymous: boolean;
  is_restricted: boolean;
  oauth_providers: Array<{ id: string; email?: string | null }>;
  client_metadata: Metadata;
  client_read_only_metadata: Metadata;
  server_metadata: Metadata;
}

export interface AdminSession {
  id: string;
  created_at: number;
  last_used_at: number;
  is_impersonation: boolean;
  /** Where the session started (asked for with include_origin=true); null when unknown. */
  user_agent?: string | null;
  country_code?: string | null;
}

export interface AdminUserTeam {
  id: string;
  display_name: string;
}

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
      return adminFetch<{ items: AdminUser[]; pagination?: { next_cursor?: string | null } }>(`/users?${params}`);
    },
    getNextPageParam: (page) => page.pagination?.next_cursor ?? undefined,
  });

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.one(id), queryFn: () => adminFetch<AdminUser>(userPath(id)) });

export const userSessionsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.sessions(id),
    queryFn: async () =>
      (
        await adminFetch<{ items: AdminSession[] }>(
          `/auth/sessions?user_id=${encodeURIComponent(id)}&include_origin=true`,
        )
      ).items,
  });

export const userTeamsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.teams(id),
    queryFn: async () =>
      (await adminFetch<{ items: AdminUserTeam[] }>(`/teams?user_id=${encodeURIComponent(id)}`)).items,
  });

export type MetadataField = "client_metadata" | "client_read_only_metadata" | "server_metadata";

export function useUpdateMetadata(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Record<MetadataField, Metadata>>) =>
      adminFetch<AdminUser>(userPath(id), { method: "PATCH", json: patch }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.one(id), user),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminFetch<unknown>(userPath(id), { method: "DELETE" }),
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
