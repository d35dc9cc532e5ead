// numpy.polynomial.Chebyshev: the Chebyshev series class over gp.polynomial.chebyshev's functions.
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions, type DomainLike } from './polybase.js';
import { mapdomain } from './polyutils.js';
import * as C from './chebyshev.js';
import type { PolyderOptions, PolyintOptions } from './polynomial.js';

/** The Chebyshev basis's functions, as NumPy's Chebyshev's static _add, _sub, ... */
const CHEBYSHEV_BASIS: BasisFunctions = {
  add: C.chebadd,
  sub: C.chebsub,
  mul: C.chebmul,
  div: C.chebdiv,
  pow: (c, n, maxpower) => C.chebpow(c, n, { maxpower }),
  val: (x, c) => C.chebval(x, c),
  int: (c, o) => C.chebint(c, o as PolyintOptions),
  der: (c, o) => C.chebder(c, o as PolyderOptions),
  fit: (x, y, deg, o) => C.chebfit(x, y, deg, o as never),
  line: (off, scl) => C.chebline(off as never, scl as never),
  roots: C.chebroots,
  fromroots: C.chebfromroots,
  toPower: C.cheb2poly,
};

/**
 * numpy.polynomial.Chebyshev: a Chebyshev series `coef[0] T_0 + coef[1] T_1 + ...` with a domain
 * mapped onto a window (both [-1, 1] by default): the Polynomial class's API over the Chebyshev
 * functions, and `Chebyshev.interpolate`.
 * @example new gp.polynomial.Chebyshev([1, 2, 3])(0.5).item() // 0.5
 */
export class Chebyshev extends PolyBase {
  static readonly basisFunctions: BasisFunctions = CHEBYSHEV_BASIS;
  static readonly defaultDomain: readonly number[] = [-1, 1];
  static readonly defaultWindow: readonly number[] = [-1, 1];
  static readonly basisName: string | null = 'T';

  /** A series from its coefficients (T_0 first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [-1., 1.], a new array. */
  static get domain(): GpuArray {
    return C.chebdomain();
  }
  /** The class default window, [-1., 1.], a new array. */
  static get window(): GpuArray {
    return C.chebdomain();
  }

  /**
   * numpy.polynomial.Chebyshev.interpolate(func, deg, domain=None, args=()): the series of degree
   * deg interpolating func at the Chebyshev points of the first kind mapped onto the domain.
   */
  static interpolate(func: (x: GpuArray, ...args: unknown[]) => ArrayLike, deg: number, domain?: DomainLike | null | { domain?: DomainLike | null; args?: readonly unknown[] }, args?: readonly unknown[]): Chebyshev {
    const o = (typeof domain === 'object' && domain !== null && !Array.isArray(domain) && !(domain instanceof GpuArray) ? domain : { domain, args }) as { domain?: DomainLike | null; args?: readonly unknown[] };
    return scope(() => {
      const d = o.domain ?? C.chebdomain();
      const w = C.chebdomain();
      const coef = C.chebinterpolate((x) => func(mapdomain(x, w, d), ...(o.args ?? [])), deg);
      return new Chebyshev(coef, { domain: d });
    });
  }
}
