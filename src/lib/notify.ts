import type { ExternalToast, ToasterProps } from "sonner";
import { announce } from "./announcer";

type Sonner = typeof import("sonner");

/**
 * sonner (the toasts and their Toaster, some 9 KB gzip) is no part of the first paint: it is loaded
 * once the first route is shown (main.tsx) or at the first toast, whichever comes first. A toast
 * asked for before it arrives is shown when it does (sonner replays toasts made before its Toaster
 * subscribed), and calls keep their order: they all wait on the one import.
 */
let sonner: Promise<Sonner> | null = null;
let loadedToaster: Sonner["Toaster"] | null = null;
const toasterListeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner").then((module) => {
    loadedToaster = module.Toaster;
    for (const listener of toasterListeners) listener();
    return module;
  });
  return sonner;
}

/** For LazyToaster (useSyncExternalStore): the Toaster once sonner is loaded, null before. */
export const toasterStore = {
  subscribe(listener: () => void): () => void {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
  get: (): Sonner["Toaster"] | null => loadedToaster,
};
export type { ToasterProps };

let nextId = 0;
/** Ids are given here, not by sonner, so a caller can dismiss a toast sonner has not made yet. */
const show = (
  kind: "success" | "error" | "loading" | "message",
  message: string,
  options: ExternalToast = {},
): string | number => {
  const id = options.id ?? `notify-${++nextId}`;
  void loadSonner().then(({ toast }) =>
    kind === "message" ? toast(message, { ...options, id }) : toast[kind](message, { ...options, id }),
  );
  return id;
};

/**
 * Toasts that are also spoken: every message goes to sonner and to the live region, so
 * screen-reader users hear it even when the toast is gone before they get there.
 */
export const notify = {
  success(message: string, options?: { id?: string | number }) {
    announce(message);
    return show("success", message, options);
  },
  error(message: string, options?: { id?: string | number }) {
    announce(message, "assertive");
    return show("error", message, options);
  },
  loading(message: string, options?: { id?: string | number }) {
    announce(message);
    return show("loading", message, options);
  },
  /** A toast that waits for an answer (its action), e.g. a new version of the app. */
  ask(message: string, options: ExternalToast) {
    announce(message);
    return show("message", message, options);
  },
  dismiss(id?: string | number) {
    void loadSonner().then(({ toast }) => toast.dismiss(id));
  },
};
