import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type HistoryEntry, type Snippet, searchHistory } from "./workbench-store";

const PREVIEW_CHARS = 120;
const preview = (sql: string) => {
  const line = sql.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line;
};

/** The database's query history (searchable) and the browser's saved snippets; a click loads the SQL. */
export function HistoryPanel({
  history,
  snippets,
  onLoad,
  onSaveSnippet,
  onDeleteSnippet,
}: {
  history: HistoryEntry[];
  snippets: Snippet[];
  onLoad: (sql: string) => void;
  onSaveSnippet: (name: string) => void;
  onDeleteSnippet: (name: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState("");
  const [name, setName] = useState("");
  const found = searchHistory(history, query);

  return (
    <div className="flex flex-col gap-3 p-3 text-sm">
      <section aria-label={t`Snippets`} className="flex flex-col gap-1">
        <h3 className="font-medium text-slate-200">
          <Trans>Snippets</Trans>
        </h3>
        <form
          className="flex gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() === "") return;
            onSaveSnippet(name.trim());
            setName("");
          }}
        >
          <Input
            aria-label={t`Snippet name`}
            placeholder={t`Snippet name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="outline" size="sm" disabled={name.trim() === ""}>
            <Trans>Save</Trans>
          </Button>
        </form>
        {snippets.length === 0 ? (
          <p className="text-xs text-slate-400">
            <Trans>Save the editor text under a name to reuse it.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col">
            {snippets.map((snippet) => (
              <li key={snippet.name} className="flex items-center gap-1">
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate rounded px-1 py-0.5 text-left text-slate-200 hover:bg-white/10"
                  title={snippet.sql}
                  onClick={() => onLoad(snippet.sql)}
                >
                  {snippet.name}
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Delete snippet ${snippet.name}`}
                  onClick={() => onDeleteSnippet(snippet.name)}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
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
              <li key={`${entry.at}-${entry.sql.length}`}>
                <button
                  type="button"
                  className="w-full rounded px-1 py-0.5 text-left hover:bg-white/10"
                  title={entry.sql}
                  onClick={() => onLoad(entry.sql)}
                >
                  <code className="block truncate font-mono text-xs text-slate-200">{preview(entry.sql)}</code>
                  <span className={`text-[11px] ${entry.ok || entry.cancelled ? "text-slate-400" : "text-red-400"}`}>
                    {i18n.date(new Date(entry.at), { dateStyle: "short", timeStyle: "medium" })} ·{" "}
                    <HistoryOutcome entry={entry} />
                  </span>
                </button>
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
