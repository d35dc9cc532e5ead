// numpy.polynomial._polybase.ABCPolyBase: a series object (coefficients, domain, window, symbol)
// over one basis's module functions, written once so every basis class (Polynomial, and later
// Chebyshev, Legendre, ...) is a subclass naming its functions. Instances are callable as
// NumPy's (`p(x)`), as gp.poly1d's are; the operators are methods (JS has none to overload).
import { inspect } from 'node:util';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HELD_ARRAYS, scope } from '../core/lifetime.js';
import { arrayRepr } from '../core/repr.js';
import { Scalar } from '../core/scalar.js';
import { currentPrintOptions } from '../core/print-options.js';
import { formatPositional, formatScientific } from '../core/dragon4.js';
import { ArrayLike, bindArgs, toArray } from '../ops/array-args.js';
import { linspace as gpLinspace } from '../ops/spacing.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { describeValue } from '../util/options.js';
import { domainMap, getdomain, mapdomain, mapScalar, trimcoef } from './polyutils.js';
import { asSeries1, hostValues, SeriesZeroDivision, type HostNumber } from './series.js';
import type { FitOptions } from './generic.js';

/** A scalar NumPy passes to a basis function: a Python number or a NumPy scalar. */
/** A number a series takes (a JS number, bigint, or typed scalar). */
export type Num = HostNumber | Scalar;

/** One basis's module functions, as ABCPolyBase's static _add, _sub, ... */
export interface BasisFunctions {
  /** The sum of two series (NumPy's <basis>add). */
  add(c1: ArrayLike, c2: ArrayLike): GpuArray;
  /** The difference of two series (<basis>sub). */
  sub(c1: ArrayLike, c2: ArrayLike): GpuArray;
  /** The product of two series (<basis>mul). */
  mul(c1: ArrayLike, c2: ArrayLike): GpuArray;
  /** Quotient and remainder of two series (<basis>div). */
  div(c1: ArrayLike, c2: ArrayLike): [GpuArray, GpuArray];
  /** A series raised to a power (<basis>pow). */
  pow(c: ArrayLike, pow: number, maxpower: number | null): GpuArray;
  /** The series' values at x (<basis>val). */
  val(x: ArrayLike, c: ArrayLike): GpuArray;
  /** The series integrated m times (<basis>int). */
  int(c: ArrayLike, o: { m: number; k: unknown; lbnd: Num; scl: Num }): GpuArray;
  /** The series differentiated m times (<basis>der). */
  der(c: ArrayLike, o: { m: number; scl: Num }): GpuArray;
  /** The least-squares fit of a series to data (<basis>fit). */
  fit(x: ArrayLike, y: ArrayLike, deg: number | readonly number[], o: FitOptions): GpuArray | [GpuArray, [GpuArray, number, GpuArray, number]];
  /** The series off + scl x (<basis>line). */
  line(off: Num, scl: Num): GpuArray;
  /** The series' roots (<basis>roots). */
  roots(c: ArrayLike): GpuArray;
  /** The monic series with these roots (<basis>fromroots). */
  fromroots(r: ArrayLike): GpuArray;
  /** The power series of c, for composing (p(q) by Horner's rule in q's arithmetic); absent: c already is one. */
  toPower?(c: ArrayLike): GpuArray;
}

/** What a series combines with: another series object of the same kind, coefficients, or a number. */
export type SeriesOperand = PolyBase | ArrayLike;

/** The options of a class's fit: NumPy's domain, rcond, full, w, window and symbol. */
export type SeriesFitOptions = FitOptions & SeriesOptions;

/** A domain or window: two numbers (host data or an array). */
export type DomainLike = ArrayLike;

/** The constructor's options (NumPy's domain, window and symbol). */
export interface SeriesOptions {
  domain?: DomainLike | null;
  window?: DomainLike | null;
  symbol?: string;
}

