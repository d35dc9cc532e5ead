// numpy.polynomial.Hermite: the Hermite series class over gp.polynomial.hermite's functions.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions } from './polybase.js';
import * as H from './hermite.js';
import type { DerOptions, IntOptions } from './generic.js';

/** The Hermite basis's functions, as NumPy's Hermite's static _add, _sub, ... */
const HERMITE_BASIS: BasisFunctions = {
  add: H.hermadd,
  sub: H.hermsub,
  mul: H.hermmul,
  div: H.hermdiv,
  pow: (c, n, maxpower) => H.hermpow(c, n, { maxpower }),
  val: (x, c) => H.hermval(x, c),
  int: (c, o) => H.hermint(c, o as IntOptions),
  der: (c, o) => H.hermder(c, o as DerOptions),
  fit: (x, y, deg, o) => H.hermfit(x, y, deg, o as never),
  line: (off, scl) => H.hermline(off as never, scl as never),
  roots: H.hermroots,
  fromroots: H.hermfromroots,
  toPower: H.herm2poly,
};

/**
 * numpy.polynomial.Hermite: a (physicists') Hermite series `coef[0] H_0 + coef[1] H_1 + ...` with
 * a domain mapped onto a window (both [-1, 1] by default): the Polynomial class's API over the
 * Hermite functions.
 * @example new gp.polynomial.Hermite([1, 2, 3])(0.5).item() // -2
 */
export class Hermite extends PolyBase {
  static readonly basisFunctions: BasisFunctions = HERMITE_BASIS;
  static readonly defaultDomain: readonly number[] = [-1, 1];
  static readonly defaultWindow: readonly number[] = [-1, 1];
  static readonly basisName: string | null = 'H';

  /** A series from its coefficients (H_0 first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [-1., 1.], a new array. */
  static get domain(): GpuArray {
    return H.hermdomain();
  }
  /** The class default window, [-1., 1.], a new array. */
  static get window(): GpuArray {
    return H.hermdomain();
  }
}
