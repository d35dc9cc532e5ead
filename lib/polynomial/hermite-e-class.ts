// numpy.polynomial.HermiteE: the HermiteE series class over gp.polynomial.hermiteE's functions.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions } from './polybase.js';
import * as H from './hermite-e.js';
import type { DerOptions, IntOptions } from './generic.js';

/** The HermiteE basis's functions, as NumPy's HermiteE's static _add, _sub, ... */
const HERMITE_E_BASIS: BasisFunctions = {
  add: H.hermeadd,
  sub: H.hermesub,
  mul: H.hermemul,
  div: H.hermediv,
  pow: (c, n, maxpower) => H.hermepow(c, n, { maxpower }),
  val: (x, c) => H.hermeval(x, c),
  int: (c, o) => H.hermeint(c, o as IntOptions),
  der: (c, o) => H.hermeder(c, o as DerOptions),
  fit: (x, y, deg, o) => H.hermefit(x, y, deg, o as never),
  line: (off, scl) => H.hermeline(off as never, scl as never),
  roots: H.hermeroots,
  fromroots: H.hermefromroots,
  toPower: H.herme2poly,
};

/**
 * numpy.polynomial.HermiteE: a probabilists' Hermite series `coef[0] He_0 + coef[1] He_1 + ...`
 * with a domain mapped onto a window (both [-1, 1] by default): the Polynomial class's API over
 * the HermiteE functions.
 * @example new gp.polynomial.HermiteE([1, 2, 3])(0.5).item() // -0.25
 */
export class HermiteE extends PolyBase {
  static readonly basisFunctions: BasisFunctions = HERMITE_E_BASIS;
  static readonly defaultDomain: readonly number[] = [-1, 1];
  static readonly defaultWindow: readonly number[] = [-1, 1];
  static readonly basisName: string | null = 'He';

  /** A series from its coefficients (He_0 first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [-1., 1.], a new array. */
  static get domain(): GpuArray {
    return H.hermedomain();
  }
  /** The class default window, [-1., 1.], a new array. */
  static get window(): GpuArray {
    return H.hermedomain();
  }
}
