import { type RuntimeConfig, runtimeConfigSchema } from "@contract/runtime-config";

/** Deployment settings served by the server; read once before the app renders. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch("/config.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`Could not load /config.json: HTTP ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
