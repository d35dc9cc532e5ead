// The ufuncs of the "ufunc breadth" change on cuda against the cpu backend, bit for bit: the same
// inputs (random bit patterns, so NaNs, infinities and subnormals too, plus the edges) through
// every loop, and every output compared as raw bits. The exact functions (everything but
// logaddexp/logaddexp2/floatPower, whose libm and CUDA results may differ by an ulp or so) must
// print 0 mismatches; the others print their largest distance in ulps.
//   node dist/bench/probes/ufunc-more-probe.js
import * as gp from '../../lib/index.js';
import type { GpuArray } from '../../lib/index.js';

const N = 1 << 16;
const INEXACT = new Set(['logaddexp', 'logaddexp2', 'floatPower']);

/** Deterministic 32-bit words (xorshift). */
function words(n: number, seed: number): Uint32Array {
  const w = new Uint32Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    w[i] = s >>> 0;
  }
  return w;
}

const UINT: Record<string, string> = { float16: 'uint16', float32: 'uint32', float64: 'uint64' };
/** Raw bits of the inputs: random patterns, then the edges written over the first elements. */
function bitsFor(d: string, seed: number): ArrayLike<number | bigint> {
  const w = words(2 * N, seed);
  if (d === 'float16') return Uint16Array.from(w.subarray(0, N), (x, i) => [0, 0x8000, 0x7c00, 0xfc00, 0x7e00, 1, 0x8001, 0x3c00, 0x7bff][i] ?? x & 0xffff);
  if (d === 'float32') return Uint32Array.from(w.subarray(0, N), (x, i) => [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x80000001, 0x3f800000, 0x7f7fffff][i] ?? x);
  if (d === 'float64') {
    const out = new BigUint64Array(N);
    for (let i = 0; i < N; i++) out[i] = (BigInt(w[2 * i]) << 32n) | BigInt(w[2 * i + 1]);
    [0n, 1n << 63n, 0x7ff0000000000000n, 0xfff0000000000000n, 0x7ff8000000000000n, 1n, (1n << 63n) | 1n, 0x3ff0000000000000n].forEach((v, i) => (out[i] = v));
    return out;
  }
  // Integers: small values half the time (gcd/lcm/fmod of nearby numbers), full range otherwise.
  return Uint32Array.from(w.subarray(0, N), (x, i) => (i % 2 ? x % 41 : x));
}

function upload(d: string, seed: number): GpuArray {
  const bits = bitsFor(d, seed);
  if (!(d in UINT)) {
    const u = gp.array(Array.from(bits as Uint32Array), 'uint32');
    const r = u.astype(d);
    u.dispose();
    return r;
  }
  const raw = gp.array(bits as never, UINT[d]);
  const cast = gp.ElementwiseKernel(`${UINT[d]} x`, `${d} y`, d === 'float16' ? 'y = __ushort_as_half(x)' : d === 'float32' ? 'y = __int_as_float((int)x)' : 'y = __longlong_as_double((long long)x)', `probe_from_bits_${d}`);
  const r = cast(raw) as GpuArray;
  raw.dispose();
  return r;
}

/** An output's raw bits as bigints (floats through their integer view; ints and bool as they are). */
function bitsOf(a: GpuArray): bigint[] {
  const d = a.dtype.name;
  let v = a;
  if (d in UINT) {
    const k = gp.ElementwiseKernel(`${d} x`, `${UINT[d]} y`, d === 'float16' ? 'y = __half_as_ushort(x)' : d === 'float32' ? 'y = (unsigned)__float_as_int(x)' : 'y = (unsigned long long)__double_as_longlong(x)', `probe_to_bits_${d}`);
    v = k(a) as GpuArray;
  }
  return Array.from(v.toTypedArray() as ArrayLike<number | bigint | boolean>, (x) => BigInt(typeof x === 'boolean' ? +x : x));
}

/** Distance in ulps of two same-signed floats given as bits (NaNs: 0 when both are NaN). */
function ulps(d: string, a: bigint, b: bigint): number {
  const w = BigInt(gp.dtype(d).itemsize * 8);
  const sign = 1n << (w - 1n);
  const key = (x: bigint) => (x & sign ? -(x & (sign - 1n)) : x);
  return Number(key(a) > key(b) ? key(a) - key(b) : key(b) - key(a));
}