interface State {
  coef: GpuArray;
  domain: GpuArray;
  window: GpuArray;
  symbol: string;
}
const states = new WeakMap<object, State>();
const stateOf = (p: PolyBase): State => {
  const s = states.get(p);
  if (s === undefined) throw new TypeError('not a polynomial series object');
  return s;
};

/** The static side of a series class: its basis functions and defaults, and its constructor. */
export interface SeriesClass<T extends PolyBase = PolyBase> {
  new (coef: ArrayLike, domain?: DomainLike | null | SeriesOptions, window?: DomainLike | null | SeriesOptions, symbol?: string | SeriesOptions): T;
  readonly basisFunctions: BasisFunctions;
  readonly defaultDomain: readonly number[];
  readonly defaultWindow: readonly number[];
  readonly basisName: string | null;
  readonly maxpower: number;
  readonly name: string;
}

/** NumPy's 2-element domain or window check, as a float64 (or complex) series. */
function twoEnds(v: unknown, what: 'Domain' | 'Window'): GpuArray {
  const a = asSeries1(v, false, what.toLowerCase());
  if (a.shape[0] !== 2) throw new RangeError(`${what} has wrong number of elements.`);
  return a;
}

/** Python's str.isidentifier, for the symbol. */
const IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const translate = (s: string, table: string) => s.replace(/[0-9]/g, (d) => table[Number(d)]);

/** numpy.polynomial.polyutils.format_float: NumPy's print options' precision, positional or scientific. */
function formatFloat(x: number, kind: 'float16' | 'float32' | 'float64', parens = false): string {
  const o = currentPrintOptions();
  if (Number.isNaN(x)) return o.nanstr;
  if (!Number.isFinite(x)) return x > 0 ? o.infstr : `-${o.infstr}`;
  const a = Math.abs(x);
  const exp = x !== 0 && (a >= 1e8 || a < 10 ** Math.min(0, Math.floor(-(o.precision - 1) / 2)));
  const unique = o.floatmode !== 'fixed';
  const trim = o.floatmode === 'fixed' ? 'k' : '0';
  if (exp) {
    const s = formatScientific(x, kind, { precision: o.precision, unique, trim, sign: o.sign === '+' });
    return parens ? `(${s})` : s;
  }
  return formatPositional(x, kind, { precision: o.precision, fractional: true, unique, trim, sign: o.sign === '+' });
}

/** Python's str of a complex NumPy scalar, for the printed form of complex coefficients. */
const complexStr = (v: { re: number; im: number }): string => {
  const f = (x: number) => (Number.isInteger(x) && Math.abs(x) < 1e16 ? String(x) : String(x));
  const im = `${v.im < 0 || Object.is(v.im, -0) ? '-' : '+'}${f(Math.abs(v.im))}j`;
  return v.re === 0 && !Object.is(v.re, -0) ? `${f(v.im)}j` : `(${f(v.re)}${im})`;
};

/**
 * numpy.polynomial's ABCPolyBase: a series of one basis with its domain (mapped onto the window
 * before the basis functions see x), window and symbol. Callable: `p(x)` evaluates at x (an
 * array, host data or a number; another series of the same kind composes). Arithmetic by methods:
 * `add`, `sub`, `mul`, `floordiv`, `mod`, `divmod`, `pow`, `neg`, `trueDivide` (by a number), and
 * the reflected `radd`, `rsub`, `rmul`, `rdivmod` for `number op p`.
 */
export abstract class PolyBase {
  /** The largest power `pow` accepts (NumPy's maxpower). */
  static readonly maxpower: number = 100;

