import { Trans, useLingui } from "@lingui/react/macro";
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

/** A dialog's code that did not arrive (offline before the service worker kept it). */
class DialogLoadError extends Error {}

/** Lazily loaded dialogs whose load failed: React keeps a failed lazy() failed, so a retry makes them anew. */
const failed = new Set<() => void>();

/**
 * A dialog loaded on first use (nobody needs it for the first paint). Mount it in a LazyDialog: if
 * its code cannot load, that says so instead of the page falling into the router's error screen.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (loaded) => ({ default: loaded }),
        (cause: unknown) => {
          failed.add(renew);
          throw new DialogLoadError("The dialog's code could not be loaded", { cause });
        },
      ),
    );
  let Current = make();
  function renew() {
    Current = make();
  }
  return function LazyLoadedDialog(props: P) {
    return <Current {...props} />;
  };
}

interface LazyDialogProps {
  /** Whether the dialog is meant to be open: a failed load is shown only then. */
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

interface LazyDialogState {
  failure: DialogLoadError | null;
  /** `open` when the failure came: opening again later tries again. */
  openAtFailure: boolean;
}

/**
 * Where a lazyDialog is mounted: loads it quietly, and if its code does not arrive shows a small
 * dialog saying it needs a connection, with Try again and Close, while the page stays usable.
 * Any other error goes on to the router's error screen as before.
 */
export class LazyDialog extends Component<LazyDialogProps, LazyDialogState> {
  override state: LazyDialogState = { failure: null, openAtFailure: false };

  static getDerivedStateFromError(error: unknown): Partial<LazyDialogState> {
    if (error instanceof DialogLoadError) return { failure: error, openAtFailure: true };
    throw error;
  }

  static getDerivedStateFromProps(props: LazyDialogProps, state: LazyDialogState): Partial<LazyDialogState> | null {
    if (!state.failure) return null;
    if (!props.open) return { openAtFailure: false };
    // Opened anew after the failure was closed: try the load again.
    if (!state.openAtFailure) {
      retryFailedLoads();
      return { failure: null };
    }
    return null;
  }

  retry = () => {
    retryFailedLoads();
    this.setState({ failure: null });
  };

  override render() {
    if (this.state.failure) {
      return <LoadFailedDialog open={this.props.open} onClose={this.props.onClose} onRetry={this.retry} />;
    }
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

function retryFailedLoads() {
  for (const renew of failed) renew();
  failed.clear();
}

/**
 * The notice itself is a native <dialog>, not the Radix one: it must be in the first download, since
 * the code that failed may be the very dialog code, and showModal() gives focus trap, Escape and an
 * inert page behind for a few hundred bytes.
 */
function LoadFailedDialog({ open, onClose, onRetry }: { open: boolean; onClose(): void; onRetry(): void }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(event) => {
        // Escape: closed through the owner's state, like the Close button.
        event.preventDefault();
        onClose();
      }}
      // Layout only while open: a display class on the element itself would beat the closed dialog's display: none.
      className="m-auto w-[calc(100%-2rem)] max-w-lg open:grid open:gap-4 rounded-lg border border-white/10 bg-slate-900 p-6 text-slate-100 shadow-xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
    >
      <div className="grid gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          <Trans>This needs a connection</Trans>
        </h2>
        <p id={`${id}-description`} className="text-sm text-slate-300">
          <Trans>
            This part of the console has not been downloaded yet. Connect to the internet and try again; the rest of the
            page works as before.
          </Trans>
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t`Close`}
        </Button>
        <Button onClick={onRetry}>{t`Try again`}</Button>
      </div>
    </dialog>
  );
}