/** A NaN's bits: exponent all ones, mantissa not zero. */
function isNaNBits(d: string, x: bigint): boolean {
  const [mant, exp] = d === 'float16' ? [10n, 5n] : d === 'float32' ? [23n, 8n] : [52n, 11n];
  const expMask = (1n << exp) - 1n;
  return ((x >> mant) & expMask) === expMask && (x & ((1n << mant) - 1n)) !== 0n;
}

const CASES: [string, string[][]][] = [
  ['degrees', [['float16'], ['float32'], ['float64']]],
  ['radians', [['float16'], ['float32'], ['float64']]],
  ['signbit', [['float16'], ['float32'], ['float64']]],
  ['frexp', [['float16'], ['float32'], ['float64']]],
  ['modf', [['float16'], ['float32'], ['float64']]],
  ['logaddexp', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64']]],
  ['logaddexp2', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64']]],
  ['copysign', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64']]],
  ['nextafter', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64']]],
  ['heaviside', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64']]],
  ['fmod', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64'], ['int8', 'int8'], ['uint16', 'uint16'], ['int32', 'int32'], ['int64', 'int64']]],
  ['divmod', [['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64'], ['int8', 'int8'], ['uint32', 'uint32'], ['int64', 'int64']]],
  ['gcd', [['int8', 'int8'], ['uint8', 'uint8'], ['int16', 'int16'], ['int32', 'int32'], ['uint32', 'uint32'], ['int64', 'int64'], ['uint64', 'uint64']]],
  ['lcm', [['int8', 'int8'], ['int32', 'int32'], ['int64', 'int64'], ['uint64', 'uint64']]],
  ['ldexp', [['float16', 'int32'], ['float32', 'int32'], ['float32', 'int64'], ['float64', 'int32'], ['float64', 'int64']]],
  ['floatPower', [['float64', 'float64']]],
];

/** Every output of one call on `spec`, as bits. */
function runOn(spec: string, name: string, dts: string[]): { dtypes: string[]; bits: bigint[][] } {
  gp.useDevice(spec);
  // ldexp's exponents stay in a useful range; the rest take the raw patterns.
  const ins = dts.map((d, k) => {
    const a = upload(d, 1000 * k + name.length);
    if (name !== 'ldexp' || k === 0) return a;
    const e = gp.remainder(a, 400).subtract(200).astype(d);
    a.dispose();
    return e;
  });
  const f = (gp as unknown as Record<string, (...a: GpuArray[]) => GpuArray | GpuArray[]>)[name];
  const r = f(...ins);
  const outs = Array.isArray(r) ? r : [r];
  return { dtypes: outs.map((o) => o.dtype.name), bits: outs.map(bitsOf) };
}

const specs = gp.availableDeviceSpecs();
const cuda = specs.find((s) => s.startsWith('cuda'));
if (!cuda || !specs.includes('cpu')) throw new Error(`ufunc-more-probe: needs cuda and cpu, found ${specs.join(', ')}`);
let failures = 0;
for (const [name, loops] of CASES) {
  for (const dts of loops) {
    const g = runOn(cuda, name, dts);
    const c = runOn('cpu', name, dts);
    g.bits.forEach((gb, j) => {
      const d = g.dtypes[j];
      let mismatches = 0;
      let worst = 0;
      for (let i = 0; i < gb.length; i++) {
        if (gb[i] === c.bits[j][i]) continue;
        const isFloat = d in UINT;
        if (isFloat && isNaNBits(d, gb[i]) && isNaNBits(d, c.bits[j][i])) continue; // NaN payloads may differ
        mismatches++;
        if (isFloat) worst = Math.max(worst, ulps(d, gb[i], c.bits[j][i]));
      }
      const exact = !INEXACT.has(name);
      if (exact && mismatches) failures++;
      console.log(`${name}(${dts.join(', ')}) out${j} ${d}: ${mismatches} of ${gb.length} differ${mismatches ? ` (max ${worst} ulp)` : ''}${exact ? '' : ' [inexact function]'}`);
    });
  }
}
console.log(failures ? `FAIL: ${failures} exact loops differ between cuda and cpu` : 'all exact loops bit-identical on cuda and cpu');
