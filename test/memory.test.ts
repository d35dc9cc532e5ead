// Device memory: the caching pool (512-byte rounding, best-fit reuse, stats, limit, retry after
// freeing the cache, OutOfMemoryError) and array lifetimes (dispose, `using`, scope, keep, use
// after dispose, the FinalizationRegistry backstop, and 100k create/dispose cycles).
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as gp from '../lib/index.js';
import type { Backend } from '../lib/device/backend.js';
import { MemoryPool } from '../lib/device/memory-pool.js';
import { describeEachDevice } from './helpers.js';

/** A fake device of `capacity` bytes that records what the pool asks of it. */
function fakeBackend(capacity: number) {
  let next = 0x1000;
  let inUse = 0;
  const sizes = new Map<number, number>();
  const log = { mallocs: [] as number[], frees: [] as number[], failed: 0 };
  const backend = {
    kind: 'cpu',
    tryMalloc(n: number): number | null {
      if (inUse + n > capacity) {
        log.failed++;
        return null;
      }
      const p = next;
      next += n + 0x1000;
      inUse += n;
      sizes.set(p, n);
      log.mallocs.push(n);
      return p;
    },
    free(p: number): void {
      inUse -= sizes.get(p)!;
      sizes.delete(p);
      log.frees.push(p);
    },
    memGetInfo: () => ({ free: capacity - inUse, total: capacity }),
  } as unknown as Backend;
  return { backend, log, inUse: () => inUse };
}

