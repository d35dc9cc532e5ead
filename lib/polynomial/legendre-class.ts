// numpy.polynomial.Legendre: the Legendre series class over gp.polynomial.legendre's functions.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions } from './polybase.js';
import * as L from './legendre.js';
import type { DerOptions, IntOptions } from './generic.js';

/** The Legendre basis's functions, as NumPy's Legendre's static _add, _sub, ... */
const LEGENDRE_BASIS: BasisFunctions = {
  add: L.legadd,
  sub: L.legsub,
  mul: L.legmul,
  div: L.legdiv,
  pow: (c, n, maxpower) => L.legpow(c, n, { maxpower }),
  val: (x, c) => L.legval(x, c),
  int: (c, o) => L.legint(c, o as IntOptions),
  der: (c, o) => L.legder(c, o as DerOptions),
  fit: (x, y, deg, o) => L.legfit(x, y, deg, o as never),
  line: (off, scl) => L.legline(off as never, scl as never),
  roots: L.legroots,
  fromroots: L.legfromroots,
  toPower: L.leg2poly,
};

/**
 * numpy.polynomial.Legendre: a Legendre series `coef[0] P_0 + coef[1] P_1 + ...` with a domain
 * mapped onto a window (both [-1, 1] by default): the Polynomial class's API over the Legendre
 * functions.
 * @example new gp.polynomial.Legendre([1, 2, 3])(0.5).item() // 1.625
 */
export class Legendre extends PolyBase {
  static readonly basisFunctions: BasisFunctions = LEGENDRE_BASIS;
  static readonly defaultDomain: readonly number[] = [-1, 1];
  static readonly defaultWindow: readonly number[] = [-1, 1];
  static readonly basisName: string | null = 'P';

  /** A series from its coefficients (P_0 first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [-1., 1.], a new array. */
  static get domain(): GpuArray {
    return L.legdomain();
  }
  /** The class default window, [-1., 1.], a new array. */
  static get window(): GpuArray {
    return L.legdomain();
  }
}
