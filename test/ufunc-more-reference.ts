// Host references for the ufuncs of issue "ufunc breadth" (degrees ... signbit), written from
// NumPy's C definitions (npy_math, loops.c.src) with exact reasoning: IEEE bit patterns for
// nextafter (NumPy's npy_half_nextafter for float16), powers of two for frexp/ldexp, BigInt for
// the integer functions. float16 loops compute in float32 and round once, as NumPy's.
import type { DType } from '../lib/index.js';
import { roundHalf, roundTo, toBig, V, wrapInt } from './ufunc-reference.js';

// ---- bit patterns --------------------------------------------------------------------------

const buf = new DataView(new ArrayBuffer(8));
export function f64Bits(x: number): bigint {
  buf.setFloat64(0, x);
  return buf.getBigUint64(0);
}
export function f64FromBits(b: bigint): number {
  buf.setBigUint64(0, BigInt.asUintN(64, b));
  return buf.getFloat64(0);
}
export function f32Bits(x: number): number {
  buf.setFloat32(0, x);
  return buf.getUint32(0);
}
export function f32FromBits(b: number): number {
  buf.setUint32(0, b >>> 0);
  return buf.getFloat32(0);
}
/** The float16 bit pattern of a value float16 holds exactly. */
export function halfBits(x: number): number {
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (Number.isNaN(x)) return 0x7e00;
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a * 2 ** 24); // subnormal: m * 2**-24
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  return sign | ((e + 15) << 10) | ((a / 2 ** e - 1) * 1024);
}
export function halfFromBits(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0x1f) return m ? NaN : s * Infinity;
  return s * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15));
}

// ---- nextafter --------------------------------------------------------------------------------

/** C99 nextafter on float64/float32 bit patterns: x == y gives y, zero steps to the smallest subnormal towards y. */
export function nextafter(d: DType, x: number, y: number): number {
  if (d.name === 'float16') return nextafterHalf(x, y);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (x === y) return y;
  const away = y > x === x > 0;
  if (d.name === 'float64') {
    if (x === 0) return y > 0 ? 5e-324 : -5e-324;
    return f64FromBits(f64Bits(x) + (away ? 1n : -1n));
  }
  if (x === 0) return (y > 0 ? 1 : -1) * 2 ** -149;
  return f32FromBits(f32Bits(x) + (away ? 1 : -1));
}

/** NumPy's npy_half_nextafter, on int16 views of the bit patterns (equal operands give x). */
export function nextafterHalf(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (x === y) return x;
  const hx = halfBits(x);
  const hy = halfBits(y);
  const i16 = (h: number) => (h << 16) >> 16;
  let r: number;
  if (x === 0) r = (hy & 0x8000) + 1;
  else if (!(hx & 0x8000)) r = i16(hx) > i16(hy) ? hx - 1 : hx + 1;
  else r = !(hy & 0x8000) || (hx & 0x7fff) > (hy & 0x7fff) ? hx - 1 : hx + 1;
  return halfFromBits(r & 0xffff);
}

// ---- frexp / ldexp / modf ------------------------------------------------------------------

/** x = m * 2**e with 0.5 <= |m| < 1, found by scaling with powers of two (exact); [x, 0] for 0, inf, NaN. */
export function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.floor(Math.log2(Math.abs(x))) + 1;
  const m = (e2: number) => x / 2 ** (e2 - 1) / 2;
  while (Math.abs(m(e)) >= 1) e++;
  while (Math.abs(m(e)) < 0.5) e--;
  return [m(e), e];
}

/** x * 2**n rounded once to dtype d; n within +-900 (then the float64 product of a float value is exact or the rounding itself). */
export function ldexp(d: DType, x: number, n: number): number {
  const k = Math.max(-1100, Math.min(1100, n));
  // Two exact steps for a float64 result that lands in the subnormals: scale into range, then round once.
  const v = k < -1000 ? (x * 2 ** -1000) * 2 ** (k + 1000) : k > 1000 ? x * 2 ** 1000 * 2 ** (k - 1000) : x * 2 ** k;
  return d.name === 'float64' ? v : d.name === 'float32' ? Math.fround(v) : roundHalf(Math.fround(v));
}

/** C's modf: [fraction, integral], both with x's sign; infinities have fraction +-0. */
export function modf(x: number): [number, number] {
  const ip = Math.trunc(x);
  const sgn = (v: number) => (x < 0 || Object.is(x, -0) ? -Math.abs(v) : Math.abs(v));
  if (!Number.isFinite(x) && !Number.isNaN(x)) return [sgn(0), x];
  return [sgn(x - ip), ip];
}

// ---- other float functions ----------------------------------------------------------------

/** npy_logaddexp / npy_logaddexp2 in float64 (the float32 loops are within a few of their ulps). */
export function logaddexp(x: number, y: number, base2: boolean): number {
  if (x === y) return base2 ? x + 1 : x + Math.LN2;
  const t = x - y;
  const f = (u: number) => (base2 ? Math.log1p(2 ** u) / Math.LN2 : Math.log1p(Math.exp(u)));
  if (t > 0) return x + f(-t);
  if (t <= 0) return y + f(t);
  return NaN;
}

export const heaviside = (x: number, h0: number): number => (Number.isNaN(x) ? NaN : x === 0 ? h0 : x < 0 ? 0 : 1);
export const signbit = (x: number): boolean => x < 0 || Object.is(x, -0);
export const copysign = (x: number, y: number): number => (signbit(y) ? -Math.abs(x) : Math.abs(x));

/** npy_rad2deg / npy_deg2rad: the constant is 180/pi (pi/180) computed in the loop's type. */
export function degrees(d: DType, x: number, toRadians: boolean): number {
  if (d.name === 'float64') return toRadians ? x * (Math.PI / 180) : x * (180 / Math.PI);
  const c = toRadians ? Math.fround(Math.fround(Math.PI) / 180) : Math.fround(180 / Math.fround(Math.PI));
  return roundTo(d, Math.fround(x * c));
}

// ---- integers ---------------------------------------------------------------------------------

const magnitude = (v: bigint) => (v < 0n ? -v : v);
function gcdBig(a: bigint, b: bigint): bigint {
  while (a !== 0n) [a, b] = [b % a, a];
  return b;
}

/** npy_gcd / npy_lcm: Euclid on the magnitudes, the result wrapped to the dtype (gcd(MIN, 0) = MIN). */
export function gcd(d: DType, a: V, b: V): V {
  return wrapInt(d, gcdBig(magnitude(toBig(a)), magnitude(toBig(b))));
}
export function lcm(d: DType, a: V, b: V): V {
  const x = magnitude(toBig(a));
  const y = magnitude(toBig(b));
  const g = gcdBig(x, y);
  return wrapInt(d, g === 0n ? 0n : (x / g) * y);
}

/** fmod: C's truncated remainder; integers by zero give 0, and MIN % -1 is 0. */
export function fmod(d: DType, a: V, b: V): V {
  if (d.isInteger) {
    const y = toBig(b);
    return wrapInt(d, y === 0n ? 0n : toBig(a) % y);
  }
  return roundTo(d, (a as number) % (b as number));
}
