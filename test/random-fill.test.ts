// gp.random's streaming fills (random_fill.h, random_zig.h) and the float functions of
// random_math.h: the lean path (aligned output, counter inside one 2^32-block run) and the
// general one (partial last block, unaligned output, a call across the run's end, full uint32
// range) against the pure-TS Philox reference at edge sizes (the normals' own edge cases are in
// random-ziggurat.test.ts); rlogf and sincos_turn_f32 (the float32 Box-Muller the random-probe
// keeps as its baseline) against Math.log / Math.sin / Math.cos, with their stated ulp bounds.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RawKernel } from '../lib/index.js';
import { bounded, counterWords, ElementStream, philox4x32_10, u01Float } from '../lib/random/philox.js';
import { describeEachDevice } from './helpers.js';
import { draw32, normal32 } from './random-zig-ref.js';

const { random } = gp;

const SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 257, 1023, 1024, 1025, 4099];

/** Words [4 pos, 4 pos + 4 blocks) of the stream of `key`, pos a block index. */
function words(key: readonly number[], pos: bigint, blocks: number): Uint32Array {
  const w = new Uint32Array(4 * blocks);
  for (let j = 0; j < blocks; j++) w.set(philox4x32_10(counterWords(pos + BigInt(j)), key), 4 * j);
  return w;
}

/** The float32 ulp at |x| (normal range). */
const ulp32 = (x: number) => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 23);

/** sin and cos of 2 pi y / 2^32 in double, from the exact quarter-turn reduction of the word. */
function turn(y: number): [number, number] {
  const q = Math.floor((y + 0x20000000) / 0x40000000) % 4;
  const r = y - Math.floor((y + 0x20000000) / 0x40000000) * 0x40000000; // in [-2^29, 2^29)
  const a = (r * (Math.PI / 2)) / 0x40000000;
  const s = Math.sin(a), c = Math.cos(a);
  return q === 0 ? [s, c] : q === 1 ? [c, -s] : q === 2 ? [-s, -c] : [-c, s];
}

/** The ulp error of a float32 result against a double reference (0 against 0). */
function ulpErr(got: number, ref: number): number {
  if (ref === 0) return got === 0 ? 0 : Infinity;
  return Math.abs(got - ref) / ulp32(ref);
}

