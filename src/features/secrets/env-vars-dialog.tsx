import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
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
import { notify } from "@/lib/notify";
import { AddEnvVarForm } from "./add-env-var-form";
import { secretsQuery } from "./api";
import { EnvVarRow } from "./env-var-row";

interface EnvVarsDialogProps {
  app: { id: string; title: string } | null;
  onOpenChange(open: boolean): void;
}

/** The environment variables of one app: masked list, reveal, edit one row at a time, delete, add. */
export function EnvVarsDialog({ app, onOpenChange }: EnvVarsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={app !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Environment Variables`}</DialogTitle>
          <DialogDescription>{app?.title}</DialogDescription>
        </DialogHeader>
        {app && <EnvVarsBody appId={app.id} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EnvVarsBody({ appId }: { appId: string }) {
  const { t } = useLingui();
  const secrets = useQuery(secretsQuery(appId));
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (secrets.error) notify.error(secrets.error.message);
  }, [secrets.error]);

  return (
    <div className="grid gap-3">
      {secrets.isPending ? (
        <p role="status" className="text-sm text-slate-300">
          {t`Loading environment variables...`}
        </p>
      ) : secrets.data?.length ? (
        <ul className="grid gap-2" aria-label={t`Environment Variables`}>
          {secrets.data.map((secret) => (
            <EnvVarRow
              key={secret.key}
              appId={appId}
              secret={secret}
              editing={editingKey === secret.key}
              onEdit={() => setEditingKey(secret.key)}
              onDoneEditing={() => setEditingKey(null)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-300">{t`No environment variables found`}</p>
      )}
      {adding ? (
        <AddEnvVarForm appId={appId} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t`Add New`}
        </Button>
      )}
    </div>
  );
}
