// Issue 13, memory that users forget: FinalizationRegistry callbacks never run inside a
// synchronous loop, so `gp.multiply(gp.add(a, 1), 2)` in a loop without dispose grew the pool
// without bound (3 GiB and more), and under setLimit threw OutOfMemoryError with no hint. The
// pool now reclaims unreachable arrays (a forced collection and a WeakRef sweep) before it passes
// its limit or a growth threshold, and the error names dispose() and gp.scope().
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import type { Backend } from '../../lib/device/backend.js';
import { MemoryPool, setPoolReclaimer } from '../../lib/device/memory-pool.js';
import { reclaimUnreachable } from '../../lib/core/lifetime.js';
import { describeEachDevice } from '../helpers.js';

const MiB = 1024 * 1024;

/** The loop: `iterations` times multiply(add(a, 1), 2), nothing disposed; the pool's high-water mark. */
function forgetfulLoop(a: gp.GpuArray, iterations: number): { high: number; last: gp.GpuArray } {
  const pool = gp.getMemoryPool();
  let high = 0;
  let last = a;
  for (let i = 0; i < iterations; i++) {
    const t = gp.add(a, 1);
    high = Math.max(high, pool.totalBytes());
    last = gp.multiply(t, 2);
    high = Math.max(high, pool.totalBytes());
  }
  return { high, last };
}

