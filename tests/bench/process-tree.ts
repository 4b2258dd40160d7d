import { readdirSync, readFileSync } from "node:fs";

/** A process and its descendants, read from /proc (Linux only). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses; the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) pids.push(...(children.get(pids[i] as number) ?? []));
  return pids;
}

export interface TreeMemory {
  /** Sum of VmRSS over the tree, MiB (what `ps` and the issue count; shared pages count in each). */
  rss: number;
  /** Sum of Pss over the tree, MiB (shared pages split between the processes sharing them). */
  pss: number;
  processes: number;
}

function kib(text: string, field: string): number {
  const match = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match ? Number(match[1]) : 0;
}

export function treeMemory(rootPid: number): TreeMemory {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of processTree(rootPid)) {
    try {
      rss += kib(readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS");
      pss += kib(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
      processes++;
    } catch {
      // gone meanwhile
    }
  }
  return { rss: rss / 1024, pss: pss / 1024, processes };
}

/** CPU time (user + system, ms) the tree has used, with children that have already exited. */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime are fields 14-17 of stat; here indexed from field 3.
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * Waits until the tree's RSS has stopped moving (less than 2 MiB over two seconds) or `maxMs`
 * passed, so "idle" is measured after start-up work in the background has finished.
 */
export async function settledMemory(rootPid: number, maxMs = 20_000): Promise<TreeMemory> {
  const deadline = Date.now() + maxMs;
  let last = treeMemory(rootPid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = treeMemory(rootPid);
    if (Math.abs(now.rss - last.rss) < 2 || Date.now() > deadline) return now;
    last = now;
  }
}
