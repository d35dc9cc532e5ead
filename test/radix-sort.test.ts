// The radix sort's edge paths (kernels/gpuarray/radix_sort.h): sizes around the tile (4096 32-bit
// keys, 2048 64-bit ones), skipped passes in every arrangement (none, first, middle, last, all:
// the buffers each pass reads and writes change with them), skewed digit distributions, and the
// int64 indices argsort writes straight from the last pass; against a stable host sort.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RadixShape, radixShapes, radixSort } from '../lib/ops/radix-sort.js';
import { describeEachDevice, rng } from './helpers.js';
import { flat, refArgsort, sameValues, sample } from './sort-reference.js';

/** argsort and sort of host values as `dtype` equal the stable host reference. */
function checkSort(host: readonly number[], dtype: gp.DTypeName): void {
  const a = gp.array(host as number[], dtype);
  const back = flat(a);
  const order = refArgsort(back);
  const idx = gp.argsort(a);
  expect(idx.dtype.name).to.equal('int64');
  expect(flat(idx)).to.deep.equal(order);
  expect(sameValues(flat(gp.sort(a)), order.map((i) => back[i]))).to.equal(true);
  idx.dispose();
  a.dispose();
}

// The GPU ranks with radix_peers_ballot; the cpu backend with the match instruction (one fiber
// round instead of eight). Both must give the same lanes.
const PEERS = `#define GPA_COOPERATIVE_SOURCE __syncthreads()
#include "gpuarray/radix_sort.h"
extern "C" __global__ void peers(const unsigned int* d, unsigned int* out) {
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = gpa::radix_peers_ballot(d[i]);
  out[2 * i + 1] = __match_any_sync(0xffffffffu, d[i]);
}`;

// Shapes radixShapes can switch to: bigger tiles (counters and stage in one union past 48 KB,
// keys alone), more threads than digits, look-back windows, the next ticket taken early (keys
// alone), histogram grids.
const SHIPPED: RadixShape = { threads: 256, items: 16, blocksPerSm: 4, minBlocks: 4, lookback: 1, prefetch: false, histBlocksPerSm: 0, histItems: 8 };
const SHAPES: [keyof typeof radixShapes, Partial<RadixShape>][] = [
  ['keys4', { threads: 384, items: 20, minBlocks: 2, lookback: 8, prefetch: true }],
  ['keys4', { threads: 512, items: 12, minBlocks: 0, lookback: 4, histBlocksPerSm: 2, histItems: 16 }],
  ['keys4', { threads: 256, items: 24, minBlocks: 2, prefetch: true }],
  ['pairs4', { threads: 256, items: 16, minBlocks: 3, lookback: 8 }],
  ['keys8', { threads: 384, items: 8, minBlocks: 2, lookback: 8, prefetch: true }],
  ['pairs8', { threads: 256, items: 8, minBlocks: 0, lookback: 2 }],
];

