import { createFileRoute } from "@tanstack/react-router";
import { EmailsPage } from "@/features/admin/emails/emails-page";

export const Route = createFileRoute("/_app/admin/emails")({ component: EmailsPage });
