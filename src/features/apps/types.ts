/** An app as the API sends it (dates as ISO strings). */
export interface AppWire {
  id: string;
  title: string;
  description: string | null;
  openapi_spec_ids: string[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** An app as the UI uses it: dates parsed, plus the local busy flag. */
export interface App extends Omit<AppWire, "createdAt" | "updatedAt" | "deletedAt"> {
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  isBusy: boolean;
}

export interface CreateAppInput {
  title: string;
  description: string;
  openapi_spec_ids: string[];
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