  constructor(coef: ArrayLike, domain?: DomainLike | null | SeriesOptions, window?: DomainLike | null | SeriesOptions, symbol?: string | SeriesOptions) {
    const o = bindArgs(new.target.name, [domain, window, symbol], ['domain', 'window', 'symbol']) as SeriesOptions;
    const cls = new.target as unknown as SeriesClass;
    const self = ((x: unknown) => self.evaluate(x as ArrayLike)) as unknown as PolyBase;
    Object.setPrototypeOf(self, new.target.prototype);
    // A function's own length and name would hide the series' length getter and the class's name.
    delete (self as { length?: number }).length;
    delete (self as { name?: string }).name;
    const sym = o.symbol ?? 'x';
    if (typeof sym !== 'string') throw new TypeError('Symbol must be a non-empty string');
    if (!IDENTIFIER.test(sym)) throw new RangeError('Symbol string must be a valid Python identifier');
    const state = scope(() => ({
      coef: asSeries1(coef, false, cls.name),
      domain: o.domain === undefined || o.domain === null ? toArray(cls.defaultDomain).astype(dtypes.float64) : twoEnds(o.domain, 'Domain'),
      window: o.window === undefined || o.window === null ? toArray(cls.defaultWindow).astype(dtypes.float64) : twoEnds(o.window, 'Window'),
      symbol: sym,
    }));
    states.set(self, state);
    return self;
  }

  /** The class of this series (its basis functions and defaults). */
  protected get kind(): SeriesClass<this> {
    return this.constructor as unknown as SeriesClass<this>;
  }
  /** A series of this kind with this one's domain, window and symbol. */
  protected like(coef: ArrayLike): this {
    return new this.kind(coef, this.domain, this.window, this.symbol);
  }
  /** The new series of `coef` (a fresh array it then owns a copy of; the array is freed). */
  protected owning(coef: GpuArray): this {
    try {
      return this.like(coef);
    } finally {
      coef.dispose();
    }
  }

  /** The coefficients, lowest degree first. */
  get coef(): GpuArray {
    return stateOf(this).coef;
  }
  /** The domain: [domain[0], domain[1]] is mapped onto the window. */
  get domain(): GpuArray {
    return stateOf(this).domain;
  }
  /** The window, where the basis functions are evaluated. */
  get window(): GpuArray {
    return stateOf(this).window;
  }
  /** The symbol of the printed form. */
  get symbol(): string {
    return stateOf(this).symbol;
  }
  /** NumPy's len(p): the number of coefficients. */
  get length(): number {
    return this.coef.shape[0];
  }

  /** p(x): the series at x mapped from the domain onto the window; a series x of this kind composes. */
  evaluate(x: PolyBase): this;
  evaluate(x: ArrayLike): GpuArray;
  evaluate(x: ArrayLike | PolyBase): GpuArray | this {
    if (x instanceof PolyBase) return this.compose(x as this);
    return scope(() => this.kind.basisFunctions.val(mapdomain(x as ArrayLike, this.domain, this.window), this.coef));
  }

  /** The series at a series x (NumPy's val with a polynomial argument): Horner's rule over the power basis of the mapped x. */
  protected compose(x: this): this {
    const { off, scl, dtype } = domainMap(this.domain, this.window);
    const made: PolyBase[] = [];
    const keep = <T extends PolyBase>(p: T): T => (made.push(p), p);
    try {
      const arg = keep(keep(x.mul(mapScalar(scl, dtype) as never)).add(mapScalar(off, dtype) as never));
      const bf = this.kind.basisFunctions;
      const power = bf.toPower ? bf.toPower(this.coef) : this.coef;
      const cs = hostValues(power).map((v) => new Scalar(v, power.dtype));
      if (power !== this.coef) power.dispose();
      let c0 = keep(keep(arg.mul(0)).add(cs[cs.length - 1] as never));
      for (let i = cs.length - 2; i >= 0; i--) c0 = keep(keep(c0.mul(arg)).add(cs[i] as never));
      made.pop();
      return c0 as this;
    } finally {
      for (const m of made) m.dispose();
    }
  }

