import { type ScriptStatement, splitStatements } from "../../../sql/pg-statements.ts";

/** How many of each instance's last parses are kept, and how much text they may hold together. */
const KEEP = 64;
const KEEP_CHARS = 4_000_000;

/**
 * The workbench asks POST /sql/split where a script's statements are (the one at the cursor, the
 * destructive ones) and then sends the same text to /execute: the parse the split made is kept,
 * briefly and per user, so a run parses its text once. A parse depends on the text alone, and a
 * syntax error is kept as the same rejection. Per user, so one user's timing tells nothing of
 * another's SQL.
 */
export class ScriptParses {
  private readonly recent = new Map<string, { chars: number; parsed: Promise<readonly ScriptStatement[]> }>();
  private chars = 0;

  constructor(private readonly split: (script: string) => Promise<ScriptStatement[]> = splitStatements) {}

  /** The statements of `script` as PostgreSQL's parser reads them (rejects with its syntax error). */
  parse(userId: string, script: string): Promise<readonly ScriptStatement[]> {
    const key = `${userId}\n${script}`;
    const kept = this.recent.get(key);
    if (kept) {
      // Most recently used last: the oldest goes first.
      this.recent.delete(key);
      this.recent.set(key, kept);
      return kept.parsed;
    }
    const parsed = this.split(script).then((statements) => Object.freeze(statements.map((s) => Object.freeze(s))));
    if (key.length > KEEP_CHARS) return parsed;
    this.recent.set(key, { chars: key.length, parsed });
    this.chars += key.length;
    for (const [oldest, entry] of this.recent) {
      if (this.recent.size <= KEEP && this.chars <= KEEP_CHARS) break;
      this.recent.delete(oldest);
      this.chars -= entry.chars;
    }
    return parsed;
  }

  /** For a caller that needs the splitter's own signature (one user's). */
  for(userId: string): (script: string) => Promise<readonly ScriptStatement[]> {
    return (script) => this.parse(userId, script);
  }
}
