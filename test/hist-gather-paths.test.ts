// The fast paths of histogram (equal-width bins: lib/ops/histogram-even.ts) and of x[idx] / take
// (one contiguous index array: lib/ops/gather-flat.ts), against host references and against the
// general kernels they stand in for: every dtype they take, sizes around the vector, block and
// grid boundaries, unaligned and strided views, values on the edges, out-of-bounds indices.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { evenPlan, histogramPaths } from '../lib/ops/histogram-even.js';
import { flatGatherShape, gatherPaths, vectorHead } from '../lib/ops/gather-flat.js';
import { describeEachDevice, rng } from './helpers.js';

const flat = (a: GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint | boolean>, Number);

/** The bin of v among increasing edges (the last bin closed), or -1: the edges alone decide, as NumPy. */
function refBin(v: number, e: readonly number[]): number {
  const nb = e.length - 1;
  if (!(v >= e[0] && v <= e[nb])) return -1;
  let lo = 0;
  let hi = nb; // the last edge <= v, at most nb - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (e[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

function refCounts(values: readonly number[], e: readonly number[]): number[] {
  const c = new Array(e.length - 1).fill(0);
  for (const v of values) {
    const b = refBin(v, e);
    if (b >= 0) c[b]++;
  }
  return c;
}

/** Both paths on one input: the counts and edges must agree with each other and the reference. */
function checkHistogram(a: GpuArray, bins: number, range?: [number, number]) {
  const opts = range ? { range } : {};
  const before = histogramPaths.launches;
  const [h, e] = gp.histogram(a, bins, opts);
  expect(histogramPaths.launches, 'the even kernel counted').to.equal(before + 1);
  histogramPaths.even = false;
  let general: GpuArray[];
  try {
    general = gp.histogram(a, bins, opts);
  } finally {
    histogramPaths.even = true;
  }
  const edges = flat(e);
  expect(h.dtype.name).to.equal('int64');
  expect(e.dtype.name).to.equal(general[1].dtype.name);
  expect(edges).to.deep.equal(flat(general[1]));
  const counts = flat(h);
  expect(counts).to.deep.equal(flat(general[0]));
  expect(counts).to.deep.equal(refCounts(flat(a), edges));
  [h, e, ...general].forEach((x) => x.dispose());
  return { counts, edges };
}

describeEachDevice('histogram: equal-width bins (the even kernel)', () => {
  it('every dtype, sizes around the 16-byte vector, the block and the grid, values on the edges', () => {
    const r = rng(41);
    const sizes = [0, 1, 3, 4, 5, 15, 16, 17, 511, 512, 513, 8191, 8192, 8193, 70001];
    for (const dt of ['float32', 'float64', 'float16', 'int8', 'uint8', 'int16', 'int32', 'int64', 'uint64', 'bool'] as const) {
      for (const n of sizes) {
        const isFloat = dt.startsWith('float');
        // Multiples of 1/8 on [-3, 60): many land exactly on edges of the ranges below.
        const host = Array.from({ length: n }, () =>
          dt === 'bool' ? (r() < 0.3 ? 1 : 0) : isFloat ? Math.floor(r() * 504) / 8 - 3 : Math.floor(r() * (dt[0] === 'u' ? 120 : 140)) - (dt[0] === 'u' ? 0 : 20),
        );
        if (isFloat && n > 6) host.splice(0, 4, NaN, 60, 50, -3); // NaN, above, on the last edge, below
        const a = gp.array(host, dt);
        checkHistogram(a, 7, [-2, 50]);
        if (n > 100) {
          checkHistogram(a, 256, [0, 32]);
          const finite = a.slice('4:'); // range from the data (NaN-free)
          checkHistogram(finite, 3);
          finite.dispose();
        }
        a.dispose();
      }
    }
  });

  it('bin counts around the shared-memory copies and the limit; the general kernels past it', () => {
    const r = rng(42);
    const host = Array.from({ length: 20011 }, () => Math.floor(r() * 40000) / 10 - 100);
    for (const dt of ['float32', 'float64', 'int32'] as const) {
      const a = gp.array(dt === 'int32' ? host.map(Math.round) : host, dt);
      for (const bins of [1, 2, 255, 256, 257, 383, 384, 1000, 2048, 3000, 4095]) checkHistogram(a, bins, [-50, 3800]);
      // Past the even kernel's shared memory: the general kernel, still NumPy's bins.
      const before = histogramPaths.launches;
      const [h, e] = gp.histogram(a, 5000, { range: [-50, 3800] });
      expect(histogramPaths.launches).to.equal(before);
      expect(flat(h)).to.deep.equal(refCounts(flat(a), flat(e)));
      a.dispose();
    }
  });

  it('views: unaligned starts, strides, reversed; density; the bench case', () => {
    const r = rng(43);
    const base = gp.array(
      Array.from({ length: 4099 }, () => Math.floor(r() * 2000) * 0.25 + 0.25),
      'float32',
    );
    for (const view of ['1:', '2:', '3:', '5:-3', '::2', '::-1', '7::5']) checkHistogram(base.slice(view), 256, [0, 500]);
    checkHistogram(base.reshape(4099, 1).slice('1:', 0), 64, [10, 400]);
    const [d, de] = gp.histogram(base, 8, { range: [0, 500], density: true });
    const counts = refCounts(flat(base), flat(de));
    const total = counts.reduce((x, y) => x + y, 0);
    flat(d).forEach((v, i) => expect(v).to.be.closeTo(counts[i] / total / (500 / 8), 1e-15));
    expect(d.dtype.name).to.equal('float64');
  });

  it('values one ulp either side of every edge land where the edges say', () => {
    // float32 and float64 neighbours of each edge (the edges as the kernel builds them).
    const next = (x: number, d: 1 | -1, f32: boolean) => {
      if (f32) {
        const b = new Float32Array([x]);
        const u = new Int32Array(b.buffer);
        u[0] += x === 0 ? (d > 0 ? 1 : -2147483647) : (x > 0 ? d : -d);
        return b[0];
      }
      const b = new Float64Array([x]);
      const u = new BigInt64Array(b.buffer);
      u[0] += BigInt(x === 0 ? (d > 0 ? 1 : -(2 ** 53)) : x > 0 ? d : -d);
      return b[0];
    };
    for (const [lo, hi, nb] of [[0, 1, 3], [-2, 8, 7], [0.1, 0.7, 1000], [1e-3, 1e5, 4095], [-1e6, 1e6, 999], [0, 500, 256]] as const) {
      for (const dt of ['float32', 'float64'] as const) {
        const f32 = dt === 'float32';
        const step = (hi - lo) / nb;
        const e = Array.from({ length: nb + 1 }, (_, i) => (f32 ? Math.fround(i === nb ? hi : lo + i * step) : i === nb ? hi : lo + i * step));
        const vals = e.flatMap((x) => [next(x, -1, f32), x, next(x, 1, f32)]);
        checkHistogram(gp.array(vals, dt), nb, [lo, hi]);
      }
    }
  });

  it('edges it cannot vouch for go to the general kernels', () => {
    // float32 edges of [1e7, 1e7 + 1]: one float32 step is a whole bin, far off the equal-width grid.
    expect(evenPlan(gp.dtype('float32'), 1e7, 1e7 + 1, 100)).to.equal(null);
    // A span past the float range.
    expect(evenPlan(gp.dtype('float32'), -3e38, 3e38, 10)).to.equal(null);
    const ok = evenPlan(gp.dtype('float32'), 0, 500, 256);
    expect(ok).to.not.equal(null);
    expect(ok!.eps).to.be.below(1e-3);
    // Steps of 1.5 where float32 spaces by 1: distinct edges off the grid (NumPy refuses [1e7, 1e7 + 1]: "Too many bins").
    expect(evenPlan(gp.dtype('float32'), 1e7, 1e7 + 150, 100)).to.equal(null);
    const a = gp.array([1e7, 1e7 + 50, 1e7 + 150, 1e7 + 150], 'float32');
    const before = histogramPaths.launches;
    const [h, e] = gp.histogram(a, 100, { range: [1e7, 1e7 + 150] });
    expect(histogramPaths.launches).to.equal(before);
    expect(flat(h).reduce((x, y) => x + y, 0)).to.equal(4);
    expect(e.size).to.equal(101);
    expect(() => gp.histogram(a, 100, { range: [1e7, 1e7 + 1] })).to.throw(RangeError, /Too many bins/);
  });
});

/** x[idx] through the flat kernel, checked against the host and the general kernel. */
function checkGather(x: GpuArray, idx: GpuArray, expectFlat = true) {
  const before = gatherPaths.launches;
  const got = x.slice(idx);
  expect(gatherPaths.launches - before, 'flat kernel launches').to.equal(expectFlat && idx.size > 0 ? 1 : 0);
  gatherPaths.flat = false;
  let ref: GpuArray;
  try {
    ref = x.slice(idx);
  } finally {
    gatherPaths.flat = true;
  }
  const hx = flat(x);
  const want = flat(idx).map((j) => hx[j < 0 ? j + x.shape[0] : j]);
  const g = flat(got);
  expect(g).to.deep.equal(want);
  expect(g).to.deep.equal(flat(ref));
  expect(got.dtype).to.equal(x.dtype);
  got.dispose();
  ref.dispose();
}

describeEachDevice('x[idx] and take: the flat gather', () => {
  it('vector heads: where index and result both sit on whole vectors', () => {
    expect(vectorHead(0, 8, 0, 4, 4, 100)).to.equal(0);
    expect(vectorHead(8, 8, 0, 4, 4, 100)).to.equal(-1); // int64 index 8 bytes off, float32 result aligned
    expect(vectorHead(8, 8, 8, 8, 4, 100)).to.equal(1);
    expect(vectorHead(4, 4, 4, 4, 4, 100)).to.equal(3);
    expect(vectorHead(16, 8, 1, 1, 4, 100)).to.equal(0); // bytes go one by one: any address
  });

  it('every element size and index dtype, sizes around the vector, the block and the grid', () => {
    const r = rng(51);
    const len = 3001;
    for (const dt of ['bool', 'int8', 'float16', 'int16', 'float32', 'int32', 'float64', 'int64', 'complex64', 'complex128'] as const) {
      const src = gp.array(Array.from({ length: len }, (_, i) => (dt === 'bool' ? i % 3 === 0 : (i * 37) % 101)), dt === 'bool' ? 'bool' : dt);
      for (const it of ['int64', 'int32', 'uint32', 'uint64'] as const) {
        for (const n of [0, 1, 3, 4, 5, 7, 8, 9, 1023, 1024, 1025, 2047, 2048, 2049, 20001]) {
          const signed = it[0] === 'i';
          const host = Array.from({ length: n }, () => Math.floor(r() * len) - (signed && r() < 0.3 ? len : 0));
          const idx = gp.array(host, it);
          if (dt.startsWith('complex')) {
            // Interleaved (re, im) storage: the gathered values with zero imaginary parts.
            const got = src.slice(idx);
            const want = host.flatMap((j) => [((j < 0 ? j + len : j) * 37) % 101, 0]);
            expect(flat(got)).to.deep.equal(want);
            got.dispose();
          } else checkGather(src, idx);
          idx.dispose();
        }
      }
      src.dispose();
    }
  });

  it('every flatGatherShape the probe tries: vector width, unroll, grid, source loads', () => {
    const saved = { ...flatGatherShape };
    const r = rng(53);
    const len = 4099;
    try {
      for (const shape of [
        { vector: 8, unroll: 1, blocksPerSm: 0, src: 1 },
        { vector: 4, unroll: 4, blocksPerSm: 8, src: 2 },
        { vector: 2, unroll: 2, blocksPerSm: 1, src: 2 },
        { vector: 1, unroll: 3, blocksPerSm: 0, src: 1 },
      ]) {
        Object.assign(flatGatherShape, shape);
        for (const dt of ['int8', 'float16', 'float32', 'float64'] as const) {
          const src = gp.array(Array.from({ length: len }, (_, i) => (i * 37) % 101), dt);
          for (const it of ['int64', 'int32'] as const) {
            for (const n of [5, 1023, 33_001]) {
              const idx = gp.array(Array.from({ length: n }, () => Math.floor(r() * len) - (r() < 0.2 ? len : 0)), it);
              checkGather(src, idx);
              idx.dispose();
            }
          }
          src.dispose();
        }
      }
    } finally {
      Object.assign(flatGatherShape, saved);
    }
  });

  it('unaligned index and source views, strided and reversed sources', () => {
    const r = rng(52);
    const src = gp.arange(5000, 'float32');
    const idxBase = gp.array(Array.from({ length: 4101 }, () => Math.floor(r() * 1000)), 'int64');
    const idx32 = idxBase.astype('int32');
    for (const off of ['1:', '2:', '3:', '4:', '5:-2']) {
      checkGather(src, idxBase.slice(off));
      checkGather(src, idx32.slice(off));
      checkGather(src.slice(off), idxBase.slice(off));
    }
    checkGather(src.slice('::3'), idxBase);
    checkGather(src.slice('::-1'), idx32);
    checkGather(src.slice('10::-2'), gp.array([0, 1, 5, -1, -6], 'int64'));
    // A strided index or a 2-D source with basic dims: the general kernel.
    checkGather(src, idxBase.slice('::2'), false);
    const m = src.reshape(50, 100);
    const rows = m.slice(gp.array([3, 1, 49], 'int64'));
    expect(rows.shape).to.deep.equal([3, 100]);
    expect(flat(rows).slice(0, 3)).to.deep.equal([300, 301, 302]);
    // A 2-D index into a 1-D source: one contiguous index, the flat kernel.
    const i2 = gp.array([[1, 2, 3], [4, 5, 4999]], 'int64');
    const before = gatherPaths.launches;
    const g2 = src.slice(i2);
    expect(gatherPaths.launches).to.equal(before + 1);
    expect(g2.shape).to.deep.equal([2, 3]);
    expect(flat(g2)).to.deep.equal([1, 2, 3, 4, 5, 4999]);
  });

  it('out of bounds: IndexError on the flat path, negative turns, wrap and clip modes', () => {
    const src = gp.arange(100, 'float64');
    for (const it of ['int64', 'int32', 'uint32', 'uint64'] as const) {
      const big = Array.from({ length: 5000 }, (_, i) => i % 100);
      big[4321] = 100; // one bad index among many, past the vectors' start
      expect(() => src.slice(gp.array(big, it))).to.throw(gp.IndexError, /out of bounds for axis 0 with size 100/);
      big[4321] = 7;
      big[0] = 99;
      checkGather(src, gp.array(big, it));
    }
    expect(() => src.slice(gp.array([-101], 'int64'))).to.throw(gp.IndexError);
    expect(() => src.slice(gp.array([5, 2 ** 40], 'int64'))).to.throw(gp.IndexError);
    expect(() => src.slice(gp.array([2n ** 63n], 'uint64'))).to.throw(gp.IndexError);
    expect(() => src.slice(gp.array([-(2 ** 31)], 'int32'))).to.throw(gp.IndexError);
    const wild = [-1, 100, 2 ** 40, -(2 ** 40) - 3, 250, -250, 0, 99, 5, 6, 7];
    const before = gatherPaths.launches;
    expect(flat(gp.take(src, gp.array(wild, 'int64'), { mode: 'wrap' }))).to.deep.equal(wild.map((j) => ((j % 100) + 100) % 100));
    expect(flat(gp.take(src, gp.array(wild, 'int64'), { mode: 'clip' }))).to.deep.equal(wild.map((j) => Math.min(99, Math.max(0, j))));
    const uwild = [100, 2 ** 31 + 7, 250, 0, 99, 5];
    expect(flat(gp.take(src, gp.array(uwild, 'uint64'), { mode: 'wrap' }))).to.deep.equal(uwild.map((j) => j % 100));
    expect(flat(gp.take(src, gp.array(uwild, 'uint32'), { mode: 'clip' }))).to.deep.equal(uwild.map((j) => Math.min(99, j)));
    expect(flat(gp.take(src, gp.array(uwild, 'uint32'), { mode: 'wrap' }))).to.deep.equal(uwild.map((j) => j % 100));
    expect(gatherPaths.launches).to.equal(before + 5);
    const out = gp.zeros([11], 'float64');
    expect(gp.take(src, gp.array(wild, 'int64'), { mode: 'clip', out })).to.equal(out);
    expect(flat(out)).to.deep.equal(wild.map((j) => Math.min(99, Math.max(0, j))));
  });
});