describeEachDevice('random fills: lean and general paths against the reference', () => {
  it('random float32: every size, aligned and unaligned output', () => {
    for (const n of SIZES) {
      const g = random.defaultRng(100 + n);
      const key = g.bitGenerator.key;
      const a = g.random(n, 'float32').toTypedArray() as Float32Array;
      const big = gp.zeros([n + 1], 'float32');
      const view = big.slice({ start: 1, stop: n + 1 }); // 4 bytes off 16: the general path
      g.random({ out: view, dtype: 'float32' });
      const b = view.toTypedArray() as Float32Array;
      const blocks = Math.ceil(n / 4);
      const w = words(key, 0n, 2 * blocks);
      for (let e = 0; e < n; e++) {
        expect(a[e], `n=${n} e=${e}`).to.equal(u01Float(w[e]));
        expect(b[e], `unaligned n=${n} e=${e}`).to.equal(u01Float(w[4 * blocks + e]));
      }
      expect(g.bitGenerator.counter).to.equal(BigInt(2 * blocks));
      big.dispose();
    }
  });

  it('random float32 and int32 across the end of a 2^32-block run of the counter', () => {
    const n = 4096 + 3;
    for (const start of [2n ** 32n - 5n, 2n ** 32n - 1024n, 2n ** 32n, 3n * 2n ** 64n - 7n]) {
      const g = random.defaultRng(7);
      g.bitGenerator.advance(start);
      const key = g.bitGenerator.key;
      const a = g.random(n, 'float32').toTypedArray() as Float32Array;
      const w = words(key, start, Math.ceil(n / 4));
      for (let e = 0; e < n; e++) expect(a[e], `start=${start} e=${e}`).to.equal(u01Float(w[e]));
      const g2 = random.defaultRng(7);
      g2.bitGenerator.advance(start);
      const r = g2.integers(-5, 995, n, 'int32').toTypedArray() as Int32Array;
      for (let e = 0; e < n; e++) expect(r[e]).to.equal(-5 + Number(bounded(new ElementStream(key, counterWords(start), e, 1), 999n)));
    }
  });

  it('random float64: every size, aligned and unaligned output', () => {
    for (const n of SIZES) {
      const g = random.defaultRng(300 + n);
      const key = g.bitGenerator.key;
      const a = g.random(n).toTypedArray() as Float64Array;
      const big = gp.zeros([n + 1]);
      const view = big.slice({ start: 1, stop: n + 1 });
      g.random({ out: view });
      const b = view.toTypedArray() as Float64Array;
      const blocks = BigInt(Math.ceil(n / 2));
      for (let e = 0; e < n; e++) {
        expect(a[e]).to.equal(new ElementStream(key, counterWords(0n), e, 2).uniform());
        expect(b[e]).to.equal(new ElementStream(key, counterWords(blocks), e, 2).uniform());
      }
      big.dispose();
    }
  });

  it('integers: every size and dtype of at most 32 bits, redraws included', () => {
    const cases: [string, bigint, bigint][] = [
      ['int32', 0n, 1000n],
      ['int32', -(2n ** 31n), 2n ** 30n], // range 3 * 2^30: one word in four redrawn
      ['uint32', 0n, 2n ** 32n], // the full range: words as they are (the general path)
      ['uint32', 5n, 2n ** 32n - 7n],
      ['int16', -300n, 301n],
      ['uint8', 0n, 200n],
      ['int8', -128n, 128n],
      ['bool', 0n, 2n],
    ];
    for (const [dt, lo, hi] of cases) {
      for (const n of SIZES) {
        const g = random.defaultRng(500 + n);
        const key = g.bitGenerator.key;
        const got = Array.from(g.integers(lo, hi, n, dt).toTypedArray() as ArrayLike<number | boolean>, Number);
        for (let e = 0; e < n; e++) {
          const want = lo + bounded(new ElementStream(key, counterWords(0n), e, 1), hi - lo - 1n);
          expect(got[e], `${dt} [${lo}, ${hi}) n=${n} e=${e}`).to.equal(Number(want));
        }
        expect(g.bitGenerator.counter).to.equal(BigInt(Math.ceil(n / 4)));
      }
    }
  });

  it('sizes past one grid: the device loop steps U blocks at a time, then the remainder', () => {
    // 2^20 + 4003 elements: about two blocks a thread on a GPU, some threads in the remainder.
    const n = 2 ** 20 + 4003;
    const g = random.defaultRng(42);
    const key = g.bitGenerator.key;
    const w = words(key, 0n, Math.ceil(n / 4));
    const a = g.random(n, 'float32').toTypedArray() as Float32Array;
    for (let e = 0; e < n; e++) if (a[e] !== u01Float(w[e])) expect(a[e], `e=${e}`).to.equal(u01Float(w[e]));
    const start = g.bitGenerator.counter;
    const lo = -(2 ** 31);
    const r = g.integers(lo, 2 ** 30, n, 'int32').toTypedArray() as Int32Array; // a redraw in one word of four
    const pos = counterWords(start);
    for (let e = 0; e < n; e++) {
      const want = lo + Number(bounded(new ElementStream(key, pos, e, 1), 3n * 2n ** 30n - 1n));
      if (r[e] !== want) expect(r[e], `e=${e}`).to.equal(want);
    }
    const start2 = g.bitGenerator.counter;
    const z = g.standardNormal(n, 'float32').toTypedArray() as Float32Array;
    const w2 = words(key, start2, Math.ceil(n / 4));
    for (let e = 0; e < n; e++) {
      // The ziggurat's first word (the slow path, 1.5% of them, from the full reference).
      const [x, ok] = draw32(w2[e]);
      const want = ok ? x : normal32(key, start2, e)[0];
      if (z[e] !== want) expect(z[e], `normal e=${e}`).to.equal(want);
    }
  });

  it('standardNormal float64: aligned and unaligned output agree with normal(0, 1)', () => {
    for (const n of [1, 3, 4, 5, 1001]) {
      const a = random.defaultRng(9).standardNormal(n).toTypedArray() as Float64Array;
      const big = gp.zeros([n + 1]);
      const view = big.slice({ start: 1, stop: n + 1 });
      random.defaultRng(9).standardNormal({ out: view });
      const c = random.defaultRng(9).normal(0, 1, n).toTypedArray() as Float64Array;
      expect(Array.from(view.toTypedArray() as Float64Array)).to.deep.equal(Array.from(a));
      expect(Array.from(c)).to.deep.equal(Array.from(a));
      big.dispose();
    }
  });
});

