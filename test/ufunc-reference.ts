// An independent host reference for the ufuncs, with NumPy 2's semantics: BigInt for integer
// arithmetic (wrapped to the dtype), float64 JS math rounded step by step to float32/float16 as
// the C loops round, NumPy's own algorithms where they fix the result (divmod, complex divide,
// NaN rules), and mathjs for complex functions. Plus data generators and comparisons.
import { expect } from 'chai';
import * as math from 'mathjs';
import * as gp from '../lib/index.js';
import type { DType, GpuArray } from '../lib/index.js';

export type C = { re: number; im: number };
export type V = number | bigint | boolean | C;

export const D = gp.dtypes;
export const dt = (name: string): DType => gp.dtype(name);

// ---- rounding ------------------------------------------------------------------------------

/** Round a double to the nearest float16 value (ties to even), written independently of lib/. */
export function roundHalf(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const ulp = 2 ** Math.max(e - 10, -24);
  const q = a / ulp;
  let r = Math.floor(q);
  const frac = q - r;
  if (frac > 0.5 || (frac === 0.5 && r % 2 === 1)) r += 1;
  const y = r * ulp;
  if (y > 65504) return x < 0 ? -Infinity : Infinity;
  return x < 0 ? -y : y;
}

/** The value as the float dtype stores it. */
export function roundTo(d: DType, x: number): number {
  if (d.name === 'float16') return roundHalf(x);
  if (d.name === 'float32' || d.name === 'complex64') return Math.fround(x);
  return x;
}

/** Rounding after each C operation: float16 loops compute in float. */
export const stepRound = (d: DType): ((x: number) => number) =>
  d.name === 'float64' || d.name === 'complex128' ? (x) => x : Math.fround;

export function ulpOf(d: DType, x: number): number {
  const [mant, minExp] = d.name === 'float16' ? [10, -24] : d.name === 'float32' || d.name === 'complex64' ? [23, -149] : [52, -1074];
  const a = Math.abs(x);
  if (a === 0 || !Number.isFinite(a)) return 2 ** minExp;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  return 2 ** Math.max(e - mant, minExp);
}

// ---- integers -------------------------------------------------------------------------------

export const bitsOf = (d: DType) => d.itemsize * 8;

export function toBig(v: V): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number') return BigInt(v);
  throw new TypeError('complex value where an integer was expected');
}

/** Wrap an exact integer to dtype d, in the JS type toArray() gives (number, or bigint for 64 bits). */
export function wrapInt(d: DType, v: bigint): number | bigint {
  const b = bitsOf(d);
  const w = d.kind === 'u' ? BigInt.asUintN(b, v) : BigInt.asIntN(b, v);
  return b === 64 ? w : Number(w);
}

export function intRange(d: DType): [bigint, bigint] {
  const b = BigInt(bitsOf(d));
  return d.kind === 'u' ? [0n, (1n << b) - 1n] : [-(1n << (b - 1n)), (1n << (b - 1n)) - 1n];
}

export const truthy = (v: V): boolean =>
  typeof v === 'object' ? v.re !== 0 || v.im !== 0 : typeof v === 'bigint' ? v !== 0n : typeof v === 'number' ? v !== 0 : v;

const toNum = (v: V): number => (typeof v === 'object' ? v.re : typeof v === 'boolean' ? +v : Number(v));
const toC = (v: V): C => (typeof v === 'object' ? { re: v.re, im: v.im } : { re: toNum(v), im: 0 });

/** A value cast to dtype d as the kernel's load does (safe casts only in these tests). */
export function castTo(d: DType, v: V): V {
  if (d.kind === 'b') return truthy(v);
  if (d.kind === 'c') {
    const c = toC(v);
    return { re: roundTo(d, c.re), im: roundTo(d, c.im) };
  }
  if (d.kind === 'f') return roundTo(d, toNum(v));
  return wrapInt(d, toBig(v));
}

// ---- random data ----------------------------------------------------------------------------

export type Rand = () => number;