describeEachDevice('radix sort edges', () => {
  for (const [kind, change] of SHAPES) {
    const shape: RadixShape = { ...SHIPPED, ...(kind.endsWith('8') ? { items: 8 } : {}), ...change };
    it(`shape ${kind} ${JSON.stringify(change)}: the same order as the host's stable sort`, function () {
      this.timeout(300_000);
      const saved = radixShapes[kind];
      radixShapes[kind] = shape;
      try {
        const n = 3 * shape.threads * shape.items + 101;
        const r = rng(shape.threads + shape.items);
        if (kind === 'keys4') {
          const host = Array.from({ length: n }, () => Math.floor(r() * 2 ** 32));
          expect(flat(gp.sort(gp.array(host, 'uint32')))).to.deep.equal([...host].sort((a, b) => a - b));
          // The bench's rounded floats: skewed digits, a skipped pass.
          const f = Array.from({ length: n }, () => (Math.floor(r() * 2000) + 1) / 4);
          expect(flat(gp.sort(gp.array(f, 'float32')))).to.deep.equal([...f].sort((a, b) => a - b));
        } else if (kind === 'pairs4') {
          checkSort(sample('float32', n, 3), 'float32');
          checkSort(Array.from({ length: n }, () => Math.floor(r() * 2 ** 31) - 2 ** 30), 'int32');
        } else {
          checkSort(sample('int64', n, 5), 'int64');
          checkSort(Array.from({ length: n }, () => Math.floor(r() * 2 ** 40) * (r() < 0.5 ? -1 : 1)), 'int64');
        }
      } finally {
        radixShapes[kind] = saved;
      }
    });
  }

  it('shapes that do not fit are refused before anything launches', () => {
    const saved = radixShapes.keys4;
    try {
      radixShapes.keys4 = { ...SHIPPED, threads: 512, items: 24 };
      expect(() => gp.sort(gp.zeros([10_000], 'uint32'))).to.throw(RangeError, /shape/);
      radixShapes.keys4 = { ...SHIPPED, threads: 128 };
      expect(() => gp.sort(gp.zeros([10_000], 'uint32'))).to.throw(RangeError, /shape/);
      radixShapes.keys4 = { ...SHIPPED, lookback: 16 };
      expect(() => gp.sort(gp.zeros([10_000], 'uint32'))).to.throw(RangeError, /shape/);
    } finally {
      radixShapes.keys4 = saved;
    }
    // With values: no early ticket, no shared stage (both gave wrong orders at 64M on the H200).
    const savedPairs = radixShapes.pairs4;
    try {
      radixShapes.pairs4 = { ...SHIPPED, prefetch: true };
      expect(() => gp.argsort(gp.zeros([10_000], 'float32'))).to.throw(RangeError, /shape/);
      radixShapes.pairs4 = { ...SHIPPED, threads: 384, items: 12, minBlocks: 2 };
      expect(() => gp.argsort(gp.zeros([10_000], 'float32'))).to.throw(RangeError, /shape/);
    } finally {
      radixShapes.pairs4 = savedPairs;
    }
  });

  it('radix_peers_ballot equals __match_any_sync: skewed, random and all-distinct digits', () => {
    const r = rng(3);
    const d = Array.from({ length: 4 * 256 }, (_, i) => (i < 256 ? 7 : i < 512 ? Math.floor(r() * 3) * 85 : i < 768 ? Math.floor(r() * 256) : i % 32));
    const out = gp.zeros([2 * d.length], 'uint32');
    gp.RawKernel(PEERS, 'peers')(4, 256, [gp.array(d, 'uint32'), out]);
    const got = Array.from(out.toTypedArray() as Uint32Array);
    for (let i = 0; i < d.length; i++) {
      let want = 0;
      for (let l = 0; l < 32; l++) if (d[(i & ~31) + l] === d[i]) want |= 1 << l;
      expect([got[2 * i], got[2 * i + 1]]).to.deep.equal([want >>> 0, want >>> 0]);
    }
  });

  it('tuning variants sort the same (match instruction, register cap)', () => {
    const r = rng(9);
    const n = 3 * 4096 + 7;
    const host = Array.from({ length: n }, () => Math.floor(r() * 2 ** 32));
    const want = [...host].sort((a, b) => a - b);
    const keys = gp.array(host, 'uint32');
    for (const variant of ['#define GPA_RADIX_PEERS_MATCH 1\n', '#define GPA_RADIX_MIN_BLOCKS 4\n']) {
      const out = gp.empty([n], 'uint32');
      radixSort({ keys, kind: 0, bits: 32, values: null, out }, variant);
      expect(flat(out)).to.deep.equal(want);
    }
  });

  it('sizes around one tile and many tiles, 32-bit keys (float32, uint16) and 64-bit keys (int64, complex64)', function () {
    this.timeout(120_000);
    for (const n of [1, 2, 3, 4095, 4096, 4097, 3 * 4096 + 17]) checkSort(sample('float32', n, n), 'float32');
    for (const n of [2047, 2048, 2049, 5 * 2048 + 3]) checkSort(sample('int64', n, n), 'int64');
    checkSort(sample('uint16', 9000, 7), 'uint16');
    // complex64: one 64-bit key (real, imaginary) per element, uint32 indices.
    const r = rng(5);
    const n = 2 * 2048 + 1;
    const pairs = Array.from({ length: n }, () => [Math.floor(r() * 7) - 3, Math.floor(r() * 5)] as [number, number]);
    const c = gp.zeros([n], 'complex64').set(Float32Array.from(pairs.flat()));
    const order = pairs.map((_, i) => i).sort((i, j) => pairs[i][0] - pairs[j][0] || pairs[i][1] - pairs[j][1]);
    expect(flat(gp.argsort(c))).to.deep.equal(order);
  });

  it('passes skipped where every key has the same digit: none, first, middle, last, all of them', function () {
    this.timeout(120_000);
    const r = rng(17);
    const n = 2 * 4096 + 5;
    const u32 = (f: () => number) => Array.from({ length: n }, f);
    const byte = () => Math.floor(r() * 256);
    checkSort(u32(() => 7), 'uint32'); // every pass skipped: the values come back unmoved
    checkSort(u32(byte), 'uint32'); // pass 0 only
    checkSort(u32(() => byte() * 256), 'uint32'); // pass 1 only
    checkSort(u32(() => byte() * 2 ** 24 + byte()), 'uint32'); // passes 0 and 3
    checkSort(u32(() => Math.floor(r() * 65536) * 65536 + byte()), 'uint32'); // passes 0, 2, 3 (odd count)
    checkSort(u32(() => Math.floor(r() * 2 ** 32)), 'uint32'); // all four
    checkSort(u32(() => (Math.floor(r() * 2 ** 32) & ~0xff00) >>> 0), 'uint32'); // passes 0, 2, 3
    // 64-bit keys: eight passes, the middle ones skipped; negative values flip the top byte's bit.
    const m = 3 * 2048 + 9;
    const i64 = (f: () => number) => Array.from({ length: m }, f);
    checkSort(i64(() => Math.floor(r() * 4096) * 2 ** 40 + Math.floor(r() * 4096)), 'int64');
    checkSort(i64(() => (Math.floor(r() * 4096) - 2048) * 2 ** 40 + Math.floor(r() * 4096)), 'int64');
    checkSort(i64(() => Math.floor(r() * 100) * 2 ** 52), 'uint64');
  });

  it('skewed digits: nearly all keys equal, rounded floats (low bytes zero), all-NaN with distinct payloads', function () {
    this.timeout(120_000);
    const r = rng(23);
    const n = 5 * 4096 + 11;
    checkSort(
      Array.from({ length: n }, () => (r() < 0.995 ? 0 : Math.floor(r() * 1e6))),
      'int32',
    );
    // The bench's data: multiples of 0.25 in [0.25, 500] (the key's low 12 bits are zero).
    checkSort(
      Array.from({ length: n }, () => (Math.floor(r() * 2000) + 1) / 4),
      'float32',
    );
    // NaNs of different bits share one key: every pass is skipped and the bits come back in order.
    const bits = new Uint32Array(3000).map((_, i) => 0x7fc00000 + (i % 5) + (i % 2 ? 0x80000000 : 0));
    const nans = gp.zeros([3000], 'float32').set(new Float32Array(bits.buffer));
    expect(Array.from(new Uint32Array((gp.sort(nans).toTypedArray() as Float32Array).buffer))).to.deep.equal(Array.from(bits));
    expect(flat(gp.argsort(nans))).to.deep.equal(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('rows of many tiles: argsort and sort along either axis (sort by key, then stably by row)', function () {
    this.timeout(120_000);
    const host = sample('float32', 3 * 5000, 31);
    const a = gp.array(host, 'float32').reshape([3, 5000]);
    const idx = flat(gp.argsort(a, -1));
    const vals = flat(gp.sort(a, -1));
    for (let row = 0; row < 3; row++) {
      const line = host.slice(row * 5000, (row + 1) * 5000);
      const ref = refArgsort(line);
      expect(idx.slice(row * 5000, (row + 1) * 5000)).to.deep.equal(ref);
      expect(sameValues(vals.slice(row * 5000, (row + 1) * 5000), ref.map((i) => line[i]))).to.equal(true);
    }
    const idx0 = flat(gp.argsort(a, 0));
    for (let col = 0; col < 5000; col += 97) {
      const line = [0, 1, 2].map((row) => host[row * 5000 + col]);
      expect([0, 1, 2].map((row) => idx0[row * 5000 + col])).to.deep.equal(refArgsort(line));
    }
  });
});