const MATH_KERNEL = `#include "gpuarray/random_math.h"
extern "C" __global__ void rng_math(const float* x, float* lg, const unsigned int* w, float* sc, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    lg[i] = gpa::rng::rlogf(x[i]);
    float s, c;
    gpa::rng::sincos_turn_f32(w[i], &s, &c);
    sc[2 * i] = s;
    sc[2 * i + 1] = c;
  }
}`;

describeEachDevice('random_math.h float functions: accuracy', () => {
  // Exhaustive runs on the host (every positive normal float, every word) gave 0.923 ulp for
  // rlogf and 2.75 ulp for sin/cos of the word's exact angle (0.86 ulp of the polynomials alone,
  // the rest the angle's two roundings); this sweep checks the bounds on every backend.
  it('rlogf within 1 ulp of Math.log, sincos_turn_f32 within 3 ulp of Math.sin/Math.cos', () => {
    const n = 1 << 16;
    const xs = new Float32Array(n);
    const ws = new Uint32Array(n);
    const bits = new Uint32Array(xs.buffer);
    for (let i = 0; i < n; i++) {
      // Every binade of positive normal floats, 256 mantissas each, plus the values around 1.
      bits[i] = i < 0xfe00 ? ((((i >> 8) + 1) << 23) | (((i & 255) * 32771) & 0x7fffff)) >>> 0 : (0x3f800000 + (i - 0xff00) * 37) >>> 0;
      // Words: evenly spread, then the quadrant edges and their neighbours.
      ws[i] = i < 0xff00 ? (i * 65537 + ((i * 2654435761) >>> 16)) >>> 0 : ((((i - 0xff00) >> 4) * 0x20000000 + ((i & 15) - 8)) >>> 0);
    }
    const k = RawKernel(MATH_KERNEL, 'rng_math', ['--fmad=false']);
    const x = gp.array(xs, 'float32');
    const w = gp.array(ws, 'uint32');
    const lg = gp.empty([n], 'float32');
    const sc = gp.empty([2 * n], 'float32');
    k([128], [256], [x, lg, w, sc, n]);
    const l = lg.toTypedArray() as Float32Array;
    const t = sc.toTypedArray() as Float32Array;
    let worstLog = 0;
    let worstTrig = 0;
    for (let i = 0; i < n; i++) {
      const ref = Math.log(xs[i]);
      if (ref === 0) expect(l[i]).to.equal(0);
      else worstLog = Math.max(worstLog, ulpErr(l[i], ref));
      const [s, c] = turn(ws[i]);
      worstTrig = Math.max(worstTrig, ulpErr(t[2 * i], s), ulpErr(t[2 * i + 1], c));
    }
    expect(worstLog).to.be.below(1);
    expect(worstTrig).to.be.below(3);
    // Exact where exact: the angle 0 and log(1).
    expect(t[0] === 0 && t[1] === 1, 'sin, cos of word 0').to.equal(true);
    expect(l[0xff00]).to.equal(0); // log(1)
    for (const x of [lg, sc, w]) x.dispose();
    x.dispose();
  });

  it('the tests have teeth: a 1e-6 relative error fails the log bound', () => {
    expect(ulpErr(Math.fround(Math.log(0.3) * (1 + 1e-6)), Math.log(0.3))).to.be.above(1);
  });
});
