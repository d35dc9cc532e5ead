// The one-row look-back scan in every shape lib/ops/prefix-scan.ts can switch to (lookbackShapes:
// the staged kernel, the register kernel with transposed or direct loads, ticket or block-index
// tiles, back-off, register caps, L2 prefetch), on every backend: exact against host scans of small integers
// (float sums of them are exact too), inclusive and exclusive, 1- to 8-byte types, NaN skipping,
// an unaligned input, partial last tiles and more than one 32-tile look-back window.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { keptStatusBuffers, LookbackShape, lookbackShapes, scanRows } from '../lib/ops/prefix-scan.js';
import { describeEachDevice, rng } from './helpers.js';

const BASE: LookbackShape = { kernel: 'registers', threads: 256, items: 16, load: 'transpose', ticket: false, minBlocks: 0, delayNs: 0, ahead: 0 };
const SHAPES: LookbackShape[] = [
  { ...BASE },
  { ...BASE, threads: 128, items: 24, ticket: true, delayNs: 100 },
  { ...BASE, threads: 512, items: 8, load: 'direct' },
  { ...BASE, threads: 64, items: 12, load: 'direct', minBlocks: 8 },
  { ...BASE, threads: 96, items: 7 },
  { ...BASE, threads: 128, items: 24, ahead: 3 },
  { ...BASE, threads: 128, items: 16, load: 'direct', ahead: 2 },
  { kernel: 'staged', threads: 256, items: 8, load: 'transpose', ticket: true, minBlocks: 4, delayNs: 0, ahead: 2 },
];

/** Running op over host values as JS numbers (exact for the small integers used). */
function refScan(x: ArrayLike<number>, op: (a: number, b: number) => number, exclusive = false, ident = 0): number[] {
  const out: number[] = [];
  let run = ident;
  for (let i = 0; i < x.length; i++) {
    const next = i === 0 && !exclusive ? x[i] : op(run, x[i]);
    out.push(exclusive ? run : next);
    run = next;
  }
  return out;
}

function firstMismatch(got: ArrayLike<number | bigint>, want: readonly number[]): number {
  if (got.length !== want.length) return -2;
  for (let i = 0; i < want.length; i++) if (Number(got[i]) !== want[i]) return i;
  return -1;
}

