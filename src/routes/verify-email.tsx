import { createFileRoute, useSearch } from "@tanstack/react-router";
import { VerifyEmailPage } from "@/features/auth/verify-email-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/verify-email")({
  validateSearch: stringParams(["code"]),
  component: function VerifyEmailRoute() {
    const { code } = useSearch({ from: "/verify-email" });
    return <VerifyEmailPage code={code} />;
  },
});
