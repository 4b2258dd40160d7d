import { z } from "zod";

export const LOCALES = ["en", "de"] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** What the browser reads from /config.json before it renders: settings that vary per deployment. */
export const runtimeConfigSchema = z.object({
  /** The Stack SDK's `baseUrl`: the embedded service at `<origin>/auth`, or STACK_BASE_URL. */
  authBaseUrl: z.string(),
  projectId: z.string(),
  publishableClientKey: z.string().optional(),
  locales: z.array(localeSchema),
  /** Build and server version; the PWA uses it to bust persisted caches. */
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