  /** NumPy's _get_coefficients: another series must be of this kind, domain, window and symbol. */
  private coefficientsOf(other: SeriesOperand): ArrayLike {
    if (!(other instanceof PolyBase)) return other;
    if (!(other instanceof this.constructor)) throw new TypeError('Polynomial types differ');
    if (!sameValues(this.domain, other.domain)) throw new TypeError('Domains differ');
    if (!sameValues(this.window, other.window)) throw new TypeError('Windows differ');
    if (this.symbol !== other.symbol) throw new RangeError('Polynomial symbols differ');
    return other.coef;
  }

  /** A binary operation's result, NumPy's NotImplemented (an operand the basis function refuses) as a TypeError. */
  private binary<R>(op: string, other: unknown, fn: () => R): R {
    try {
      return fn();
    } catch (e) {
      if (e instanceof SeriesZeroDivision) throw e;
      throw new TypeError(`unsupported operand type(s) for ${op}: '${this.kind.name}' and ${describeValue(other)} (${(e as Error).message})`);
    }
  }

  /** -p. */
  neg(): this {
    return this.owning(U.negative(this.coef) as GpuArray);
  }
  /** +p: p itself, as NumPy's. */
  pos(): this {
    return this;
  }
  /** p + other. */
  add(other: SeriesOperand): this {
    const c = this.coefficientsOf(other);
    return this.owning(this.binary('+', other, () => this.kind.basisFunctions.add(this.coef, c)));
  }
  /** p - other. */
  sub(other: SeriesOperand): this {
    const c = this.coefficientsOf(other);
    return this.owning(this.binary('-', other, () => this.kind.basisFunctions.sub(this.coef, c)));
  }
  /** p * other. */
  mul(other: SeriesOperand): this {
    const c = this.coefficientsOf(other);
    return this.owning(this.binary('*', other, () => this.kind.basisFunctions.mul(this.coef, c)));
  }
  /** [p // other, p % other] (a zero divisor is NumPy's ZeroDivisionError, a RangeError). */
  divmod(other: SeriesOperand): [this, this] {
    const c = this.coefficientsOf(other);
    const [q, r] = this.binary('divmod', other, () => this.kind.basisFunctions.div(this.coef, c));
    try {
      return [this.like(q), this.like(r)];
    } finally {
      q.dispose();
      r.dispose();
    }
  }
  /** p // other: the quotient. */
  floordiv(other: SeriesOperand): this {
    const [q, r] = this.divmod(other);
    r.dispose();
    return q;
  }
  /** p % other: the remainder. */
  mod(other: SeriesOperand): this {
    const [q, r] = this.divmod(other);
    q.dispose();
    return r;
  }
  /** p / other for a number only (NumPy's true division; anything else is a TypeError). */
  trueDivide(other: number | Scalar | { re: number; im: number }): this {
    const ok = typeof other === 'number' || other instanceof Scalar || (typeof other === 'object' && other !== null && 're' in other && !(other instanceof GpuArray));
    if (!ok || (other instanceof Scalar && other.dtype === dtypes.bool)) throw new TypeError(`unsupported types for true division: '${this.kind.name}', ${describeValue(other)}`);
    return this.floordiv(other as never);
  }
  /** p ** n for an integer 0 <= n <= maxpower. */
  pow(n: number): this {
    return this.owning(this.kind.basisFunctions.pow(this.coef, n, this.kind.maxpower));
  }
  /** other + p (NumPy's __radd__). */
  radd(other: ArrayLike): this {
    return this.owning(this.binary('+', other, () => this.kind.basisFunctions.add(other, this.coef)));
  }
  /** other - p (NumPy's __rsub__). */
  rsub(other: ArrayLike): this {
    return this.owning(this.binary('-', other, () => this.kind.basisFunctions.sub(other, this.coef)));
  }
  /** other * p (NumPy's __rmul__). */
  rmul(other: ArrayLike): this {
    return this.owning(this.binary('*', other, () => this.kind.basisFunctions.mul(other, this.coef)));
  }
  /** [other // p, other % p] (NumPy's __rdivmod__). */
  rdivmod(other: ArrayLike): [this, this] {
    const [q, r] = this.binary('divmod', other, () => this.kind.basisFunctions.div(other, this.coef));
    try {
      return [this.like(q), this.like(r)];
    } finally {
      q.dispose();
      r.dispose();
    }
  }

