import { createFileRoute, useSearch } from "@tanstack/react-router";
import { PasswordResetPage } from "@/features/auth/password-reset-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/handler/password-reset")({
  validateSearch: stringParams(["code"]),
  component: function PasswordResetRoute() {
    const { code } = useSearch({ from: "/handler/password-reset" });
    return <PasswordResetPage code={code} />;
  },
});