export interface Gen {
  /** Floats: magnitude range of the random part. */
  scale?: number;
  /** Floats: random values in [lo, hi] instead of +-scale. */
  lo?: number;
  hi?: number;
  /** Floats/complex: mix in NaN, infinities, signed zeros, halves. */
  specials?: boolean;
  /** Integers: values in [lo, hi] only (as numbers or bigints). */
  intLo?: bigint;
  intHi?: bigint;
  /** Integers: mix in min, max, 0, +-1. */
  edges?: boolean;
}

const FLOAT_SPECIALS = [NaN, Infinity, -Infinity, 0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5];

function randomBig(rand: Rand, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  let r = 0n;
  for (let k = 0; k < 3; k++) r = (r << 32n) | BigInt(Math.floor(rand() * 2 ** 32));
  return lo + (r % span);
}

/** n random values of dtype d (already representable in d). */
export function randomValues(d: DType, n: number, rand: Rand, g: Gen = {}): V[] {
  const out: V[] = [];
  if (d.kind === 'b') {
    for (let i = 0; i < n; i++) out.push(rand() < 0.5);
    return out;
  }
  if (d.isInteger) {
    const [min, max] = intRange(d);
    const lo = g.intLo ?? min;
    const hi = g.intHi ?? max;
    const edges = g.edges ?? g.intLo === undefined;
    const special = edges ? [min, max, 0n, 1n, min + 1n, max - 1n, ...(d.kind === 'i' ? [-1n, -2n] : [2n])] : [];
    for (let i = 0; i < n; i++) {
      let v: bigint;
      if (i < special.length) v = special[i];
      else if (rand() < 0.3) v = BigInt(Math.floor(rand() * 21) - 10);
      else v = randomBig(rand, lo, hi);
      if (v < lo || v > hi) v = randomBig(rand, lo, hi);
      out.push(bitsOf(d) === 64 ? v : Number(v));
    }
    // Shuffle so edge values meet every other value's position.
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  const real = (): number => {
    const lo = g.lo ?? -(g.scale ?? 10);
    const hi = g.hi ?? g.scale ?? 10;
    return roundTo(d, lo + (hi - lo) * rand());
  };
  for (let i = 0; i < n; i++) {
    const special = g.specials && rand() < 0.25;
    const pick = () => roundTo(d, FLOAT_SPECIALS[Math.floor(rand() * FLOAT_SPECIALS.length)]);
    if (d.kind === 'c') out.push({ re: special && rand() < 0.5 ? pick() : real(), im: special ? pick() : real() });
    else out.push(special ? pick() : real());
  }
  return out;
}

/** Upload host values as a 1-D array of dtype d. */
export const upload = (d: DType, vs: readonly V[]): GpuArray => gp.array(vs as unknown[], d);

/** Every element of an array in C order, complex as plain {re, im}. */
export function download(a: GpuArray): V[] {
  const out: V[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (typeof x === 'object' && x !== null) out.push({ re: (x as C).re, im: (x as C).im });
    else out.push(x as V);
  };
  walk(a.toArray());
  return out;
}

// ---- comparisons ----------------------------------------------------------------------------

const fmt = (v: V): string =>
  typeof v === 'object' ? `(${Object.is(v.re, -0) ? '-0' : v.re}${v.im < 0 || Object.is(v.im, -0) ? '' : '+'}${Object.is(v.im, -0) ? '-0' : v.im}j)` : typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : String(v);

const sameReal = (a: number, b: number, zeroSign: boolean) => (Number.isNaN(a) && Number.isNaN(b)) || (zeroSign ? Object.is(a, b) : a === b);

export interface Tolerance {
  /** Allowed error in units in the last place of dtype `d` (real results). */
  ulps?: number;
  /** Allowed relative error of complex results, against max(|want|, floor). */
  rtol?: number;
  /** Compare +0 and -0 as different (default true for exact float comparisons). */
  zeroSign?: boolean;
}

function closeReal(got: number, want: number, d: DType, t: Tolerance): boolean {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (!Number.isFinite(want) || !Number.isFinite(got)) return got === want;
  if (!t.ulps && !t.rtol) return sameReal(got, want, t.zeroSign ?? true);
  if (t.rtol) return Math.abs(got - want) <= t.rtol * Math.max(Math.abs(want), 1e-30);
  return Math.abs(got - want) <= t.ulps! * ulpOf(d, want);
}

function closeComplex(got: C, want: C, d: DType, t: Tolerance): boolean {
  const finite = (c: C) => Number.isFinite(c.re) && Number.isFinite(c.im);
  if (!t.rtol || !finite(want) || !finite(got)) {
    return closeReal(got.re, want.re, d, { ...t, rtol: undefined }) && closeReal(got.im, want.im, d, { ...t, rtol: undefined });
  }
  const err = Math.hypot(got.re - want.re, got.im - want.im);
  return err <= t.rtol * Math.max(Math.hypot(want.re, want.im), 1e-300);
}

/** Element-by-element check; `inputs` are shown for the first mismatches. */
export function expectValues(got: readonly V[], want: readonly V[], d: DType, t: Tolerance, what: string, inputs: readonly (readonly V[])[] = []): void {
  expect(got.length, `${what}: length`).to.equal(want.length);
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 5; i++) {
    const g = got[i];
    const w = want[i];
    let ok: boolean;
    if (typeof w === 'object') ok = typeof g === 'object' && closeComplex(g, w, d, t);
    else if (typeof w === 'number') ok = typeof g === 'number' && closeReal(g, w, d, t);
    else ok = g === w;
    if (!ok) bad.push(`[${i}] (${inputs.map((xs) => fmt(xs[i])).join(', ')}) -> got ${fmt(g)}, want ${fmt(w)}`);
  }
  expect(bad, `${what} (${d.name}):\n  ${bad.join('\n  ')}`).to.deep.equal([]);
}

