import { KnownErrors } from "../errors/known-errors.ts";

const THEME_MODULE = "theme-source:theme.tsx";

/**
 * Checks a theme's TSX source as far as that is possible without running it: it must parse as TSX and
 * export something named `EmailTheme`. The source is compiled by esbuild (a parser, nothing is
 * executed); its own imports (React Email, Stack's helpers) are left unresolved on purpose.
 * What the component would do when rendered is not known here (docs/stack-compat.md).
 */
/** `theme.tsx:4:12` for the admin's source, `check:1:9` for the line that imports EmailTheme from it. */
const where = (l: { file: string; line: number; column: number }) =>
  `${l.file.endsWith("theme.tsx") ? "theme.tsx" : "check"}:${l.line}:${l.column}`;

export async function checkThemeSource(source: string): Promise<void> {
  const { build } = await import("esbuild");
  let message: string | null = null;
  try {
    await build({
      stdin: { contents: `import { EmailTheme } from "${THEME_MODULE}";\nexport default EmailTheme;\n`, loader: "ts" },
      bundle: true,
      write: false,
      format: "esm",
      logLevel: "silent",
      plugins: [
        {
          name: "theme-source",
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) =>
              args.path === THEME_MODULE
                ? { path: "theme.tsx", namespace: "theme" }
                : { path: args.path, external: true },
            );
            b.onLoad({ filter: /.*/, namespace: "theme" }, () => ({ contents: source, loader: "tsx" }));
          },
        },
      ],
    });
  } catch (err) {
    type Located = { text: string; location?: { file: string; line: number; column: number } | null };
    const errors = (err as { errors?: Located[] }).errors;
    message = errors?.length
      ? errors.map((e) => (e.location ? `${where(e.location)}: ${e.text}` : e.text)).join("\n")
      : "The theme's source could not be compiled.";
  }
  if (message) throw KnownErrors.emailRenderingError(message);
}