  /** NumPy's ==: the same kind, domain, window, coefficients (shape and values) and symbol. */
  equals(other: unknown): boolean {
    return (
      other instanceof this.constructor &&
      sameValues(this.domain, (other as PolyBase).domain) &&
      sameValues(this.window, (other as PolyBase).window) &&
      this.coef.shape[0] === (other as PolyBase).coef.shape[0] &&
      sameValues(this.coef, (other as PolyBase).coef) &&
      this.symbol === (other as PolyBase).symbol
    );
  }
  /** !equals(other). */
  notEquals(other: unknown): boolean {
    return !this.equals(other);
  }
  /** Whether the coefficients are the same (length and values). */
  hasSamecoef(other: PolyBase): boolean {
    return this.coef.shape[0] === other.coef.shape[0] && sameValues(this.coef, other.coef);
  }
  /** Whether the domains are the same. */
  hasSamedomain(other: PolyBase): boolean {
    return sameValues(this.domain, other.domain);
  }
  /** Whether the windows are the same. */
  hasSamewindow(other: PolyBase): boolean {
    return sameValues(this.window, other.window);
  }
  /** Whether other is of this kind (an instance of this class). */
  hasSametype(other: unknown): boolean {
    return other instanceof this.constructor;
  }

  /** A copy. */
  copy(): this {
    return this.like(this.coef);
  }
  /** The degree: len(p) - 1. */
  degree(): number {
    return this.length - 1;
  }
  /** The series truncated to degree deg. */
  cutdeg(deg: number): this {
    return this.truncate(deg + 1);
  }
  /** The trailing coefficients of absolute value <= tol removed (polyutils.trimcoef). */
  trim(tol: number | { tol?: number } = 0): this {
    return this.owning(trimcoef(this.coef, tol));
  }
  /** The first `size` coefficients (size a positive integer). */
  truncate(size: number): this {
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
    return this.like(size >= this.length ? this.coef : this.coef.slice(`:${size}`));
  }
  /** The series as one of class `kind` (default this class) with the given domain and window (the kind's defaults). */
  convert<T extends PolyBase = this>(domain?: DomainLike | null | { domain?: DomainLike | null; kind?: SeriesClass<T>; window?: DomainLike | null }, kind?: SeriesClass<T> | null, window?: DomainLike | null): T {
    const o = bindArgs('convert', [domain, kind, window], ['domain', 'kind', 'window']) as { domain?: DomainLike | null; kind?: SeriesClass<T> | null; window?: DomainLike | null };
    const k = (o.kind ?? this.kind) as unknown as typeof PolyBase & SeriesClass<T>;
    const id = k.identity(o.domain ?? k.defaultDomain, { window: o.window ?? k.defaultWindow, symbol: this.symbol }) as unknown as T;
    try {
      return this.evaluate(id as never) as unknown as T;
    } finally {
      id.dispose();
    }
  }
  /** [offset, scale] of the map of the domain onto the window (polyutils.mapparms). */
  mapparms(): [HostNumber, HostNumber] {
    const { off, scl } = domainMap(this.domain, this.window);
    return [off, scl];
  }
  /** The m-th integral, with integration constants k and lower bound lbnd (in the domain). */
  integ(m?: number | { m?: number; k?: unknown; lbnd?: Num | null }, k?: unknown, lbnd?: Num | null): this {
    const o = bindArgs('integ', [m, k, lbnd], ['m', 'k', 'lbnd']) as { m?: number; k?: unknown; lbnd?: Num | null };
    const { off, scl, dtype } = domainMap(this.domain, this.window);
    const s = mapScalar(scl, dtype);
    return scope(() => {
      const lb = o.lbnd === undefined || o.lbnd === null ? 0 : (U.add(mapScalar(off, dtype) as never, U.multiply(s as never, o.lbnd as never) as GpuArray) as GpuArray);
      const inv = U.divide(1.0, s as never) as GpuArray;
      return this.like(this.kind.basisFunctions.int(this.coef, { m: o.m ?? 1, k: o.k ?? [], lbnd: lb as never, scl: inv as never }));
    });
  }
  /** The m-th derivative. */
  deriv(m: number | { m?: number } = 1): this {
    const mm = typeof m === 'object' && m !== null ? (m.m ?? 1) : m;
    const { scl, dtype } = domainMap(this.domain, this.window);
    return this.owning(this.kind.basisFunctions.der(this.coef, { m: mm, scl: mapScalar(scl, dtype) }));
  }
  /** The roots, mapped back from the window onto the domain. */
  roots(): GpuArray {
    return scope(() => mapdomain(this.kind.basisFunctions.roots(this.coef), this.window, this.domain));
  }
  /** [x, p(x)] at n (default 100) points evenly spaced over the domain (default the series'). */
  linspace(n: number | { n?: number; domain?: DomainLike | null } = 100, domain?: DomainLike | null): [GpuArray, GpuArray] {
    const o = bindArgs('linspace', [n, domain], ['n', 'domain']) as { n?: number; domain?: DomainLike | null };
    return scope(() => {
      const d = hostValues(o.domain === undefined || o.domain === null ? this.domain : toArray(o.domain, 'linspace: domain'));
      const x = gpLinspace(d[0] as never, d[1] as never, o.n ?? 100);
      return [x, this.evaluate(x)] as [GpuArray, GpuArray];
    });
  }

