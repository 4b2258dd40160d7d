import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";

const AccountPage = lazy(() =>
  import("@/features/account/account-page").then((module) => ({ default: module.AccountPage })),
);

/** A thin shell: the account page (and the SDK it uses) loads on demand. */
export const Route = createFileRoute("/_app/account")({
  component: function AccountRoute() {
    return (
      <Suspense fallback={<Loading />}>
        <AccountPage />
      </Suspense>
    );
  },
});
