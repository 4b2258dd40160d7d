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
  /** Social providers the development stand-in serves (DEV_OAUTH_PROVIDER): the sign-in page says so. */
  developmentOAuthProviders: z.array(z.string()).default([]),
  /** TERMS_URL and PRIVACY_URL: the sign-up page links them (and says nothing of terms without them). */
  termsUrl: z.string().optional(),
  privacyUrl: z.string().optional(),
  /**
   * How the console's mail leaves: `smtp`, `outbox` (no mail server: mails wait in the admin
   * area's outbox) or `external` (another auth service's). The sign-up card says where the mail is.
   */
  mail: z.enum(["smtp", "outbox", "external"]).default("smtp"),
  /**
   * The instance waits for its first operator (the setup link the server printed): the console
   * takes no sign-ups yet, and the sign-up page says so. Nothing else about the instance.
   */
  setupPending: z.boolean().default(false),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
