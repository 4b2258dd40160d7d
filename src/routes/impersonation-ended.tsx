import { createFileRoute } from "@tanstack/react-router";
import { ImpersonationEndedPage } from "@/features/impersonation/impersonation-ended-page";

export const Route = createFileRoute("/impersonation-ended")({ component: ImpersonationEndedPage });