  /** The series' coefficients (NumPy's iteration over a series). */
  *[Symbol.iterator](): IterableIterator<HostNumber> {
    yield* hostValues(this.coef);
  }
  /** Frees the coefficients, domain and window. */
  dispose(): void {
    const s = stateOf(this);
    s.coef.dispose();
    s.domain.dispose();
    s.window.dispose();
  }
  /** The arrays this series holds (what gp.scope keeps when it is returned). */
  [HELD_ARRAYS](): GpuArray[] {
    const s = stateOf(this);
    return [s.coef, s.domain, s.window];
  }

  /** The class's str of one term (unicode or ascii); Polynomial's own writes powers, the others basis names. */
  protected termString(power: string, arg: string, unicode: boolean): string {
    const name = this.kind.basisName ?? '?';
    return unicode ? `·${name}${translate(power, SUBSCRIPTS)}(${arg})` : ` ${name}_${power}(${arg})`;
  }

  /** NumPy's str(p) (unicode, NumPy's default off Windows) or format(p, 'ascii'). */
  toString(format: 'unicode' | 'ascii' = 'unicode'): string {
    if (format !== 'unicode' && format !== 'ascii') throw new RangeError(`Unsupported format string '${String(format)}'. Valid options are 'ascii' and 'unicode'`);
    const linewidth = Math.max(currentPrintOptions().linewidth, 1);
    const d = this.coef.dtype;
    const kind = d === dtypes.float16 || d === dtypes.float32 ? (d.name as 'float16' | 'float32') : 'float64';
    const fmtDomain = this.domain.dtype === dtypes.float32 ? 'float32' : 'float64';
    const ff = (v: HostNumber, k: 'float16' | 'float32' | 'float64', parens = false) => (typeof v === 'number' ? formatFloat(v, k, parens) : complexStr(v));
    const cs = hostValues(this.coef);
    let out = ff(cs[0], kind);
    const [off, scale] = this.mapparms();
    const isNum = (v: HostNumber, n: number) => (typeof v === 'number' ? v === n : v.re === n && v.im === 0);
    let term: string;
    let parens = true;
    if (isNum(off, 0) && isNum(scale, 1)) [term, parens] = [this.symbol, false];
    else if (isNum(scale, 1)) term = `${ff(off, fmtDomain)} + ${this.symbol}`;
    else if (isNum(off, 0)) term = `${ff(scale, fmtDomain)}${this.symbol}`;
    else term = `${ff(off, fmtDomain)} + ${ff(scale, fmtDomain)}${this.symbol}`;
    if (parens) term = `(${term})`;
    cs.slice(1).forEach((c, i) => {
      out += ' ';
      let next = typeof c === 'number' ? (c >= 0 ? `+ ${formatFloat(c, kind, true)}` : `- ${formatFloat(-c, kind, true)}`) : `+ ${complexStr(c)}`;
      if (typeof c === 'number' && Number.isNaN(c)) next = `- ${formatFloat(c, kind, true)}`; // NaN >= 0 is false in Python too
      next += this.termString(String(i + 1), term, format === 'unicode');
      let lineLen = out.split('\n').at(-1)!.length + next.length;
      if (i < cs.length - 2) lineLen += 2;
      if (lineLen >= linewidth) next = next.replace(' ', '\n');
      out += next;
    });
    return out;
  }

