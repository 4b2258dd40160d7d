import { createFileRoute, redirect } from "@tanstack/react-router";

/** The SDK's account-settings handler page is ours at /account. */
export const Route = createFileRoute("/handler/account-settings")({
  beforeLoad: () => {
    throw redirect({ to: "/account", replace: true });
  },
});
