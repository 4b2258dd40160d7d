import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de"],
  // Tests call i18n._ with made-up ids; they are no messages of the app.
  catalogs: [{ path: "<rootDir>/locales/{locale}/messages", include: ["<rootDir>/src"], exclude: ["**/*.test.*"] }],
  // No origins: line numbers would churn the catalogs on every edit elsewhere in a file.
  format: formatter({ origins: false }),
  orderBy: "messageId",
});
