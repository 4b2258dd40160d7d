import { describe, expect, it } from "vitest";
import { ARCHIVE_FILE } from "./backup-folder.ts";
import { archiveName } from "./backup-instance.ts";

describe("archiveName", () => {
  it("names the moment to the millisecond, in a form the backup folder lists", () => {
    expect(archiveName(new Date("2026-11-29T01:02:03.456Z"))).toBe("backup-2026-11-29T01-02-03.456Z.tar");
    expect(ARCHIVE_FILE.test(archiveName())).toBe(true);
  });

  it("keeps two backups of one second apart, and sorts by time", () => {
    const moments = ["2026-11-29T01:02:03.999Z", "2026-11-29T01:02:03.001Z", "2026-11-29T01:02:04.000Z"];
    const names = moments.map((moment) => archiveName(new Date(moment)));
    expect(new Set(names).size).toBe(3);
    expect([...names].sort()).toEqual([...moments].sort().map((moment) => archiveName(new Date(moment))));
  });
});
