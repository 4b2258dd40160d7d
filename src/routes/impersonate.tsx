import { createFileRoute } from "@tanstack/react-router";
import { ImpersonatePage } from "@/features/impersonation/impersonate-page";

export const Route = createFileRoute("/impersonate")({ component: () => <ImpersonatePage /> });
