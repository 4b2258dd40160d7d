import type { SnippetRecord } from "@contract/snippets";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UseStore } from "idb-keyval";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SnippetsSection } from "../snippets/snippets-section";
import { type HistoryEntry, searchHistory } from "./workbench-store";

const PREVIEW_CHARS = 120;
const preview = (sql: string) => {
  const line = sql.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
};

/**
 * The user's snippets (kept by the server) and this device's query history of the database
 * (searchable; a query from it can be saved as a snippet); a click loads the SQL.
 */
export function HistoryPanel({
  dbId,
  history,
  onLoad,
  onOpenSnippet,
  getEditorText,
  localStore,
}: {
  dbId: string;
  history: HistoryEntry[];
  onLoad: (sql: string) => void;
  onOpenSnippet: (snippet: SnippetRecord) => void;
  getEditorText: () => string;
  localStore?: UseStore;
}) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState("");
  const [draft, setDraft] = useState<string | null>(null);
  const found = searchHistory(history, query);

  return (
    <div className="flex flex-col gap-3 p-3 text-sm">
      <SnippetsSection
        dbId={dbId}
        getEditorText={getEditorText}
        draftSql={draft}
        onDraftDone={() => setDraft(null)}
        onOpen={onOpenSnippet}
        localStore={localStore}
      />
      <section aria-label={t`History`} className="flex min-h-0 flex-col gap-1">
        <h3 className="font-medium text-slate-200">
          <Trans>History</Trans>
        </h3>
        <Input
          aria-label={t`Search history`}
          placeholder={t`Search history`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {found.length === 0 ? (
          <p className="text-xs text-slate-400">
            <Trans>No queries yet.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {found.map((entry) => (
              <li key={`${entry.at}-${entry.sql.length}`} className="flex items-start gap-1">
                <button
                  type="button"
                  className="min-w-0 flex-1 rounded px-1 py-0.5 text-left hover:bg-white/10"
                  title={entry.sql}
                  onClick={() => onLoad(entry.sql)}
                >
                  <code className="block truncate font-mono text-xs text-slate-200">{preview(entry.sql)}</code>
                  <span className={`text-[11px] ${entry.ok || entry.cancelled ? "text-slate-400" : "text-red-400"}`}>
                    {i18n.date(new Date(entry.at), { dateStyle: "short", timeStyle: "medium" })} ·{" "}
                    <HistoryOutcome entry={entry} />
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  title={t`Save as snippet`}
                  aria-label={t`Save as snippet: ${preview(entry.sql)}`}
                  onClick={() => setDraft(entry.sql)}
                >
                  <Trans>Save…</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "12 rows, 4 ms", "10,000 of more rows, 80 ms" (cut at the row cap), "cancelled" or "failed". */
function HistoryOutcome({ entry }: { entry: HistoryEntry }) {
  const { i18n, t } = useLingui();
  const ms = Math.round(entry.durationMs);
  const rows = entry.rowCount;
  if (entry.cancelled) return <Trans>cancelled</Trans>;
  if (!entry.ok) return <Trans>failed</Trans>;
  if (rows === null) return <Trans>{ms} ms</Trans>;
  if (entry.truncated) {
    const shown = i18n.number(rows);
    return (
      <Trans>
        {shown} of more rows, {ms} ms
      </Trans>
    );
  }
  return <>{t`${plural(rows, { one: "# row", other: "# rows" })}, ${ms} ms`}</>;
}