// ---- NumPy semantics ------------------------------------------------------------------------

const copysign = (x: number, y: number) => (y < 0 || Object.is(y, -0) ? -Math.abs(x) : Math.abs(x));

/** npy_divmod on doubles, each operation rounded by `s` (Math.fround for float32 loops). */
export function floatDivmod(a: number, b: number, s: (x: number) => number): [number, number] {
  if (b === 0) return [s(a / b), s(a % b)];
  let mod = s(a % b);
  let div = s(s(a - mod) / b);
  if (mod !== 0) {
    if (b < 0 !== mod < 0) {
      mod = s(mod + b);
      div = s(div - 1);
    }
  } else mod = copysign(0, b);
  let floordiv: number;
  if (div !== 0) {
    floordiv = Math.floor(div);
    if (s(div - floordiv) > 0.5) floordiv = s(floordiv + 1);
  } else floordiv = copysign(0, s(a / b));
  return [floordiv, mod];
}

/** C's pow where it differs from Math.pow: pow(1, y) = 1, pow(-1, +-inf) = 1. */
export function cPow(a: number, b: number): number {
  if (b === 0 || a === 1) return 1;
  if (a === -1 && !Number.isFinite(b) && !Number.isNaN(b)) return 1;
  return Math.pow(a, b);
}

export function rintHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  const r = d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
  return r === 0 ? copysign(0, x) : r;
}

export function npSign(x: number): number {
  return x > 0 ? 1 : x < 0 ? -1 : x === 0 ? 0 : x;
}

const isnanC = (c: C) => Number.isNaN(c.re) || Number.isNaN(c.im);
// NumPy's complex order (CGE, CLE, CGT, CLT of loops.c.src).
export const cge = (x: C, y: C) => (x.re > y.re && !Number.isNaN(x.im) && !Number.isNaN(y.im)) || (x.re === y.re && x.im >= y.im);
export const cle = (x: C, y: C) => (x.re < y.re && !Number.isNaN(x.im) && !Number.isNaN(y.im)) || (x.re === y.re && x.im <= y.im);
export const cgt = (x: C, y: C) => (x.re > y.re && !Number.isNaN(x.im) && !Number.isNaN(y.im)) || (x.re === y.re && x.im > y.im);
export const clt = (x: C, y: C) => (x.re < y.re && !Number.isNaN(x.im) && !Number.isNaN(y.im)) || (x.re === y.re && x.im < y.im);