describeEachDevice('look-back scan shapes', () => {
  const saved = { ...lookbackShapes };
  afterEach(() => Object.assign(lookbackShapes, saved));

  for (const shape of SHAPES) {
    const label = `${shape.kernel} ${shape.threads}x${shape.items}${shape.kernel === 'registers' ? ` ${shape.load} ${shape.ticket ? 'ticket' : 'blockIdx'}` : ''}${shape.delayNs ? ` sleep ${shape.delayNs}` : ''}${shape.minBlocks ? ` min ${shape.minBlocks}` : ''}${shape.ahead ? ` ahead ${shape.ahead}` : ''}`;
    it(label, function () {
      this.timeout(300_000);
      lookbackShapes.narrow = shape;
      lookbackShapes.wide = shape;
      const tile = shape.threads * shape.items;
      // More than 32 tiles (a second look-back window), the last one partial.
      const n = tile * 45 + 37;
      const r = rng(shape.threads + shape.items);
      const small = Float32Array.from({ length: n + 3 }, () => Math.floor(r() * 7) - 3);
      const add = (a: number, b: number) => a + b;

      // float32 (4-byte status words), from an input 3 elements into its buffer (unaligned vectors).
      const whole = gp.array(small);
      const view = whole.slice('3:');
      const body = small.subarray(3);
      expect(firstMismatch(gp.cumsum(view).toTypedArray() as Float32Array, refScan(body, add)), 'float32 cumsum').to.equal(-1);

      // NaN skipped (the load functor), every 1000th element.
      const withNan = Float32Array.from(body, (v, i) => (i % 1000 === 7 ? NaN : v));
      const noNan = Float32Array.from(withNan, (v) => (Number.isNaN(v) ? 0 : v));
      expect(firstMismatch(gp.nancumsum(gp.array(withNan)).toTypedArray() as Float32Array, refScan(noNan, add)), 'nancumsum').to.equal(-1);

      // int32 -> int64 cumsum (8-byte values: aggs, incls and flags), and int32 maximum.accumulate.
      const ints = Int32Array.from(body);
      expect(firstMismatch(gp.cumsum(gp.array(ints)).toTypedArray() as BigInt64Array, refScan(ints, add)), 'int64 cumsum').to.equal(-1);
      const big = Int32Array.from({ length: n }, (_, i) => Math.floor(r() * 2 ** 31) - (n - i));
      const max = gp.ufuncs.get('maximum')!.accumulate(gp.array(big)).toTypedArray() as Int32Array;
      expect(firstMismatch(max, refScan(big, Math.max)), 'int32 maximum').to.equal(-1);

      // 1-byte values through the shuffles: uint8 maximum.accumulate.
      const bytes = Uint8Array.from({ length: n }, (_, i) => Math.min(255, Math.floor(r() * 40) + Math.floor((200 * i) / n)));
      const bmax = gp.ufuncs.get('maximum')!.accumulate(gp.array(bytes)).toTypedArray() as Uint8Array;
      expect(firstMismatch(bmax, refScan(bytes, Math.max)), 'uint8 maximum').to.equal(-1);

      // Exclusive scans (the sort and set routines' offsets), uint32 counts, in place.
      const counts = Uint32Array.from({ length: n }, () => Math.floor(r() * 5));
      const c = gp.array(counts);
      scanRows(c, c, 1, n, 'add', { exclusive: true });
      expect(firstMismatch(c.toTypedArray() as Uint32Array, refScan(counts, add, true)), 'exclusive uint32 in place').to.equal(-1);
    });
  }

  it('the shipped shapes far enough for their prefetch to run (float32 and int64 cumsum)', function () {
    this.timeout(300_000);
    const r = rng(99);
    const add = (a: number, b: number) => a + b;
    for (const [shape, wide] of [[lookbackShapes.narrow, false], [lookbackShapes.wide, true]] as const) {
      const n = shape.threads * shape.items * (shape.ahead + 40) + 11;
      const small = Int32Array.from({ length: n }, () => Math.floor(r() * 7) - 3);
      const got = wide ? (gp.cumsum(gp.array(small)).toTypedArray() as BigInt64Array) : (gp.cumsum(gp.array(Float32Array.from(small))).toTypedArray() as Float32Array);
      expect(firstMismatch(got, refScan(small, add)), wide ? 'int64 cumsum' : 'float32 cumsum').to.equal(-1);
    }
  });

  it("scans in a row reuse the stream's status buffers: new epochs, the wrap-around, both layouts, another stream", function () {
    this.timeout(300_000);
    const savedMax = keptStatusBuffers.maxEpoch;
    keptStatusBuffers.maxEpoch = 3; // zeroed and restarted every third call of a layout
    try {
      const r = rng(7);
      const add = (a: number, b: number) => a + b;
      const narrow = lookbackShapes.narrow;
      const long = narrow.threads * narrow.items * 70 + 5;
      // Long and short float32 scans in turn: a short one leaves the long one's later words of an
      // older epoch, which the next long one must not take; int64 scans (the flags layout) between.
      const lengths = [long, 5000, long, long >> 1, long, 3000, long];
      lengths.forEach((n, k) => {
        const host = Int32Array.from({ length: n }, () => Math.floor(r() * 7) - 3 + k);
        const f = gp.cumsum(gp.array(Float32Array.from(host))).toTypedArray() as Float32Array;
        expect(firstMismatch(f, refScan(host, add)), `float32 call ${k}`).to.equal(-1);
        const w = gp.cumsum(gp.array(host)).toTypedArray() as BigInt64Array;
        expect(firstMismatch(w, refScan(host, add)), `int64 call ${k}`).to.equal(-1);
      });
      // Another stream has buffers of its own.
      const s = new gp.Stream();
      const host = Int32Array.from({ length: long }, () => Math.floor(r() * 5));
      const got = gp.withStream(s, () => gp.cumsum(gp.array(Float32Array.from(host))).toTypedArray() as Float32Array);
      expect(firstMismatch(got, refScan(host, add)), 'on another stream').to.equal(-1);
      s.dispose();
    } finally {
      keptStatusBuffers.maxEpoch = savedMax;
    }
  });

  it('shapes it cannot take are refused before anything launches', () => {
    lookbackShapes.narrow = { ...BASE, threads: 100 };
    expect(() => gp.cumsum(gp.zeros([100_000], 'float32'))).to.throw(RangeError, /shape/);
    lookbackShapes.narrow = { ...BASE, threads: 1024, items: 16 };
    expect(() => gp.cumsum(gp.zeros([100_000], 'float32'))).to.throw(RangeError, /shape/);
    lookbackShapes.narrow = { ...BASE, ahead: -1 };
    expect(() => gp.cumsum(gp.zeros([100_000], 'float32'))).to.throw(RangeError, /shape/);
  });
});
