import { createFileRoute, useSearch } from "@tanstack/react-router";
import { CliAuthConfirmPage } from "@/features/auth/cli-auth-confirm-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/handler/cli-auth-confirm")({
  validateSearch: stringParams(["login_code"]),
  component: function CliAuthConfirmRoute() {
    const { login_code } = useSearch({ from: "/handler/cli-auth-confirm" });
    return <CliAuthConfirmPage loginCode={login_code} />;
  },
});
