// The ziggurat of gp.random's normals (random_zig.h): N layers of equal area v under
// f(x) = exp(-x^2/2), the last one ending at r (Marsaglia & Tsang's construction). gp uses 1024
// layers where NumPy's Generator uses 256: a word is rejected (wedge or tail, the slow path) 0.43%
// of the time instead of 1.49%, and the slow path is what the GPU fill waits on; a float32 draw
// keeps 21 bits of magnitude (NumPy's 23). The tables are computed here in double precision from
// (r, v) with host twins of random_math.h's rlog/rexp (+ - * / and sqrt only: the same bits
// under any JavaScript engine) and embedded in the kernel source as bit patterns, so both
// backends read the very same numbers. zigTables(256) is NumPy's ziggurat (the tests check its
// published values).

/** The layer count of gp's normals (a power of two: the index is the word's low bits). */
export const ZIG_LAYERS = 1024;

/**
 * (r, v) per layer count: r the rightmost layer edge (NumPy's ziggurat_nor_r for 256; for the
 * others the root of the closure, solved to 25 digits), v the area of each layer with the tail
 * included: the double within a few ulps of r f(r) + the tail for which the layers built down from
 * r close best at the top, f(x1) + v / x1 = 1 (Marsaglia & Tsang give 4.92867323399e-3 for 256;
 * the tests check the closure and that v - r f(r) is the tail's area).
 */
export const ZIG_CONSTANTS: Readonly<Record<number, readonly [r: number, v: number]>> = {
  256: [3.6541528853610088, 4.928673233974657e-3],
  1024: [4.038849846109504, 1.2263246463530871e-3],
  2048: [4.216370409511897, 6.126065176240465e-4],
};

/** The rightmost layer edge of gp's ziggurat. */
export const ZIG_R = ZIG_CONSTANTS[ZIG_LAYERS][0];

const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** The bits of a double. */
export const doubleBits = (x: number): bigint => ((f64[0] = x), u64[0]);
const fromBits = (b: bigint): number => ((u64[0] = b), f64[0]);
/** The bits of a float32. */
export const floatBits = (x: number): number => ((f32[0] = x), u32[0]);

/** random_math.h's rlog: the natural logarithm, operation for operation. */
export function rlog(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return x;
  let b = doubleBits(x);
  let e = 0;
  if (b >> 52n === 0n) {
    x = x * 18014398509481984.0;
    b = doubleBits(x);
    e = -54;
  }
  e += Number((b >> 52n) & 0x7ffn) - 1023;
  let m = fromBits((b & 0x000fffffffffffffn) | 0x3ff0000000000000n);
  if (m > 1.4142135623730951) {
    m = m * 0.5;
    e += 1;
  }
  const f = m - 1.0;
  const s = f / (2.0 + f);
  const z = s * s;
  let R = 2.0 / 27.0;
  for (const c of [25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3]) R = R * z + 2.0 / c;
  R = R * z;
  const lm = f - s * (f - R);
  const de = e;
  return de * LN2_HI + (lm + de * LN2_LO);
}

const pow2i = (k: number) => fromBits(BigInt(k + 1023) << 52n);

/** random_math.h's rexp: e^x, operation for operation. */
export function rexp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > 709.782712893384) return Infinity;
  if (x < -745.1332191019412) return 0;
  const t = x * 1.4426950408889634 + 0.5;
  let kd = Math.trunc(t);
  if (kd > t) kd -= 1;
  const k = kd;
  const r = x - kd * LN2_HI - kd * LN2_LO;
  const inv = [87178291200.0, 6227020800.0, 479001600.0, 39916800.0, 3628800.0, 362880.0, 40320.0, 5040.0, 720.0, 120.0, 24.0, 6.0];
  let p = 1.0 / inv[0];
  for (let i = 1; i < inv.length; i++) p = p * r + 1.0 / inv[i];
  p = p * r + 0.5;
  p = p * r * r + r;
  p = 1.0 + p;
  if (k < -1021) return p * pow2i(k + 64) * 5.421010862427522e-20;
  if (k > 1023) return p * 2.0 * pow2i(k - 1);
  return p * pow2i(k);
}

/** A ziggurat's tables, as numbers (the kernels get the same values as bits). */
export interface ZigTables {
  /** The layer count N. */
  layers: number;
  /** r and v. */
  r: number;
  v: number;
  /** Layer edges: x[0] = 0, x[N - 1] = r, layer i spans heights f(x[i]) to f(x[i-1]). */
  x: Float64Array;
  /** fi[i] = f(x[i]) (fi[0] = 1). */
  fi: Float64Array;
  /** Per layer: the width of its rectangle (the base strip's for layer 0), float32 and float64. */
  w32: Float32Array;
  w64: Float64Array;
  /** Per layer: the fast-accept bound on the magnitude (MAG32 bits for float32 words, 52 for 64-bit words). */
  k32: Uint32Array;
  k64: BigUint64Array;
  /** 1 / r. */
  invR: number;
}

