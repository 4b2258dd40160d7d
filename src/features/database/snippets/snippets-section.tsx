import type { SnippetRecord } from "@contract/snippets";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UseStore } from "idb-keyval";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useOnline } from "@/hooks/use-online";
import { errorText } from "@/lib/errors/error-text";
import { useRoleOn } from "@/lib/workspace/use-workspace";
import { atLeast } from "@/lib/workspace/workspace";
import { myTeamsQuery } from "@/lib/workspace/workspaces-api";
import { databasesQuery } from "../databases-api";
import { importLocalSnippets } from "./import-local-snippets";
import { deleteSnippet, saveSnippet, snippetKeys, snippetsQuery } from "./snippets-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's saved queries, kept by the server, and those of the team that owns the database on
 * screen: search, save (the editor's text, or a query from the history; for the team from the role
 * developer up), open, delete (what the server marks editable). The first time it shows, the snippets this browser kept locally move
 * to the server. Offline, the snippets already loaded stay readable; changes wait for a connection.
 */
export function SnippetsSection({
  dbId,
  getEditorText,
  draftSql,
  onDraftDone,
  onOpen,
  localStore,
}: {
  dbId: string;
  getEditorText: () => string;
  /** A query from the history to save instead of the editor's text. */
  draftSql: string | null;
  onDraftDone: () => void;
  onOpen: (snippet: SnippetRecord) => void;
  /** Where the browser's old snippets are (the workbench's IndexedDB store unless told). */
  localStore?: UseStore;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [q, setQ] = useState("");
  const [name, setName] = useState("");
  const [folder, setFolder] = useState("");
  const [forTeam, setForTeam] = useState(false);
  const database = useQuery(databasesQuery()).data?.find((db) => db.id === dbId);
  const teamOwner = database?.owner.type === "team" ? database.owner : undefined;
  const teamName = useQuery(myTeamsQuery()).data?.find((team) => team.id === teamOwner?.id)?.displayName;
  const mayShare = atLeast(useRoleOn(teamOwner), "developer") && teamOwner !== undefined;
  const nameInput = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const list = useQuery({ ...snippetsQuery(q.trim(), dbId), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: snippetKeys.all });

  const [importFailed, setImportFailed] = useState(false);
  useEffect(() => {
    // A failed import (offline, refused) keeps the local snippets for the next time the panel opens.
    importLocalSnippets(localStore).then(
      (imported) => imported > 0 && void queryClient.invalidateQueries({ queryKey: snippetKeys.all }),
      () => setImportFailed(true),
    );
  }, [localStore, queryClient]);

  useEffect(() => {
    if (draftSql !== null) nameInput.current?.focus();
  }, [draftSql]);

  const save = useMutation({
    mutationFn: (snippetName: string) =>
      saveSnippet({
        name: snippetName,
        sql: draftSql ?? getEditorText(),
        folder: folder.trim() || null,
        databaseId: UUID.test(dbId) ? dbId : null,
        teamId: mayShare && forTeam ? (teamOwner?.id ?? null) : null,
      }),
    onSuccess: () => {
      setName("");
      setFolder("");
      onDraftDone();
      return refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteSnippet, onSuccess: refresh });
  const failure = save.error ?? remove.error;
  const snippets = list.data ?? [];

  return (
    <section aria-label={t`Snippets`} className="flex flex-col gap-1">
      <h3 className="font-medium text-slate-200">
        <Trans>Snippets</Trans>
      </h3>
      <form
        className="flex flex-wrap gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (trimmed === "" || !online) return;
          if (!(draftSql ?? getEditorText()).trim()) return;
          save.mutate(trimmed);
        }}
      >
        <Input
          ref={nameInput}
          aria-label={t`Snippet name`}
          placeholder={t`Snippet name`}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          className="min-w-0 flex-1 basis-32"
        />
        <Input
          aria-label={t`Folder (optional)`}
          placeholder={t`Folder (optional)`}
          value={folder}
          maxLength={200}
          onChange={(e) => setFolder(e.target.value)}
          className="min-w-0 flex-1 basis-24"
        />
        <Button type="submit" variant="outline" size="sm" disabled={name.trim() === "" || !online || save.isPending}>
          <Trans>Save</Trans>
        </Button>
        {mayShare ? (
          <label className="flex basis-full items-center gap-2 text-xs text-slate-300">
            <input
              type="checkbox"
              className="size-4 accent-indigo-400"
              checked={forTeam}
              onChange={(e) => setForTeam(e.target.checked)}
            />
            {teamName
              ? t`Save for the team ${teamName} (every member can open it)`
              : t`Save for the team (every member can open it)`}
          </label>
        ) : null}
      </form>
      {draftSql !== null ? (
        <p className="flex items-center gap-1 text-xs text-slate-300">
          <Trans>Saving the query from the history.</Trans>
          <Button variant="ghost" size="sm" onClick={onDraftDone}>
            <Trans>Use the editor's text</Trans>
          </Button>
        </p>
      ) : null}
      {!online ? (
        <p role="status" className="text-xs text-amber-300">
          <Trans>Offline: saving or deleting a snippet needs a connection.</Trans>
        </p>
      ) : null}
      {importFailed ? (
        <p role="status" className="text-xs text-amber-300">
          <Trans>
            This browser's older snippets could not be moved to the server yet; they stay here and move the next time.
          </Trans>
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-xs text-red-400">
          {errorText(i18n, failure)}
        </p>
      ) : null}
      <Input
        type="search"
        aria-label={t`Search snippets`}
        placeholder={t`Search snippets`}
        value={q}
        maxLength={200}
        onChange={(e) => setQ(e.target.value)}
      />
      {list.isPending ? (
        <p role="status" className="text-xs text-slate-400">
          {online ? <Trans>Loading snippets…</Trans> : <Trans>The snippets are not available offline.</Trans>}
        </p>
      ) : list.isError && !list.data ? (
        <div role="alert" className="flex items-center gap-1 text-xs text-red-400">
          <span>
            <Trans>The snippets could not be loaded: {errorText(i18n, list.error)}</Trans>
          </span>
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : snippets.length === 0 ? (
        <p className="text-xs text-slate-400">
          {q.trim() ? (
            <Trans>No snippet matches this search.</Trans>
          ) : (
            <Trans>Save the editor text under a name to reuse it.</Trans>
          )}
        </p>
      ) : (
        <ul className="flex flex-col">
          {snippets.map((snippet) => (
            <li key={snippet.id} className="flex items-center gap-1">
              <button
                type="button"
                className="min-w-0 flex-1 rounded px-1 py-0.5 text-left hover:bg-white/10"
                title={snippet.sql}
                aria-describedby={`${idPrefix}-${snippet.id}`}
                onClick={() => onOpen(snippet)}
              >
                <span className="block truncate text-slate-200">
                  {snippet.folder ? <span className="text-slate-400">{snippet.folder} / </span> : null}
                  {snippet.name}
                  {snippet.owner.type === "team" ? (
                    <span className="ml-1 rounded bg-indigo-500/20 px-1 text-[10px] text-indigo-200">
                      <Trans>Team</Trans>
                    </span>
                  ) : null}
                </span>
                {/* The button's name is the snippet's; its last run is read as its description. */}
                <span
                  id={`${idPrefix}-${snippet.id}`}
                  aria-hidden
                  className="block truncate text-[11px] text-slate-400"
                >
                  {snippet.lastRunAt ? (
                    <Trans>
                      Last run {i18n.date(new Date(snippet.lastRunAt), { dateStyle: "short", timeStyle: "short" })}
                    </Trans>
                  ) : (
                    <Trans>Not run yet</Trans>
                  )}
                  {snippet.description ? ` · ${snippet.description}` : ""}
                </span>
              </button>
              {snippet.editable ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Delete snippet ${snippet.name}`}
                  disabled={!online || remove.isPending}
                  onClick={() => remove.mutate(snippet.id)}
                >
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
