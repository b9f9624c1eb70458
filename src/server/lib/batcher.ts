/**
 * Gathers calls made in the same turn of the event loop into one batch (like a data loader): `load(key)` resolves
 * with what `run(keys)` answered for its key. Lets many concurrent jobs share one transaction or one statement
 * (on the embedded database, one connection, each transaction costs a commit of its own). With `delayMs`, calls of
 * the next few milliseconds join the batch too (a batch flushes at once when it reaches `maxSize`).
 */
export function createBatcher<K, V>(run: (keys: K[]) => Promise<Map<K, V>>, maxSize = 200, delayMs = 0): (key: K) => Promise<V> {
  let pending: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    scheduled = false;
    timer = undefined;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxSize);
      pending = pending.slice(maxSize);
      run(batch.map((p) => p.key)).then(
        (results) => {
          for (const p of batch) {
            if (results.has(p.key)) p.resolve(results.get(p.key)!);
            else p.reject(new Error('no result for a batched key'));
          }
        },
        (err: unknown) => {
          for (const p of batch) p.reject(err);
        },
      );
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      pending.push({ key, resolve, reject });
      if (pending.length >= maxSize) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        flush();
      } else if (!scheduled) {
        scheduled = true;
        if (delayMs > 0) timer = setTimeout(flush, delayMs);
        else setImmediate(flush);
      }
    });
}
