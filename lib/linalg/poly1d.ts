// numpy.poly1d (cupy.poly1d): a one-variable polynomial object over the legacy polynomial
// functions (coefficients highest power first, on the device). Instances are callable, as
// NumPy's: `p(x)` evaluates, `p(q)` composes. Arithmetic is by methods (JS has no operators).
import { inspect } from 'node:util';
import { AS_GPU_ARRAY } from '../core/array-protocol.js';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HELD_ARRAYS } from '../core/lifetime.js';
import { arrayRepr } from '../core/repr.js';
import { Scalar } from '../core/scalar.js';
import { applyFormat, parseFormat } from '../io/printf.js';
import { poly, roots } from './poly-roots.js';
import { ArrayLike, bindArgs, toArray } from '../ops/array-args.js';
import { concatenate } from '../ops/joining.js';
import { polyadd as addArrays, polyder as derArrays, polyint as intArrays, polymul as mulArrays, polysub as subArrays, polyval as valArrays, type PolyintOptions } from '../ops/poly.js';
import { polydiv as divArrays } from '../ops/poly-division.js';
import { trimZeros } from '../ops/rearranging.js';
import { isscalar } from '../ops/type-check.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { checkPositionalCount } from '../util/options.js';

/** What a poly1d is made from or combined with: another poly1d, coefficients (array or host data), or a scalar. */
export type Poly1dLike = poly1d | ArrayLike;

/** What a poly1d evaluates at: an array, host data or a scalar (a poly1d composes instead). */
export type Poly1dPoint = GpuArray | readonly unknown[] | ArrayBufferView | number | bigint | Scalar | { re: number; im: number };

/** Options of the poly1d constructor (NumPy's `r` and `variable`). */
export interface Poly1dOptions {
  /** The values are the polynomial's roots (its coefficients are poly(roots)). */
  r?: boolean;
  /** The variable's name in the printed form (default 'x'). */
  variable?: string;
}

/** One coefficient's value on the host: a number, a bigint (64-bit integers), a boolean or a complex `{re, im}`. */
export type Poly1dCoefficient = number | bigint | boolean | { re: number; im: number };

/** Python's `%.4g` with NumPy's poly1d trimming of '.0000'. */
const FORMAT = parseFormat('%.4g');
const fmtFloat = (q: number): string => {
  const s = applyFormat(FORMAT, [q], dtypes.float64);
  return s.endsWith('.0000') ? s.slice(0, -5) : s;
};

/** NumPy's _raise_power: the `**k` exponents moved onto a line above, wrapped at 70 columns. */
function raisePower(astr: string, wrap = 70): string {
  let n = 0;
  let line1 = '';
  let line2 = '';
  let output = ' ';
  const re = /\*\*([0-9]*)/g;
  for (let m = re.exec(astr); m !== null; m = re.exec(astr)) {
    const power = m[1];
    const partstr = astr.slice(n, m.index);
    n = m.index + m[0].length;
    const toadd2 = partstr + ' '.repeat(power.length - 1);
    const toadd1 = ' '.repeat(partstr.length - 1) + power;
    if (line2.length + toadd2.length > wrap || line1.length + toadd1.length > wrap) {
      output += `${line1}\n${line2}\n `;
      line1 = toadd1;
      line2 = toadd2;
    } else {
      line2 += partstr + ' '.repeat(power.length - 1);
      line1 += ' '.repeat(partstr.length - 1) + power;
    }
  }
  output += `${line1}\n${line2}`;
  return output + astr.slice(n);
}

// The state of a poly1d (a callable function object, so no class fields: they would land on `this`, not the function).
interface State {
  coeffs: GpuArray;
  variable: string;
}
const states = new WeakMap<object, State>();
const stateOf = (p: poly1d): State => {
  const s = states.get(p);
  if (s === undefined) throw new TypeError('not a poly1d');
  return s;
};

/** numpy.poly1d: `p(x)` evaluates at x (an array, host data or a number); `p(q)` with a poly1d q composes. */
export interface poly1d {
  (x: poly1d): poly1d;
  (x: Poly1dPoint): GpuArray;
}