  /** NumPy's repr(p): `Polynomial([1., 2.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')`. */
  [inspect.custom](): string {
    const body = (a: GpuArray) => arrayRepr(a).slice(6, -1);
    return `${this.kind.name}(${body(this.coef)}, domain=${body(this.domain)}, window=${body(this.window)}, symbol='${this.symbol}')`;
  }

  // ---- class methods (NumPy's classmethods), called on the subclass ----------------------------

  /**
   * The least-squares fit of y(x) by a series of degree deg (or the listed degrees), x mapped from
   * `domain` (default: the data's [min, max], widened by 1 each side when they are equal) onto
   * `window`. With `full`: `[series, [residuals, rank, singularValues, rcond]]`.
   */
  static fit<T extends PolyBase>(this: SeriesClass<T>, x: ArrayLike, y: ArrayLike, deg: number | readonly number[], options?: SeriesFitOptions & { full?: false }): T;
  static fit<T extends PolyBase>(this: SeriesClass<T>, x: ArrayLike, y: ArrayLike, deg: number | readonly number[], options: SeriesFitOptions & { full: true }): [T, [GpuArray, number, GpuArray, number]];
  /** NumPy's positional form: fit(x, y, deg, domain, rcond, full, w, window, symbol) (an options object may follow the last one given). */
  static fit<T extends PolyBase>(this: SeriesClass<T>, x: ArrayLike, y: ArrayLike, deg: number | readonly number[], ...more: unknown[]): T | [T, [GpuArray, number, GpuArray, number]];
  static fit<T extends PolyBase>(
    this: SeriesClass<T>,
    x: ArrayLike,
    y: ArrayLike,
    deg: number | readonly number[],
    ...more: unknown[]
  ): T | [T, [GpuArray, number, GpuArray, number]] {
    const o = bindArgs('fit', more, ['domain', 'rcond', 'full', 'w', 'window', 'symbol']) as FitOptions & SeriesOptions;
    return scope(() => {
      let domain: DomainLike;
      if (o.domain === undefined || o.domain === null) {
        const d = getdomain(x);
        const v = hostValues(d);
        if (typeof v[0] === 'number' ? v[0] === v[1] : v[0].re === (v[1] as { re: number }).re && v[0].im === (v[1] as { im: number }).im) {
          domain = U.add(d, toArray([-1, 1])) as GpuArray;
        } else domain = d;
      } else domain = Array.isArray(o.domain) && o.domain.length === 0 ? toArray(this.defaultDomain).astype(dtypes.float64) : o.domain;
      const window = o.window ?? toArray(this.defaultWindow).astype(dtypes.float64);
      const xnew = mapdomain(x, domain, window);
      const res = this.basisFunctions.fit(xnew, y, deg, { w: o.w, rcond: o.rcond, full: o.full });
      const make = (c: GpuArray) => new this(c, { domain, window, symbol: o.symbol ?? 'x' });
      return o.full ? [make((res as [GpuArray, unknown])[0]), (res as [GpuArray, [GpuArray, number, GpuArray, number]])[1]] : make(res as GpuArray);
    }) as T | [T, [GpuArray, number, GpuArray, number]];
  }

