// The pinned host pool (issue #22): gp.cuda.pinnedArray (numba's pinned_array / cupyx.empty_pinned),
// toTypedArray({ out }), large downloads landing in pooled memory, and the pool's reuse of blocks
// whose arrays were collected, inside a synchronous loop too. Every download is checked against
// values recomputed on the host, and results kept alive must never share memory.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** A non-zero value per index (multiples of 0.25, exact in float32). */
const value = (i: number, seed: number) => (((i * 2654435761 + seed * 97) >>> 0) % 2000) * 0.25 + 0.25;
const hostData = (n: number, seed: number) => Float32Array.from({ length: n }, (_, i) => value(i, seed));
/** Elements per large download: 8 MiB of float32, past the pool's 4 MiB threshold. */
const BIG = 2 << 20;

function expectValues(got: ArrayLike<number>, seed: number, what: string): void {
  expect(got.length, what).to.equal(BIG);
  for (const i of [0, 1, 777, BIG >> 1, BIG - 2, BIG - 1]) expect(got[i], `${what}[${i}]`).to.equal(value(i, seed));
  let bad = -1;
  for (let i = 0; i < got.length && bad < 0; i += 997) if (got[i] !== value(i, seed)) bad = i;
  expect(bad, `${what}: first wrong sampled index`).to.equal(-1);
}

