// V8 keeps a module's source for as long as the module lives (functions compile lazily from it), and
// keeps it as UTF-16, two bytes a character, when a single character is outside Latin-1. esbuild
// escapes strings and names (charset "ascii") but leaves comments and regular expression literals
// as they are, so one "…" in a comment doubled the server bundle's 6 MB in the idle heap.

/**
 * The source with every non-ASCII UTF-16 unit written as `\uXXXX`. That escape means the same
 * character in a comment, a string, a template's cooked text and a regular expression (with or
 * without the u flag, a surrogate pair written as two escapes is one code point). It would change
 * the meaning only right after a backslash (`\é` in a regular expression), so that is refused.
 */
export function asciiSource(source) {
  return source.replace(/[\u0080-\uffff]/g, (char, at) => {
    if (source[at - 1] === "\\") {
      const line = source.slice(0, at).split("\n").length;
      throw new Error(`asciiSource: a non-ASCII character after a backslash at line ${line} cannot be escaped`);
    }
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
