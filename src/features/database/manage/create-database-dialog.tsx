import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { databaseErrorText } from "../database-errors";
import { DATABASE_NAME_MAX_LENGTH, useCreateDatabase } from "./database-mutations";

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
  const [kind, setKind] = useState<Kind>("managed");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

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
    try {
      const database = await create.mutateAsync(
        kind === "managed" ? { kind, name: trimmed } : { kind, name: trimmed, url: url.trim() },
      );
      notify.success(t`Database "${trimmed}" created.`);
      changeOpen(false);
      await navigate({ to: "/db/$dbId", params: { dbId: database.id } });
    } catch (failure) {
      setError(databaseErrorText(i18n, failure));
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`New database`}</DialogTitle>
          <DialogDescription>
            {t`Create a database this server keeps for you, or connect a PostgreSQL database you already have.`}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t`Kind`}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value="managed"
                checked={kind === "managed"}
                onChange={() => setKind("managed")}
                className="mt-1"
              />
              <span>
                {t`Managed database`}
                <span className="block text-xs text-slate-400">{t`Created and stored by this server.`}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value="external"
                checked={kind === "external"}
                onChange={() => setKind("external")}
                className="mt-1"
              />
              <span>
                {t`Connect PostgreSQL`}
                <span className="block text-xs text-slate-400">
                  {t`An existing database by its URL; the server checks it by connecting and keeps the URL encrypted.`}
                </span>
              </span>
            </label>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t`Name`}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              maxLength={DATABASE_NAME_MAX_LENGTH}
              autoComplete="off"
            />
          </div>
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
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t`Cancel`}</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending || name.trim() === ""}>
              {create.isPending && <Spinner />}
              {create.isPending
                ? kind === "external"
                  ? t`Connecting…`
                  : t`Creating…`
                : kind === "external"
                  ? t`Connect`
                  : t`Create database`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
