import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de"],
  // Tests call i18n._ with made-up ids; they are no messages of the app.
  // The admin area, the account, team, API-key and database pages bring their own catalog, loaded with their
  // code, so the first paint of every page carries only the messages the rest of the app needs; the
  // error-code maps' texts come with the maps at the first error.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: [
        "**/*.test.*",
        "<rootDir>/src/lib/errors/api-error-texts.ts",
        "<rootDir>/src/lib/errors/auth-error-texts.ts",
        "<rootDir>/src/lib/errors/passkey-errors.ts",
        "<rootDir>/src/features/admin/**",
        "<rootDir>/src/features/account/**",
        "<rootDir>/src/features/teams/**",
        "<rootDir>/src/features/api-keys/**",
        "<rootDir>/src/features/database/**",
        "<rootDir>/src/features/impersonation/**",
        "<rootDir>/src/features/palette/command-palette.tsx",
        "<rootDir>/src/features/palette/use-palette-items.ts",
        "<rootDir>/src/lib/audit/app-audit-action-labels.ts",
        "<rootDir>/src/lib/system-permissions.ts",
      ],
    },
    {
      path: "<rootDir>/locales/{locale}/areas",
      include: [
        "<rootDir>/src/features/admin",
        "<rootDir>/src/features/account",
        "<rootDir>/src/features/teams",
        "<rootDir>/src/features/api-keys",
        "<rootDir>/src/features/database",
        // An impersonation tab's banner and pages (loaded with their code, only in such a tab).
        "<rootDir>/src/features/impersonation",
        // The command palette's own texts come with its code (the launcher's stay in the first paint).
        "<rootDir>/src/features/palette/command-palette.tsx",
        "<rootDir>/src/features/palette/use-palette-items.ts",
        // The action names of the admin audit log's and the team activity's filters.
        "<rootDir>/src/lib/audit/app-audit-action-labels.ts",
        // The built-in team permissions in words (the team page and the admin area's permissions).
        "<rootDir>/src/lib/system-permissions.ts",
      ],
      exclude: ["**/*.test.*"],
    },
    {
      // The error-code maps' texts, loaded with the maps at the first error (src/lib/errors/load-error-texts.ts).
      path: "<rootDir>/locales/{locale}/errors",
      include: [
        "<rootDir>/src/lib/errors/api-error-texts.ts",
        "<rootDir>/src/lib/errors/auth-error-texts.ts",
        "<rootDir>/src/lib/errors/passkey-errors.ts",
      ],
    },
  ],
  // No origins: line numbers would churn the catalogs on every edit elsewhere in a file.
  format: formatter({ origins: false }),
  orderBy: "messageId",
});
