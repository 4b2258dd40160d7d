import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminFetch, adminKeys } from "../admin-api";

export type TemplateType = "email_verification" | "password_reset" | "magic_link" | "team_invitation";

export interface EmailTemplate {
  type: TemplateType;
  subject: string;
  content: string;
  is_default: boolean;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface SentEmail {
  id: string;
  subject: string;
  to: string[];
  sent_at_millis: number;
  error: string | null;
  status: "pending" | "sent" | "failed" | "logged";
  /** The outbox still holds the text and HTML (not yet delivered, or no SMTP server took it). */
  body_kept: boolean;
}

/** One mail opened: its body and link while the outbox keeps them, else null. */
export interface OpenedEmail extends SentEmail {
  text: string | null;
  html: string | null;
  link: string | null;
}

export interface SmtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  sender_name: string;
  sender_email: string;
}

const emailKeys = {
  templates: () => [...adminKeys.all, "email-templates"] as const,
  preview: (type: TemplateType, subject: string, content: string) =>
    [...adminKeys.all, "email-preview", type, subject, content] as const,
  sent: () => [...adminKeys.all, "sent-emails"] as const,
  one: (id: string) => [...adminKeys.all, "sent-emails", id] as const,
};

export const templatesQuery = () =>
  queryOptions({
    queryKey: emailKeys.templates(),
    queryFn: async () => (await adminFetch<{ items: EmailTemplate[] }>("/email-templates")).items,
  });

/** The template as a mail would carry it, filled with example values (the unsaved edit included). */
export const previewQuery = (type: TemplateType, subject: string, content: string) =>
  queryOptions({
    queryKey: emailKeys.preview(type, subject, content),
    queryFn: () =>
      adminFetch<RenderedEmail>("/internal/email-templates/preview", {
        method: "POST",
        json: { type, subject, content },
      }),
    enabled: subject.trim() !== "" && content !== "",
    placeholderData: (previous) => previous,
  });

export const sentEmailsQuery = () =>
  queryOptions({
    queryKey: emailKeys.sent(),
    queryFn: async () => (await adminFetch<{ items: SentEmail[] }>("/internal/emails?include_status=true")).items,
  });

/** A mail's body carries credentials (its link): read when opened, never kept after the dialog. */
export const openedEmailQuery = (id: string) =>
  queryOptions({
    queryKey: emailKeys.one(id),
    queryFn: () => adminFetch<OpenedEmail>(`/internal/emails/${encodeURIComponent(id)}`),
    gcTime: 0,
  });

/** Queues the same mail again, to the same recipient (a new outbox entry). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch<{ success: boolean; id: string }>(`/internal/emails/${encodeURIComponent(id)}/resend`, {
        method: "POST",
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.sent(), exact: true }),
  });
}

const templatePath = (type: TemplateType) => `/email-templates/${type}`;

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, subject, content }: { type: TemplateType; subject: string; content: string }) =>
      adminFetch<EmailTemplate>(templatePath(type), { method: "PATCH", json: { subject, content } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates() }),
  });
}

export function useResetTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: TemplateType) => adminFetch<unknown>(templatePath(type), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates() }),
  });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipient_email: string; email_config: SmtpConfig }) =>
      adminFetch<{ success: boolean; error_message?: string }>("/internal/send-test-email", {
        method: "POST",
        json: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.sent() }),
  });
}
