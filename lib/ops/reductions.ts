// The NumPy reductions as data: one line per reduction (name, accumulation rule, map, reduce,
// identity), run by the reduction engine. Functions (sum(a, ...)) and GpuArray methods
// (a.sum(...)) are generated from the table, none written by hand. The accumulation rules (which
// dtypes a reduction accumulates in and returns) are in reduction-rules.ts.
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { describeValue } from '../util/options.js';
import { assertBoolMask, canCastSafely, canCastSameKind, promoteTypes } from '../core/promotion.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import type { BoundParam } from '../kernel/elementwise.js';
import { AxisLike, makeReductionDefinition, normalizeAxes, ReductionDefinition, runReduction, zeroDimAxis } from '../kernel/reduction.js';
import { isTracer, traceHook } from './trace-hook.js';
import { whereMask } from './ufunc-where.js';
import { ArrayLike, bindArgsNoneDefault, isHostArrayLike, isJsScalar, toArray } from './array-args.js';
import { argPairBytes, isInexact, POST, realOf, Rule, ruleTypes, runsInOut } from './reduction-rules.js';

export type { AxisLike } from '../kernel/reduction.js';

/** Options of the reductions (NumPy's keyword arguments): `axis`, `keepdims`, `out`, `dtype`, `ddof`. */
export interface ReductionOptions {
  /** Axis or axes to reduce; all of them when absent or null. */
  axis?: AxisLike;
  /** Keep reduced axes as length one. */
  keepdims?: boolean;
  /** Where to write the result (its exact shape; NumPy's same_kind casting). */
  out?: GpuArray;
  /** Accumulator and result dtype (sum, prod, nansum, mean, var, std). */
  dtype?: DTypeLike;
  /** Delta degrees of freedom (var, std): the divisor is N - ddof. */
  ddof?: number;
  /** NumPy 2's array-API name for ddof (var, std); not with ddof. */
  correction?: number;
  /** The starting value of each result (sum, prod, max, min, nanmax, nanmin); max/min of nothing is it. */
  initial?: number | bigint | boolean | Scalar;
  /** Only the elements where this bool mask (broadcast to the array; a host list is made bool) is true take part (sum, prod, max, min, nanmax, nanmin, all, any, mean, var, std). */
  where?: GpuArray | boolean | readonly unknown[];
  /**
   * var, std: NumPy 2's `mean`, the mean to subtract instead of computing it: an array broadcasting
   * to the input (the shape mean with keepdims gives) or a number. A mean array of a wider dtype
   * widens the result, as NumPy's `a - mean`.
   */
  mean?: ArrayLike;
}

/** Identity by dtype kind: inexact (float/complex) or exact (bool/int). */
type Identity = string | { readonly inexact: string; readonly exact: string };

interface Extra {
  /** Takes dtype= (NumPy's signature has it). */
  dtype?: boolean;
  /** Also a GpuArray method (ndarray has it). */
  method?: boolean;
  /** Takes ddof=. */
  ddof?: boolean;
  /** No out= (count_nonzero). */
  noOut?: boolean;
  /** axis must be one integer or none (argmax/argmin). */
  singleAxis?: boolean;
  /** Takes initial= and where= through this ufunc's reduce (NumPy's ufunc.reduce options). */
  ufunc?: string;
  /** With initial=/where=, NaN counts as zero (nansum): replaced before the ufunc's reduce. */
  nanAsZero?: boolean;
  /** Takes where= but not initial= (all, any). */
  noInitial?: boolean;
  /** Takes where= (mean, var, std: composed from masked sums, lib/ops/masked-moments.ts). */
  whereMoments?: boolean;
  /** Error for a non-empty result over zero elements; absent: the identity is the result. */
  empty?: string;
  /** The doc column: one sentence on what it computes; the function's and method's doc comments and FEATURES.md row are generated from it (scripts/surface.ts). */
  doc?: string;
  /** A NumPy-compatibility note for the doc comment and FEATURES.md. */
  note?: string;
  /** Part of NumPy's behaviour is refused (the note says what): FEATURES.md says 'partial'. */
  partial?: boolean;
}

