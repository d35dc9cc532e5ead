// gp.random's ziggurat normals (kernels/gpuarray/random_zig.h, lib/random/ziggurat.ts): the
// tables against their definition and NumPy's published values; the fills and the per-element
// sampler against the host reference bit for bit (fast path, wedge, tail; aligned and unaligned
// output; across a 2^32-block run of the counter; the fill by hand on odd grids);
// and the law on 1e6 samples a dtype (moments, Kolmogorov-Smirnov, 3σ/4σ/r tails).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RawKernel } from '../lib/index.js';
import { normalFillSource, roundKeys } from '../lib/random/kernels.js';
import { rexp, ZIG_CONSTANTS, ZIG_LAYERS, ZIG_R, zigSource, zigTables } from '../lib/random/ziggurat.js';
import { describeEachDevice } from './helpers.js';
import { normal32, normal64, ZigPath } from './random-zig-ref.js';
import { erfc, ksStatistic, KS_LIMIT, normalCdf } from './random-stats.js';

const { random } = gp;
const SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 257, 1023, 1024, 1025, 4099];
type Ref = (key: readonly number[], pos: bigint, e: number) => [number, ZigPath];

describe('random ziggurat: the tables', () => {
  const f = (x: number) => Math.exp(-0.5 * x * x);

  for (const N of Object.keys(ZIG_CONSTANTS).map(Number)) {
    const t = zigTables(N);
    const [r, v] = ZIG_CONSTANTS[N];

    it(`${N} layers of area v from r, the top one closing at height 1`, () => {
      expect(t.layers).to.equal(N);
      expect(t.x[N - 1]).to.equal(r);
      for (let i = 2; i < N; i++) expect(Math.abs(t.x[i] * (t.fi[i - 1] - t.fi[i]) - v) / v, `layer ${i}`).to.be.below(1e-12);
      expect(Math.abs(t.x[1] * (1 - t.fi[1]) - v) / v, 'the top layer').to.be.below(1e-12);
      for (let i = 1; i < N; i++) expect(t.fi[i]).to.be.closeTo(f(t.x[i]), 1e-15);
    });

    it(`${N} layers: the base strip and the tail have area v: r f(r) + the integral of f beyond r`, () => {
      // Simpson's rule on [r, r + 14] (f(r + 14) < 1e-50): its error is far below the tolerance.
      const M = 100000;
      const h = 14 / M;
      let s = f(r) + f(r + 14);
      for (let i = 1; i < M; i++) s += (i % 2 ? 4 : 2) * f(r + i * h);
      const tail = (s * h) / 3;
      expect(Math.abs(r * t.fi[N - 1] + tail - v) / v).to.be.below(1e-10);
      // The same through erfc: the tail is sqrt(pi/2) erfc(r / sqrt 2) (erfc to 1.2e-7).
      expect(Math.abs(Math.sqrt(Math.PI / 2) * erfc(r / Math.SQRT2) - tail) / tail).to.be.below(2e-7);
    });

    it(`${N} layers: every fast-accepted draw lies inside the curve's layer (k is a floor)`, () => {
      const mag = 2 ** (31 - Math.log2(N));
      for (let i = 0; i < N; i++) {
        const inner = i === 0 ? r : t.x[i - 1];
        expect(((t.k32[i] - 1) * t.w32[i]) / mag, `k32[${i}]`).to.be.below(inner);
        expect(((t.k32[i] + 1) * t.w32[i]) / mag, `k32[${i}] + 1`).to.be.above(inner);
      }
    });
  }

  it("256 layers are NumPy's: its published table values (ziggurat_constants.h), to rounding", () => {
    // ki_double[0], [2], [255]; wi_double[0], [1], [255]; fi_double[1], [255]; ki_float[0], [2], [255]; wi_float[0].
    const t = zigTables(256);
    const P52 = 2 ** 52;
    expect(Number(t.k64[0]) / P52).to.be.closeTo(0x000ef33d8025ef6a / P52, 1e-13);
    expect(Number(t.k64[2]) / P52).to.be.closeTo(0x000c08be98fbc6a8 / P52, 1e-13);
    expect(Number(t.k64[255]) / P52).to.be.closeTo(0x000f1a5a4b331c4a / P52, 1e-13);
    expect(t.k64[1]).to.equal(0n);
    expect(t.w64[0] / P52 / 8.68362706080130616677e-16).to.be.closeTo(1, 1e-12);
    expect(t.w64[1] / P52 / 4.77933017572773682428e-17).to.be.closeTo(1, 1e-12);
    expect(t.w64[255] / P52 / 8.11384933765648418565e-16).to.be.closeTo(1, 1e-12);
    expect(t.fi[1]).to.be.closeTo(9.77101701267671596263e-1, 1e-14);
    expect(t.fi[255]).to.be.closeTo(1.26028593049859797236e-3, 1e-16);
    // With 256 layers a float32 word keeps 23 magnitude bits, as NumPy's.
    for (const [j, k] of [[0, 0x007799ec], [2, 0x006045f5], [255, 0x0078d2d2]]) expect(Math.abs(t.k32[j] - k), `k32[${j}]`).to.be.at.most(1);
    expect(t.w32[0] / 2 ** 23).to.equal(Math.fround(4.66198677960027669255e-7)); // the same float32
  });

  it(`gp's normals use ${ZIG_LAYERS} layers: the kernel source's tables and layer bits`, () => {
    expect(ZIG_R).to.equal(ZIG_CONSTANTS[ZIG_LAYERS][0]);
    for (const which of ['f32', 'f64'] as const) {
      const src = zigSource(which);
      expect(src).to.contain(`#define GPA_ZIG_BITS ${Math.log2(ZIG_LAYERS)}\n`);
      // float32: an entry per layer and sign.
      expect(src).to.contain(which === 'f32' ? `ZIG32[${2 * ZIG_LAYERS}]` : `ZIG64[${ZIG_LAYERS}]`);
      expect(src).to.contain(`ZIG_FI[${ZIG_LAYERS + 2}]`);
    }
  });
});

