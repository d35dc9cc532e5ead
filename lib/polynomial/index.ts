// gp.polynomial: numpy.polynomial's modules (coefficients lowest power first): polyutils and the
// power series (polynomial, with its Polynomial class).
import * as pu from './polyutils.js';
import * as P from './polynomial.js';

/** numpy.polynomial.polyutils: series conversion and trimming, domains and their linear maps. */
export const polyutils = {
  asSeries: pu.asSeries,
  trimseq: pu.trimseq,
  trimcoef: pu.trimcoef,
  getdomain: pu.getdomain,
  mapparms: pu.mapparms,
  mapdomain: pu.mapdomain,
} as const;

/** numpy.polynomial.polynomial: power series (lowest power first); the constants are new arrays on each read. */
export const polynomial = {
  polyval: P.polyval,
  polyval2d: P.polyval2d,
  polyval3d: P.polyval3d,
  polygrid2d: P.polygrid2d,
  polygrid3d: P.polygrid3d,
  polyvalfromroots: P.polyvalfromroots,
  polyvander: P.polyvander,
  polyvander2d: P.polyvander2d,
  polyvander3d: P.polyvander3d,
  polyfit: P.polyfit,
  polyder: P.polyder,
  polyint: P.polyint,
  polyroots: P.polyroots,
  polyfromroots: P.polyfromroots,
  polycompanion: P.polycompanion,
  polyadd: P.polyadd,
  polysub: P.polysub,
  polymul: P.polymul,
  polymulx: P.polymulx,
  polydiv: P.polydiv,
  polypow: P.polypow,
  polyline: P.polyline,
  polytrim: P.polytrim,
  /** numpy.polynomial.polynomial.polydomain: [-1., 1.] (float64). */
  get polydomain() {
    return P.polydomain();
  },
  /** numpy.polynomial.polynomial.polyzero: [0] (int64). */
  get polyzero() {
    return P.polyzero();
  },
  /** numpy.polynomial.polynomial.polyone: [1] (int64). */
  get polyone() {
    return P.polyone();
  },
  /** numpy.polynomial.polynomial.polyx: [0, 1] (int64). */
  get polyx() {
    return P.polyx();
  },
};

export { Polynomial } from './polynomial-class.js';
export { PolyBase } from './polybase.js';
export type { BasisFunctions, DomainLike, SeriesClass, SeriesFitOptions, SeriesOperand, SeriesOptions } from './polybase.js';
export type { HostNumber, DomainMap } from './polyutils.js';
export type { FitOptions, FitFull, PolyderOptions, PolyintOptions, PolypowOptions, PolyvalOptions, SeriesScalar } from './polynomial.js';
