import { createFileRoute, useSearch } from "@tanstack/react-router";
import { MagicLinkCallbackPage } from "@/features/auth/magic-link-callback-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/handler/magic-link-callback")({
  validateSearch: stringParams(["code"]),
  component: function MagicLinkCallbackRoute() {
    const { code } = useSearch({ from: "/handler/magic-link-callback" });
    return <MagicLinkCallbackPage code={code} />;
  },
});