export function complexMul(a: C, b: C, s: (x: number) => number): C {
  return { re: s(s(a.re * b.re) - s(a.im * b.im)), im: s(s(a.re * b.im) + s(a.im * b.re)) };
}

/** NumPy's complex divide loop. */
export function complexDiv(a: C, b: C, s: (x: number) => number): C {
  const [ar, ai, br, bi] = [a.re, a.im, b.re, b.im];
  const abr = Math.abs(br);
  const abi = Math.abs(bi);
  const arNan = Number.isNaN(ar);
  const aiNan = Number.isNaN(ai);
  if (!Number.isNaN(br) && !Number.isNaN(bi) && (arNan || aiNan) &&
      ((((!arNan && !Number.isFinite(ar)) || (!aiNan && !Number.isFinite(ai))) && (br !== 0 || bi !== 0)) || (!Number.isFinite(br) && !Number.isFinite(bi)))) {
    const nan = arNan ? ar : ai;
    return { re: nan, im: nan };
  }
  if (abr >= abi) {
    if (abr === 0 && abi === 0) {
      if ((arNan && (ai === 0 || aiNan)) || (ar === 0 && aiNan)) return { re: arNan ? ar : ai, im: aiNan ? ai : ar };
      return { re: s(ar / abr), im: s(ai / abi) };
    }
    const rat = s(bi / br);
    const scl = s(1 / s(br + s(bi * rat)));
    return { re: s(s(ar + s(ai * rat)) * scl), im: s(s(ai - s(ar * rat)) * scl) };
  }
  const rat = s(br / bi);
  const scl = s(1 / s(bi + s(br * rat)));
  return { re: s(s(s(ar * rat) + ai) * scl), im: s(s(s(ai * rat) - ar) * scl) };
}

const mc = (c: C) => math.complex(c.re, c.im);
const fromMath = (z: unknown, d: DType): C => {
  const c = typeof z === 'number' ? { re: z, im: 0 } : (z as C);
  return { re: roundTo(d, c.re), im: roundTo(d, c.im) };
};
type MathFn = (z: math.Complex) => unknown;
const M = math as unknown as Record<string, MathFn>;

/** Complex functions by mathjs (exp2 as 2**z). */
export const complexFn: Record<string, (z: C, d: DType) => C> = Object.fromEntries(
  [
    ['sqrt', 'sqrt'], ['exp', 'exp'], ['expm1', 'expm1'], ['log', 'log'], ['log2', 'log2'], ['log10', 'log10'], ['log1p', 'log1p'],
    ['sin', 'sin'], ['cos', 'cos'], ['tan', 'tan'], ['arcsin', 'asin'], ['arccos', 'acos'], ['arctan', 'atan'],
    ['sinh', 'sinh'], ['cosh', 'cosh'], ['tanh', 'tanh'], ['arcsinh', 'asinh'], ['arccosh', 'acosh'], ['arctanh', 'atanh'],
  ].map(([ours, theirs]) => [ours, (z: C, d: DType) => fromMath(M[theirs](mc(z)), d)] as const)
    .concat([['exp2', (z: C, d: DType) => fromMath(math.pow(math.complex(2, 0), mc(z)), d)]]),
);

/** Real functions as C computes them (float64 JS math, rounded to the loop dtype). */
export const realFn: Record<string, (x: number) => number> = {
  sqrt: Math.sqrt, cbrt: Math.cbrt, exp: Math.exp, exp2: (x) => 2 ** x, expm1: Math.expm1,
  log: Math.log, log2: Math.log2, log10: Math.log10, log1p: Math.log1p,
  sin: Math.sin, cos: Math.cos, tan: Math.tan, arcsin: Math.asin, arccos: Math.acos, arctan: Math.atan,
  sinh: Math.sinh, cosh: Math.cosh, tanh: Math.tanh, arcsinh: Math.asinh, arccosh: Math.acosh, arctanh: Math.atanh,
};

/**
 * The reference of a ufunc's loop over dtype `d` (the loop type; inputs already cast to it).
 * Returns the result as toArray() gives it (comparisons and predicates: booleans).
 */
