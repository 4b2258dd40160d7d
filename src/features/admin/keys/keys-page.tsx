import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { AdminTable } from "../admin-table";
import { CreateKeySetDialog } from "./create-key-set-dialog";
import { keyKindLabel } from "./key-kind-label";
import { KEY_KINDS, type KeySet, type KeySetStatus, keySetStatus, keySetsQuery } from "./keys-api";
import { RevokeKeySetDialog } from "./revoke-key-set-dialog";

function StatusBadge({ status }: { status: KeySetStatus }) {
  const { t } = useLingui();
  const label = { active: t`Active`, expired: t`Expired`, revoked: t`Revoked` }[status];
  return (
    <span
      className={cn(
        "rounded px-2 py-0.5 text-xs",
        status === "active" ? "bg-emerald-500/20 text-emerald-200" : "bg-white/10 text-slate-300",
      )}
    >
      {label}
    </span>
  );
}

/** /admin/keys: the project's internal API key sets; whole keys are shown only when created. */
export function KeysPage() {
  const { t, i18n } = useLingui();
  const sets = useQuery(keySetsQuery());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<KeySet | null>(null);
  const date = (millis: number) => i18n.date(new Date(millis), { dateStyle: "medium" });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-white">{t`API keys`}</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t`Create API keys`}
        </Button>
      </div>
      <QueryState query={sets} empty={<p className="text-slate-300">{t`No API keys yet.`}</p>}>
        {(data) => (
          <AdminTable
            label={t`API keys`}
            columns={[t`Description`, t`Keys`, t`Created`, t`Expires`, t`Status`]}
            actionsLabel={t`Actions`}
          >
            {data.map((set) => {
              const status = keySetStatus(set);
              const name = set.description || t`(no description)`;
              return (
                <tr key={set.id} className="border-t border-white/10 text-slate-100">
                  <th scope="row" className="px-3 py-2 font-normal">
                    {name}
                  </th>
                  <td className="px-3 py-2">
                    <ul className="grid gap-0.5">
                      {KEY_KINDS.map((kind) => {
                        const key = set[kind];
                        return key ? (
                          <li key={kind} className="whitespace-nowrap text-slate-300">
                            {keyKindLabel(i18n, kind)} <code className="text-slate-100">…{key.last_four}</code>
                          </li>
                        ) : null;
                      })}
                    </ul>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{date(set.created_at_millis)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date(set.expires_at_millis)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={status} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    {status === "active" && (
                      <Button variant="outline" size="sm" onClick={() => setRevoking(set)}>
                        {t`Revoke`}
                        <span className="sr-only"> {name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </QueryState>
      <CreateKeySetDialog open={creating} onOpenChange={setCreating} />
      <RevokeKeySetDialog keySet={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
