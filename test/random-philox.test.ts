// gp.random's bit generator: Philox4x32-10 known answers from Random123's kat_vectors (host
// reference and the kernel header on every device), NumPy's SeedSequence words, the documented
// counter layout (kernels against the pure-TS reference), the stream rule, jumped/advance/spawn,
// and identical bits on every available device.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RawKernel } from '../lib/index.js';
import { bounded, counterWords, ElementStream, philox4x32_10, u01Float } from '../lib/random/philox.js';
import { DEVICE_SPECS, describeEachDevice } from './helpers.js';

const { random } = gp;

// Random123 kat_vectors, "philox4x32 10": counter[4] key[2] -> output[4].
const KAT: [number[], number[], number[]][] = [
  [[0, 0, 0, 0], [0, 0], [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]],
  [[0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff], [0xffffffff, 0xffffffff], [0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]],
  [[0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344], [0xa4093822, 0x299f31d0], [0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]],
];

const KAT_KERNEL = `#include "gpuarray/philox.h"
extern "C" __global__ void kat(const unsigned int* in, unsigned int* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const unsigned int* v = in + 6 * i;
    gpa::rng::u32x4 r = gpa::rng::philox4x32_10(gpa::rng::u32x4{v[0], v[1], v[2], v[3]}, v[4], v[5]);
    out[4 * i] = r.x; out[4 * i + 1] = r.y; out[4 * i + 2] = r.z; out[4 * i + 3] = r.w;
  }
}`;

const u32 = (a: gp.GpuArray) => Array.from(a.toTypedArray() as Uint32Array);

describe('random: host references', () => {
  it('Philox4x32-10 matches Random123 known answers', () => {
    for (const [c, k, want] of KAT) expect(Array.from(philox4x32_10(c, k))).to.deep.equal(want);
  });

  it("SeedSequence words equal NumPy's (values from numpy 2.4)", () => {
    const hex = (a: ArrayLike<number | bigint>) => Array.from(a, (x) => x.toString(16));
    expect(hex(new random.SeedSequence(1234).generateState(4))).to.deep.equal(['ad3f26a6', '5f83044c', 'cea3a6f', 'a0d9b370']);
    expect(hex(new random.SeedSequence([1, 2 ** 40, 3]).generateState(6))).to.deep.equal(['c35f6d21', '57b66840', '6265cf04', '10ecb407', 'bf3a8434', '7209c2ef']);
    expect(hex(new random.SeedSequence(2n ** 100n + 7n).generateState(3, 'uint64'))).to.deep.equal(['75dd2b5acf567a', 'ab0ad26d75c16270', 'efa19a0f852d9d38']);
    expect(hex(new random.SeedSequence(0).spawn(2)[1].generateState(4))).to.deep.equal(['2820a7af', '43bfff7a', '643645e9', 'c28cba32']);
    expect(hex(new random.SeedSequence([5, 6, 7, 8, 9, 10]).generateState(4))).to.deep.equal(['49e2676a', '7a82f6b7', 'be28872a', '28040014']);
  });

  it('SeedSequence rejects negative and non-integer entropy', () => {
    expect(() => new random.SeedSequence(-1)).to.throw(RangeError);
    expect(() => new random.SeedSequence(1.5)).to.throw(TypeError);
    expect(() => random.defaultRng(-3)).to.throw(RangeError);
  });

  it("SeedSequence takes nested entropy lists, refuses float TypedArrays, and generateState's errors are NumPy's", () => {
    // np.random.SeedSequence([[1, 2], [3]]).generate_state(4) (its entropy stays [[1, 2], [3]])
    const ss = new random.SeedSequence([[1, 2], [3]]);
    expect(Array.from(ss.generateState(4) as Uint32Array)).to.deep.equal([3822189696, 3026158655, 540542919, 1119972918]);
    expect(ss.entropy).to.deep.equal([[1n, 2n], [3n]]);
    // SeedSequence(np.array([1.0, 2.0])): TypeError 'seed must be integer'
    expect(() => new random.SeedSequence(new Float64Array([1, 2]) as unknown as number[])).to.throw(TypeError);
    // generate_state(2.5): TypeError; generate_state(-1): ValueError; generate_state(2, np.int32): ValueError
    expect(() => new random.SeedSequence(5).generateState(2.5)).to.throw(TypeError);
    expect(() => new random.SeedSequence(5).generateState(-1)).to.throw(RangeError);
    expect(() => new random.SeedSequence(5).generateState(2, 'int32')).to.throw(RangeError);
    expect(new random.SeedSequence(5).generateState(2n)).to.have.length(2);
  });

  it('OS entropy gives different keys; seeds give the same key', () => {
    expect(random.defaultRng().bitGenerator.key).to.not.deep.equal(random.defaultRng().bitGenerator.key);
    expect(random.defaultRng(5).bitGenerator.key).to.deep.equal(random.defaultRng(new random.SeedSequence(5)).bitGenerator.key);
    const ss = new random.SeedSequence(5).generateState(2) as Uint32Array;
    expect(random.defaultRng(5).bitGenerator.key).to.deep.equal([ss[0], ss[1]]);
  });

  it('advance, jumped and spawn move or split the stream', () => {
    const a = new random.Philox(9);
    a.advance(10);
    expect(a.counter).to.equal(10n);
    const j = a.jumped();
    expect(j.counter).to.equal(10n + (1n << 64n));
    expect(j.key).to.deep.equal(a.key);
    expect(a.counter).to.equal(10n);
    const kids = new random.Philox(9).spawn(2);
    expect(kids[0].key).to.not.deep.equal(kids[1].key);
    expect(kids[0].key).to.deep.equal(new random.Philox(9).spawn(1)[0].key);
    expect(() => a.advance(-1)).to.throw(RangeError);
  });
});

