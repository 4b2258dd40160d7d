import type { App as AppWire, CreateApp } from "@contract/apps";

export type { AppWire, CreateApp };

/** An app as the UI uses it: dates parsed, plus the local busy flag. */
export interface App extends Omit<AppWire, "createdAt" | "updatedAt" | "deletedAt"> {
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  isBusy: boolean;
}

export function toApp(wire: AppWire): App {
  return {
    ...wire,
    description: wire.description ?? "",
    openapi_spec_ids: wire.openapi_spec_ids ?? [],
    createdAt: new Date(wire.createdAt),
    updatedAt: new Date(wire.updatedAt),
    deletedAt: wire.deletedAt ? new Date(wire.deletedAt) : null,
    isBusy: false,
  };
}

/** Replaces the app with the same id (a socket `appUpdate`), keeping the others and their order. */
export function replaceApp(apps: readonly App[] | undefined, updated: App): App[] | undefined {
  return apps?.map((app) => (app.id === updated.id ? updated : app));
}