type Decl = readonly [name: string, rule: Rule, map: string, reduce: string, identity: Identity, extra?: Extra];

const ADD = 'gpa::red_add(a, b)';
const LOWEST = 'gpa::RedLimits<_type_reduce>::lowest()';
const HIGHEST = 'gpa::RedLimits<_type_reduce>::highest()';
const NAN = 'gpa::RedLimits<_type_reduce>::nan()';
const noIdentity = (ufunc: string) => `zero-size array to reduction operation ${ufunc} which has no identity`;
const VAR_MAP = 'gpa::abs2(static_cast<in1_type>(in0) - in1)';

// prettier-ignore
export const REDUCTION_DECLS = [
  ['sum',          'sum',   'in0',                                         ADD,                    '0',     { dtype: true, method: true, ufunc: 'add', doc: 'Sum of the elements over the given axes.', note: "float16 accumulates in float32 and rounds once (NumPy rounds to float16 after every add along a strided axis: `full([300, 2], 0.1, 'float16').sum({axis: 0})` is 30 in gp, 29.28 in NumPy; along a contiguous axis both give 30)" }],
  ['prod',         'sum',   'in0',                                         'gpa::red_mul(a, b)',   '1',     { dtype: true, method: true, ufunc: 'multiply', doc: 'Product of the elements over the given axes.', note: 'complex products multiply partial products in a tree and skip a factor of exactly 1 + 0j (the identity of an empty partial), where NumPy multiplies from 1 + 0j element by element: where an infinite part meets a zero part the two may differ between inf and NaN (`prod([inf + 0j])` is inf + 0j in gp, inf + nanj in NumPy)' }],
  ['nansum',       'sum',   'gpa::is_nan(in0) ? _type_reduce(0) : static_cast<_type_reduce>(in0)', ADD, '0', { dtype: true, ufunc: 'add', nanAsZero: true, doc: 'Sum over the given axes, treating NaN as zero.' }],
  ['max',          'same',  'in0',                                         'gpa::red_max(a, b)',   LOWEST,  { method: true, ufunc: 'maximum', empty: noIdentity('maximum'), doc: 'Maximum over the given axes; NaN propagates.' }],
  ['min',          'same',  'in0',                                         'gpa::red_min(a, b)',   HIGHEST, { method: true, ufunc: 'minimum', empty: noIdentity('minimum'), doc: 'Minimum over the given axes; NaN propagates.' }],
  ['nanmax',       'same',  'in0',                                         'gpa::red_fmax(a, b)',  { inexact: NAN, exact: LOWEST },  { ufunc: 'fmax', empty: noIdentity('fmax'), doc: 'Maximum over the given axes, ignoring NaN (NaN where a slice is all NaN).' }],
  ['nanmin',       'same',  'in0',                                         'gpa::red_fmin(a, b)',  { inexact: NAN, exact: HIGHEST }, { ufunc: 'fmin', empty: noIdentity('fmin'), doc: 'Minimum over the given axes, ignoring NaN (NaN where a slice is all NaN).' }],
  ['argmax',       'arg',   'gpa::arg_pair<in0_type>(in0, _J)',            'gpa::argmax_op(a, b)', 'gpa::arg_empty<in0_type>()', { method: true, singleAxis: true, empty: 'attempt to get argmax of an empty sequence', doc: 'Index of the maximum, over the flattened array or along one axis (the first NaN wins).' }],
  ['argmin',       'arg',   'gpa::arg_pair<in0_type>(in0, _J)',            'gpa::argmin_op(a, b)', 'gpa::arg_empty<in0_type>()', { method: true, singleAxis: true, empty: 'attempt to get argmin of an empty sequence', doc: 'Index of the minimum, over the flattened array or along one axis (the first NaN wins).' }],
  ['all',          'bool',  'in0',                                         'a && b',               'true',  { method: true, ufunc: 'logicalAnd', noInitial: true, doc: 'Whether every element over the given axes is true (non-zero).' }],
  ['any',          'bool',  'in0',                                         'a || b',               'false', { method: true, ufunc: 'logicalOr', noInitial: true, doc: 'Whether any element over the given axes is true (non-zero).' }],
  ['countNonzero', 'count', 'static_cast<bool>(in0)',                      ADD,                    '0',     { noOut: true, doc: 'Number of non-zero elements over the given axes.' }],
  ['mean',         'mean',  'in0',                                         ADD,                    '0',     { dtype: true, method: true, whereMoments: true, doc: 'Arithmetic mean over the given axes.' }],
  ['var',          'var',   VAR_MAP,                                       ADD,                    '0',     { dtype: true, method: true, ddof: true, whereMoments: true, partial: true, note: "float16 computes its mean and squares in float32 (NumPy's float16 mean can overflow: `var([60000, 60000])` in float16 is inf in NumPy, 0 in gp); an integer `dtype` is refused (NumPy truncates the mean and the sum into it); complex data with a real `dtype` gives the real parts' variance (NumPy adds the squared imaginary parts, uncentred)", doc: 'Variance over the given axes: the mean of `|x - x.mean()|**2`, divided by `N - ddof`.' }],
  ['std',          'std',   VAR_MAP,                                       ADD,                    '0',     { dtype: true, method: true, ddof: true, whereMoments: true, partial: true, note: 'float16 and integer `dtype` as `var`', doc: 'Standard deviation over the given axes: the square root of `var`.' }],
] as const satisfies readonly Decl[];