/** Compare a kernel result with the reference; returns how many elements took each path. */
function expectRef(got: ArrayLike<number>, ref: Ref, key: readonly number[], pos: bigint, what: string): Record<ZigPath, number> {
  const paths: Record<ZigPath, number> = { fast: 0, wedge: 0, tail: 0 };
  for (let e = 0; e < got.length; e++) {
    const [want, p] = ref(key, pos, e);
    paths[p] += 1;
    if (got[e] !== want) expect(got[e], `${what} e=${e} (${p})`).to.equal(want);
  }
  return paths;
}

describeEachDevice('random ziggurat: kernels against the host reference', () => {
  for (const [dt, ref, big] of [['float32', normal32, 30000], ['float64', normal64, 30001]] as const) {
    it(`standardNormal ${dt}: every size, aligned and unaligned, slow paths included`, () => {
      const total: Record<ZigPath, number> = { fast: 0, wedge: 0, tail: 0 };
      for (const n of [...SIZES, big]) {
        const g = random.defaultRng(900 + n);
        const key = g.bitGenerator.key;
        const a = g.standardNormal(n, dt).toTypedArray() as Float32Array | Float64Array;
        const mid = g.bitGenerator.counter;
        expect(mid).to.equal(BigInt(Math.ceil((n * (dt === 'float32' ? 1 : 2)) / 4)));
        const base = gp.zeros([n + 1], dt);
        const view = base.slice({ start: 1, stop: n + 1 }); // off 16 bytes: the general path
        g.standardNormal({ out: view, dtype: dt });
        const b = view.toTypedArray() as Float32Array | Float64Array;
        for (const [k, v] of Object.entries(expectRef(a, ref, key, 0n, `${dt} n=${n}`))) total[k as ZigPath] += v;
        expectRef(b, ref, key, mid, `${dt} unaligned n=${n}`);
        base.dispose();
      }
      // The sizes above reach every path (0.43% of words are rejected, 1 in 18,000 go to the tail).
      expect(total.wedge).to.be.above(50);
      expect(total.tail).to.be.above(0);
    });

    it(`standardNormal ${dt} across the end of a 2^32-block run of the counter`, () => {
      for (const start of [2n ** 32n - 5n, 2n ** 32n - 1000n, 3n * 2n ** 64n - 7n]) {
        const g = random.defaultRng(7);
        g.bitGenerator.advance(start);
        expectRef(g.standardNormal(4099, dt).toTypedArray() as Float32Array, ref, g.bitGenerator.key, start, `start=${start}`);
      }
    });
  }

  it('the fill by hand on odd grids: partial warps, blocks past the queued limit, the last partial group', () => {
    // Blocks of whole warps (32, 64, 256) queue their rejected words and finish them 32 at a
    // time; blocks of 1 or 40 threads (partial warps) finish them at once: every grid gives the
    // same bits, the reference's, on sizes with many rejected words and a partial last group.
    for (const [t, n, u] of [['float', 1 << 17, 1], ['float', (1 << 17) + 6 + 4 * 40, 2], ['double', (1 << 16) + 3, 1], ['double', 4 * 2999 + 1, 2]] as const) {
      const key = [0x2468ace0, 0x13579bdf];
      const name = `zig_hand_${t}_u${u}`;
      const fill = RawKernel(normalFillSource(name, t, u), name, ['--fmad=false']);
      const ref = t === 'float' ? normal32 : normal64;
      let slow = 0;
      for (let e = 0; e < n; e++) if (ref(key, 0n, e)[1] !== 'fast') slow++;
      expect(slow).to.be.above(20);
      for (const [grid, block] of [[1, 32], [1, 1], [3, 40], [2, 64], [5, 40], [3, 256], [1, 96]]) {
        const out = gp.full([n], NaN, t === 'float' ? 'float32' : 'float64');
        fill([grid], [block], [out, n, ...roundKeys(key as [number, number]), 0, 0, 0, 0, 1]);
        expectRef(out.toTypedArray() as Float32Array, ref, key, 0n, `${t} U=${u} ${grid}x${block}`);
        out.dispose();
      }
    }
  });

  it('normal, lognormal and legacy randn are the same stream as standardNormal float64', () => {
    const z = random.defaultRng(41).standardNormal(3001).toTypedArray() as Float64Array;
    const x = random.defaultRng(41).normal(1.5, 2, 3001).toTypedArray() as Float64Array;
    const l = random.defaultRng(41).lognormal(0.25, 0.5, 3001).toTypedArray() as Float64Array;
    for (let i = 0; i < z.length; i++) {
      if (x[i] !== 1.5 + 2 * z[i]) expect(x[i], `normal ${i}`).to.equal(1.5 + 2 * z[i]);
      if (l[i] !== rexp(0.25 + 0.5 * z[i])) expect(l[i], `lognormal ${i}`).to.equal(rexp(0.25 + 0.5 * z[i]));
    }
    random.seed(41);
    expect(Array.from(random.randn(3001).toTypedArray() as Float64Array)).to.deep.equal(Array.from(z));
    random.seed(41);
    const z32 = random.randn(1001, { dtype: 'float32' }).toTypedArray() as Float32Array;
    expect(Array.from(z32)).to.deep.equal(Array.from(random.defaultRng(41).standardNormal(1001, 'float32').toTypedArray() as Float32Array));
  });
});