/**
 * numpy.poly1d / cupy.poly1d: a polynomial of one variable from its coefficients (highest power
 * first; leading zeros trimmed) or, with `{r: true}`, its roots. Callable (`p(x)`; `p(q)`
 * composes); `add`, `subtract`, `multiply`, `divide` (by a scalar, or [quotient, remainder] by a
 * polynomial), `power`, `negative`, `deriv`, `integ`; `coeffs`, `order`, `roots`, `variable`;
 * `get(k)`/`set(k, v)` are NumPy's `p[k]` (the coefficient of x**k); printed as NumPy prints it.
 * The coefficients are a copy the poly1d owns (`dispose()` frees them; a poly1d returned from
 * `gp.scope` keeps them).
 * @example const p = new gp.poly1d([1, 2, 3]); p(0.5).item() // 4.25
 */
export class poly1d {
  /** A poly1d from coefficients, another poly1d, or (`r`) roots; `r` and `variable` by position or option. */
  constructor(cOrR: Poly1dLike, rOrOptions?: boolean | Poly1dOptions, variable?: string) {
    const o = bindArgs('poly1d', [rOrOptions, variable], ['r', 'variable']) as Poly1dOptions;
    if (o.variable !== undefined && o.variable !== null && typeof o.variable !== 'string') throw new TypeError('poly1d: variable must be a string');
    const self = ((x: poly1d | Poly1dPoint) => self.evaluate(x as Poly1dPoint)) as unknown as poly1d;
    Object.setPrototypeOf(self, new.target.prototype);
    let state: State;
    if (cOrR instanceof poly1d) {
      const from = stateOf(cOrR);
      state = { coeffs: from.coeffs.copy(), variable: o.variable ?? from.variable };
    } else {
      state = { coeffs: coefficientsOf(cOrR, o.r === true), variable: o.variable ?? 'x' };
    }
    states.set(self, state);
    return self;
  }

  /** The coefficients, highest power first (numpy.poly1d.coeffs). */
  get coeffs(): GpuArray {
    return stateOf(this).coeffs;
  }
  /** The coefficients (numpy.poly1d.c). */
  get c(): GpuArray {
    return this.coeffs;
  }
  /** The coefficients (numpy.poly1d.coef). */
  get coef(): GpuArray {
    return this.coeffs;
  }
  /** The coefficients (numpy.poly1d.coefficients). */
  get coefficients(): GpuArray {
    return this.coeffs;
  }
  /** The variable's name in the printed form. */
  get variable(): string {
    return stateOf(this).variable;
  }
  /** The degree: the number of coefficients less one (numpy.poly1d.order, also `len(p)`). */
  get order(): number {
    return this.coeffs.size - 1;
  }
  /** The degree (numpy.poly1d.o). */
  get o(): number {
    return this.order;
  }
  /** The roots, where p(x) == 0 (numpy.poly1d.roots: gp.roots of the coefficients). */
  get roots(): GpuArray {
    return roots(this.coeffs);
  }
  /** The roots (numpy.poly1d.r). */
  get r(): GpuArray {
    return this.roots;
  }

  /** p(x): polyval(coeffs, x); a poly1d x gives the composition p(x(t)) as a poly1d. */
  evaluate(x: poly1d): poly1d;
  evaluate(x: Poly1dPoint): GpuArray;
  evaluate(x: poly1d | Poly1dPoint): GpuArray | poly1d {
    if (!(x instanceof poly1d)) return valArrays(this.coeffs, x as GpuArray);
    // NumPy's polyval with a poly1d x: Horner's rule in poly1d arithmetic, y = y * x + c from the
    // Python 0 (0 * x keeps x's dtype), each c a NumPy scalar of p's dtype (float32 stays float32).
    let y: poly1d | null = null;
    for (const c of this) {
      const prod: poly1d = y === null ? x.multiply(0) : y.multiply(x);
      y?.dispose();
      y = prod.add(new Scalar(c, this.coeffs.dtype));
      prod.dispose();
    }
    return y as poly1d;
  }

