import { z } from "zod";

/**
 * The ids of the providers the server knows by name (Stack's built-in list): a generic OpenID
 * Connect provider takes an id of its own, so its callback URL cannot be mistaken for theirs.
 */
export const BUILT_IN_PROVIDER_IDS = [
  "github",
  "google",
  "apple",
  "microsoft",
  "gitlab",
  "bitbucket",
  "discord",
  "facebook",
  "linkedin",
  "spotify",
  "twitch",
  "x",
] as const;

/** Lower-case letters, digits and dashes: it is a path segment of the provider's callback URL. */
export const oidcProviderIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be lower-case letters, digits and dashes (at most 40)")
  .refine((id) => !(BUILT_IN_PROVIDER_IDS as readonly string[]).includes(id), {
    message: "is the name of a built-in provider",
  });

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain such as company.com");

/**
 * A generic OpenID Connect provider's settings (besides its client id and secret): found by
 * discovery at `issuer`, shown on the sign-in pages as `display_name` with `icon_url`.
 */
export const oidcSettingsSchema = z
  .object({
    /** The issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
    issuer: z
      .string()
      .url()
      .max(500)
      .refine((u) => /^https?:\/\//.test(u) && !u.includes("?") && !u.includes("#"), {
        message: "must be an http(s) URL without query or fragment",
      }),
    display_name: z.string().trim().min(1).max(60),
    icon_url: z
      .string()
      .url()
      .max(2000)
      .refine((u) => u.startsWith("https://") || u.startsWith("data:image/png;base64,"), {
        message: "must be an https:// URL or a PNG data URL",
      })
      .optional(),
    /** Asked for besides `openid`; `email` and `profile` by default. */
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, "must be a scope token"))
      .max(30)
      .default(["openid", "email", "profile"]),
    /** Only addresses of these domains sign in (verified by the provider); empty: any. */
    email_domains: z.array(domainSchema).max(50).default([]),
    /** Whether a first sign-in creates the user (just-in-time); off: only linked or existing users. */
    jit_user_creation: z.boolean().default(true),
  })
  .strict();

export type OidcSettings = z.infer<typeof oidcSettingsSchema>;