/** The magnitude bits of a float32 word: what the layer index and the sign bit leave. */
export const mag32Bits = (layers: number) => 31 - Math.log2(layers);

const tables = new Map<number, ZigTables>();

/** The tables of `layers` layers (gp's ZIG_LAYERS by default), computed once. */
export function zigTables(layers = ZIG_LAYERS): ZigTables {
  const known = tables.get(layers);
  if (known) return known;
  const rv = ZIG_CONSTANTS[layers];
  if (rv === undefined) throw new RangeError(`no ziggurat constants for ${layers} layers`);
  const [r, v] = rv;
  const N = layers;
  const f = (t: number) => rexp(-0.5 * t * t);
  const x = new Float64Array(N);
  x[N - 1] = r;
  for (let i = N - 1; i >= 2; i--) x[i - 1] = Math.sqrt(-2.0 * rlog(v / x[i] + f(x[i])));
  x[0] = 0;
  const fi = Float64Array.from(x, (t, i) => (i === 0 ? 1 : f(t)));
  // The base layer (0) is the strip [0, q] x [0, f(r)] of area v: x < r lies under the curve,
  // the rest stands for the tail beyond r.
  const q = v / fi[N - 1];
  const mag32 = 2 ** mag32Bits(N);
  const w32 = new Float32Array(N);
  const w64 = new Float64Array(N);
  const k32 = new Uint32Array(N);
  const k64 = new BigUint64Array(N);
  for (let i = 0; i < N; i++) {
    const width = i === 0 ? q : x[i];
    const inner = i === 0 ? r : x[i - 1]; // below this the point is inside the curve
    w32[i] = Math.fround(width);
    w64[i] = width;
    // rabs < k means x = width * rabs / 2^bits < inner: floor keeps the box inside (a point
    // left out goes to the exact wedge test).
    k32[i] = Math.floor((inner / w32[i]) * mag32);
    k64[i] = BigInt(Math.floor((inner / width) * 4503599627370496));
  }
  const t = { layers: N, r, v, x, fi, w32, w64, k32, k64, invR: 1 / r };
  tables.set(layers, t);
  return t;
}

const hex32 = (v: number) => `0x${v.toString(16).padStart(8, '0')}u`;
const hex64 = (v: bigint) => `0x${v.toString(16).padStart(16, '0')}ull`;

function rows(items: string[], per: number): string {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += per) out.push(`  ${items.slice(i, i + per).join(', ')},`);
  return out.join('\n');
}

/**
 * random_zig.h's ZigEntry32 table as C initialisers: entry s N + i for layer i and sign s (a
 * word's layer and sign bits), the width times 2^(23 - MAG32) with that sign (exact) and the bound
 * k as the bits of the float 1 + k 2^-23 (the draw compares the bits of its own 1 + rabs 2^-23).
 */
function zig32Entries(t: ZigTables): string[] {
  const scale = 2 ** (23 - mag32Bits(t.layers));
  const half = Array.from(t.w32, (w, i) => [floatBits(w * scale), 0x3f800000 + t.k32[i]]);
  return [0, 0x80000000].flatMap((sign) => half.map(([w, k]) => `{${hex32((w ^ sign) >>> 0)}, ${hex32(k)}}`));
}

const sources = new Map<string, string>();

/**
 * The kernel-source prelude of the normal samplers: random_zig.h for `layers` layers and the
 * tables it reads, as bit patterns (ZIG32 for float32 words, an entry per layer and sign; ZIG64
 * for 64-bit words, one per layer; ZIG_FI = fi[0..N-1], r, 1/r).
 */
export function zigSource(which: 'f32' | 'f64', layers = ZIG_LAYERS): string {
  const id = `${which}/${layers}`;
  let s = sources.get(id);
  if (s !== undefined) return s;
  const t = zigTables(layers);
  const N = t.layers;
  const fi = [...Array.from(t.fi, doubleBits), doubleBits(t.r), doubleBits(t.invR)].map(hex64);
  const table =
    which === 'f32'
      ? `__device__ const ZigEntry32 ZIG32[${2 * N}] = {\n${rows(zig32Entries(t), 4)}\n};\n`
      : `__device__ const ZigEntry64 ZIG64[${N}] = {\n${rows(Array.from(t.w64, (w, i) => `{${hex64(doubleBits(w))}, ${hex64(t.k64[i])}}`), 2)}\n};\n`;
  s =
    `#define GPA_ZIG_BITS ${Math.log2(N)}\n#include "gpuarray/random_zig_fill.h"\n` +
    `// The ziggurat's tables (lib/random/ziggurat.ts; ${N} layers, r = ${t.r}, v = ${t.v}).\n` +
    `namespace gpa {\nnamespace rng {\nstatic_assert(ZIG_N == ${N}u, "random_zig.h was included before GPA_ZIG_BITS");\n${table}__device__ const uint64_t ZIG_FI[${N + 2}] = {\n${rows(fi, 4)}\n};\n}  // namespace rng\n}  // namespace gpa\n`;
  sources.set(id, s);
  return s;
}
