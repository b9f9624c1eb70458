import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('batcher', () => {
  it('runs calls of one turn as one batch, in batches of at most maxSize', async () => {
    const batches: number[][] = [];
    const load = createBatcher(async (keys: number[]) => {
      batches.push(keys);
      return new Map(keys.map((k) => [k, k * 2]));
    }, 3);
    const results = await Promise.all([1, 2, 3, 4, 5].map(load));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await load(7)).toBe(14);
    expect(batches).toHaveLength(3);
  });

  it('with a delay, calls of the next milliseconds join the batch', async () => {
    const batches: number[][] = [];
    const load = createBatcher(
      async (keys: number[]) => {
        batches.push(keys);
        return new Map(keys.map((k) => [k, k]));
      },
      100,
      30,
    );
    const first = load(1);
    await new Promise((r) => setImmediate(r));
    const second = load(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('a failed batch fails each of its calls', async () => {
    const load = createBatcher(async () => {
      throw new Error('database down');
    });
    await expect(Promise.all([load(1), load(2)])).rejects.toThrow('database down');
  });
});
