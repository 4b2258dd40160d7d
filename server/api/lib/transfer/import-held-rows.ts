import type { CsvRecord } from "./csv-reader.ts";

/** Rows kept after they were sent, to name the earlier line a refused row's key repeats. */
const HELD_ROWS = 10_000;

/**
 * The import's most recent rows (at least the last HELD_ROWS), a batch at a time: the rows already
 * sent are no longer in memory otherwise, and a refused row may repeat the key of one of them.
 * Older batches are dropped, so memory stays bounded whatever the file's size.
 */
export class HeldRows {
  private batches: CsvRecord[][] = [];
  private count = 0;

  hold(batch: CsvRecord[]): void {
    this.batches.push(batch);
    this.count += batch.length;
    while (this.batches.length > 1 && this.count - (this.batches[0]?.length ?? 0) >= HELD_ROWS) {
      this.count -= this.batches.shift()?.length ?? 0;
    }
  }

  /** The held row that starts on this line of the file, if still held. */
  find(line: number): CsvRecord | null {
    for (const batch of this.batches) {
      for (const row of batch) if (row.line === line) return row;
    }
    return null;
  }

  /** The held rows that start before this line, in file order. */
  before(line: number): CsvRecord[] {
    return this.batches.flat().filter((row) => row.line < line);
  }
}
