import type { Database } from "@contract/databases";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { TypedNameConfirmDialog } from "@/components/typed-name-confirm-dialog";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useDeleteDatabase } from "./database-mutations";

/**
 * Deletes a database once its name is typed: a managed one with all its data, an external one only
 * from this console (the PostgreSQL database itself stays). Then goes home.
 */
export function DeleteDatabaseDialog({ database, onClose }: { database: Database | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteDatabase();
  const [error, setError] = useState<string | null>(null);
  // Another database to delete starts without the last one's failure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the database's identity is what resets it
  useEffect(() => setError(null), [database]);
  const name = database?.name ?? "";

  async function onDelete() {
    if (!database) return;
    setError(null);
    try {
      await remove.mutateAsync(database.id);
      notify.success(t`Database "${name}" deleted.`);
      onClose();
      await navigate({ to: "/" });
    } catch (failure) {
      setError(errorText(i18n, failure));
    }
  }

  return (
    <TypedNameConfirmDialog
      open={database !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Delete database`}
      description={
        database?.kind === "external"
          ? t`"${name}" is removed from this console; the PostgreSQL database itself stays as it is.`
          : t`"${name}" and all its tables and rows are deleted. This cannot be undone.`
      }
      name={name}
      error={error}
      pending={remove.isPending}
      onConfirm={() => void onDelete()}
    />
  );
}
