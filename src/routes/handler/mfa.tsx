import { createFileRoute } from "@tanstack/react-router";
import { MfaPage } from "@/features/auth/mfa-page";

export const Route = createFileRoute("/handler/mfa")({ component: MfaPage });
