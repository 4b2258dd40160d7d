import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Input } from "@/components/ui/input";
import { AdminTable } from "../admin-table";
import { teamsQuery } from "./teams-api";

/** /admin/teams: every team of the project, filtered by name or id as it is typed. */
export function TeamsPage() {
  const { t, i18n } = useLingui();
  const teams = useQuery(teamsQuery());
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = (teams.data ?? []).filter(
    (team) => !needle || team.display_name.toLowerCase().includes(needle) || team.id.includes(needle),
  );

  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Teams`}</h2>
      <div className="relative max-w-md">
        <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          type="search"
          aria-label={t`Search teams`}
          placeholder={t`Search by name or ID`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="pl-8"
        />
      </div>
      <QueryState
        query={teams}
        isEmpty={() => shown.length === 0}
        empty={<p className="text-slate-300">{t`No teams found.`}</p>}
      >
        {() => (
          <AdminTable label={t`Teams`} columns={[t`Team`, t`Created`]}>
            {shown.map((team) => (
              <tr key={team.id} className="border-t border-white/10 text-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link
                    to="/admin/teams/$teamId"
                    params={{ teamId: team.id }}
                    className="text-indigo-300 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-300"
                  >
                    {team.display_name}
                  </Link>
                </th>
                <td className="whitespace-nowrap px-3 py-2">
                  {i18n.date(new Date(team.created_at_millis), { dateStyle: "medium" })}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </div>
  );
}
