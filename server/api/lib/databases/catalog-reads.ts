import pg from "pg";

type Results<R extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof R]: R[K] extends () => Promise<infer V> ? V : never;
};

/**
 * Several independent reads: at once on a pool (each takes its own connection), one after another
 * on a single client. A client runs one query at a time anyway; pg only queues a second one it is
 * handed meanwhile, warns that it does, and will refuse it from pg 9.
 */
export async function readEach<const R extends readonly (() => Promise<unknown>)[]>(
  db: pg.Pool | pg.ClientBase,
  reads: R,
): Promise<Results<R>> {
  if (db instanceof pg.Pool) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
