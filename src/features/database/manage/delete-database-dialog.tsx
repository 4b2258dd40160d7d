import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/lib/notify";
import { databaseErrorText } from "../database-errors";
import { useDeleteDatabase } from "./database-mutations";

/**
 * Deletes a database once its name is typed: a managed one with all its data, an external one only
 * from this console (the PostgreSQL database itself stays). Then goes home.
 */
export function DeleteDatabaseDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteDatabase();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // Another database to delete starts with an empty confirmation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the database's identity is what resets it
  useEffect(() => {
    setTyped("");
    setError(null);
  }, [database]);
  const name = database?.name ?? "";
  const matches = typed === name && name !== "";

  async function onDelete() {
    if (!database || !matches) return;
    setError(null);
    try {
      await remove.mutateAsync(database.id);
      notify.success(t`Database "${name}" deleted.`);
      onClose();
      await navigate({ to: "/" });
    } catch (failure) {
      setError(databaseErrorText(i18n, failure));
    }
  }

  return (
    <AlertDialog open={database !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t`Delete database`}</AlertDialogTitle>
        <AlertDialogDescription>
          {database?.kind === "external"
            ? t`"${name}" is removed from this console; the PostgreSQL database itself stays as it is.`
            : t`"${name}" and all its tables and rows are deleted. This cannot be undone.`}
        </AlertDialogDescription>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void onDelete();
          }}
        >
          <Label htmlFor={`${id}-confirm`}>{t`Type the name "${name}" to confirm`}</Label>
          <Input
            id={`${id}-confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t`Cancel`}
              </Button>
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending && <Spinner />}
              {t`Delete database`}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
