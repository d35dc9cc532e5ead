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
  /** numpy.polynomial.polyutils.as_series. */
  asSeries: pu.asSeries,
  /** numpy.polynomial.polyutils.trimseq. */
  trimseq: pu.trimseq,
  /** numpy.polynomial.polyutils.trimcoef. */
  trimcoef: pu.trimcoef,
  /** numpy.polynomial.polyutils.getdomain. */
  getdomain: pu.getdomain,
  /** numpy.polynomial.polyutils.mapparms. */
  mapparms: pu.mapparms,
  /** numpy.polynomial.polyutils.mapdomain. */
  mapdomain: pu.mapdomain,
} as const;

/** numpy.polynomial.polynomial: power series (lowest power first); the constants are new arrays on each read. */
export const polynomial = {
  /** numpy.polynomial.polynomial.polyval. */
  polyval: P.polyval,
  /** numpy.polynomial.polynomial.polyval2d. */
  polyval2d: P.polyval2d,
  /** numpy.polynomial.polynomial.polyval3d. */
  polyval3d: P.polyval3d,
  /** numpy.polynomial.polynomial.polygrid2d. */
  polygrid2d: P.polygrid2d,
  /** numpy.polynomial.polynomial.polygrid3d. */
  polygrid3d: P.polygrid3d,
  /** numpy.polynomial.polynomial.polyvalfromroots. */
  polyvalfromroots: P.polyvalfromroots,
  /** numpy.polynomial.polynomial.polyvander. */
  polyvander: P.polyvander,
  /** numpy.polynomial.polynomial.polyvander2d. */
  polyvander2d: P.polyvander2d,
  /** numpy.polynomial.polynomial.polyvander3d. */
  polyvander3d: P.polyvander3d,
  /** numpy.polynomial.polynomial.polyfit. */
  polyfit: P.polyfit,
  /** numpy.polynomial.polynomial.polyder. */
  polyder: P.polyder,
  /** numpy.polynomial.polynomial.polyint. */
  polyint: P.polyint,
  /** numpy.polynomial.polynomial.polyroots. */
  polyroots: P.polyroots,
  /** numpy.polynomial.polynomial.polyfromroots. */
  polyfromroots: P.polyfromroots,
  /** numpy.polynomial.polynomial.polycompanion. */
  polycompanion: P.polycompanion,
  /** numpy.polynomial.polynomial.polyadd. */
  polyadd: P.polyadd,
  /** numpy.polynomial.polynomial.polysub. */
  polysub: P.polysub,
  /** numpy.polynomial.polynomial.polymul. */
  polymul: P.polymul,
  /** numpy.polynomial.polynomial.polymulx. */
  polymulx: P.polymulx,
  /** numpy.polynomial.polynomial.polydiv. */
  polydiv: P.polydiv,
  /** numpy.polynomial.polynomial.polypow. */
  polypow: P.polypow,
  /** numpy.polynomial.polynomial.polyline. */
  polyline: P.polyline,
  /** numpy.polynomial.polynomial.polytrim. */
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
  /** numpy.polynomial.chebyshev.chebval. */
  chebval: C.chebval,
  /** numpy.polynomial.chebyshev.chebval2d. */
  chebval2d: C.chebval2d,
  /** numpy.polynomial.chebyshev.chebval3d. */
  chebval3d: C.chebval3d,
  /** numpy.polynomial.chebyshev.chebgrid2d. */
  chebgrid2d: C.chebgrid2d,
  /** numpy.polynomial.chebyshev.chebgrid3d. */
  chebgrid3d: C.chebgrid3d,
  /** numpy.polynomial.chebyshev.chebvander. */
  chebvander: C.chebvander,
  /** numpy.polynomial.chebyshev.chebvander2d. */
  chebvander2d: C.chebvander2d,
  /** numpy.polynomial.chebyshev.chebvander3d. */
  chebvander3d: C.chebvander3d,
  /** numpy.polynomial.chebyshev.chebfit. */
  chebfit: C.chebfit,
  /** numpy.polynomial.chebyshev.chebder. */
  chebder: C.chebder,
  /** numpy.polynomial.chebyshev.chebint. */
  chebint: C.chebint,
  /** numpy.polynomial.chebyshev.chebroots. */
  chebroots: C.chebroots,
  /** numpy.polynomial.chebyshev.chebfromroots. */
  chebfromroots: C.chebfromroots,
  /** numpy.polynomial.chebyshev.chebcompanion. */
  chebcompanion: C.chebcompanion,
  /** numpy.polynomial.chebyshev.chebadd. */
  chebadd: C.chebadd,
  /** numpy.polynomial.chebyshev.chebsub. */
  chebsub: C.chebsub,
  /** numpy.polynomial.chebyshev.chebmul. */
  chebmul: C.chebmul,
  /** numpy.polynomial.chebyshev.chebmulx. */
  chebmulx: C.chebmulx,
  /** numpy.polynomial.chebyshev.chebdiv. */
  chebdiv: C.chebdiv,
  /** numpy.polynomial.chebyshev.chebpow. */
  chebpow: C.chebpow,
  /** numpy.polynomial.chebyshev.chebline. */
  chebline: C.chebline,
  /** numpy.polynomial.chebyshev.chebtrim. */
  chebtrim: C.chebtrim,
  /** numpy.polynomial.chebyshev.cheb2poly. */
  cheb2poly: C.cheb2poly,
  /** numpy.polynomial.chebyshev.poly2cheb. */
  poly2cheb: C.poly2cheb,
  /** numpy.polynomial.chebyshev.chebinterpolate. */
  chebinterpolate: C.chebinterpolate,
  /** numpy.polynomial.chebyshev.chebgauss. */
  chebgauss: C.chebgauss,
  /** numpy.polynomial.chebyshev.chebweight. */
  chebweight: C.chebweight,
  /** numpy.polynomial.chebyshev.chebpts1. */
  chebpts1: C.chebpts1,
  /** numpy.polynomial.chebyshev.chebpts2. */
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
  /** numpy.polynomial.legendre.legval. */
  legval: L.legval,
  /** numpy.polynomial.legendre.legval2d. */
  legval2d: L.legval2d,
  /** numpy.polynomial.legendre.legval3d. */
  legval3d: L.legval3d,
  /** numpy.polynomial.legendre.leggrid2d. */
  leggrid2d: L.leggrid2d,
  /** numpy.polynomial.legendre.leggrid3d. */
  leggrid3d: L.leggrid3d,
  /** numpy.polynomial.legendre.legvander. */
  legvander: L.legvander,
  /** numpy.polynomial.legendre.legvander2d. */
  legvander2d: L.legvander2d,
  /** numpy.polynomial.legendre.legvander3d. */
  legvander3d: L.legvander3d,
  /** numpy.polynomial.legendre.legfit. */
  legfit: L.legfit,
  /** numpy.polynomial.legendre.legder. */
  legder: L.legder,
  /** numpy.polynomial.legendre.legint. */
  legint: L.legint,
  /** numpy.polynomial.legendre.legroots. */
  legroots: L.legroots,
  /** numpy.polynomial.legendre.legfromroots. */
  legfromroots: L.legfromroots,
  /** numpy.polynomial.legendre.legcompanion. */
  legcompanion: L.legcompanion,
  /** numpy.polynomial.legendre.legadd. */
  legadd: L.legadd,
  /** numpy.polynomial.legendre.legsub. */
  legsub: L.legsub,
  /** numpy.polynomial.legendre.legmul. */
  legmul: L.legmul,
  /** numpy.polynomial.legendre.legmulx. */
  legmulx: L.legmulx,
  /** numpy.polynomial.legendre.legdiv. */
  legdiv: L.legdiv,
  /** numpy.polynomial.legendre.legpow. */
  legpow: L.legpow,
  /** numpy.polynomial.legendre.legline. */
  legline: L.legline,
  /** numpy.polynomial.legendre.legtrim. */
  legtrim: L.legtrim,
  /** numpy.polynomial.legendre.leg2poly. */
  leg2poly: L.leg2poly,
  /** numpy.polynomial.legendre.poly2leg. */
  poly2leg: L.poly2leg,
  /** numpy.polynomial.legendre.leggauss. */
  leggauss: L.leggauss,
  /** numpy.polynomial.legendre.legweight. */
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
  /** numpy.polynomial.hermite.hermval. */
  hermval: H.hermval,
  /** numpy.polynomial.hermite.hermval2d. */
  hermval2d: H.hermval2d,
  /** numpy.polynomial.hermite.hermval3d. */
  hermval3d: H.hermval3d,
  /** numpy.polynomial.hermite.hermgrid2d. */
  hermgrid2d: H.hermgrid2d,
  /** numpy.polynomial.hermite.hermgrid3d. */
  hermgrid3d: H.hermgrid3d,
  /** numpy.polynomial.hermite.hermvander. */
  hermvander: H.hermvander,
  /** numpy.polynomial.hermite.hermvander2d. */
  hermvander2d: H.hermvander2d,
  /** numpy.polynomial.hermite.hermvander3d. */
  hermvander3d: H.hermvander3d,
  /** numpy.polynomial.hermite.hermfit. */
  hermfit: H.hermfit,
  /** numpy.polynomial.hermite.hermder. */
  hermder: H.hermder,
  /** numpy.polynomial.hermite.hermint. */
  hermint: H.hermint,
  /** numpy.polynomial.hermite.hermroots. */
  hermroots: H.hermroots,
  /** numpy.polynomial.hermite.hermfromroots. */
  hermfromroots: H.hermfromroots,
  /** numpy.polynomial.hermite.hermcompanion. */
  hermcompanion: H.hermcompanion,
  /** numpy.polynomial.hermite.hermadd. */
  hermadd: H.hermadd,
  /** numpy.polynomial.hermite.hermsub. */
  hermsub: H.hermsub,
  /** numpy.polynomial.hermite.hermmul. */
  hermmul: H.hermmul,
  /** numpy.polynomial.hermite.hermmulx. */
  hermmulx: H.hermmulx,
  /** numpy.polynomial.hermite.hermdiv. */
  hermdiv: H.hermdiv,
  /** numpy.polynomial.hermite.hermpow. */
  hermpow: H.hermpow,
  /** numpy.polynomial.hermite.hermline. */
  hermline: H.hermline,
  /** numpy.polynomial.hermite.hermtrim. */
  hermtrim: H.hermtrim,
  /** numpy.polynomial.hermite.herm2poly. */
  herm2poly: H.herm2poly,
  /** numpy.polynomial.hermite.poly2herm. */
  poly2herm: H.poly2herm,
  /** numpy.polynomial.hermite.hermgauss. */
  hermgauss: H.hermgauss,
  /** numpy.polynomial.hermite.hermweight. */
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
  /** numpy.polynomial.hermite_e.hermeval. */
  hermeval: HE.hermeval,
  /** numpy.polynomial.hermite_e.hermeval2d. */
  hermeval2d: HE.hermeval2d,
  /** numpy.polynomial.hermite_e.hermeval3d. */
  hermeval3d: HE.hermeval3d,
  /** numpy.polynomial.hermite_e.hermegrid2d. */
  hermegrid2d: HE.hermegrid2d,
  /** numpy.polynomial.hermite_e.hermegrid3d. */
  hermegrid3d: HE.hermegrid3d,
  /** numpy.polynomial.hermite_e.hermevander. */
  hermevander: HE.hermevander,
  /** numpy.polynomial.hermite_e.hermevander2d. */
  hermevander2d: HE.hermevander2d,
  /** numpy.polynomial.hermite_e.hermevander3d. */
  hermevander3d: HE.hermevander3d,
  /** numpy.polynomial.hermite_e.hermefit. */
  hermefit: HE.hermefit,
  /** numpy.polynomial.hermite_e.hermeder. */
  hermeder: HE.hermeder,
  /** numpy.polynomial.hermite_e.hermeint. */
  hermeint: HE.hermeint,
  /** numpy.polynomial.hermite_e.hermeroots. */
  hermeroots: HE.hermeroots,
  /** numpy.polynomial.hermite_e.hermefromroots. */
  hermefromroots: HE.hermefromroots,
  /** numpy.polynomial.hermite_e.hermecompanion. */
  hermecompanion: HE.hermecompanion,
  /** numpy.polynomial.hermite_e.hermeadd. */
  hermeadd: HE.hermeadd,
  /** numpy.polynomial.hermite_e.hermesub. */
  hermesub: HE.hermesub,
  /** numpy.polynomial.hermite_e.hermemul. */
  hermemul: HE.hermemul,
  /** numpy.polynomial.hermite_e.hermemulx. */
  hermemulx: HE.hermemulx,
  /** numpy.polynomial.hermite_e.hermediv. */
  hermediv: HE.hermediv,
  /** numpy.polynomial.hermite_e.hermepow. */
  hermepow: HE.hermepow,
  /** numpy.polynomial.hermite_e.hermeline. */
  hermeline: HE.hermeline,
  /** numpy.polynomial.hermite_e.hermetrim. */
  hermetrim: HE.hermetrim,
  /** numpy.polynomial.hermite_e.herme2poly. */
  herme2poly: HE.herme2poly,
  /** numpy.polynomial.hermite_e.poly2herme. */
  poly2herme: HE.poly2herme,
  /** numpy.polynomial.hermite_e.hermegauss. */
  hermegauss: HE.hermegauss,
  /** numpy.polynomial.hermite_e.hermeweight. */
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
  /** numpy.polynomial.laguerre.lagval. */
  lagval: LA.lagval,
  /** numpy.polynomial.laguerre.lagval2d. */
  lagval2d: LA.lagval2d,
  /** numpy.polynomial.laguerre.lagval3d. */
  lagval3d: LA.lagval3d,
  /** numpy.polynomial.laguerre.laggrid2d. */
  laggrid2d: LA.laggrid2d,
  /** numpy.polynomial.laguerre.laggrid3d. */
  laggrid3d: LA.laggrid3d,
  /** numpy.polynomial.laguerre.lagvander. */
  lagvander: LA.lagvander,
  /** numpy.polynomial.laguerre.lagvander2d. */
  lagvander2d: LA.lagvander2d,
  /** numpy.polynomial.laguerre.lagvander3d. */
  lagvander3d: LA.lagvander3d,
  /** numpy.polynomial.laguerre.lagfit. */
  lagfit: LA.lagfit,
  /** numpy.polynomial.laguerre.lagder. */
  lagder: LA.lagder,
  /** numpy.polynomial.laguerre.lagint. */
  lagint: LA.lagint,
  /** numpy.polynomial.laguerre.lagroots. */
  lagroots: LA.lagroots,
  /** numpy.polynomial.laguerre.lagfromroots. */
  lagfromroots: LA.lagfromroots,
  /** numpy.polynomial.laguerre.lagcompanion. */
  lagcompanion: LA.lagcompanion,
  /** numpy.polynomial.laguerre.lagadd. */
  lagadd: LA.lagadd,
  /** numpy.polynomial.laguerre.lagsub. */
  lagsub: LA.lagsub,
  /** numpy.polynomial.laguerre.lagmul. */
  lagmul: LA.lagmul,
  /** numpy.polynomial.laguerre.lagmulx. */
  lagmulx: LA.lagmulx,
  /** numpy.polynomial.laguerre.lagdiv. */
  lagdiv: LA.lagdiv,
  /** numpy.polynomial.laguerre.lagpow. */
  lagpow: LA.lagpow,
  /** numpy.polynomial.laguerre.lagline. */
  lagline: LA.lagline,
  /** numpy.polynomial.laguerre.lagtrim. */
  lagtrim: LA.lagtrim,
  /** numpy.polynomial.laguerre.lag2poly. */
  lag2poly: LA.lag2poly,
  /** numpy.polynomial.laguerre.poly2lag. */
  poly2lag: LA.poly2lag,
  /** numpy.polynomial.laguerre.laggauss. */
  laggauss: LA.laggauss,
  /** numpy.polynomial.laguerre.lagweight. */
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
export type { BasisFunctions, DomainLike, Num, SeriesClass, SeriesFitOptions, SeriesOperand, SeriesOptions } from './polybase.js';
export type { HostNumber, DomainMap } from './polyutils.js';
export type { DerOptions, FitFunction, IntOptions } from './generic.js';
export type { FitOptions, FitFull, PolyderOptions, PolyintOptions, PolypowOptions, PolyvalOptions, SeriesScalar } from './polynomial.js';
