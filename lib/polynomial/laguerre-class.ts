// numpy.polynomial.Laguerre: the Laguerre series class over gp.polynomial.laguerre's functions.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions } from './polybase.js';
import * as L from './laguerre.js';
import type { DerOptions, IntOptions } from './generic.js';

/** The Laguerre basis's functions, as NumPy's Laguerre's static _add, _sub, ... */
const LAGUERRE_BASIS: BasisFunctions = {
  add: L.lagadd,
  sub: L.lagsub,
  mul: L.lagmul,
  div: L.lagdiv,
  pow: (c, n, maxpower) => L.lagpow(c, n, { maxpower }),
  val: (x, c) => L.lagval(x, c),
  int: (c, o) => L.lagint(c, o as IntOptions),
  der: (c, o) => L.lagder(c, o as DerOptions),
  fit: (x, y, deg, o) => L.lagfit(x, y, deg, o as never),
  line: (off, scl) => L.lagline(off as never, scl as never),
  roots: L.lagroots,
  fromroots: L.lagfromroots,
  toPower: L.lag2poly,
};

/**
 * numpy.polynomial.Laguerre: a Laguerre series `coef[0] L_0 + coef[1] L_1 + ...` with a domain
 * mapped onto a window (both [0, 1] by default): the Polynomial class's API over the Laguerre
 * functions.
 * @example new gp.polynomial.Laguerre([1, 2, 3])(0.5).item() // 1.375
 */
export class Laguerre extends PolyBase {
  static readonly basisFunctions: BasisFunctions = LAGUERRE_BASIS;
  static readonly defaultDomain: readonly number[] = [0, 1];
  static readonly defaultWindow: readonly number[] = [0, 1];
  static readonly basisName: string | null = 'L';

  /** A series from its coefficients (L_0 first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [0., 1.], a new array. */
  static get domain(): GpuArray {
    return L.lagdomain();
  }
  /** The class default window, [0., 1.], a new array. */
  static get window(): GpuArray {
    return L.lagdomain();
  }
}
