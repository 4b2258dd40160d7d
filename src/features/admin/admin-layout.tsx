import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { isAdminQuery } from "./admin-api";
import { AdminNav } from "./admin-nav";

/** /admin/*: the operators' area. Everyone else learns why they cannot enter, and nothing loads. */
export function AdminLayout() {
  const { t, i18n } = useLingui();
  const isAdmin = useQuery(isAdminQuery());

  if (isAdmin.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-8 text-slate-300">
        <Spinner />
        {t`Loading...`}
      </p>
    );
  }
  if (isAdmin.isError || !isAdmin.data) {
    return (
      <div className="mx-auto grid max-w-xl gap-3 p-8 text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-amber-300" />
        <h1 className="text-2xl font-semibold text-white">{t`Admin area`}</h1>
        <p role="alert" className="text-slate-300">
          {isAdmin.isError
            ? errorText(i18n, isAdmin.error)
            : t`This area is for the instance's operators. Operators are the account made through the setup link at the first start, and those named by their verified e-mail address in the server's ADMIN_EMAILS setting.`}
        </p>
      </div>
    );
  }
  return (
    // grid-cols-1 (minmax(0, 1fr)) and min-w-0: on a phone the nav scrolls sideways in its own row
    // instead of widening the page to its full length.
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:grid-cols-[12rem_1fr] md:p-8">
      <div className="grid min-w-0 grid-cols-1 content-start gap-3">
        <h1 className="text-xl font-semibold text-white">{t`Admin area`}</h1>
        <AdminNav />
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