  /** -p. */
  negative(): poly1d {
    return owning(U.negative(this.coeffs) as GpuArray);
  }
  /** +p: p itself, as NumPy's. */
  positive(): poly1d {
    return this;
  }
  /** p + other (a poly1d, coefficients or a scalar). */
  add(other: Poly1dLike): poly1d {
    return withPoly(other, (q) => owning(addArrays(this.coeffs, q.coeffs)));
  }
  /** p - other. */
  subtract(other: Poly1dLike): poly1d {
    return withPoly(other, (q) => owning(subArrays(this.coeffs, q.coeffs)));
  }
  /** p * other: a scalar scales the coefficients; anything else is a polynomial product. */
  multiply(other: Poly1dLike): poly1d {
    if (isscalar(other)) return owning(U.multiply(this.coeffs, other as number) as GpuArray);
    return withPoly(other, (q) => owning(mulArrays(this.coeffs, q.coeffs)));
  }
  /** p / other: a scalar divides the coefficients; a polynomial gives NumPy's [quotient, remainder] (polydiv). */
  divide(other: number | bigint | Scalar | { re: number; im: number }): poly1d;
  divide(other: poly1d | GpuArray | readonly unknown[] | ArrayBufferView): [poly1d, poly1d];
  divide(other: Poly1dLike): poly1d | [poly1d, poly1d] {
    if (isscalar(other)) return owning(U.trueDivide(this.coeffs, other as number) as GpuArray);
    return withPoly(other, (q) => {
      const [qu, re] = divArrays(this.coeffs, q.coeffs);
      return [owning(qu), owning(re)];
    });
  }
  /** p ** n for a non-negative integer n (anything else is NumPy's ValueError, a RangeError). */
  power(n: number): poly1d {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new RangeError('Power to non-negative integers only.');
    let res = toArray([1]);
    for (let k = 0; k < n; k++) {
      const next = mulArrays(this.coeffs, res);
      res.dispose();
      res = next;
    }
    return owning(res);
  }
  /** Whether other is a poly1d with the same coefficients (NumPy's ==). */
  equal(other: poly1d): boolean {
    if (!(other instanceof poly1d)) return false;
    const a = this.coeffs;
    const b = other.coeffs;
    if (a.size !== b.size) return false;
    const eq = U.equal(a, b) as GpuArray;
    try {
      return Boolean(eq.all().item());
    } finally {
      eq.dispose();
    }
  }
  /** !equal(other). */
  notEqual(other: poly1d): boolean {
    return !this.equal(other);
  }
  /** NumPy's p[k]: the coefficient of x**k (zero of the coefficients' dtype beyond the order or below 0). */
  get(k: number): Poly1dCoefficient {
    if (typeof k !== 'number' || !Number.isInteger(k)) throw new TypeError('poly1d.get: the power must be an integer');
    const c = this.coeffs;
    if (k > this.order || k < 0) return c.dtype.kind === 'c' ? { re: 0, im: 0 } : c.dtype === dtypes.bool ? false : c.dtype.itemsize === 8 && c.dtype.isInteger ? 0n : 0;
    return c.item(this.order - k) as Poly1dCoefficient;
  }
  /** NumPy's p[k] = v: sets the coefficient of x**k, growing the polynomial with zeros beyond its order. */
  set(k: number, v: Poly1dCoefficient | Scalar): void {
    if (typeof k !== 'number' || !Number.isInteger(k)) throw new TypeError('poly1d.set: the power must be an integer');
    if (k < 0) throw new RangeError('Does not support negative powers.');
    const s = stateOf(this);
    if (k > this.order) {
      const zr = GpuArray.allocate([k - this.order], s.coeffs.dtype, s.coeffs.device).fill(0);
      const grown = concatenate([zr, s.coeffs]);
      zr.dispose();
      s.coeffs.dispose();
      s.coeffs = grown;
    }
    s.coeffs.assign(v as number, this.order - k);
  }
  /** The m-th antiderivative with integration constants k (polyint). */
  integ(m?: number | { m?: number; k?: unknown }, k?: unknown): poly1d {
    const o = bindArgs('integ', [m, k], ['m', 'k']) as { m?: number; k?: unknown };
    return owning(intArrays(this.coeffs, o.m ?? 1, (o.k ?? 0) as number));
  }
  /** The m-th derivative (polyder). */
  deriv(m: number | { m?: number } = 1): poly1d {
    return owning(derArrays(this.coeffs, m));
  }
  /** The coefficients' values, highest power first (as iterating NumPy's poly1d). */
  *[Symbol.iterator](): IterableIterator<Poly1dCoefficient> {
    const v = this.coeffs.toArray();
    yield* (Array.isArray(v) ? v : [v]) as Poly1dCoefficient[];
  }
  /** Frees the coefficients. */
  dispose(): void {
    stateOf(this).coeffs.dispose();
  }
  /** Whether the coefficients were freed. */
  get disposed(): boolean {
    return stateOf(this).coeffs.disposed;
  }
  /** NumPy's __array__: a new handle on the coefficients (so every array function takes a poly1d). */
  [AS_GPU_ARRAY](): GpuArray {
    return this.coeffs.view();
  }
  /** The arrays this poly1d holds (what gp.scope keeps when the poly1d is returned). */
  [HELD_ARRAYS](): GpuArray[] {
    return [this.coeffs];
  }

