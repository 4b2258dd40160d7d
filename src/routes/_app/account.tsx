import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/loading";
import { loadAreaMessages } from "@/lib/area-messages";

const AccountPage = lazy(() =>
  Promise.all([import("@/features/account/account-page"), loadAreaMessages()]).then(([module]) => ({
    default: module.AccountPage,
  })),
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
