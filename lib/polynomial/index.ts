// gp.polynomial: numpy.polynomial's modules (coefficients lowest power first): polyutils and the
// power series (polynomial, with its Polynomial class).
import { toArray } from '../ops/array-args.js';
import * as pu from './polyutils.js';
import * as P from './polynomial.js';
import * as C from './chebyshev.js';
import * as L from './legendre.js';
import * as H from './hermite.js';
import * as HE from './hermite-e.js';
import * as LA from './laguerre.js';

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

/** numpy.polynomial.chebyshev: Chebyshev series (T_0 first); the constants are new arrays on each read. */
export const chebyshev = {
  chebval: C.chebval,
  chebval2d: C.chebval2d,
  chebval3d: C.chebval3d,
  chebgrid2d: C.chebgrid2d,
  chebgrid3d: C.chebgrid3d,
  chebvander: C.chebvander,
  chebvander2d: C.chebvander2d,
  chebvander3d: C.chebvander3d,
  chebfit: C.chebfit,
  chebder: C.chebder,
  chebint: C.chebint,
  chebroots: C.chebroots,
  chebfromroots: C.chebfromroots,
  chebcompanion: C.chebcompanion,
  chebadd: C.chebadd,
  chebsub: C.chebsub,
  chebmul: C.chebmul,
  chebmulx: C.chebmulx,
  chebdiv: C.chebdiv,
  chebpow: C.chebpow,
  chebline: C.chebline,
  chebtrim: C.chebtrim,
  cheb2poly: C.cheb2poly,
  poly2cheb: C.poly2cheb,
  chebinterpolate: C.chebinterpolate,
  chebgauss: C.chebgauss,
  chebweight: C.chebweight,
  chebpts1: C.chebpts1,
  chebpts2: C.chebpts2,
  /** numpy.polynomial.chebyshev.chebdomain: [-1., 1.] (float64). */
  get chebdomain() {
    return C.chebdomain();
  },
  /** numpy.polynomial.chebyshev.chebzero: [0] (int64). */
  get chebzero() {
    return P.polyzero();
  },
  /** numpy.polynomial.chebyshev.chebone: [1] (int64). */
  get chebone() {
    return P.polyone();
  },
  /** numpy.polynomial.chebyshev.chebx: [0, 1] (int64). */
  get chebx() {
    return P.polyx();
  },
};

/** numpy.polynomial.legendre: Legendre series (P_0 first); the constants are new arrays on each read. */
export const legendre = {
  legval: L.legval,
  legval2d: L.legval2d,
  legval3d: L.legval3d,
  leggrid2d: L.leggrid2d,
  leggrid3d: L.leggrid3d,
  legvander: L.legvander,
  legvander2d: L.legvander2d,
  legvander3d: L.legvander3d,
  legfit: L.legfit,
  legder: L.legder,
  legint: L.legint,
  legroots: L.legroots,
  legfromroots: L.legfromroots,
  legcompanion: L.legcompanion,
  legadd: L.legadd,
  legsub: L.legsub,
  legmul: L.legmul,
  legmulx: L.legmulx,
  legdiv: L.legdiv,
  legpow: L.legpow,
  legline: L.legline,
  legtrim: L.legtrim,
  leg2poly: L.leg2poly,
  poly2leg: L.poly2leg,
  leggauss: L.leggauss,
  legweight: L.legweight,
  /** numpy.polynomial.legendre.legdomain: [-1., 1.] (float64). */
  get legdomain() {
    return L.legdomain();
  },
  /** numpy.polynomial.legendre.legzero: [0] (int64). */
  get legzero() {
    return P.polyzero();
  },
  /** numpy.polynomial.legendre.legone: [1] (int64). */
  get legone() {
    return P.polyone();
  },
  /** numpy.polynomial.legendre.legx: [0, 1] (int64). */
  get legx() {
    return P.polyx();
  },
};

/** numpy.polynomial.hermite: (physicists') Hermite series (H_0 first); the constants are new arrays on each read. */
export const hermite = {
  hermval: H.hermval,
  hermval2d: H.hermval2d,
  hermval3d: H.hermval3d,
  hermgrid2d: H.hermgrid2d,
  hermgrid3d: H.hermgrid3d,
  hermvander: H.hermvander,
  hermvander2d: H.hermvander2d,
  hermvander3d: H.hermvander3d,
  hermfit: H.hermfit,
  hermder: H.hermder,
  hermint: H.hermint,
  hermroots: H.hermroots,
  hermfromroots: H.hermfromroots,
  hermcompanion: H.hermcompanion,
  hermadd: H.hermadd,
  hermsub: H.hermsub,
  hermmul: H.hermmul,
  hermmulx: H.hermmulx,
  hermdiv: H.hermdiv,
  hermpow: H.hermpow,
  hermline: H.hermline,
  hermtrim: H.hermtrim,
  herm2poly: H.herm2poly,
  poly2herm: H.poly2herm,
  hermgauss: H.hermgauss,
  hermweight: H.hermweight,
  /** numpy.polynomial.hermite.hermdomain: [-1., 1.] (float64). */
  get hermdomain() {
    return H.hermdomain();
  },
  /** numpy.polynomial.hermite.hermzero: [0] (int64). */
  get hermzero() {
    return P.polyzero();
  },
  /** numpy.polynomial.hermite.hermone: [1] (int64). */
  get hermone() {
    return P.polyone();
  },
  /** numpy.polynomial.hermite.hermx: [0., 0.5] (float64): the series of x. */
  get hermx() {
    return toArray([0, 0.5]);
  },
};