  /** NumPy's str(p): the polynomial with its powers raised onto a line above. */
  toString(): string {
    const vals = [...this];
    const first = vals.findIndex((v) => !isZero(v));
    const coeffs = first < 0 ? [] : vals.slice(first);
    const N = coeffs.length - 1;
    const v = this.variable;
    let thestr = '0';
    coeffs.forEach((coeff, k) => {
      let coefstr: string;
      if (typeof coeff === 'object' && coeff.im !== 0) coefstr = coeff.re === 0 ? `${fmtFloat(coeff.im)}j` : `(${fmtFloat(coeff.re)} + ${fmtFloat(coeff.im)}j)`;
      else coefstr = fmtFloat(typeof coeff === 'object' ? coeff.re : Number(coeff));
      const power = N - k;
      let newstr: string;
      // NumPy's own comparison with 'b' (never true) keeps a unit coefficient printed: '1 x**2'.
      if (power === 0) newstr = coefstr !== '0' ? coefstr : k === 0 ? '0' : '';
      else if (power === 1) newstr = coefstr === '0' ? '' : `${coefstr} ${v}`;
      else newstr = coefstr === '0' ? '' : `${coefstr} ${v}**${power}`;
      if (k > 0) {
        if (newstr !== '') thestr = newstr.startsWith('-') ? `${thestr} - ${newstr.slice(1)}` : `${thestr} + ${newstr}`;
      } else thestr = newstr;
    });
    return raisePower(thestr);
  }

  /** NumPy's repr(p): `poly1d([1., 2., 3.])`. */
  [inspect.custom](): string {
    return `poly1d(${arrayRepr(this.coeffs).slice(6, -1)})`;
  }
}

const isZero = (v: Poly1dCoefficient): boolean => (typeof v === 'object' ? v.re === 0 && v.im === 0 : Number(v) === 0);

/** NumPy's construction: roots through poly, at least 1-D, 1-D only, leading zeros trimmed, [0] when none are left; a copy. */
function coefficientsOf(cOrR: Poly1dLike, fromRoots: boolean): GpuArray {
  const made: GpuArray[] = [];
  try {
    let a = toArray(cOrR, 'poly1d: coefficients');
    if (a !== cOrR) made.push(a);
    if (fromRoots) {
      const p = poly(a);
      a = p instanceof GpuArray ? p : toArray([p]);
      made.push(a);
    }
    if (a.ndim === 0) made.push((a = a.reshape([1])));
    if (a.ndim > 1) throw new RangeError('Polynomial must be 1d only.');
    const t = trimZeros(a, 'f');
    made.push(t);
    if (t.size === 0) return GpuArray.allocate([1], a.dtype, a.device).fill(0);
    return t.copy();
  } finally {
    for (const m of made) m.dispose();
  }
}

/** A poly1d that takes ownership of `coeffs` (a fresh result): trimmed into its own copy, `coeffs` freed. */
function owning(coeffs: GpuArray): poly1d {
  try {
    return new poly1d(coeffs);
  } finally {
    coeffs.dispose();
  }
}

/** `fn` of other as a poly1d (NumPy's `other = poly1d(other)`), the temporary one freed after. */
function withPoly<T>(other: Poly1dLike, fn: (q: poly1d) => T): T {
  if (other instanceof poly1d) return fn(other);
  const q = new poly1d(other);
  try {
    return fn(q);
  } finally {
    q.dispose();
  }
}

// ---- NumPy's polynomial functions with poly1d arguments (NumPy's truepoly) ---------------------

/** A polynomial argument: coefficients (highest power first) or a poly1d. */
export type PolyLike = ArrayLike | poly1d;

/** A poly1d among the inputs makes the result a poly1d (taking the array over), as NumPy's. */
function truePoly(inputs: readonly unknown[], r: GpuArray): GpuArray | poly1d {
  return inputs.some((x) => x instanceof poly1d) ? owning(r) : r;
}

/**
 * numpy.polyval(p, x): p[0] * x**(N-1) + ... + p[N-1] by Horner's rule (see the array version's
 * dtypes); p may be a poly1d; a poly1d x gives the composition p(x) as a poly1d.
 */
