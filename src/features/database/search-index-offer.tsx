import type { SearchIndex, SearchIndexCreated } from "@contract/search-index";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { apiRequest } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import type { OpenTable } from "./schema-tree";

/** From this many (estimated) rows on, a search is slow enough for the offer to be worth its line. */
const OFFER_MIN_ROWS = 10_000;

const indexKey = (dbId: string, table: OpenTable, column: string) =>
  ["db", dbId, "search-index", table.schemaName, table.tableName, column] as const;

/**
 * Next to a search on a large table: a `contains` search reads every row unless a trigram index
 * (pg_trgm) covers the column. Offered where the database has pg_trgm and no such index exists; the
 * statements are shown in a confirmation before anything runs.
 */
export function SearchIndexOffer({
  dbId,
  table,
  column,
  estimatedRows,
}: {
  dbId: string;
  table: OpenTable;
  column: string;
  /** The planner's estimate of the table's rows (null: never analysed). */
  estimatedRows: number | null;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const large = (estimatedRows ?? 0) >= OFFER_MIN_ROWS;
  const base = `/db/${encodeURIComponent(dbId)}/table/${encodeURIComponent(table.tableName)}/search-index`;
  const offer = useQuery({
    queryKey: indexKey(dbId, table, column),
    queryFn: () => apiRequest<SearchIndex>(`${base}?${new URLSearchParams({ schemaName: table.schemaName, column })}`),
    enabled: large,
    staleTime: 60_000,
  });
  const create = useMutation({
    mutationFn: () =>
      apiRequest<SearchIndexCreated>(base, { method: "POST", json: { schemaName: table.schemaName, column } }),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: indexKey(dbId, table, column) });
    },
  });
  if (create.isSuccess) {
    return (
      <p role="status" className="text-sm text-emerald-300">
        <Trans>Trigram index created: searches in “{column}” can use it now.</Trans>
      </p>
    );
  }
  if (!large || !offer.data?.available || offer.data.indexed) return null;
  const statements = offer.data.statements;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-300" data-testid="search-index-offer">
      <span>
        <Trans>Searching “{column}” reads every row of this table. A trigram index makes it fast.</Trans>
      </span>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        <Trans>Add a trigram index…</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) create.reset();
          setConfirming(open);
        }}
        title={t`Add a trigram index?`}
        description={t`This runs the following statements on the database. Building the index reads the whole table and blocks writes to it until it is done.`}
        confirmLabel={t`Create index`}
        confirmVariant="default"
        pending={create.isPending}
        pendingLabel={t`Creating index…`}
        onConfirm={() => create.mutate()}
      >
        <ScrollRegion label={t`Statements`} className="max-h-64 overflow-y-auto rounded bg-slate-950 p-2">
          <pre className="font-mono text-xs break-all whitespace-pre-wrap text-slate-200">{statements.join("\n")}</pre>
        </ScrollRegion>
        {create.isError && (
          <p role="alert" className="text-sm text-red-400">
            {errorText(i18n, create.error)}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