/** Sample moments: mean, variance, skewness, excess kurtosis. */
function moments(x: ArrayLike<number>): [number, number, number, number] {
  const n = x.length;
  let m = 0;
  for (let i = 0; i < n; i++) m += x[i];
  m /= n;
  let m2 = 0, m3 = 0, m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i] - m;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  return [m, m2, m3 / m2 ** 1.5, m4 / (m2 * m2) - 3];
}

const N = 1_000_000;
const tailP = (t: number) => erfc(t / Math.SQRT2); // P(|Z| > t)

/** The checks of one sample of N standard normals, thresholds at 5 standard errors. */
function lawFailures(x: ArrayLike<number>): string[] {
  const bad: string[] = [];
  const [m, v, s, k] = moments(x);
  if (Math.abs(m) > 5 / Math.sqrt(N)) bad.push(`mean ${m}`);
  if (Math.abs(v - 1) > 5 * Math.sqrt(2 / N)) bad.push(`variance ${v}`);
  if (Math.abs(s) > 5 * Math.sqrt(6 / N)) bad.push(`skewness ${s}`);
  if (Math.abs(k) > 5 * Math.sqrt(24 / N)) bad.push(`excess kurtosis ${k}`);
  for (const t of [3, ZIG_R, 4]) {
    let c = 0;
    for (let i = 0; i < x.length; i++) if (Math.abs(x[i]) > t) c += 1;
    const want = N * tailP(t);
    if (Math.abs(c - want) > 5 * Math.sqrt(want)) bad.push(`|x| > ${t}: ${c} against ${want.toFixed(1)}`);
  }
  const ks = ksStatistic(x, normalCdf);
  if (ks > KS_LIMIT) bad.push(`Kolmogorov-Smirnov ${ks}`);
  return bad;
}

describeEachDevice('random ziggurat: the law on 1e6 samples', () => {
  for (const [dt, seed] of [['float32', 1931], ['float64', 1932]] as const) {
    it(`standardNormal ${dt}: moments, Kolmogorov-Smirnov, tails beyond 3σ, r and 4σ`, () => {
      const a = random.defaultRng(seed).standardNormal(N, dt);
      const x = a.toTypedArray() as Float32Array | Float64Array;
      a.dispose();
      expect(lawFailures(x)).to.deep.equal([]);
    });
  }

  it('the checks have teeth: a 1% wider law, a missing tail and a shifted one fail', () => {
    const x = random.defaultRng(1933).standardNormal(N).toTypedArray() as Float64Array;
    expect(lawFailures(x)).to.deep.equal([]);
    expect(lawFailures(x.map((v) => v * 1.01)).some((m) => m.startsWith('variance'))).to.equal(true);
    expect(lawFailures(x.map((v) => (Math.abs(v) > ZIG_R ? Math.sign(v) * ZIG_R : v))).some((m) => m.startsWith('|x| > 4'))).to.equal(true);
    expect(lawFailures(x.map((v) => v + 0.01)).some((m) => m.startsWith('mean') || m.startsWith('Kolmogorov'))).to.equal(true);
  });
});