export function reference(name: string, d: DType): (...xs: V[]) => V {
  const s = stepRound(d);
  const fin = (x: number) => roundTo(d, x);
  const int = d.isInteger;
  const W = (v: bigint) => wrapInt(d, v);
  const cplx = d.kind === 'c';
  const N = toNum;
  switch (name) {
    case 'add':
      if (d.kind === 'b') return (a, b) => truthy(a) || truthy(b);
      if (int) return (a, b) => W(toBig(a) + toBig(b));
      if (cplx) return (a, b) => ({ re: fin(toC(a).re + toC(b).re), im: fin(toC(a).im + toC(b).im) });
      return (a, b) => fin(N(a) + N(b));
    case 'subtract':
      if (int) return (a, b) => W(toBig(a) - toBig(b));
      if (cplx) return (a, b) => ({ re: fin(toC(a).re - toC(b).re), im: fin(toC(a).im - toC(b).im) });
      return (a, b) => fin(N(a) - N(b));
    case 'multiply':
      if (d.kind === 'b') return (a, b) => truthy(a) && truthy(b);
      if (int) return (a, b) => W(toBig(a) * toBig(b));
      if (cplx) return (a, b) => complexMul(toC(a), toC(b), s);
      return (a, b) => fin(N(a) * N(b));
    case 'divide':
      if (cplx) return (a, b) => complexDiv(toC(a), toC(b), s);
      return (a, b) => fin(N(a) / N(b));
    case 'floorDivide':
    case 'remainder': {
      const k = name === 'floorDivide' ? 0 : 1;
      if (int) {
        return (a, b) => {
          const x = toBig(a);
          const y = toBig(b);
          if (y === 0n) return W(0n);
          let q = x / y;
          let r = x % y;
          if (r !== 0n && r < 0n !== y < 0n) {
            q -= 1n;
            r += y;
          }
          return W(k === 0 ? q : r);
        };
      }
      return (a, b) => fin(floatDivmod(N(a), N(b), s)[k]);
    }
    case 'power':
      if (int) {
        return (a, b) => {
          const x = toBig(a);
          const e = toBig(b);
          if (e < 0n) return W(x === 1n ? 1n : x === -1n ? (e % 2n === 0n ? 1n : -1n) : 0n);
          const bits = BigInt(bitsOf(d));
          let r = 1n;
          let p = BigInt.asUintN(Number(bits), x);
          for (let k = e; k > 0n; k >>= 1n) {
            if (k & 1n) r = BigInt.asUintN(Number(bits), r * p);
            p = BigInt.asUintN(Number(bits), p * p);
          }
          return W(r);
        };
      }
      if (cplx) return (a, b) => fromMath(math.pow(mc(toC(a)), mc(toC(b))), d);
      return (a, b) => fin(cPow(N(a), N(b)));
    case 'negative':
      if (int) return (a) => W(-toBig(a));
      if (cplx) return (a) => ({ re: -toC(a).re, im: -toC(a).im });
      return (a) => -N(a);
    case 'positive':
      return (a) => a;
    case 'absolute':
      if (d.kind === 'b') return (a) => a;
      if (int) return (a) => W(toBig(a) < 0n ? -toBig(a) : toBig(a));
      if (cplx) return (a) => roundTo(d, Math.hypot(toC(a).re, toC(a).im));
      return (a) => Math.abs(N(a));
    case 'sign':
      if (int) return (a) => W(BigInt(npSign(Number(toBig(a)))));
      if (cplx) {
        return (a) => {
          const z = toC(a);
          const m = Math.hypot(z.re, z.im);
          if (Number.isNaN(m)) return { re: NaN, im: NaN };
          if (!Number.isFinite(m)) {
            if (!Number.isFinite(z.re)) return Number.isFinite(z.im) ? { re: z.re > 0 ? 1 : -1, im: 0 } : { re: NaN, im: NaN };
            return { re: 0, im: z.im > 0 ? 1 : -1 };
          }
          return m === 0 ? { re: 0, im: 0 } : { re: fin(z.re / m), im: fin(z.im / m) };
        };
      }
      return (a) => npSign(N(a));
    case 'square':
      if (int) return (a) => W(toBig(a) * toBig(a));
      if (cplx) return (a) => complexMul(toC(a), toC(a), s);
      return (a) => fin(N(a) * N(a));
    case 'reciprocal':
      if (int) return (a) => W(toBig(a) === 0n ? 0n : 1n / toBig(a));
      if (cplx) return (a) => complexDiv({ re: 1, im: 0 }, toC(a), s);
      return (a) => fin(1 / N(a));
    case 'conjugate':
      if (cplx) return (a) => ({ re: toC(a).re, im: -toC(a).im });
      return (a) => a;
    case 'arctan2':
      return (a, b) => fin(Math.atan2(N(a), N(b)));
    case 'hypot':
      return (a, b) => fin(Math.hypot(N(a), N(b)));
    case 'floor':
    case 'ceil':
    case 'trunc':
      if (!(d.kind === 'f')) return (a) => a;
      return (a) => Math[name](N(a));
    case 'rint':
      if (cplx) return (a) => ({ re: rintHalfEven(toC(a).re), im: rintHalfEven(toC(a).im) });
      return (a) => rintHalfEven(N(a));
    case 'maximum':
    case 'minimum':
    case 'fmax':
    case 'fmin': {
      const isMax = name === 'maximum' || name === 'fmax';
      const skipNan = name === 'fmax' || name === 'fmin';
      if (d.kind === 'b') return (a, b) => (isMax ? truthy(a) || truthy(b) : truthy(a) && truthy(b));
      if (int) return (a, b) => ((isMax ? toBig(a) < toBig(b) : toBig(b) < toBig(a)) ? b : a);
      if (cplx) {
        return (a, b) => {
          const [x, y] = [toC(a), toC(b)];
          const win = isMax ? cge(x, y) : cle(x, y);
          if (skipNan) return isnanC(y) || win ? x : y;
          return isnanC(x) || win ? x : y;
        };
      }
      return (a, b) => {
        const [x, y] = [N(a), N(b)];
        if (skipNan) {
          if (Number.isNaN(x)) return y;
          if (Number.isNaN(y)) return x;
        } else if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
        return isMax ? (x >= y ? x : y) : x <= y ? x : y;
      };
    }
    case 'clip':
      if (d.kind === 'b') return (x, lo, hi) => (truthy(x) || truthy(lo)) && truthy(hi);
      if (int) {
        return (x, lo, hi) => {
          const m = toBig(x) < toBig(lo) ? lo : x;
          return toBig(hi) < toBig(m) ? hi : m;
        };
      }
      if (cplx) {
        return (x, lo, hi) => {
          const [a, l, h] = [toC(x), toC(lo), toC(hi)];
          const gt = a.re === l.re ? a.im > l.im : a.re > l.re;
          const m = isnanC(a) || gt ? a : l;
          const lt = m.re === h.re ? m.im < h.im : m.re < h.re;
          return isnanC(m) || lt ? m : h;
        };
      }
      return (x, lo, hi) => {
        const m = Number.isNaN(N(x)) || N(x) > N(lo) ? N(x) : N(lo);
        return Number.isNaN(m) || m < N(hi) ? m : N(hi);
      };
    case 'isnan':
      return (a) => (typeof a === 'object' ? isnanC(a) : typeof a === 'number' ? Number.isNaN(a) : false);
    case 'isinf':
      return (a) => (typeof a === 'object' ? Math.abs(a.re) === Infinity || Math.abs(a.im) === Infinity : typeof a === 'number' ? Math.abs(a) === Infinity : false);
    case 'isfinite':
      return (a) => (typeof a === 'object' ? Number.isFinite(a.re) && Number.isFinite(a.im) : typeof a === 'number' ? Number.isFinite(a) : true);
    case 'equal':
    case 'notEqual':
    case 'less':
    case 'lessEqual':
    case 'greater':
    case 'greaterEqual': {
      if (cplx) {
        const f = { equal: (x: C, y: C) => x.re === y.re && x.im === y.im, notEqual: (x: C, y: C) => x.re !== y.re || x.im !== y.im, less: clt, lessEqual: cle, greater: cgt, greaterEqual: cge }[name];
        return (a, b) => f(toC(a), toC(b));
      }
      const rel = (c: number) => ({ equal: c === 0, notEqual: c !== 0, less: c < 0, lessEqual: c <= 0, greater: c > 0, greaterEqual: c >= 0 })[name];
      if (int || d.kind === 'b') return (a, b) => rel(toBig(a) < toBig(b) ? -1 : toBig(a) > toBig(b) ? 1 : 0);
      return (a, b) => {
        const [x, y] = [N(a), N(b)];
        if (Number.isNaN(x) || Number.isNaN(y)) return name === 'notEqual';
        return rel(x < y ? -1 : x > y ? 1 : 0);
      };
    }
    case 'logicalAnd':
      return (a, b) => truthy(a) && truthy(b);
    case 'logicalOr':
      return (a, b) => truthy(a) || truthy(b);
    case 'logicalXor':
      return (a, b) => truthy(a) !== truthy(b);
    case 'logicalNot':
      return (a) => !truthy(a);
    case 'bitwiseAnd':
    case 'bitwiseOr':
    case 'bitwiseXor': {
      const f = { bitwiseAnd: (x: bigint, y: bigint) => x & y, bitwiseOr: (x: bigint, y: bigint) => x | y, bitwiseXor: (x: bigint, y: bigint) => x ^ y }[name];
      if (d.kind === 'b') return (a, b) => f(toBig(a), toBig(b)) !== 0n;
      return (a, b) => W(f(toBig(a), toBig(b)));
    }
    case 'bitwiseNot':
      if (d.kind === 'b') return (a) => !truthy(a);
      return (a) => W(~toBig(a));
    case 'leftShift':
    case 'rightShift': {
      const bits = BigInt(bitsOf(d));
      return (a, b) => {
        const x = toBig(a);
        const k = toBig(b);
        if (k < 0n || k >= bits) return W(name === 'leftShift' ? 0n : x < 0n ? -1n : 0n);
        return W(name === 'leftShift' ? x << k : x >> k);
      };
    }
    case 'where':
      return (c, x, y) => (truthy(c) ? x : y);
  }
  if (name in realFn) {
    if (cplx) return (a) => complexFn[name](toC(a), d);
    return (a) => fin(realFn[name](N(a)));
  }
  throw new Error(`no reference for ${name}`);
}

