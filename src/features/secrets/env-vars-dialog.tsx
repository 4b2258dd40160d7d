import type { ResourceOwner } from "@contract/teams";
import { useLingui } from "@lingui/react/macro";
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
import { SecretsPanel } from "./secrets-panel";

interface EnvVarsDialogProps {
  app: { id: string; title: string; owner?: ResourceOwner } | null;
  onOpenChange(open: boolean): void;
}

/** The environment variables of one app in a dialog: the same panel as on the app's page. */
export function EnvVarsDialog({ app, onOpenChange }: EnvVarsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={app !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Environment Variables`}</DialogTitle>
          <DialogDescription>{app?.title}</DialogDescription>
        </DialogHeader>
        {app && <SecretsPanel appId={app.id} owner={app.owner} appTitle={app.title} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t`Close`}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
