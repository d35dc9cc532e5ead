// numpy.polynomial.Polynomial: the power series class over gp.polynomial.polynomial's functions.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike } from '../ops/array-args.js';
import { PolyBase, type BasisFunctions } from './polybase.js';
import * as P from './polynomial.js';

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** The power basis's functions, as NumPy's Polynomial's static _add, _sub, ... */
const POWER_BASIS: BasisFunctions = {
  add: P.polyadd,
  sub: P.polysub,
  mul: P.polymul,
  div: P.polydiv,
  pow: (c, n, maxpower) => P.polypow(c, n, { maxpower }),
  val: (x, c) => P.polyval(x, c),
  int: (c, o) => P.polyint(c, o as P.PolyintOptions),
  der: (c, o) => P.polyder(c, o as P.PolyderOptions),
  fit: (x, y, deg, o) => P.polyfit(x, y, deg, o as never),
  line: (off, scl) => P.polyline(off as never, scl as never),
  roots: P.polyroots,
  fromroots: P.polyfromroots,
};

/**
 * numpy.polynomial.Polynomial: a power series `coef[0] + coef[1] x + ...` with a domain mapped onto
 * a window (both [-1, 1] by default) and a symbol. Callable (`p(x)`); arithmetic by methods
 * (`add`, `sub`, `mul`, `floordiv`, `mod`, `divmod`, `pow`, ...); `Polynomial.fit`,
 * `fromroots`, `identity`, `basis`, `cast`.
 * @example const p = new gp.polynomial.Polynomial([1, 2, 3]); p(2).item() // 17
 */
export class Polynomial extends PolyBase {
  static readonly basisFunctions: BasisFunctions = POWER_BASIS;
  static readonly defaultDomain: readonly number[] = [-1, 1];
  static readonly defaultWindow: readonly number[] = [-1, 1];
  static readonly basisName: string | null = null;

  /** A series from its coefficients (lowest degree first); domain, window and symbol by position or option. */
  constructor(coef: ArrayLike, domain?: ArrayLike | null | { domain?: ArrayLike | null; window?: ArrayLike | null; symbol?: string }, window?: ArrayLike | null | { window?: ArrayLike | null; symbol?: string }, symbol?: string | { symbol?: string }) {
    super(coef, domain as never, window as never, symbol as never);
  }

  /** The class default domain, [-1., 1.] (NumPy's Polynomial.domain), a new array. */
  static get domain(): GpuArray {
    return P.polydomain();
  }
  /** The class default window, [-1., 1.] (NumPy's Polynomial.window), a new array. */
  static get window(): GpuArray {
    return P.polydomain();
  }

  /** Powers as superscripts (unicode, `·x²`) or `**` (ascii, ` x**2`). */
  protected override termString(power: string, arg: string, unicode: boolean): string {
    if (unicode) return power === '1' ? `·${arg}` : `·${arg}${power.replace(/[0-9]/g, (d) => SUPERSCRIPTS[Number(d)])}`;
    return power === '1' ? ` ${arg}` : ` ${arg}**${power}`;
  }
}