describe('MemoryPool (on a fake device)', () => {
  it('rounds sizes up to 512 bytes', () => {
    expect([0, 1, 511, 512, 513, 1024, 1025].map(MemoryPool.roundSize)).to.deep.equal([512, 512, 512, 512, 1024, 1024, 1536]);
    const { backend, log } = fakeBackend(1 << 20);
    const pool = new MemoryPool(backend);
    pool.malloc(1);
    pool.malloc(513);
    expect(log.mallocs).to.deep.equal([512, 1024]);
    expect(pool.usedBytes()).to.equal(1536);
    expect(pool.totalBytes()).to.equal(1536);
  });

  it('reuses freed blocks best-fit, but not blocks more than twice too big', () => {
    const { backend, log } = fakeBackend(1 << 20);
    const pool = new MemoryPool(backend);
    const big = pool.malloc(4096);
    const mid = pool.malloc(1536);
    pool.release(big);
    pool.release(mid);
    expect(pool.stats()).to.deep.equal({ usedBytes: 0, totalBytes: 5632, freeBytes: 5632, freeBlocks: 2 });
    expect([pool.freeBytes(), pool.nFreeBlocks()]).to.deep.equal([5632, 2]);
    expect(pool.malloc(1100)).to.equal(mid); // 1536 fits best
    expect(pool.malloc(2100)).to.equal(big); // 4096 <= 2 * 2560
    expect(log.mallocs).to.deep.equal([4096, 1536]);
    pool.release(big);
    const small = pool.malloc(1000); // 4096 > 2 * 1024: a new block rather than pinning the big one
    expect(small).to.not.equal(big);
    expect(log.mallocs).to.deep.equal([4096, 1536, 1024]);
    expect(pool.stats()).to.deep.equal({ usedBytes: 2560, totalBytes: 6656, freeBytes: 4096, freeBlocks: 1 });
  });

  it('best-fit passes over sizes whose blocks are all taken, however many sizes come and go', () => {
    const { backend, log } = fakeBackend(1 << 26);
    const pool = new MemoryPool(backend);
    const [a, b, c] = [pool.malloc(512), pool.malloc(1024), pool.malloc(1536)];
    for (const p of [a, b, c]) pool.release(p);
    expect(pool.malloc(1024)).to.equal(b);
    expect(pool.malloc(1000)).to.equal(c); // 1024's list is empty: the next size up that fits
    expect(pool.malloc(900)).to.not.be.oneOf([a, b, c]); // 512 is too small, nothing else is cached
    // 300 sizes taken and given back in turn: every block comes back, no size is lost or doubled.
    const ptrs = Array.from({ length: 300 }, (_, i) => pool.malloc(512 * (i + 4)));
    for (let round = 0; round < 3; round++) {
      for (const p of ptrs) pool.release(p);
      for (let i = 0; i < ptrs.length; i++) ptrs[i] = pool.malloc(512 * (i + 4));
    }
    expect(log.mallocs.length).to.equal(3 + 1 + 300);
    for (const p of ptrs) pool.release(p);
    expect(pool.nFreeBlocks()).to.equal(300 + 1);
    expect(pool.malloc(512 * 150)).to.equal(ptrs[146]);
  });

  it('freeAllBlocks gives cached blocks back to the device', () => {
    const { backend, log, inUse } = fakeBackend(1 << 20);
    const pool = new MemoryPool(backend);
    const a = pool.malloc(512);
    const b = pool.malloc(2048);
    pool.release(b);
    pool.freeAllBlocks();
    expect(log.frees).to.deep.equal([b]);
    expect(inUse()).to.equal(512);
    expect(pool.stats()).to.deep.equal({ usedBytes: 512, totalBytes: 512, freeBytes: 0, freeBlocks: 0 });
    pool.release(a);
    expect(() => pool.release(a + 8)).to.throw(/release of unknown block/);
  });

  it('frees its cache and retries once when the device is full, then throws OutOfMemoryError', () => {
    const { backend, log } = fakeBackend(2048);
    const pool = new MemoryPool(backend);
    const a = pool.malloc(1024);
    const b = pool.malloc(1024);
    pool.release(a);
    pool.release(b);
    const c = pool.malloc(1536); // the device is full of cached blocks: freed, then retried
    expect(log.failed).to.equal(1);
    expect(log.frees.sort()).to.deep.equal([a, b].sort());
    expect(pool.stats()).to.deep.equal({ usedBytes: 1536, totalBytes: 1536, freeBytes: 0, freeBlocks: 0 });
    let err: unknown;
    try {
      pool.malloc(1000);
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(gp.OutOfMemoryError);
    const oom = err as gp.OutOfMemoryError;
    expect([oom.requestedBytes, oom.usedBytes, oom.totalBytes, oom.limitBytes]).to.deep.equal([1000, 1536, 1536, null]);
    expect(oom.message).to.match(/out of memory allocating 1000 B \(1000 bytes\): the cpu device has no room \(after freeing the pool's cache\); pool in use 1.50 KiB, pool holds 1.50 KiB/);
    pool.release(c);
  });

  it('enforces a limit, counting cached blocks and freeing them first', () => {
    const { backend, log } = fakeBackend(1 << 20);
    const pool = new MemoryPool(backend);
    pool.setLimit(2048);
    expect(pool.getLimit()).to.equal(2048);
    pool.malloc(1024);
    const b = pool.malloc(512);
    pool.release(b);
    pool.malloc(1024); // 1024 used + 512 cached + 1024 > 2048: the cache goes first
    expect(log.frees).to.deep.equal([b]);
    expect(() => pool.malloc(1)).to.throw(gp.OutOfMemoryError, /the pool limit would be exceeded; pool in use 2.00 KiB, pool holds 2.00 KiB, limit 2.00 KiB/);
    pool.setLimit({ fraction: 0.25 });
    expect(pool.getLimit()).to.equal(1 << 18);
    pool.setLimit({ size: 4096 });
    expect(pool.getLimit()).to.equal(4096);
    pool.setLimit(null);
    expect(pool.getLimit()).to.equal(null);
    expect(() => pool.setLimit(-1)).to.throw(RangeError);
    expect(() => pool.setLimit(NaN)).to.throw(RangeError);
    expect(() => pool.setLimit({ fraction: 1.5 })).to.throw(RangeError);
    expect(() => pool.setLimit({ size: 1, fraction: 0.5 })).to.throw(TypeError);
  });
});

describeEachDevice('device memory pool', () => {
  it('getMemoryPool() is the current device\'s pool and tracks arrays', () => {
    const pool = gp.getMemoryPool();
    expect(pool).to.equal(gp.currentDevice().pool);
    const used = pool.usedBytes();
    const a = gp.zeros([100, 10], 'float64'); // 8000 bytes -> a block of at least 8192
    expect(pool.usedBytes() - used).to.be.within(8192, 16384);
    expect(pool.totalBytes()).to.be.at.least(pool.usedBytes());
    a.dispose();
    expect(pool.usedBytes()).to.equal(used);
    const s = pool.stats();
    expect(s.totalBytes).to.equal(s.usedBytes + s.freeBytes);
  });

  it('throws OutOfMemoryError with sizes and stats past the limit, and works again after', () => {
    const pool = gp.getMemoryPool();
    const saved = pool.getLimit();
    pool.freeAllBlocks();
    try {
      pool.setLimit(pool.usedBytes() + 4096);
      const a = gp.empty(500, 'float64'); // 4000 bytes fit
      let err: unknown;
      try {
        gp.zeros(10_000, 'float64');
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(gp.OutOfMemoryError);
      const oom = err as gp.OutOfMemoryError;
      expect(oom.requestedBytes).to.equal(80_000);
      expect(oom.usedBytes).to.equal(pool.usedBytes());
      expect(oom.message).to.match(/out of memory allocating 78.13 KiB \(80000 bytes\): the pool limit would be exceeded; pool in use .*, limit/);
      a.dispose();
    } finally {
      pool.setLimit(saved);
    }
    const b = gp.zeros(10_000, 'float64');
    expect(b.size).to.equal(10_000);
    b.dispose();
  });

  it('an array larger than the device (the host, on cpu) is OutOfMemoryError before a byte is written', () => {
    // A host that overcommits grants such a malloc and kills the process when a kernel fills it.
    const { total } = gp.currentDevice().backend.memGetInfo();
    const n = Math.ceil(total / 8) + (1 << 20);
    expect(() => gp.zeros(n, 'float64')).to.throw(gp.OutOfMemoryError, /has no room/);
    expect(() => gp.repeat(gp.arange(2), [n, 1])).to.throw(gp.OutOfMemoryError);
    expect(gp.zeros(4, 'float64').sum().toArray()).to.equal(0);
  });

  it('returns to its starting usage after 100k create/dispose cycles', function () {
    this.timeout(120_000);
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    const total = pool.totalBytes();
    for (let i = 0; i < 100_000; i++) {
      const a = gp.empty(16 + (i % 3) * 200, 'float32');
      a.dispose();
    }
    for (let i = 0; i < 2_000; i++) {
      const a = gp.zeros([4, 4], 'int32');
      const s = a.slice('::2');
      const v = s.T;
      a.dispose();
      s.dispose();
      v.dispose();
    }
    expect(pool.usedBytes()).to.equal(used);
    // The same cached blocks came back each time: at most one new block per size (512, 1024, 2048).
    expect(pool.totalBytes() - total).to.be.at.most(3584);
  });
});

describeEachDevice('array lifetimes', () => {
  it('dispose frees once; later use throws a clear error', async () => {
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    const a = gp.arange(10, 'float32');
    const b = gp.ones(10, 'float32');
    a.dispose();
    a.dispose(); // a second call does nothing
    expect(a.disposed).to.equal(true);
    expect(a.shape).to.deep.equal([10]); // metadata stays readable
    const msg = /GpuArray \(shape \(10,\), float32\) used after dispose\(\)/;
    expect(() => a.toArray()).to.throw(msg);
    expect(() => a.toTypedArray()).to.throw(msg);
    expect(() => a.get()).to.throw(msg);
    expect(() => a.slice(1)).to.throw(msg);
    expect(() => a.reshape(2, 5)).to.throw(msg);
    expect(() => a.copy()).to.throw(msg);
    expect(() => a.astype('float64')).to.throw(msg);
    expect(() => a.fill(1)).to.throw(msg);
    expect(() => a.add(b)).to.throw(msg);
    expect(() => b.add(a)).to.throw(msg);
    expect(() => gp.multiply(a, 2)).to.throw(msg);
    expect(() => b.set(a)).to.throw(msg);
    let rejected: unknown = null;
    await a.data().catch((e) => (rejected = e));
    expect(String(rejected)).to.match(msg);
    b[Symbol.dispose]();
    expect(b.disposed).to.equal(true);
    expect(pool.usedBytes()).to.equal(used);
  });

  it('`using` disposes at the end of the block, also when it throws', () => {
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    let seen: gp.GpuArray | null = null;
    {
      using a = gp.zeros(100);
      seen = a;
      expect(pool.usedBytes()).to.be.greaterThan(used);
    }
    expect(seen.disposed).to.equal(true);
    expect(pool.usedBytes()).to.equal(used);
    expect(() => {
      using b = gp.zeros(100);
      seen = b;
      throw new Error('boom');
    }).to.throw('boom');
    expect(seen.disposed).to.equal(true);
    expect(pool.usedBytes()).to.equal(used);
  });

  it('scope frees what was created inside and not returned', () => {
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    let inner: gp.GpuArray[] = [];
    const c = gp.scope(() => {
      const a = gp.arange(4, 'float32');
      const b = gp.ones(4, 'float32');
      const v = a.slice('::-1');
      inner = [a, b, v];
      return a.add(b);
    });
    expect(inner.map((x) => x.disposed)).to.deep.equal([true, true, true]);
    expect(c.disposed).to.equal(false);
    expect(c.toArray()).to.deep.equal([1, 2, 3, 4]);
    c.dispose();
    expect(pool.usedBytes()).to.equal(used);
  });

  it('scope keeps arrays returned inside arrays, objects and Maps, and what keep() marks', () => {
    let tmp: gp.GpuArray | null = null;
    let kept: gp.GpuArray | null = null;
    const out = gp.scope(() => {
      tmp = gp.zeros(2);
      kept = gp.keep(gp.zeros(3));
      return { x: gp.ones(1), list: [gp.ones(2), 5], map: new Map([['k', gp.ones(3)]]) };
    });
    expect(tmp!.disposed).to.equal(true);
    expect(kept!.disposed).to.equal(false);
    expect(out.x.disposed).to.equal(false);
    expect((out.list[0] as gp.GpuArray).disposed).to.equal(false);
    expect(out.map.get('k')!.disposed).to.equal(false);
    for (const x of [kept!, out.x, out.list[0] as gp.GpuArray, out.map.get('k')!]) x.dispose();
  });

  it('nested scopes hand returned arrays to the enclosing scope', () => {
    let innerResult: gp.GpuArray | null = null;
    let innerTemp: gp.GpuArray | null = null;
    const outer = gp.scope(() => {
      innerResult = gp.scope(() => {
        innerTemp = gp.zeros(5);
        return gp.ones(5);
      });
      expect(innerTemp!.disposed).to.equal(true);
      expect(innerResult.disposed).to.equal(false);
      return gp.full(2, 7);
    });
    expect(innerResult!.disposed).to.equal(true); // the outer scope did not return it
    expect(outer.toArray()).to.deep.equal([7n, 7n]);
    outer.dispose();
  });

  it('a view returned from a scope keeps its base memory alive', () => {
    const v = gp.scope(() => gp.arange(10, 'int32').slice('::3'));
    expect(v.base!.disposed).to.equal(true);
    expect(v.toArray()).to.deep.equal([0, 3, 6, 9]);
    v.dispose();
  });

  it('scope disposes everything when fn throws, and refuses async functions', () => {
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    let made: gp.GpuArray | null = null;
    expect(() =>
      gp.scope(() => {
        made = gp.zeros(10);
        throw new RangeError('inside');
      }),
    ).to.throw(RangeError, 'inside');
    expect(made!.disposed).to.equal(true);
    expect(() =>
      gp.scope(async () => {
        made = gp.zeros(10);
        return made;
      }),
    ).to.throw(TypeError, /synchronous function/);
    expect(made!.disposed).to.equal(true);
    expect(pool.usedBytes()).to.equal(used);
  });

  it('10k scopes leave the pool as they found it', () => {
    const pool = gp.getMemoryPool();
    const used = pool.usedBytes();
    for (let i = 0; i < 10_000; i++) {
      gp.scope(() => {
        const a = gp.empty([8, 8], 'float32');
        a.slice('::2').reshape(-1);
        return i;
      });
    }
    expect(pool.usedBytes()).to.equal(used);
  });

  it('arrays dropped inside one synchronous loop come back when the pool is short', () => {
    const pool = gp.getMemoryPool();
    const saved = pool.getLimit();
    const a = gp.arange(3, 'float64');
    try {
      pool.setLimit(pool.usedBytes() + pool.freeBytes() + (1 << 20));
      // 64 MiB made and dropped in one job, under a 1 MiB margin: the forced collection finds them.
      for (let i = 0; i < 8192; i++) gp.empty(1024, 'float64');
      expect(pool.usedBytes()).to.be.below(pool.getLimit()!);
      expect(a.tolist()).to.deep.equal([0, 1, 2]);
    } finally {
      pool.setLimit(saved);
      a.dispose();
    }
  });

  it('arrays dropped without dispose are freed by the garbage collector (FinalizationRegistry)', function () {
    this.timeout(60_000);
    const lib = fileURLToPath(new URL('../lib/index.js', import.meta.url));
    const script = `
      const gp = await import(${JSON.stringify(lib)});
      const pool = gp.getMemoryPool();
      const start = pool.usedBytes();
      (() => { for (let i = 0; i < 50; i++) gp.empty(1000, 'float64'); })();
      const held = pool.usedBytes() - start;
      for (let i = 0; i < 20 && pool.usedBytes() !== start; i++) {
        globalThis.gc();
        await new Promise((r) => setTimeout(r, 10));
      }
      console.log(JSON.stringify({ held, after: pool.usedBytes() - start }));
    `;
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      env: { ...process.env, GPUARRAY_DEVICE: gp.currentDevice().kind === 'cuda' ? 'cuda:0' : 'cpu' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    const { held, after } = JSON.parse(out.trim().split('\n').pop()!);
    expect(held).to.be.at.least(50 * 8192);
    expect(after).to.equal(0);
  });
});