describeEachDevice('adversarial: forgotten arrays in a synchronous loop', () => {
  // The current device's pool, read when each test starts: the suite is defined before
  // describeEachDevice makes its device current.
  let pool: MemoryPool;
  let limitBefore: number | null = null;
  beforeEach(() => {
    pool = gp.getMemoryPool();
    limitBefore = pool.getLimit();
    pool.freeAllBlocks();
  });
  afterEach(() => {
    pool.setLimit(limitBefore);
    pool.freeAllBlocks();
  });

  it('the issue loop on 4 MB arrays under setLimit(256 MiB): 10,000 iterations (500 on the cpu backend), high-water under the limit', () => {
    pool.setLimit(256 * MiB);
    // 1M float32 = 4 MiB; 10,000 iterations push 80 GB through the pool (the cpu backend's
    // bandwidth makes it 500: 4 GB, still 15 times the limit).
    const iterations = gp.currentDevice().kind === 'cpu' ? 500 : 10_000;
    const host = Float32Array.from({ length: 1 << 20 }, (_, i) => (i % 97) - 40);
    const a = gp.asarray(host);
    const { high, last } = forgetfulLoop(a, iterations);
    expect(iterations * 2 * 4 * MiB).to.be.at.least(15 * 256 * MiB);
    expect(high).to.be.at.most(256 * MiB);
    const got = last.toTypedArray() as Float32Array;
    for (const i of [0, 1, 96, 97, 1 << 19, (1 << 20) - 1]) expect(got[i]).to.equal((host[i] + 1) * 2);
  });

  it('10,000 iterations on every backend: 16 KiB arrays under setLimit(8 MiB) (320 MB of results, 40 times the limit)', () => {
    pool.setLimit(8 * MiB);
    const host = Float32Array.from({ length: 4096 }, (_, i) => (i % 13) * 0.5);
    const a = gp.asarray(host);
    const { high, last } = forgetfulLoop(a, 10_000);
    expect(high).to.be.at.most(8 * MiB);
    const got = last.toTypedArray() as Float32Array;
    expect(got[12]).to.equal((6 + 1) * 2);
    expect(got[4095]).to.equal(((4095 % 13) * 0.5 + 1) * 2);
  });

  it('without a limit the pool stops growing: 400 iterations on 4 MB arrays (3.2 GB of results) stay under 1 GiB', () => {
    pool.setLimit(null);
    const a = gp.asarray(Float32Array.from({ length: 1 << 20 }, (_, i) => i % 7));
    const { high, last } = forgetfulLoop(a, 400);
    expect(high).to.be.below(1024 * MiB);
    expect((last.toTypedArray() as Float32Array)[6]).to.equal(14);
  });

  it('reachable arrays survive the reclaims, views of forgotten bases included', () => {
    pool.setLimit(1 * MiB);
    const kept = Array.from({ length: 8 }, (_, k) => gp.full([1000], k + 1, 'float64'));
    // The base arange is forgotten at once; the view alone keeps its memory.
    const view = gp.arange(5000, 'int32').slice('4990:');
    const a = gp.ones(4096, 'float32');
    const { high } = forgetfulLoop(a, 600); // 19 MB of results through 1 MiB
    expect(high).to.be.at.most(1 * MiB);
    kept.forEach((x, k) => {
      const v = x.toTypedArray() as Float64Array;
      expect(v[0]).to.equal(k + 1);
      expect(v[999]).to.equal(k + 1);
    });
    expect(view.toArray()).to.deep.equal([4990, 4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999]);
  });

  it('what cannot be reclaimed is an OutOfMemoryError that names dispose() and gp.scope()', () => {
    reclaimUnreachable();
    // Arrays earlier test files keep reachable (in the same process) hold part of the 2 MiB.
    const room = Math.floor((2 * MiB - pool.usedBytes()) / (256 * 1024));
    pool.setLimit(2 * MiB);
    const held: gp.GpuArray[] = [];
    let error: unknown = null;
    try {
      for (let i = 0; i < 100; i++) held.push(gp.empty(64 * 1024, 'float32'));
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(gp.OutOfMemoryError);
    expect((error as Error).message).to.match(/dispose\(\)/).and.to.match(/gp\.scope\(/);
    // 8 x 256 KiB fill an empty 2 MiB (fewer where the backend keeps a block of its own in the pool).
    expect(held.length).to.be.within(Math.max(room - 2, 0), room);
    for (const h of held) h.dispose();
  });
});

/** A fake device of `capacity` bytes (addresses only), counting what the pool asks of it. */
function fakeDevice(capacity: number) {
  let next = 0x1000;
  let inUse = 0;
  const sizes = new Map<number, number>();
  const log = { failed: 0, frees: 0 };
  const backend = {
    kind: 'cpu',
    tryMalloc(n: number): number | null {
      if (inUse + n > capacity) {
        log.failed++;
        return null;
      }
      const p = next;
      next += n;
      inUse += n;
      sizes.set(p, n);
      return p;
    },
    free(p: number): void {
      inUse -= sizes.get(p)!;
      sizes.delete(p);
      log.frees++;
    },
    memGetInfo: () => ({ free: capacity - inUse, total: capacity }),
  } as unknown as Backend;
  return { backend, log };
}

describe('adversarial: when the pool reclaims (on a fake device)', () => {
  afterEach(() => setPoolReclaimer(reclaimUnreachable));

  it('a full device: the cache is freed first, then forgotten blocks are reclaimed and reused', () => {
    const { backend, log } = fakeDevice(4 * 4096);
    const pool = new MemoryPool(backend);
    const blocks = [0, 1, 2, 3].map(() => pool.malloc(4096));
    let calls = 0;
    setPoolReclaimer(() => {
      calls++;
      pool.release(blocks[1]); // what a sweep finds unreachable comes back to the cache
    });
    expect(pool.malloc(4096)).to.equal(blocks[1]);
    expect(calls).to.equal(1);
    expect(log.failed).to.equal(2); // tried, freed the (empty) cache, tried again, then reclaimed
    setPoolReclaimer(() => calls++);
    expect(() => pool.malloc(4096)).to.throw(gp.OutOfMemoryError, /dispose\(\)/);
    expect(calls).to.equal(2);
  });

  it('past the limit in use it reclaims; when only cached blocks are in the way it just frees them', () => {
    const { backend } = fakeDevice(1 << 30);
    const pool = new MemoryPool(backend);
    let calls = 0;
    setPoolReclaimer(() => calls++);
    pool.setLimit(4 * 4096);
    const a = pool.malloc(4096);
    pool.malloc(4096);
    pool.malloc(4096);
    pool.release(a); // 2 blocks in use, 1 cached
    pool.malloc(8192); // 2 + 1 + 2 > 4 but 2 + 2 in use fit: free the cache, no collection
    expect(calls).to.equal(0);
    expect(pool.stats()).to.deep.equal({ usedBytes: 16384, totalBytes: 16384, freeBytes: 0, freeBlocks: 0 });
    expect(() => pool.malloc(4096)).to.throw(gp.OutOfMemoryError); // 4 in use + 1 > 4: collect first, then give up
    expect(calls).to.equal(1);
  });

  it('without a limit it reclaims past 256 MiB in use, then when in-use bytes double', () => {
    const { backend } = fakeDevice(2 ** 40);
    const pool = new MemoryPool(backend);
    let calls = 0;
    setPoolReclaimer(() => calls++);
    for (let i = 0; i < 4; i++) pool.malloc(64 * MiB); // 256 MiB: at the threshold, not past it
    expect(calls).to.equal(0);
    pool.malloc(64 * MiB);
    expect(calls).to.equal(1); // next at 2 x 320 MiB
    for (let i = 0; i < 4; i++) pool.malloc(64 * MiB); // 576 MiB
    expect(calls).to.equal(1);
    pool.malloc(64 * MiB); // 640 MiB
    expect(calls).to.equal(1);
    pool.malloc(64 * MiB); // 704 MiB > 640 MiB
    expect(calls).to.equal(2);
  });
});
