import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Root of every admin query key: never persisted offline (src/lib/query-persistence.ts). */
export const adminKeys = {
  all: ["admin"] as const,
  me: () => [...adminKeys.all, "me"] as const,
};

/** GET /admin/me: whether the user is an operator, and for operators how the instance's mail leaves. */
export interface AdminMe {
  isAdmin: boolean;
  /** `outbox`: no SMTP server, mail waits in the outbox (Admin → E-mails). */
  mail?: "smtp" | "outbox" | "external";
}

export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: () => apiRequest<AdminMe>("/admin/me"),
    staleTime: 60_000,
  });

/** Whether the signed-in user is one of the instance's operators (the first operator, ADMIN_EMAILS). */
export const isAdminQuery = () => queryOptions({ ...adminMeQuery(), select: (me: AdminMe) => me.isAdmin });