/** numpy.polynomial.hermite_e: probabilists' Hermite series (He_0 first); the constants are new arrays on each read. */
export const hermiteE = {
  hermeval: HE.hermeval,
  hermeval2d: HE.hermeval2d,
  hermeval3d: HE.hermeval3d,
  hermegrid2d: HE.hermegrid2d,
  hermegrid3d: HE.hermegrid3d,
  hermevander: HE.hermevander,
  hermevander2d: HE.hermevander2d,
  hermevander3d: HE.hermevander3d,
  hermefit: HE.hermefit,
  hermeder: HE.hermeder,
  hermeint: HE.hermeint,
  hermeroots: HE.hermeroots,
  hermefromroots: HE.hermefromroots,
  hermecompanion: HE.hermecompanion,
  hermeadd: HE.hermeadd,
  hermesub: HE.hermesub,
  hermemul: HE.hermemul,
  hermemulx: HE.hermemulx,
  hermediv: HE.hermediv,
  hermepow: HE.hermepow,
  hermeline: HE.hermeline,
  hermetrim: HE.hermetrim,
  herme2poly: HE.herme2poly,
  poly2herme: HE.poly2herme,
  hermegauss: HE.hermegauss,
  hermeweight: HE.hermeweight,
  /** numpy.polynomial.hermite_e.hermedomain: [-1., 1.] (float64). */
  get hermedomain() {
    return HE.hermedomain();
  },
  /** numpy.polynomial.hermite_e.hermezero: [0] (int64). */
  get hermezero() {
    return P.polyzero();
  },
  /** numpy.polynomial.hermite_e.hermeone: [1] (int64). */
  get hermeone() {
    return P.polyone();
  },
  /** numpy.polynomial.hermite_e.hermex: [0, 1] (int64). */
  get hermex() {
    return P.polyx();
  },
};

/** numpy.polynomial.laguerre: Laguerre series (L_0 first); the constants are new arrays on each read. */
export const laguerre = {
  lagval: LA.lagval,
  lagval2d: LA.lagval2d,
  lagval3d: LA.lagval3d,
  laggrid2d: LA.laggrid2d,
  laggrid3d: LA.laggrid3d,
  lagvander: LA.lagvander,
  lagvander2d: LA.lagvander2d,
  lagvander3d: LA.lagvander3d,
  lagfit: LA.lagfit,
  lagder: LA.lagder,
  lagint: LA.lagint,
  lagroots: LA.lagroots,
  lagfromroots: LA.lagfromroots,
  lagcompanion: LA.lagcompanion,
  lagadd: LA.lagadd,
  lagsub: LA.lagsub,
  lagmul: LA.lagmul,
  lagmulx: LA.lagmulx,
  lagdiv: LA.lagdiv,
  lagpow: LA.lagpow,
  lagline: LA.lagline,
  lagtrim: LA.lagtrim,
  lag2poly: LA.lag2poly,
  poly2lag: LA.poly2lag,
  laggauss: LA.laggauss,
  lagweight: LA.lagweight,
  /** numpy.polynomial.laguerre.lagdomain: [0., 1.] (float64). */
  get lagdomain() {
    return LA.lagdomain();
  },
  /** numpy.polynomial.laguerre.lagzero: [0] (int64). */
  get lagzero() {
    return P.polyzero();
  },
  /** numpy.polynomial.laguerre.lagone: [1] (int64). */
  get lagone() {
    return P.polyone();
  },
  /** numpy.polynomial.laguerre.lagx: [1, -1] (int64): the series of x. */
  get lagx() {
    return toArray([1, -1]);
  },
};

export { Polynomial } from './polynomial-class.js';
export { Chebyshev } from './chebyshev-class.js';
export { Legendre } from './legendre-class.js';
export { Hermite } from './hermite-class.js';
export { HermiteE } from './hermite-e-class.js';
export { Laguerre } from './laguerre-class.js';
export { PolyBase } from './polybase.js';
export type { BasisFunctions, DomainLike, SeriesClass, SeriesFitOptions, SeriesOperand, SeriesOptions } from './polybase.js';
export type { HostNumber, DomainMap } from './polyutils.js';
export type { DerOptions, FitFunction, IntOptions } from './generic.js';
export type { FitOptions, FitFull, PolyderOptions, PolyintOptions, PolypowOptions, PolyvalOptions, SeriesScalar } from './polynomial.js';
