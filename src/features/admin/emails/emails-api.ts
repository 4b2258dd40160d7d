import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminFetch,
  adminKeys,
  adminSend,
  emailTemplateListSchema,
  emailTemplateSchema,
  openedEmailSchema,
  renderedEmailSchema,
  resentEmailSchema,
  type SmtpConfig,
  sentEmailWithStatusListSchema,
  type EmailTemplateType as TemplateType,
  testEmailResultSchema,
} from "../admin-api";

export type {
  EmailTemplateAnswer as EmailTemplate,
  EmailTemplateType as TemplateType,
  OpenedEmail,
  SentEmail,
  SmtpConfig,
} from "../admin-api";

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
    queryFn: async () => (await adminFetch("/email-templates", emailTemplateListSchema)).items,
  });

/** The template as a mail would carry it, filled with example values (the unsaved edit included). */
export const previewQuery = (type: TemplateType, subject: string, content: string) =>
  queryOptions({
    queryKey: emailKeys.preview(type, subject, content),
    queryFn: () =>
      adminFetch("/internal/email-templates/preview", renderedEmailSchema, {
        method: "POST",
        json: { type, subject, content },
      }),
    enabled: subject.trim() !== "" && content !== "",
    placeholderData: (previous) => previous,
  });

export const sentEmailsQuery = () =>
  queryOptions({
    queryKey: emailKeys.sent(),
    queryFn: async () =>
      (await adminFetch("/internal/emails?include_status=true", sentEmailWithStatusListSchema)).items,
  });

/** A mail's body carries credentials (its link): read when opened, never kept after the dialog. */
export const openedEmailQuery = (id: string) =>
  queryOptions({
    queryKey: emailKeys.one(id),
    queryFn: () => adminFetch(`/internal/emails/${encodeURIComponent(id)}`, openedEmailSchema),
    gcTime: 0,
  });

/** Queues the same mail again, to the same recipient (a new outbox entry). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch(`/internal/emails/${encodeURIComponent(id)}/resend`, resentEmailSchema, {
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
      adminFetch(templatePath(type), emailTemplateSchema, { method: "PATCH", json: { subject, content } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates() }),
  });
}

export function useResetTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: TemplateType) => adminSend(templatePath(type), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates() }),
  });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipient_email: string; email_config: SmtpConfig }) =>
      adminFetch("/internal/send-test-email", testEmailResultSchema, {
        method: "POST",
        json: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.sent() }),
  });
}
