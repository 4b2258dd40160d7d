import { ENVIRONMENT_NAME_MAX_LENGTH } from "@contract/environments";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FieldError } from "@/components/field-error";
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
import { errorText } from "@/lib/errors/error-text";
import { type Environment, useCreateEnvironment, useDeleteEnvironment, useUpdateEnvironment } from "./api";
import { slugFromName } from "./environment-slug";

interface ManageEnvironmentsDialogProps {
  appId: string;
  /** The app's environments in their order, as the switch shows them. */
  environments: readonly Environment[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Deleting needs an admin (the server's rule); a developer adds, renames and moves. */
  mayDelete: boolean;
  /** Offline: nothing can be changed. */
  readOnly: boolean;
  /** An environment's slug changed, so a page showing it can follow it. */
  onSlugChanged?(from: string, to: string): void;
  /** An environment was deleted, so a page showing it can move to another. */
  onDeleted?(slug: string): void;
}

/**
 * Adds, renames, moves and deletes an app's environments. The server keeps the rules (unique slug,
 * at most 20, at least one); its refusals are shown here in the user's language.
 */
export function ManageEnvironmentsDialog(props: ManageEnvironmentsDialogProps) {
  const { t } = useLingui();
  const { open, onOpenChange } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Manage environments`}</DialogTitle>
          <DialogDescription>{t`Add, rename, reorder or delete this app's environments.`}</DialogDescription>
        </DialogHeader>
        {open && <EnvironmentsEditor {...props} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EnvironmentsEditor({
  appId,
  environments,
  mayDelete,
  readOnly,
  onSlugChanged,
  onDeleted,
}: ManageEnvironmentsDialogProps) {
  const { t, i18n } = useLingui();
  const create = useCreateEnvironment(appId);
  const update = useUpdateEnvironment(appId);
  const remove = useDeleteEnvironment(appId);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const busy = readOnly || create.isPending || update.isPending || remove.isPending;

  /** Runs a change; a refusal is said once, in the dialog. */
  async function run(change: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await change();
      return true;
    } catch (e) {
      setError(errorText(i18n, e));
      return false;
    }
  }

  async function move(environment: Environment, position: number) {
    await run(() => update.mutateAsync({ slug: environment.slug, change: { position } }));
  }

  async function confirmDelete() {
    if (!deleting) return;
    const slug = deleting.slug;
    // The confirmation closes either way; a refusal (the last one) shows under the list.
    setDeleting(null);
    if (await run(() => remove.mutateAsync(slug))) onDeleted?.(slug);
  }

  const deletingName = deleting?.name ?? "";
  const deletingCount = deleting?.secretCount ?? 0;
  return (
    <div className="grid min-w-0 gap-4">
      <ul className="grid grid-cols-1 gap-2" aria-label={t`Environments`}>
        {environments.map((environment, index) => {
          const name = environment.name;
          const count = environment.secretCount;
          return (
            <li
              key={environment.id}
              className="grid min-w-0 gap-2 rounded-md border border-white/10 bg-white/5 px-3 py-2"
            >
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-medium break-words text-slate-100">{name}</span>
                <code className="min-w-0 font-mono text-xs break-all text-slate-400">{environment.slug}</code>
                <span className="text-xs text-slate-300">{t`${plural(count, { one: "# key", other: "# keys" })}`}</span>
                <div className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Move ${name} up`}
                    disabled={busy || index === 0}
                    onClick={() => void move(environment, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Move ${name} down`}
                    disabled={busy || index === environments.length - 1}
                    onClick={() => void move(environment, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Rename ${name}`}
                    aria-pressed={editing === environment.slug}
                    disabled={busy}
                    onClick={() => setEditing(editing === environment.slug ? null : environment.slug)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  {mayDelete && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t`Delete ${name}`}
                      disabled={busy}
                      onClick={() => setDeleting(environment)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </div>
              </div>
              {editing === environment.slug && (
                <RenameForm
                  environment={environment}
                  pending={update.isPending}
                  disabled={readOnly}
                  onCancel={() => setEditing(null)}
                  onSave={async (change) => {
                    const done = await run(() => update.mutateAsync({ slug: environment.slug, change }));
                    if (!done) return;
                    setEditing(null);
                    if (change.slug !== undefined) onSlugChanged?.(environment.slug, change.slug);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
      <FieldError message={error} />
      <AddForm pending={create.isPending} disabled={readOnly} onAdd={(input) => run(() => create.mutateAsync(input))} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={t`Delete environment ${deletingName}?`}
        description={t`${deletingName} holds ${plural(deletingCount, { one: "# secret", other: "# secrets" })}. They are deleted with it and its service tokens are revoked. This cannot be undone.`}
        confirmLabel={t`Delete environment`}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function RenameForm({
  environment,
  pending,
  disabled,
  onCancel,
  onSave,
}: {
  environment: Environment;
  pending: boolean;
  disabled: boolean;
  onCancel(): void;
  onSave(change: { name?: string; slug?: string }): Promise<void>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(environment.name);
  const [slug, setSlug] = useState(environment.slug);
  const current = environment.name;
  const nameId = `environment-name-${environment.id}`;
  const slugId = `environment-slug-${environment.id}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only what changed is sent: a slug sent unchanged would still be checked against the others.
    const change = {
      ...(name.trim() !== environment.name ? { name: name.trim() } : {}),
      ...(slug.trim() !== environment.slug ? { slug: slug.trim() } : {}),
    };
    if (Object.keys(change).length === 0) return onCancel();
    void onSave(change);
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={t`Rename ${current}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={nameId}>{t`New name`}</Label>
          <Input
            id={nameId}
            value={name}
            maxLength={ENVIRONMENT_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={slugId}>{t`New slug`}</Label>
          <Input
            id={slugId}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            required
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
      </div>
      <p className="text-xs text-slate-400">
        {t`A new slug changes the environment's links and its ?environment= name; its service tokens keep working.`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t`Cancel`}
        </Button>
        <Button type="submit" size="sm" disabled={disabled || pending}>
          {pending && <Spinner />}
          {t`Save`}
        </Button>
      </div>
    </form>
  );
}

function AddForm({
  pending,
  disabled,
  onAdd,
}: {
  pending: boolean;
  disabled: boolean;
  /** Resolves true once added (the form empties), false when refused (it keeps what was typed). */
  onAdd(input: { name: string; slug: string }): Promise<boolean>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  // The slug follows the name until it is typed in itself.
  const [ownSlug, setOwnSlug] = useState<string | null>(null);
  const slug = ownSlug ?? slugFromName(name);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || pending) return;
    if (await onAdd({ name: name.trim(), slug: slug.trim() })) {
      setName("");
      setOwnSlug(null);
    }
  }

  return (
    <form
      className="grid gap-3 rounded-md border border-white/10 p-3"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={t`Add environment`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="new-environment-name">{t`Name`}</Label>
          <Input
            id="new-environment-name"
            value={name}
            maxLength={ENVIRONMENT_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            required
            placeholder={t`QA`}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="new-environment-slug">{t`Slug`}</Label>
          <Input
            id="new-environment-slug"
            value={slug}
            onChange={(e) => setOwnSlug(e.target.value)}
            required
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            placeholder="qa"
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={disabled || pending || !name.trim() || !slug.trim()}>
          {pending && <Spinner />}
          {t`Add environment`}
        </Button>
      </div>
    </form>
  );
}