describeEachDevice('pinned host pool', () => {
  it('pinnedArray gives the TypedArray toTypedArray gives, one entry per element', () => {
    const cases: [string, Function, number][] = [
      ['float32', Float32Array, 6],
      ['float64', Float64Array, 6],
      ['int64', BigInt64Array, 6],
      ['uint8', Uint8Array, 6],
      ['bool', Uint8Array, 6],
      ['complex64', Float32Array, 12],
      ['complex128', Float64Array, 12],
    ];
    for (const [dt, ctor, len] of cases) {
      const p = gp.cuda.pinnedArray([2, 3], dt);
      expect(p, dt).to.be.instanceOf(ctor);
      expect(p.length, dt).to.equal(len);
      expect(gp.arange(6, dt === 'bool' ? 'int8' : 'float64').astype(dt).toTypedArray().constructor, dt).to.equal(ctor);
    }
    expect(gp.cuda.pinnedArray(0, 'float32').length).to.equal(0);
    expect(gp.cuda.pinnedArray(4).constructor).to.equal(Float64Array); // numba's default dtype
    expect(() => gp.cuda.pinnedArray(4, 'float16')).to.throw(TypeError, /float16/);
    expect(() => gp.cuda.pinnedArray(-1, 'float32')).to.throw(RangeError);
    expect(() => gp.cuda.pinnedArray(4, 'float17' as never)).to.throw(TypeError);
  });

  it('uploads from a pinned array and downloads into one', () => {
    const n = 3 << 20; // 12 MiB: past the staging threshold on cuda
    const p = gp.cuda.pinnedArray(n, 'float32') as Float32Array;
    p.set(hostData(n, 5));
    const a = gp.asarray(p);
    expect(a.dtype.name).to.equal('float32');
    const q = gp.cuda.pinnedArray(n, 'float32');
    expect(a.multiply(2).toTypedArray({ out: q })).to.equal(q);
    for (const i of [0, 3, n >> 1, n - 1]) expect(q[i]).to.equal(2 * value(i, 5));
    // Small and non-contiguous sources too.
    const m = gp.asarray(hostData(12, 9)).reshape([3, 4]).T;
    const out = gp.cuda.pinnedArray(12, 'float32') as Float32Array;
    m.toTypedArray({ out });
    expect(Array.from(out)).to.deep.equal(Array.from(m.toTypedArray() as Float32Array));
    expect(out[1]).to.equal(value(4, 9));
    a.dispose();
  });

  it('toTypedArray({ out }) checks the type, the length and the options', () => {
    const a = gp.asarray(hostData(8, 2));
    expect(() => a.toTypedArray({ out: new Float64Array(8) })).to.throw(TypeError, /Float32Array/);
    expect(() => a.toTypedArray({ out: new Float32Array(7) })).to.throw(RangeError, /7 elements/);
    expect(() => a.toTypedArray({ out: new Float32Array(8), outt: 1 } as never)).to.throw(TypeError, /unknown option 'outt'/);
    const h = gp.asarray(Float32Array.of(1.5, -2, 65504)).astype('float16');
    const o = new Float32Array(3);
    h.toTypedArray({ out: o });
    expect(Array.from(o)).to.deep.equal([1.5, -2, 65504]);
    const c = gp.array([{ re: 1, im: 2 }, { re: 3, im: -4 }], 'complex64');
    const co = gp.cuda.pinnedArray(2, 'complex64') as Float32Array;
    c.toTypedArray({ out: co });
    expect(Array.from(co)).to.deep.equal([1, 2, 3, -4]);
  });

  it('large downloads kept alive never share memory, and each holds its own values', () => {
    const a = gp.empty(BIG, 'float32');
    const kept: Float32Array[] = [];
    for (let seed = 0; seed < 6; seed++) {
      a.set(hostData(BIG, seed));
      kept.push(a.toTypedArray() as Float32Array);
    }
    kept.forEach((h, seed) => expectValues(h, seed, `download ${seed}`));
    a.dispose();
  });

  it('large downloads of strided views land in pooled memory in C order', () => {
    // A reversed view: its C-ordered copy is what the pinned copy (queued before the array over
    // the block is made) reads; twice, so the second lands in a pooled block of a seen size.
    const a = gp.asarray(hostData(BIG, 7)).slice('::-1');
    for (let rep = 0; rep < 2; rep++) {
      const got = a.toTypedArray() as Float32Array;
      expect(got.length).to.equal(BIG);
      for (const i of [0, 1, 4099, BIG >> 1, BIG - 1]) expect(got[i], `rep ${rep} [${i}]`).to.equal(value(BIG - 1 - i, 7));
    }
    a.dispose();
  });

  it('reuses the blocks of collected downloads inside a synchronous loop, within its limit', () => {
    const pool = gp.getPinnedMemoryPool();
    const limit = pool.getLimit();
    pool.freeAllBlocks();
    const base = pool.totalBytes();
    pool.setLimit(base + 3 * (BIG * 4));
    try {
      const a = gp.empty(BIG, 'float32');
      for (let seed = 0; seed < 12; seed++) {
        a.set(hostData(BIG, seed));
        const h = a.toTypedArray();
        expectValues(h as Float32Array, seed, `loop download ${seed}`);
        expect(pool.totalBytes()).to.be.at.most(pool.getLimit());
      }
      // Past its first few sizes the pool held blocks and gave the collected ones out again.
      expect(pool.totalBytes()).to.be.greaterThan(base);
      a.dispose();
    } finally {
      pool.setLimit(limit);
    }
  });

  it('a float16 download and toArray use pooled memory only for their temporaries', () => {
    const pool = gp.getPinnedMemoryPool();
    const h = gp.arange(BIG, 'float16').multiply(0.5);
    h.toTypedArray();
    const before = pool.usedBytes();
    const f = h.toTypedArray();
    expect(f).to.be.instanceOf(Float32Array);
    expect(f[2047]).to.equal(1023.5);
    expect(pool.usedBytes()).to.equal(before); // the uint16 bits went straight back
    const small = gp.arange(BIG, 'float32').reshape([BIG / 4, 4]);
    small.toArray();
    const nested = small.toArray() as number[][];
    expect(nested[BIG / 4 - 1][3]).to.equal(BIG - 1);
    expect(pool.usedBytes()).to.equal(before);
  });

  it('reports and limits what it holds', () => {
    const pool = gp.getPinnedMemoryPool();
    const p = gp.cuda.pinnedArray(1000, 'float64');
    expect(pool.usedBytes()).to.be.at.least(8000);
    expect(pool.totalBytes()).to.be.at.least(pool.usedBytes());
    expect(p.length).to.equal(1000);
    expect(() => pool.setLimit(-1)).to.throw(TypeError);
    expect(() => pool.setLimit('1' as never)).to.throw(TypeError);
    const limit = pool.getLimit();
    try {
      pool.setLimit(pool.usedBytes());
      expect(() => gp.cuda.pinnedArray(1 << 20, 'float32')).to.throw(gp.OutOfMemoryError, /pinned/);
    } finally {
      pool.setLimit(limit);
    }
    pool.freeAllBlocks();
    expect(pool.nFreeBlocks()).to.equal(0);
  });
});
