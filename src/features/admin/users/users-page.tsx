import { isOperatorAddress, type OperatorList } from "@contract/operators";
import { useLingui } from "@lingui/react/macro";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "../admin-me";
import { AdminTable } from "../admin-table";
import { type AdminUser, usersQuery } from "./users-api";

/** Who the operator rule names (GET /admin/operators), for the Operator column. */
const operatorsQuery = queryOptions({
  queryKey: [...adminKeys.all, "operators"],
  queryFn: () => apiRequest<OperatorList>("/admin/operators"),
  staleTime: 60_000,
});

/** The same rule as the admin gate's: the first operator, or a verified address in ADMIN_EMAILS. */
function isOperator(user: AdminUser, operators: OperatorList | undefined): boolean | undefined {
  if (!operators) return undefined;
  if (user.id === operators.firstOperatorId) return true;
  return isOperatorAddress(operators.emails, {
    primaryEmail: user.primary_email,
    primaryEmailVerified: user.primary_email_verified,
  });
}

/**
 * /admin/users: every user of the project, newest first, searchable by e-mail, name or id, with
 * whether their e-mail is verified and whether they are an operator of the instance.
 */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 300);
  const users = useInfiniteQuery(usersQuery(query));
  const operators = useQuery(operatorsQuery).data;
  const yesNo = (value: boolean | undefined) => (value === undefined ? "…" : value ? t`Yes` : t`No`);
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const date = (millis: number) => i18n.date(new Date(millis), { dateStyle: "medium" });

  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Users`}</h2>
      <div className="relative max-w-md">
        <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          type="search"
          aria-label={t`Search users`}
          placeholder={t`Search by e-mail, name or ID`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-8"
        />
      </div>
      <QueryState
        query={users}
        isEmpty={() => rows.length === 0}
        empty={<p className="text-slate-300">{query ? t`No users match "${query}".` : t`No users yet.`}</p>}
      >
        {() => (
          <AdminTable
            label={t`Users`}
            columns={[t`User`, t`E-mail verified`, t`Operator`, t`Signed up`, t`Last active`]}
          >
            {rows.map((user) => (
              <tr key={user.id} className="border-t border-white/10 text-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link
                    to="/admin/users/$userId"
                    params={{ userId: user.id }}
                    className="text-indigo-300 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-300"
                  >
                    {user.primary_email ?? user.display_name ?? user.id}
                  </Link>
                  {user.display_name && user.primary_email && (
                    <span className="block text-xs text-slate-400">{user.display_name}</span>
                  )}
                </th>
                <td className="px-3 py-2">{user.primary_email ? yesNo(user.primary_email_verified) : "—"}</td>
                <td className="px-3 py-2">{yesNo(isOperator(user, operators))}</td>
                <td className="whitespace-nowrap px-3 py-2">{date(user.signed_up_at_millis)}</td>
                <td className="whitespace-nowrap px-3 py-2">{date(user.last_active_at_millis)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
      {users.hasNextPage && (
        <div>
          <Button variant="outline" disabled={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            {users.isFetchingNextPage && <Spinner />}
            {t`Load more`}
          </Button>
        </div>
      )}
    </div>
  );
}
