import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { systemPermissionText } from "@/lib/system-permissions";
import { DefinitionForm } from "./definition-form";
import {
  definitionsQuery,
  isSystemPermission,
  type PermissionDefinition,
  type PermissionScope,
  useCreateDefinition,
  useDeleteDefinition,
  useUpdateDefinition,
} from "./permissions-api";

function EditTitle({ id }: { id: string }) {
  const { t } = useLingui();
  return <DialogTitle>{t`Edit ${id}`}</DialogTitle>;
}

/** One scope's definitions: the list (built-in ones read-only), a form to add one, edit and delete. */
export function DefinitionsSection({ scope, title }: { scope: PermissionScope; title: string }) {
  const { t, i18n } = useLingui();
  const definitions = useQuery(definitionsQuery(scope));
  const create = useCreateDefinition(scope);
  const update = useUpdateDefinition(scope);
  const remove = useDeleteDefinition(scope);
  const [editing, setEditing] = useState<PermissionDefinition | null>(null);
  const [deleting, setDeleting] = useState<PermissionDefinition | null>(null);
  const [formKey, setFormKey] = useState(0);
  const deletingId = deleting?.id ?? "";

  const headingId = `${scope}-definitions`;

  return (
    <section className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-medium text-white">
        {title}
      </h3>
      {definitions.isPending && <Spinner />}
      {definitions.isError && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, definitions.error)}
        </p>
      )}
      {definitions.data?.length === 0 && <p className="text-sm text-slate-300">{t`No permissions defined yet.`}</p>}
      <ul className="grid gap-1">
        {definitions.data?.map((definition) => {
          const system = isSystemPermission(definition.id);
          const id = definition.id;
          const builtInText = system ? systemPermissionText(id) : undefined;
          const description = builtInText ? i18n._(builtInText) : definition.description;
          return (
            <li
              key={definition.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-black/20 px-3 py-1.5"
            >
              <div className="min-w-0">
                <p className="font-mono text-sm text-slate-100">
                  {definition.id}
                  {system && <span className="ml-2 font-sans text-xs text-slate-400">{t`built in`}</span>}
                </p>
                {description && <p className="text-xs text-slate-400">{description}</p>}
                {definition.contained_permission_ids.length > 0 && (
                  <p className="text-xs text-slate-300">
                    {t`Contains:`} <span className="font-mono">{definition.contained_permission_ids.join(", ")}</span>
                  </p>
                )}
              </div>
              {!system && (
                <div className="flex gap-1">
                  <Button variant="ghost" size="icon" aria-label={t`Edit ${id}`} onClick={() => setEditing(definition)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Delete ${id}`}
                    onClick={() => setDeleting(definition)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <details className="rounded-md border border-white/10 p-3">
        <summary className="cursor-pointer text-sm text-indigo-300">{t`Add a permission`}</summary>
        <div className="mt-3">
          <DefinitionForm
            key={formKey}
            scope={scope}
            available={definitions.data ?? []}
            pending={create.isPending}
            submitLabel={t`Add permission`}
            onSubmit={async (definition) => {
              await create.mutateAsync(definition);
              notify.success(t`Permission added`);
              setFormKey((k) => k + 1);
            }}
          />
        </div>
      </details>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent closeLabel={t`Close`}>
          <DialogHeader>
            <EditTitle id={editing?.id ?? ""} />
            <DialogDescription>{t`Members holding it hold what it contains, at once.`}</DialogDescription>
          </DialogHeader>
          {editing && (
            <DefinitionForm
              scope={scope}
              initial={editing}
              available={definitions.data ?? []}
              pending={update.isPending}
              submitLabel={t`Save permission`}
              onSubmit={async (definition) => {
                await update.mutateAsync(definition);
                notify.success(t`Permission saved`);
                setEditing(null);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete permission`}
        description={t`Delete ${deletingId}? Everyone holding it loses it, and other permissions stop containing it.`}
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) {
            remove
              .mutateAsync(deleting.id)
              .then(() => notify.success(t`Permission deleted`))
              .catch((e: unknown) => notify.error(errorText(i18n, e, msg`An error occurred`)));
          }
          setDeleting(null);
        }}
      />
    </section>
  );
}
