import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { useCreateDatabase } from "./database-mutations";
import { DatabaseNameField } from "./database-name-field";

type Kind = "managed" | "external";

/**
 * New database: a managed one (the server creates and keeps it), or an existing PostgreSQL by its
 * URL, which the server connects to before keeping it sealed (and only where its outbound-address
 * policy allows). Opens the new database's page.
 */
export function CreateDatabaseDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const create = useCreateDatabase();
  const { workspace, team } = useWorkspace();
  const teamName = team?.displayName ?? "";
  const [kind, setKind] = useState<Kind>("managed");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const kinds: Array<{ kind: Kind; label: string; hint: string }> = [
    { kind: "managed", label: t`Managed database`, hint: t`Created and stored by this server.` },
    {
      kind: "external",
      label: t`Connect PostgreSQL`,
      hint: t`An existing database by its URL; the server checks it by connecting and keeps the URL encrypted.`,
    },
  ];

  function changeOpen(next: boolean) {
    if (!next) {
      setError(null);
      setName("");
      setUrl("");
      setKind("managed");
      create.reset();
    }
    onOpenChange(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (kind === "external" && !/^postgres(ql)?:\/\//.test(url.trim())) {
      setError(t`The URL starts with postgres:// or postgresql://.`);
      return;
    }
    // In the selected workspace: a team's database belongs to the team.
    const inTeam = workspace.type === "team" ? { team_id: workspace.id } : {};
    try {
      const database = await create.mutateAsync(
        kind === "managed" ? { kind, name: trimmed, ...inTeam } : { kind, name: trimmed, url: url.trim(), ...inTeam },
      );
      notify.success(t`Database "${trimmed}" created.`);
      changeOpen(false);
      await navigate({ to: "/db/$dbId", params: { dbId: database.id } });
    } catch (failure) {
      setError(errorText(i18n, failure));
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`New database`}</DialogTitle>
          <DialogDescription>
            {t`Create a database this server keeps for you, or connect a PostgreSQL database you already have.`}
            {team && ` ${t`It belongs to the team ${teamName}.`}`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t`Kind`}</legend>
            {kinds.map((option) => (
              <label key={option.kind} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value={option.kind}
                  checked={kind === option.kind}
                  onChange={() => setKind(option.kind)}
                  className="mt-1"
                />
                <span>
                  {option.label}
                  <span className="block text-xs text-slate-400">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <DatabaseNameField value={name} onChange={setName} />
          {kind === "external" && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-url`}>{t`Connection URL`}</Label>
              {/* A password travels in it: not remembered by the browser, not spell-checked. */}
              <Input
                id={`${id}-url`}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                required
                placeholder="postgresql://user:password@host:5432/database"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${id}-url-hint`}
              />
              <p id={`${id}-url-hint`} className="text-xs text-slate-400">
                {t`The server may only reach addresses its operator allows.`}
              </p>
            </div>
          )}
          <DialogFormEnd error={error} pending={create.isPending} disabled={create.isPending || name.trim() === ""}>
            {create.isPending
              ? kind === "external"
                ? t`Connecting…`
                : t`Creating…`
              : kind === "external"
                ? t`Connect`
                : t`Create database`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
