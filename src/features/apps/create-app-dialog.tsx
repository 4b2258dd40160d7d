import { APP_DESCRIPTION_MAX_LENGTH, APP_TITLE_MAX_LENGTH } from "@contract/input-limits";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { onlineManager } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { DialogFormEnd } from "@/components/dialog-form-end";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/errors/error-text";
import { SCHEMA_FIELD_TEXTS } from "@/lib/errors/schema-field-texts";
import { notify } from "@/lib/notify";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { useCreateApp } from "./mutations";

export function CreateAppDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const create = useCreateApp();
  const { workspace, team } = useWorkspace();
  const teamName = team?.displayName ?? "";
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function changeOpen(next: boolean) {
    if (!next) setError(null);
    onOpenChange(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const input = {
      title: String(form.get("title")).trim(),
      description: String(form.get("description") ?? ""),
      openapi_spec_ids: [],
      // In the selected workspace: a team's app belongs to the team.
      ...(workspace.type === "team" ? { team_id: workspace.id } : {}),
    };
    // The server's rule (a title that is not only spaces), said here before anything is sent.
    if (input.title === "") {
      setError(i18n._(SCHEMA_FIELD_TEXTS.title));
      return;
    }
    if (!onlineManager.isOnline()) {
      // Queued: it is sent when the network returns (see registerAppMutationDefaults).
      create.mutate(input);
      notify.success(t`You are offline. The app will be created when you are back online.`);
      formRef.current?.reset();
      changeOpen(false);
      return;
    }
    try {
      const app = await create.mutateAsync(input);
      await navigate({ to: "/apps/$appId", params: { appId: app.id } });
      formRef.current?.reset();
      changeOpen(false);
    } catch (e) {
      setError(errorText(i18n, e, msg`Failed to create app`));
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>{t`Create new app`}</DialogTitle>
          <DialogDescription>
            {team
              ? t`The app belongs to the team ${teamName}. Give it a title and, if you like, a description.`
              : t`Give your app a title and, if you like, a description.`}
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} className="grid gap-4" onSubmit={(e) => void onSubmit(e)}>
          <div className="grid gap-2">
            <Label htmlFor="app-title">{t`Title`}</Label>
            <Input id="app-title" name="title" required autoComplete="off" maxLength={APP_TITLE_MAX_LENGTH} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="app-description">{t`Description`}</Label>
            <Textarea id="app-description" name="description" maxLength={APP_DESCRIPTION_MAX_LENGTH} />
          </div>
          <DialogFormEnd error={error} pending={create.isPending} disabled={create.isPending}>
            {create.isPending ? t`Creating...` : t`Create App`}
          </DialogFormEnd>
        </form>
      </DialogContent>
    </Dialog>
  );
}
