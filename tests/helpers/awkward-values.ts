import type { EnvEntry } from "../../server/lib/env-format.ts";

/** Values that break naive .env writers: line breaks, edge spaces, tabs, quotes, backslashes, Unicode. */
export const AWKWARD: EnvEntry[] = [
  { key: "PEM", value: "-----BEGIN PRIVATE KEY-----\nMIIBVAIBADANBg\nkqhkiG9w0BAQEF\n-----END PRIVATE KEY-----\n" },
  { key: "JSON_CRED", value: '{\n  "type": "service_account",\n  "key": "a\\nb"\n}' },
  { key: "SPACES", value: "  leading and trailing  " },
  { key: "TABS", value: "\tcol1\tcol2\t" },
  { key: "UNICODE", value: "Grüße, 東京 🎉 \u00a0nbsp" },
  { key: "DOUBLE", value: 'say "hi"' },
  { key: "SINGLE", value: "it's" },
  { key: "BOTH", value: `it's "quoted"` },
  { key: "ALL_QUOTES", value: '`it\'s` "all"\nthree' },
  { key: "BACKSLASH", value: "C:\\new\\table" },
  { key: "TRAILING_BACKSLASH", value: "ends with \\" },
  // A shell expansion that must reach the process as typed. ${PATH} alone would be a secret reference
  // (docs/secrets.md), which reads for use resolve; with a default it is no reference, only text.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is what the value must keep
  { key: "DOLLAR", value: "$HOME and ${PATH:-/bin}" },
  { key: "HASH", value: "a # not a comment" },
  { key: "CRLF", value: "line1\r\nline2\r\n" },
  { key: "LEADING_NEWLINE", value: "\nstarts with a newline" },
  { key: "EMPTY", value: "" },
  { key: "INJECTION", value: 'x"\nEVIL=1\n"' },
];
