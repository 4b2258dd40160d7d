import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { getStackApp } from "@/lib/session/stack";

/** Root of the account page's query keys: SDK objects with methods, never persisted offline. */
export const accountKeys = {
  all: ["account"] as const,
  user: () => [...accountKeys.all, "user"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  channels: () => [...accountKeys.all, "channels"] as const,
  project: () => [...accountKeys.all, "project"] as const,
};

/** The signed-in user as the SDK gives it (with its methods: update, updatePassword, ...). */
export const accountUserQuery = () =>
  queryOptions({
    queryKey: accountKeys.user(),
    queryFn: async () => (await getStackApp()).getUser({ or: "throw" }),
    staleTime: 0,
  });

export type AccountUser = Awaited<ReturnType<NonNullable<ReturnType<typeof accountUserQuery>["queryFn"]>>>;

/** Re-reads the account after a change, so every section shows the stored state. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** What the project lets users do themselves (client user deletion). */
export const accountProjectQuery = () =>
  queryOptions({
    queryKey: accountKeys.project(),
    queryFn: async () => (await getStackApp()).getProject(),
  });