  /** The series with the given roots (domain: the class default, or null for the roots' own), scaled as NumPy. */
  static fromroots<T extends PolyBase>(this: SeriesClass<T>, roots: ArrayLike, ...more: unknown[]): T {
    const o = bindArgs('fromroots', more, ['domain', 'window', 'symbol']) as SeriesOptions;
    return scope(() => {
      const r = asSeries1(roots, false, 'fromroots');
      let domain: DomainLike;
      if (o.domain === null) domain = getdomain(r);
      else if (o.domain === undefined || (Array.isArray(o.domain) && o.domain.length === 0)) domain = toArray(this.defaultDomain).astype(dtypes.float64);
      else domain = o.domain;
      const window = o.window ?? toArray(this.defaultWindow).astype(dtypes.float64);
      const deg = r.shape[0];
      const { off, scl, dtype } = domainMap(domain, window);
      const rnew = U.add(mapScalar(off, dtype) as never, U.multiply(mapScalar(scl, dtype) as never, r) as GpuArray) as GpuArray;
      const coef = U.divide(this.basisFunctions.fromroots(rnew), U.power(mapScalar(scl, dtype) as never, deg) as never) as GpuArray;
      return new this(coef, { domain, window, symbol: o.symbol ?? 'x' });
    });
  }

  /** The identity series x (in the given domain and window). */
  static identity<T extends PolyBase>(this: SeriesClass<T>, domain?: DomainLike | null | SeriesOptions, ...more: unknown[]): T {
    const o = bindArgs('identity', [domain, ...more], ['domain', 'window', 'symbol']) as SeriesOptions;
    return scope(() => {
      const d = o.domain ?? toArray(this.defaultDomain).astype(dtypes.float64);
      const w = o.window ?? toArray(this.defaultWindow).astype(dtypes.float64);
      const { off, scl, dtype } = domainMap(w, d);
      return new this(this.basisFunctions.line(mapScalar(off, dtype), mapScalar(scl, dtype)), { domain: d, window: w, symbol: o.symbol ?? 'x' });
    });
  }

  /** The basis series of degree deg (deg a non-negative integer). */
  static basis<T extends PolyBase>(this: SeriesClass<T>, deg: number, ...more: unknown[]): T {
    const o = bindArgs('basis', more, ['domain', 'window', 'symbol']) as SeriesOptions;
    if (typeof deg !== 'number' || !Number.isInteger(deg) || deg < 0) throw new RangeError('deg must be non-negative integer');
    return new this([...Array(deg).fill(0), 1], { domain: o.domain ?? null, window: o.window ?? null, symbol: o.symbol ?? 'x' });
  }

  /** `series` converted to this class (with the given domain and window: the class defaults). */
  static cast<T extends PolyBase>(this: SeriesClass<T>, series: PolyBase, domain?: DomainLike | null | { domain?: DomainLike | null; window?: DomainLike | null }, window?: DomainLike | null): T {
    const o = bindArgs('cast', [domain, window], ['domain', 'window']) as { domain?: DomainLike | null; window?: DomainLike | null };
    return series.convert(o.domain ?? this.defaultDomain, this, o.window ?? this.defaultWindow);
  }
}

/** np.all(a == b) (broadcasting, as NumPy's comparisons of domains and coefficients). */
function sameValues(a: GpuArray, b: GpuArray): boolean {
  return scope(() => Boolean((U.equal(a, b) as GpuArray).all().item()));
}

/** NumPy's calling form: every series object is callable. */
export interface PolyBase {
  (x: PolyBase): PolyBase;
  (x: ArrayLike): GpuArray;
}
