import { createFileRoute, useSearch } from "@tanstack/react-router";
import { ErrorPage } from "@/features/auth/error-page";
import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { stringParams } from "@/lib/search-params";

export const Route = createFileRoute("/handler/error")({
  validateSearch: stringParams(["message", "errorCode"]),
  // The page puts the URL's error code into words at once, so the code→text map must be there.
  loader: () => loadErrorTexts(),
  component: function ErrorRoute() {
    const { message, errorCode } = useSearch({ from: "/handler/error" });
    return <ErrorPage message={message} errorCode={errorCode} />;
  },
});