describeEachDevice('random: kernels against the host reference', () => {
  it('the kernel header reproduces the known answers', () => {
    const k = RawKernel(KAT_KERNEL, 'kat');
    const input = gp.array(Uint32Array.from(KAT.flatMap(([c, key]) => [...c, ...key])), 'uint32');
    const out = gp.zeros([KAT.length * 4], 'uint32');
    k([128], [32], [input, out, KAT.length]);
    expect(u32(out)).to.deep.equal(KAT.flatMap(([, , want]) => want));
  });

  it('random float32: element e is word e of the call (top 24 bits)', () => {
    const g = random.defaultRng(2024);
    const key = g.bitGenerator.key;
    const n = 1003;
    const got = g.random(n, 'float32').toTypedArray() as Float32Array;
    for (let e = 0; e < n; e++) {
      const w = philox4x32_10(counterWords(BigInt(e >> 2)), key)[e & 3];
      expect(got[e]).to.equal(u01Float(w));
    }
    expect(g.bitGenerator.counter).to.equal(BigInt(Math.ceil(n / 4)));
  });

  it('random float64: element e from words 2e, 2e+1 (53 bits)', () => {
    const g = random.defaultRng(7);
    g.bitGenerator.advance(5);
    const key = g.bitGenerator.key;
    const got = g.random(101).toTypedArray() as Float64Array;
    for (let e = 0; e < 101; e++) expect(got[e]).to.equal(new ElementStream(key, counterWords(5n), e, 2).uniform());
  });

  it('integers: Lemire with rejections (substreams) equals the reference, int32 and int64', () => {
    const g = random.defaultRng(11);
    const key = g.bitGenerator.key;
    // Range 3 * 2^30: one draw in four is rejected, so the substream path runs often.
    const n = 2000;
    const lo = -(2 ** 31);
    const r32 = g.integers(lo, lo + 3 * 2 ** 30, n, 'int32').toTypedArray() as Int32Array;
    const pos1 = counterWords(0n);
    for (let e = 0; e < n; e++) expect(r32[e]).to.equal(lo + Number(bounded(new ElementStream(key, pos1, e, 1), BigInt(3 * 2 ** 30 - 1))));
    const big = (1n << 63n) + (1n << 61n); // uint64 range with rejections
    const start = g.bitGenerator.counter;
    const r64 = g.integers(0n, big, 500, 'uint64').toTypedArray() as BigUint64Array;
    const pos2 = counterWords(start);
    for (let e = 0; e < 500; e++) expect(r64[e]).to.equal(bounded(new ElementStream(key, pos2, e, 2), big - 1n));
  });

  it('array bounds (one element per thread) give the same numbers as scalar bounds', () => {
    const a = random.defaultRng(3).integers(0, 1000, 999, 'int16');
    const b = random.defaultRng(3).integers(gp.zeros([999], 'int64'), 1000, null, 'int16');
    expect(Array.from(a.toTypedArray() as Int16Array)).to.deep.equal(Array.from(b.toTypedArray() as Int16Array));
  });

  it('int64: array bounds give the same numbers as scalar bounds', () => {
    const a = random.defaultRng(4).integers(-5, 2 ** 40, 301).toTypedArray() as BigInt64Array;
    const b = random.defaultRng(4).integers(gp.full([301], -5, 'int64'), 2 ** 40).toTypedArray() as BigInt64Array;
    expect(Array.from(b)).to.deep.equal(Array.from(a));
  });

  it('permutation: Fisher-Yates step e swaps with element e of a call of 2-word draws', () => {
    const g = random.defaultRng(13);
    const key = g.bitGenerator.key;
    const n = 300;
    const got = Array.from(g.permutation(n).toTypedArray() as BigInt64Array, Number);
    const idx = Array.from({ length: n }, (_, i) => i);
    const pos = counterWords(0n);
    for (let e = 0; e < n - 1; e++) {
      const i = n - 1 - e;
      const j = Number(bounded(new ElementStream(key, pos, e, 2), BigInt(i)));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    expect(got).to.deep.equal(idx);
  });

  it('normal(0, 1) per element equals the vectorised standardNormal', () => {
    const a = random.defaultRng(5).standardNormal(1001).toTypedArray() as Float64Array;
    const b = random.defaultRng(5).normal(0, 1, 1001).toTypedArray() as Float64Array;
    expect(Array.from(b)).to.deep.equal(Array.from(a));
  });

  it('the stream rule: calls start on whole blocks; split calls of whole blocks equal one call', () => {
    const one = random.defaultRng(8).random(4096, 'float32').toTypedArray() as Float32Array;
    const g = random.defaultRng(8);
    const parts = [...(g.random(1024, 'float32').toTypedArray() as Float32Array), ...(g.random(3072, 'float32').toTypedArray() as Float32Array)];
    expect(parts).to.deep.equal(Array.from(one));
    const n1 = random.defaultRng(8).standardNormal(1000).toTypedArray() as Float64Array;
    const g2 = random.defaultRng(8);
    const np = [...(g2.standardNormal(600).toTypedArray() as Float64Array), ...(g2.standardNormal(400).toTypedArray() as Float64Array)];
    expect(np).to.deep.equal(Array.from(n1));
    const gm = random.defaultRng(8).gamma(2.5, 1, 300).toTypedArray() as Float64Array;
    const g3 = random.defaultRng(8);
    const gp2 = [...(g3.gamma(2.5, 1, 100).toTypedArray() as Float64Array), ...(g3.gamma(2.5, 1, 200).toTypedArray() as Float64Array)];
    expect(gp2).to.deep.equal(Array.from(gm));
    // A call of 3 float32 uses a whole block: the next call starts at block 1.
    const g4 = random.defaultRng(8);
    g4.random(3, 'float32');
    expect(g4.bitGenerator.counter).to.equal(1n);
    expect(Array.from(g4.random(4, 'float32').toTypedArray() as Float32Array)).to.deep.equal(Array.from(one.subarray(4, 8)));
  });

  it('advance(k) skips k blocks; state round-trips', () => {
    const all = random.defaultRng(12).random(64, 'float32').toTypedArray() as Float32Array;
    const g = random.defaultRng(12);
    g.bitGenerator.advance(3);
    expect(Array.from(g.random(8, 'float32').toTypedArray() as Float32Array)).to.deep.equal(Array.from(all.subarray(12, 20)));
    const s = g.bitGenerator.state;
    const x = g.random(5).toTypedArray();
    g.bitGenerator.state = s;
    expect(Array.from(g.random(5).toTypedArray() as Float64Array)).to.deep.equal(Array.from(x as Float64Array));
  });
});

// Every method on every available device from the same seed: the bytes must agree (on a host
// with only the cpu backend this compares cpu with itself and proves determinism only).
// multivariateNormal, whose factor each backend's solver computes, agrees to rounding
// (random-mvn.test.ts).
const METHODS: [string, (g: InstanceType<typeof random.Generator>) => gp.GpuArray][] = [
  ['random f32', (g) => g.random(1001, 'float32')],
  ['random f64', (g) => g.random(1001)],
  ['standardNormal f32', (g) => g.standardNormal(1001, 'float32')],
  ['standardNormal', (g) => g.standardNormal(1001)],
  ['integers int32', (g) => g.integers(-(2 ** 31), 2 ** 30, 1001, 'int32')],
  ['integers uint8', (g) => g.integers(0, 200, 1001, 'uint8')],
  ['integers int64', (g) => g.integers(-(2n ** 62n), 2n ** 62n + 12345n, 1001)],
  ['uniform', (g) => g.uniform(-2, 3, 1001)],
  ['normal', (g) => g.normal(gp.array([1, 2, 3]), 2, [333, 3])],
  ['lognormal', (g) => g.lognormal(0, 0.5, 1001)],
  ['exponential', (g) => g.exponential(2, 1001)],
  ['standardExponential f32', (g) => g.standardExponential(1001, 'float32')],
  ['laplace', (g) => g.laplace(0, 1, 1001)],
  ['logistic', (g) => g.logistic(0, 1, 1001)],
  ['gumbel', (g) => g.gumbel(0, 1, 1001)],
  ['weibull', (g) => g.weibull(1.5, 1001)],
  ['pareto', (g) => g.pareto(3, 1001)],
  ['rayleigh', (g) => g.rayleigh(1, 1001)],
  ['gamma', (g) => g.gamma(gp.array([0.3, 1, 4.5]), 1, [333, 3])],
  ['standardGamma f32', (g) => g.standardGamma(2.5, 1001, 'float32')],
  ['beta', (g) => g.beta(0.5, 2, 1001)],
  ['chisquare', (g) => g.chisquare(3, 1001)],
  ['poisson', (g) => g.poisson(gp.array([0.5, 7, 40, 1e4]), [250, 4])],
  ['binomial', (g) => g.binomial(gp.array([5, 80, 1000]), 0.4, [333, 3])],
  ['negativeBinomial', (g) => g.negativeBinomial(5, 0.3, 1001)],
  ['geometric', (g) => g.geometric(0.2, 1001)],
  ['hypergeometric', (g) => g.hypergeometric(30, 20, 10, 1001)],
  ['multinomial', (g) => g.multinomial(50, [0.1, 0.2, 0.7], 300)],
  ['multivariateHypergeometric', (g) => g.multivariateHypergeometric([10, 20, 5, 40], 30, 300)],
  ['vonmises (uniform, second-order, rejection and wrapped-normal paths)', (g) => g.vonmises(gp.array([0, 2, -3, 1]), gp.array([0, 5e-6, 4, 2e6]), [250, 4])],
  ['choice', (g) => g.choice(gp.arange(50), 20, { replace: false })],
  ['permutation', (g) => g.permutation(100)],
];

describe('random: identical bits on every device', () => {
  for (const [name, make] of METHODS) {
    it(name, () => {
      const bytes = DEVICE_SPECS.map((spec) => {
        gp.useDevice(spec);
        const a = make(random.defaultRng(20261130));
        const t = a.toTypedArray() as ArrayBufferView;
        return Buffer.from(t.buffer, t.byteOffset, t.byteLength).toString('hex');
      });
      for (const b of bytes) expect(b).to.equal(bytes[0]);
      // And the same seed twice on one device.
      const again = make(random.defaultRng(20261130)).toTypedArray() as ArrayBufferView;
      expect(Buffer.from(again.buffer, again.byteOffset, again.byteLength).toString('hex')).to.equal(bytes[bytes.length - 1]);
    });
  }
});