// Every row carries the doc column (a row without its options object would not type-check here).
REDUCTION_DECLS satisfies readonly (readonly [string, Rule, string, string, Identity, { readonly doc: string }])[];

/** NumPy's other names for the same reductions. */
export const REDUCTION_ALIASES = { amax: 'max', amin: 'min' } as const;

/** The name of every reduction of the table. */
export type ReductionName = (typeof REDUCTION_DECLS)[number][0];
/** NumPy's other names for reductions (`amax`, `amin`). */
export type ReductionAliasName = keyof typeof REDUCTION_ALIASES;
/** The reductions NumPy's ndarray also has as methods. */
export type ReductionMethodName = Extract<(typeof REDUCTION_DECLS)[number], readonly [string, Rule, string, string, Identity, { method: true }]>[0];

const MEAN = REDUCTION_DECLS.find((d) => d[0] === 'mean') as Decl;

// ---- execution --------------------------------------------------------------------------------------

const definitions = new Map<string, ReductionDefinition>();
function definition(name: string, map: string, reduce: string, post: string, identity: string): ReductionDefinition {
  const key = [name, map, reduce, post, identity].join('\u0000');
  let def = definitions.get(key);
  if (def === undefined) {
    def = makeReductionDefinition({ name: `gpa_${name}`, mapExpr: map, reduceExpr: reduce, postMapExpr: post, identity, preamble: '', options: [], reduceDims: true });
    definitions.set(key, def);
  }
  return def;
}

const param = (name: string, d: DType, isOutput: boolean): BoundParam => ({
  name,
  raw: false,
  isOutput,
  dtype: d,
  localCtype: d.computeCtype,
  placeholder: `${name}_type`,
  readsOutput: false,
});
const divParam: BoundParam = { name: '_div', raw: false, isOutput: false, dtype: dtypes.float64, localCtype: 'double', placeholder: null, readsOutput: false };

const OPTION_KEYS = ['axis', 'keepdims', 'out', 'dtype', 'ddof', 'correction', 'initial', 'where', 'mean'];

