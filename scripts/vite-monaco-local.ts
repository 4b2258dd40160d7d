import type { Plugin } from "vite";

const LOADER_CONFIG = /@monaco-editor[\\/]loader[\\/]lib[\\/]es[\\/]config[\\/]index\.js$/;

/**
 * @monaco-editor/loader ships a default path to Monaco on a CDN. The app hands it the locally
 * bundled Monaco (`loader.config({ monaco })` in src/features/database/monaco-loader.ts), so that
 * path is never used; it is blanked here so no CDN address reaches dist/ (scripts/check-dist.mjs)
 * and a mistake could only fail loudly, never fetch code from elsewhere.
 */
export function monacoLocal(): Plugin {
  return {
    name: "monaco-local",
    enforce: "pre",
    transform(code, id) {
      if (!LOADER_CONFIG.test(id)) return undefined;
      return { code: code.replace(/https?:\/\/[^'"]+/g, ""), map: null };
    },
  };
}