export function polyval(p: PolyLike, x: poly1d): poly1d;
export function polyval(p: PolyLike, x: ArrayLike): GpuArray;
export function polyval(p: PolyLike, x: ArrayLike | poly1d): GpuArray | poly1d {
  checkPositionalCount('polyval', arguments, 2);
  if (!(x instanceof poly1d)) return valArrays(p as ArrayLike, x);
  const q = p instanceof poly1d ? p : new poly1d(p);
  try {
    return q.evaluate(x);
  } finally {
    if (q !== p) q.dispose();
  }
}

/** numpy.polyder(p, m=1): the m-th derivative's coefficients (p * [n, ..., 1]); a poly1d p gives a poly1d. */
export function polyder(p: poly1d, m?: number | { m?: number }): poly1d;
export function polyder(p: ArrayLike, m?: number | { m?: number }): GpuArray;
export function polyder(p: PolyLike, m: number | { m?: number } = 1): GpuArray | poly1d {
  checkPositionalCount('polyder', arguments, 1, 2);
  return truePoly([p], derArrays(p as ArrayLike, m));
}

/** numpy.polyint(p, m=1, k=None): the m-th antiderivative's coefficients; a poly1d p gives a poly1d. `m` and `k` by position or option. */
export function polyint(p: poly1d, m?: number | PolyintOptions, k?: ArrayLike | null | PolyintOptions): poly1d;
export function polyint(p: ArrayLike, m?: number | PolyintOptions, k?: ArrayLike | null | PolyintOptions): GpuArray;
export function polyint(p: PolyLike, ...more: (number | ArrayLike | null | PolyintOptions | undefined)[]): GpuArray | poly1d {
  return truePoly([p], intArrays(p as ArrayLike, ...more));
}

/** numpy.polyadd(a1, a2): the sum of two polynomials (the shorter zero-padded in front); a poly1d input gives a poly1d. */
export function polyadd(a1: poly1d, a2: PolyLike): poly1d;
export function polyadd(a1: PolyLike, a2: poly1d): poly1d;
export function polyadd(a1: ArrayLike, a2: ArrayLike): GpuArray;
export function polyadd(a1: PolyLike, a2: PolyLike): GpuArray | poly1d {
  checkPositionalCount('polyadd', arguments, 2);
  return truePoly([a1, a2], addArrays(a1 as ArrayLike, a2 as ArrayLike));
}

/** numpy.polysub(a1, a2): the difference of two polynomials; a poly1d input gives a poly1d. */
export function polysub(a1: poly1d, a2: PolyLike): poly1d;
export function polysub(a1: PolyLike, a2: poly1d): poly1d;
export function polysub(a1: ArrayLike, a2: ArrayLike): GpuArray;
export function polysub(a1: PolyLike, a2: PolyLike): GpuArray | poly1d {
  checkPositionalCount('polysub', arguments, 2);
  return truePoly([a1, a2], subArrays(a1 as ArrayLike, a2 as ArrayLike));
}

/** numpy.polymul(a1, a2): the product of two polynomials (convolve); a poly1d input gives a poly1d. */
export function polymul(a1: poly1d, a2: PolyLike): poly1d;
export function polymul(a1: PolyLike, a2: poly1d): poly1d;
export function polymul(a1: ArrayLike, a2: ArrayLike): GpuArray;
export function polymul(a1: PolyLike, a2: PolyLike): GpuArray | poly1d {
  checkPositionalCount('polymul', arguments, 2);
  return truePoly([a1, a2], mulArrays(a1 as ArrayLike, a2 as ArrayLike));
}

/**
 * numpy.polydiv(u, v): [quotient, remainder] of u / v by NumPy's long division in the
 * coefficients' float type; a poly1d input gives poly1d results.
 * @example const [q, r] = gp.polydiv([3, 5, 2], [2, 1]) // q [1.5, 1.75], r [0.25]
 */
export function polydiv(u: poly1d, v: PolyLike): [poly1d, poly1d];
export function polydiv(u: PolyLike, v: poly1d): [poly1d, poly1d];
export function polydiv(u: ArrayLike, v: ArrayLike): [GpuArray, GpuArray];
export function polydiv(u: PolyLike, v: PolyLike): [GpuArray, GpuArray] | [poly1d, poly1d] {
  checkPositionalCount('polydiv', arguments, 2);
  const [q, r] = divArrays(u as ArrayLike, v as ArrayLike);
  return [truePoly([u, v], q), truePoly([u, v], r)] as [GpuArray, GpuArray] | [poly1d, poly1d];
}