/** NumPy's positional parameters after `a`, per reduction, in order (functions and methods alike); the other options are keyword-only. */
const POSITIONAL = {
  sum: ['axis', 'dtype', 'out', 'keepdims', 'initial', 'where'],
  prod: ['axis', 'dtype', 'out', 'keepdims', 'initial', 'where'],
  nansum: ['axis', 'dtype', 'out', 'keepdims', 'initial', 'where'],
  max: ['axis', 'out', 'keepdims', 'initial', 'where'],
  min: ['axis', 'out', 'keepdims', 'initial', 'where'],
  nanmax: ['axis', 'out', 'keepdims', 'initial', 'where'],
  nanmin: ['axis', 'out', 'keepdims', 'initial', 'where'],
  argmax: ['axis', 'out'],
  argmin: ['axis', 'out'],
  all: ['axis', 'out', 'keepdims'],
  any: ['axis', 'out', 'keepdims'],
  countNonzero: ['axis'],
  mean: ['axis', 'dtype', 'out', 'keepdims'],
  var: ['axis', 'dtype', 'out', 'ddof', 'keepdims'],
  std: ['axis', 'dtype', 'out', 'ddof', 'keepdims'],
} as const satisfies Record<ReductionName, readonly string[]>;

/**
 * initial= and where= run through the ufunc's reduce (lib/ops/ufunc-methods.ts registers it here,
 * as it builds on these reductions): `(ufunc, a, options)` with NumPy's axis default of none.
 */
export const maskedReduction: {
  run?: (ufunc: string, a: GpuArray, options: ReductionOptions, nanAsZero: boolean) => GpuArray;
  moments?: (rule: 'mean' | 'var' | 'std', a: GpuArray, options: ReductionOptions, acc: DType, out: DType, mean: GpuArray | null) => GpuArray;
} = {};

/** A reduction's arguments after `a`: NumPy's positional ones, then one options object. None (null) by position is the default, except for axis. */
/** The keyword-only options of each reduction: OPTION_KEYS less its positional ones (worked out once, not per call). */
const KEYWORD_ONLY = new Map(Object.entries(POSITIONAL).map(([name, names]) => [name, OPTION_KEYS.filter((k) => !(names as readonly string[]).includes(k))]));

function splitArgs(name: ReductionName, args: readonly unknown[]): ReductionOptions {
  return bindArgsNoneDefault(name, args, POSITIONAL[name], KEYWORD_ONLY.get(name)) as ReductionOptions;
}

