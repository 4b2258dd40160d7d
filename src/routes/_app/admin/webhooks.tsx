import { createFileRoute } from "@tanstack/react-router";
import { WebhooksPage } from "@/features/admin/webhooks/webhooks-page";

export const Route = createFileRoute("/_app/admin/webhooks")({ component: WebhooksPage });
