import type { Plugin } from "vite";
import babel from "vite-plugin-babel";

type TransformHook = Extract<NonNullable<Plugin["transform"]>, (...args: never[]) => unknown>;

const IMPORTS_A_MACRO = /@lingui\/(?:core|react)\/macro/;

/**
 * Lingui's macros need Babel. Babel runs before Vite's own TypeScript/JSX transform, so it parses
 * TypeScript and JSX and leaves both in place; only files that import a macro pay for it.
 * (vite-plugin-babel rather than @rolldown/plugin-babel, which needs Node 22.12.)
 */
export function linguiMacros(): Plugin {
  const plugin = babel({
    include: /\.[jt]sx?$/,
    exclude: /node_modules/,
    babelConfig: {
      plugins: ["@lingui/babel-plugin-lingui-macro"],
      parserOpts: { plugins: ["typescript", "jsx"] },
      sourceMaps: true,
    },
  });
  // vite-plugin-babel's transform is a plain function of (code, id).
  const transform = plugin.transform as (this: unknown, code: string, id: string) => Promise<unknown>;
  return {
    ...plugin,
    name: "lingui-macros",
    // Dependencies need no macros; the plugin's own optimizeDeps hook would run Babel over them.
    config: undefined,
    transform(code, id) {
      return IMPORTS_A_MACRO.test(code) ? (transform.call(this, code, id) as ReturnType<TransformHook>) : undefined;
    },
  } as Plugin;
}
