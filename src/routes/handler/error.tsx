import { createFileRoute, useSearch } from "@tanstack/react-router";
import { ErrorPage } from "@/features/auth/error-page";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/handler/error")({
  validateSearch: stringParams(["message", "errorCode"]),
  component: function ErrorRoute() {
    const { message, errorCode } = useSearch({ from: "/handler/error" });
    return <ErrorPage message={message} errorCode={errorCode} />;
  },
});