/**
 * Run `name` on arrays of the given dtypes/values and check every element against the reference
 * of loop dtype `loop` (inputs cast to it first), compared in `resultDtype`.
 */
export function checkUfunc(
  name: string,
  inputs: readonly { d: DType; values: readonly V[] }[],
  loop: DType,
  tol: Tolerance = {},
  resultDtype?: DType,
  /** Skip casting inputs to `loop` (mixed-type loops such as int64 with uint64). */
  noCast = false,
): void {
  const fn = (gp as unknown as Record<string, (...a: unknown[]) => GpuArray>)[name];
  const arrays = inputs.map((x) => upload(x.d, x.values));
  const ref = reference(name, loop);
  const n = inputs[0].values.length;
  const want: V[] = [];
  const cast = (x: { d: DType; values: readonly V[] }, i: number) =>
    noCast ? x.values[i] : castTo(name === 'where' && x === inputs[0] ? D.bool : loop, x.values[i]);
  for (let i = 0; i < n; i++) want.push(ref(...inputs.map((x) => cast(x, i))));
  const r = fn(...arrays);
  try {
    const rd = resultDtype ?? r.dtype;
    expect(r.dtype.name, `${name} result dtype`).to.equal(rd.name);
    expectValues(download(r), want, rd.kind === 'c' || rd.kind === 'f' ? rd : loop, tol, `${name}(${inputs.map((x) => x.d.name).join(', ')})`, inputs.map((x) => x.values));
  } finally {
    r.dispose();
    for (const a of arrays) a.dispose();
  }
}