/** The option checks every reduction makes before anything else (NumPy's keyword errors). */
function checkOptions(decl: Decl, opts: ReductionOptions): void {
  const [name, , , , , extra = {}] = decl;
  if (opts.dtype !== undefined && !extra.dtype) throw new TypeError(`${name}() got an unexpected keyword argument 'dtype'`);
  if (opts.ddof !== undefined && !extra.ddof) throw new TypeError(`${name}() got an unexpected keyword argument 'ddof'`);
  if (opts.mean !== undefined && !extra.ddof) throw new TypeError(`${name}() got an unexpected keyword argument 'mean'`);
  if (opts.correction !== undefined) {
    if (!extra.ddof) throw new TypeError(`${name}() got an unexpected keyword argument 'correction'`);
    if (opts.ddof !== undefined) throw new RangeError(`${name}: ddof and correction can't be provided simultaneously.`);
    opts.ddof = opts.correction;
    delete opts.correction;
  }
  if (opts.initial !== undefined && (!extra.ufunc || extra.noInitial)) throw new TypeError(`${name}() got an unexpected keyword argument 'initial'`);
  if (opts.where !== undefined && !extra.ufunc && !extra.whereMoments) throw new TypeError(`${name}() got an unexpected keyword argument 'where'`);
  if (opts.where instanceof GpuArray) assertBoolMask(opts.where, `${name}: `);
  if (opts.out !== undefined && extra.noOut) throw new TypeError(`${name}() got an unexpected keyword argument 'out'`);
  if (opts.out !== undefined && !(opts.out instanceof GpuArray)) throw new TypeError(`${name}: out must be a GpuArray`);
  if (opts.keepdims !== undefined && typeof opts.keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean`);
  if (extra.singleAxis && opts.axis !== undefined && opts.axis !== null && typeof opts.axis !== 'number') {
    throw new TypeError(`${name}: axis must be an integer or null, got ${describeValue(opts.axis)}`);
  }
}

/** Accumulator, result, identity and reduce type of a reduction for input dtype `x`. */
function partsOf(decl: Decl, x: DType, want: DType | undefined) {
  const [, rule, , , identity] = decl;
  const { acc, out } = ruleTypes(rule, x, want);
  const ident = typeof identity === 'string' ? identity : isInexact(acc) ? identity.inexact : identity.exact;
  const reduceType = rule === 'arg' ? 'gpa::ArgPair<in0_type>' : acc.computeCtype;
  const accBytes = rule === 'arg' ? argPairBytes(acc) : acc.itemsize;
  return { acc, out, ident, reduceType, accBytes };
}

/**
 * A single-pass reduction of the table whose map is the element itself (sum, prod, max, min, all,
 * any, mean, nanmax, nanmin) as parts for a map of the caller's: the table's expressions and
 * dtypes for an input of dtype `x`, after the option checks the reduction makes (lib/fusion puts
 * fused element-wise work in the map).
 */
export interface ReductionRecipe {
  /** The table's reduce and post-map expressions and the identity for this dtype. */
  reduceExpr: string;
  postMapExpr: string;
  identity: string;
  acc: DType;
  out: DType;
  reduceType: string;
  accBytes: number;
  emptyError: string | undefined;
  /** The post-map divides by the count of reduced elements: a float64 scalar parameter `_div` (mean). */
  divides: boolean;
}

/** The recipe of reduction `name` for an input of dtype `x` and options `opts` (see ReductionRecipe). */
export function reductionRecipe(name: string, x: DType, opts: ReductionOptions): ReductionRecipe {
  const decl = REDUCTION_DECLS.find((d) => d[0] === name) as Decl | undefined;
  if (decl === undefined || decl[2] !== 'in0' || !['sum', 'same', 'bool', 'mean'].includes(decl[1])) {
    throw new TypeError(`${name}: not a single-pass reduction of the elements as they are`);
  }
  checkOptions(decl, opts);
  if (opts.out !== undefined) throw new TypeError(`${name}: out is not supported here`);
  if (opts.initial !== undefined || opts.where !== undefined) throw new TypeError(`${name}: initial and where are not supported here`);
  const { acc, out, ident, reduceType, accBytes } = partsOf(decl, x, opts.dtype === undefined ? undefined : toDType(opts.dtype, `${name}: dtype`));
  const rule = decl[1];
  return { reduceExpr: decl[3], postMapExpr: POST[rule], identity: ident, acc, out, reduceType, accBytes, emptyError: decl[5]?.empty, divides: rule === 'mean' };
}

function reduce(decl: Decl, a: GpuArray, opts: ReductionOptions): GpuArray {
  const [name, rule, , , , extra = {}] = decl;
  if (!(a instanceof GpuArray)) {
    // A tracer (gp.fuse is tracing): the trace records the reduction.
    if (isTracer(a)) return traceHook.active!.reduction(name, a, opts);
    // Host data as NumPy's array_like (`gp.mean([1, 2, 3])`): uploaded, reduced, freed.
    const v = a as unknown;
    if (isHostArrayLike(v) || isJsScalar(v)) {
      const h = toArray(v, `${name}: a`);
      try {
        return reduce(decl, h, opts);
      } finally {
        h.dispose();
      }
    }
    throw new TypeError(`${name}: expected a GpuArray, got ${a === null ? 'null' : typeof a}`);
  }
  if (isHostArrayLike(opts.where)) {
    // Host data as where= (NumPy's array_like): made a bool mask.
    const made: GpuArray[] = [];
    try {
      return reduce(decl, a, { ...opts, where: whereMask(opts.where, made) });
    } finally {
      for (const m of made) m.dispose();
    }
  }
  checkOptions(decl, opts);
  if (rule === 'arg' && a.ndim === 0 && typeof opts.axis === 'number') {
    // NumPy's argmax/argmin see a 0-d array as 1-D: axis 0 or -1 is allowed (the result stays 0-d).
    if (!Number.isInteger(opts.axis)) throw new TypeError(`${name}: axis must be an integer or null, got ${opts.axis}`);
    if (opts.axis < -1 || opts.axis > 0) throw new RangeError(`axis ${opts.axis} is out of bounds for array of dimension 1`);
    opts = { ...opts, axis: null };
  }
  // The ufunc reductions (and countNonzero, a sum) take axis 0 or -1 on a 0-d array, as NumPy's.
  if (a.ndim === 0 && ((extra as { ufunc?: string }).ufunc !== undefined || name === 'countNonzero')) opts = { ...opts, axis: zeroDimAxis(opts.axis, 0) };
  if (extra.whereMoments && opts.where !== undefined && opts.where !== true) {
    if (maskedReduction.moments === undefined) throw new TypeError(`${name}: where needs the ufunc methods (import gpuarray's index)`);
    const given = opts.mean === undefined ? null : givenMean(name, a, opts.mean);
    try {
      const parts = momentParts(decl, a, opts, given);
      const out = parts.out;
      // A float mean into a wider inexact out= sums in out's dtype, as without where= (NumPy's _mean sums into out).
      const wide = rule === 'mean' && opts.dtype === undefined && opts.out !== undefined && isInexact(a.dtype) && isInexact(opts.out.dtype) && runsInOut(a.dtype, opts.out.dtype);
      const acc = wide ? opts.out!.dtype : parts.acc;
      checkMomentOut(rule, out, opts.out);
      return maskedReduction.moments(rule as 'mean' | 'var' | 'std', a, opts, acc, out, given?.array ?? null);
    } finally {
      given?.dispose();
    }
  }
  if (opts.initial !== undefined || (opts.where !== undefined && opts.where !== true)) {
    if (maskedReduction.run === undefined) throw new TypeError(`${name}: initial and where need the ufunc methods (import gpuarray's index)`);
    return maskedReduction.run(extra.ufunc!, a, { ...opts, axis: opts.axis ?? null }, extra.nanAsZero ?? false);
  }
  let want = opts.dtype === undefined ? undefined : toDType(opts.dtype, `${name}: dtype`);
  const keepdims = opts.keepdims ?? false;
  if (rule === 'var' || rule === 'std') return reduceVariance(decl, a, opts);
  const out = opts.out;
  // NumPy's argmax/argmin write an int64 index into `out` only where out's dtype casts safely to int64 (its check's direction).
  if (rule === 'arg' && out !== undefined && !canCastSafely(out.dtype, dtypes.int64)) {
    throw new TypeError(`Cannot cast scalar from ${out.dtype.name} to int64 according to the rule 'safe'`);
  }
  // Without dtype=, out's dtype as NumPy (mean of float32 into float64 sums in float64); max/min by a cast first.
  if (want === undefined && out !== undefined && runsInOut(a.dtype, out.dtype)) {
    if (rule === 'sum' || (rule === 'mean' && isInexact(out.dtype))) want = out.dtype;
    else if (rule === 'same') {
      const c = a.astype(out.dtype);
      try {
        return reduce(decl, c, opts);
      } finally {
        c.dispose();
      }
    }
  }
  const r = resolve(decl, a.dtype, want, opts.out?.dtype);
  const call = { axis: opts.axis, keepdims, emptyError: extra.empty, reduceType: r.reduceType, accBytes: r.accBytes };
  if (rule === 'mean') {
    const reduced = normalizeAxes(opts.axis, a.ndim);
    let count = 1;
    for (let i = 0; i < a.ndim; i++) if (reduced[i]) count *= a.shape[i];
    return runReduction(r.def, r.params, [a, count, opts.out ?? null], call)[0];
  }
  return runReduction(r.def, r.params, [a, opts.out ?? null], call)[0];
}

/** What a reduction of one input dtype (and dtype=, out= dtypes) runs: decided once, then memoised. */
interface Resolved {
  def: ReductionDefinition;
  params: BoundParam[];
  reduceType: string;
  accBytes: number;
}
const resolved = new Map<string, Resolved>();

function resolve(decl: Decl, x: DType, want: DType | undefined, outDtype: DType | undefined): Resolved {
  const key = `${decl[0]}|${x.char}|${want?.char ?? ''}|${outDtype?.char ?? ''}`;
  let r = resolved.get(key);
  if (r !== undefined) return r;
  const [name, rule, map, reduceExpr] = decl;
  const { out, ident, reduceType, accBytes } = partsOf(decl, x, want);
  // NumPy's reductions cast into `out` unsafely (np.sum(floats, out=int_array) truncates).
  const params = [param('in0', x, false), param('out0', outDtype ?? out, true)];
  if (rule === 'mean') params.splice(1, 0, divParam);
  r = { def: definition(name, map, reduceExpr, POST[rule], ident), params, reduceType, accBytes };
  resolved.set(key, r);
  return r;
}

/**
 * `out=` of mean/var/std: cast unsafely as NumPy's, except std, whose last step is NumPy's
 * sqrt(ret, out=ret), a ufunc with same_kind casting.
 */
function checkMomentOut(rule: Rule, result: DType, out: GpuArray | undefined): void {
  if (out !== undefined && rule === 'std' && !canCastSameKind(result, out.dtype)) {
    throw new TypeError(`Cannot cast ufunc 'sqrt' output from ${result.name} to ${out.dtype.name} with casting rule 'same_kind'`);
  }
}

/** var and std: two passes (the mean, kept broadcastable, then the mean of |x - mean|^2). */
function reduceVariance(decl: Decl, a: GpuArray, opts: ReductionOptions): GpuArray {
  const given = opts.mean === undefined ? null : givenMean(decl[0], a, opts.mean);
  try {
    return varianceWith(decl, a, opts, given?.array ?? null, momentParts(decl, a, opts, given));
  } finally {
    given?.dispose();
  }
}

/**
 * mean/var/std's parts (partsOf) for dtype= or, without it, a given mean array: the deviations'
 * dtype is then that of NumPy's a - mean (integers and bool as float64), which a wider mean
 * widens. var/std keep a complex dtype= as their result (NumPy sums |x - mean|^2 into it).
 */
function momentParts(decl: Decl, a: GpuArray, opts: ReductionOptions, given: { array: GpuArray; strong: boolean } | null) {
  const asked = opts.dtype === undefined ? undefined : toDType(opts.dtype, `${decl[0]}: dtype`);
  const fromMean = given?.strong ? promoteTypes(isInexact(a.dtype) ? a.dtype : dtypes.float64, given.array.dtype) : undefined;
  const parts = partsOf(decl, a.dtype, asked ?? fromMean);
  return decl[1] !== 'mean' && asked?.isComplex ? { ...parts, out: asked } : parts;
}

/**
 * A var/std mean= argument as an array of a's ndim (leading 1s added) that broadcasts to a's
 * shape; `strong`: it has a dtype of its own (not a JS number).
 */
export function givenMean(name: string, a: GpuArray, mean: ArrayLike): { array: GpuArray; strong: boolean; dispose: () => void } {
  const owned = mean instanceof GpuArray ? null : toArray(mean, `${name}: mean`);
  const m = owned ?? (mean as GpuArray);
  if (m.ndim > a.ndim || !sameShape(broadcastShapes(m.shape, a.shape), a.shape)) {
    owned?.dispose();
    throw new RangeError(`${name}: mean of shape ${shapeString(m.shape)} does not broadcast to the array's shape ${shapeString(a.shape)}`);
  }
  const array = m.ndim === a.ndim ? m : m.reshape([...Array<number>(a.ndim - m.ndim).fill(1), ...m.shape]);
  return { array, strong: !isJsScalar(mean), dispose: () => (array !== m && array.dispose(), owned?.dispose()) };
}

function varianceWith(decl: Decl, a: GpuArray, opts: ReductionOptions, given: GpuArray | null, parts: ReturnType<typeof partsOf>): GpuArray {
  const [name, rule, map, reduceExpr, , extra = {}] = decl;
  const { acc, out, ident } = parts;
  checkMomentOut(decl[1], out, opts.out);
  const reduced = normalizeAxes(opts.axis, a.ndim);
  const count = a.shape.reduce((n, d, i) => (reduced[i] ? n * d : n), 1);
  const outParam = param('out0', opts.out?.dtype ?? out, true);
  const call = { axis: opts.axis, keepdims: opts.keepdims ?? false, emptyError: extra.empty };
  if (opts.ddof !== undefined && (typeof opts.ddof !== 'number' || !Number.isFinite(opts.ddof))) throw new TypeError(`${name}: ddof must be a number`);
  // Pass 1: the mean in the accumulator dtype, kept broadcastable against the input (or the given one).
  const mean = given === null ? reduce(MEAN, a, { axis: opts.axis, keepdims: true, dtype: acc }) : given.astype(acc);
  try {
    const def = definition(name, map, reduceExpr, POST[rule], ident);
    const real = realOf(acc);
    const div = Math.max(count - (opts.ddof ?? 0), 0);
    return runReduction(def, [param('in0', a.dtype, false), param('in1', acc, false), divParam, outParam], [a, mean, div, opts.out ?? null], {
      ...call,
      reduceType: real.computeCtype,
      accBytes: real.itemsize,
    })[0];
  } finally {
    mean.dispose();
  }
}

// ---- the generated surface -------------------------------------------------------------------------

/** A reduction as a function: `sum(a, axis?, options?)`. */
export type ReductionFunction = (a: ArrayLike, axisOrOptions?: AxisLike | ReductionOptions, ...more: ReductionPositional[]) => GpuArray;
/** A reduction as a GpuArray method: `a.sum(axis?, options?)`. */
export type ReductionMethod = (axisOrOptions?: AxisLike | ReductionOptions, ...more: ReductionPositional[]) => GpuArray;
/**
 * What follows the axis by position: NumPy's other positional parameters in its order (sum: dtype,
 * out, keepdims, initial, where; max: out, keepdims, initial, where; mean: dtype, out, keepdims;
 * var/std: dtype, out, ddof, keepdims; argmax: out; all/any: out, keepdims), then the options object.
 */
export type ReductionPositional = ReductionOptions | DTypeLike | GpuArray | Scalar | boolean | number | readonly boolean[] | null | undefined;

/** The reductions as functions, by name: `gp.sum(a, axis?, options?)`. */
export type ReductionFunctions = { [N in ReductionName | ReductionAliasName]: ReductionFunction };
/** The reductions that are also GpuArray methods: `a.sum(axis?, options?)`. */
export type ReductionMethods = { [N in ReductionMethodName]: ReductionMethod };

const functions: Record<string, ReductionFunction> = {};
for (const d of REDUCTION_DECLS) {
  const decl = d as Decl;
  const fn: ReductionFunction = (a, ...args) => reduce(decl, a as GpuArray, splitArgs(decl[0] as ReductionName, args)); // reduce uploads host data
  Object.defineProperty(fn, 'name', { value: decl[0] });
  functions[decl[0]] = fn;
}
for (const [alias, target] of Object.entries(REDUCTION_ALIASES)) functions[alias] = functions[target];

export const reductionFunctions = functions as ReductionFunctions;

declare module '../core/gpu-array.js' {
  interface GpuArray extends ReductionMethods {}
}

for (const d of REDUCTION_DECLS) {
  const decl = d as Decl;
  if (!decl[5]?.method) continue;
  const method = function (this: GpuArray, ...args: unknown[]) {
    return reduce(decl, this, splitArgs(decl[0] as ReductionName, args));
  };
  Object.defineProperty(method, 'name', { value: decl[0] });
  Object.defineProperty(GpuArray.prototype, decl[0], { value: method, writable: true, configurable: true });
}
