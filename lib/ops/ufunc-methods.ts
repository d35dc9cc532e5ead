// NumPy's ufunc methods beyond `at`: `reduce` (through the reduction of the same operation, so
// add.reduce is sum with its dtype rules), `outer` (the ufunc over a[..., None, ...] and b) and
// `accumulate` (prefix-scan.ts), on the Ufunc objects and on the exported functions (gp.add.reduce).
import { dtype as toDType, DType, dtypes } from '../core/dtype.js';
import { valueOfScalar } from '../core/scalar.js';
import { assertBoolMask, resultType } from '../core/promotion.js';
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import { normalizeAxes, reducedShape, zeroDimAxis } from '../kernel/reduction.js';
import { ArrayLike, bindArgsNoneDefault, intoOut, isHostArrayLike, isJsScalar, withArray } from './array-args.js';
import { accumulateDType } from './prefix-scan.js';
import { maskedMoment } from './masked-moments.js';
import { maskedReduction, reductionFunctions } from './reductions.js';
import { Ufunc, UfuncArg, UfuncCallOptions, UfuncPairCallOptions } from './ufunc.js';
import { UfuncAccumulate, ufuncFunctions, UfuncReduce, UfuncReduceat, UfuncReduceatIndices, UfuncReduceatOptions, UfuncReduceOptions } from './ufunc-api.js';
import { foldReduce, foldReduceat } from './ufunc-fold.js';
import { UFUNC_REDUCTIONS, UFUNCS } from './ufunc-table.js';

declare module './ufunc.js' {
  interface Ufunc {
    /**
     * numpy.ufunc.reduce of a binary ufunc of one output: reduce `a` along `axis` (default 0;
     * null or a list: several axes, for reorderable ufuncs only). add, multiply, maximum, minimum,
     * fmax, fmin, logical_and and logical_or run their parallel reductions, with those dtype rules
     * (add: `sum`, so small integers reduce in int64); the others fold each slice in order, from
     * the ufunc's identity where it has one, in the loop NumPy picks for (a, a) (subtract of int8:
     * int8; divide: float64). Options `dtype`, `out`, `keepdims`, `initial`, `where`.
     * @example gp.ufuncs.get('subtract')!.reduce(a, 1)
     */
    reduce(a: ArrayLike, axisOrOptions?: UfuncReduceOptions['axis'] | UfuncReduceOptions, options?: UfuncReduceOptions): GpuArray;
    /**
     * numpy.ufunc.outer for a binary ufunc of one output: `f(a[i...], b[j...])` for every pair,
     * of shape `[...a.shape, ...b.shape]` (the pair-output `divmod` through `gp.divmod.outer`).
     * @example gp.ufuncs.get('multiply')!.outer(a, b)
     */
    outer(a: UfuncArg, b: UfuncArg, options?: UfuncCallOptions): GpuArray;
    /**
     * numpy.ufunc.reduceat: along `axis` (default 0), result j reduces a[indices[j]:indices[j + 1]]
     * when the next index is larger, else is a[indices[j]]; the last runs to the end of the axis.
     * Indices out of [0, n) are an IndexError. Options `axis`, `dtype`, `out`.
     * @example gp.add.reduceat(gp.arange(8), [0, 4, 1, 5]) // [6, 4, 10, 18]
     */
    reduceat(a: ArrayLike, indices: UfuncReduceatIndices, axisOrOptions?: number | null | UfuncReduceatOptions, options?: UfuncReduceatOptions): GpuArray;
  }
}

/** ufunc.reduce's parameters after the array, in NumPy's order (by position or option). */
const REDUCE_KEYS = ['axis', 'dtype', 'out', 'keepdims', 'initial', 'where'];
const reduceOptions = (name: string, more: readonly unknown[]) => bindArgsNoneDefault(name, more, REDUCE_KEYS) as UfuncReduceOptions;

/** A 0-d array of dtype d holding `v` (NumPy casts `initial` to the reduction dtype). */
const scalarArray = (v: number | bigint | boolean, d: DType, like: GpuArray) => GpuArray.allocate([], d, like.device).fill(v);

function ufuncReduce(u: Ufunc, a: ArrayLike, ...more: unknown[]): GpuArray {
  const name = `${u.name}.reduce`;
  if (u.nin !== 2) throw new TypeError(`${name}: reduce only supported for binary functions`);
  if (u.nout !== 1) throw new TypeError(`${name}: reduce only supported for functions returning a single value`);
  // Host data and JS scalars as NumPy's array_like (`gp.minimum.reduce([a, b, c])`): uploaded, reduced, freed.
  if (isHostArrayLike(a) || isJsScalar(a)) return withArray(a, `${name}: a`, (h) => ufuncReduce(u, h, ...more));
  const target = (UFUNC_REDUCTIONS as Record<string, keyof typeof reductionFunctions>)[u.name];
  const o = reduceOptions(name, more);
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
  if (o.keepdims !== undefined && typeof o.keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean`);
  const initial = valueOfScalar(o.initial) as number | bigint | boolean | undefined;
  if (initial !== undefined && !['number', 'bigint', 'boolean'].includes(typeof initial)) throw new TypeError(`${name}: initial must be a number, bigint or boolean`);
  if (o.where instanceof GpuArray) assertBoolMask(o.where, `${name}: `);
  // NumPy's default axis is 0; a 0-d array has none to reduce (axis 0 then means no axis).
  const keepdims = o.keepdims ?? false;
  const axis = zeroDimAxis(o.axis === undefined ? 0 : o.axis, a.ndim);
  const reduced = normalizeAxes(axis, a.ndim);

  // The reduction dtype: dtype= for every operation; maximum/minimum compute in it by a cast first.
  const given = o.dtype === undefined ? undefined : toDType(o.dtype, `${name}: dtype`);
  // Ufuncs without a parallel reduction of their own: NumPy's sequential loop (ufunc-fold.ts).
  if (target === undefined) return intoOut(name, foldReduce(u, a, { axis, keepdims, dtype: given, initial, where: o.where }), o.out);
  const logical = u.name === 'logicalAnd' || u.name === 'logicalOr';
  // With initial= and out= but no dtype=, NumPy's loop is the promotion of the array's and out's
  // dtypes (sum(float16, out=float64) adds in float64; max(bool, out=int16, initial=2) is 2).
  const outDType = o.out instanceof GpuArray ? o.out.dtype : undefined;
  const want = given ?? (initial !== undefined && outDType !== undefined && !logical ? resultType([a.dtype, outDType]) : undefined);
  if (logical && want !== undefined && want !== dtypes.bool) {
    throw new TypeError(`No loop matching the specified signature and casting was found for ufunc ${u.name} (dtype ${want.name})`);
  }
  // maximum/minimum/fmax/fmin have no identity: a reduction of nothing is an error, `initial` stands in.
  const noIdentity = u.identity === null;
  const castFirst = noIdentity && want !== undefined && want !== a.dtype;
  const temps: GpuArray[] = [];
  try {
    let x = castFirst ? a.astype(want!) : a;
    if (castFirst) temps.push(x);
    // where=: the left-out elements become the identity (maximum/minimum: `initial`, required).
    if (o.where !== undefined && o.where !== true) {
      const mask = o.where;
      if (!(mask instanceof GpuArray) && typeof mask !== 'boolean') throw new TypeError(`${name}: where must be a bool GpuArray or a boolean`);
      if (mask instanceof GpuArray && !sameShape(broadcastShapes(mask.shape, x.shape), x.shape)) {
        throw new RangeError(`${name}: where of shape ${shapeString(mask.shape)} does not broadcast to the array's shape ${shapeString(x.shape)}`);
      }
      if (noIdentity && initial === undefined) {
        throw new RangeError(`reduction operation '${u.name}' does not have an identity, so to use a where mask one has to specify 'initial'`);
      }
      const fill = noIdentity ? scalarArray(initial!, x.dtype, x) : u.identity!;
      if (fill instanceof GpuArray) temps.push(fill);
      x = UFUNCS.get('where')!.call([mask, x, fill]);
      temps.push(x);
    }
    const count = x.shape.reduce((n, d, i) => (reduced[i] ? n * d : n), 1);
    const fn = reductionFunctions[target];
    // maximum/minimum take dtype= by the cast above (their reductions have no dtype option).
    const redOpts = { axis, keepdims, ...(want !== undefined && !noIdentity && !logical ? { dtype: want } : {}) };
    if (initial === undefined) return fn(x, { ...redOpts, ...(o.out !== undefined ? { out: o.out } : {}) });
    let r: GpuArray;
    if (count === 0 && noIdentity) {
      // Nothing to reduce: the result is `initial` (in the array's dtype, as maximum's reduction keeps it).
      r = GpuArray.allocate(reducedShape(x.shape, reduced, keepdims), x.dtype, x.device).fill(initial);
      if (o.out === undefined) return r;
      temps.push(r);
      return u.call([r, r], { out: o.out, casting: 'unsafe' }); // maximum(r, r) is r, cast into out (a reduction's out takes any cast, as NumPy's)
    }
    // `initial` joins each result once (NumPy starts from it; the same up to float rounding of add/multiply).
    r = fn(x, redOpts);
    temps.push(r);
    let init = scalarArray(initial, r.dtype, r);
    temps.push(init);
    // NumPy starts from `initial` stored in out: cast into out's dtype and back (sum(float32, out=int16,
    // initial=2.5) starts from 2; sum(int8, out=bool, initial=2) from True, that is 1).
    if (outDType !== undefined && outDType !== r.dtype) {
      const inOut = init.astype(outDType);
      temps.push(inOut);
      init = inOut.astype(r.dtype);
      temps.push(init);
    }
    // NumPy's reduce casts into out unsafely (sum(float32, out=int16, initial=3) truncates).
    return u.call([r, init], o.out !== undefined ? { out: o.out, casting: 'unsafe' } : undefined);
  } finally {
    for (const t of temps) t.dispose();
  }
}

// sum(a, {initial, where}) and the other table reductions with those options are this reduce.
maskedReduction.run = (ufunc, a, options, nanAsZero) => {
  const u = UFUNCS.get(ufunc as Parameters<typeof UFUNCS.get>[0])!;
  if (!nanAsZero || !(a instanceof GpuArray) || !(a.dtype.kind === 'f' || a.dtype.kind === 'c')) return ufuncReduce(u, a, options);
  // nansum: NaN as zero, then add.reduce with initial/where.
  const nan = UFUNCS.get('isnan')!.call([a]);
  const zeroed = UFUNCS.get('where')!.call([nan, 0, a]);
  nan.dispose();
  try {
    return ufuncReduce(u, zeroed, options);
  } finally {
    zeroed.dispose();
  }
};
maskedReduction.moments = maskedMoment;

function ufuncOuter(u: Ufunc, a: UfuncArg, b: UfuncArg, options?: UfuncCallOptions | UfuncPairCallOptions): GpuArray[] {
  if (u.nin !== 2) throw new TypeError(`${u.name}.outer: outer product only supported for binary functions`);
  // Host data as NumPy's array_like (`gp.multiply.outer([1, 2], [3, 4])`): uploaded, then freed.
    if (isHostArrayLike(a)) return withArray(a, `${u.name}.outer: a`, (x) => ufuncOuter(u, x, b, options));
  if (isHostArrayLike(b)) return withArray(b, `${u.name}.outer: b`, (y) => ufuncOuter(u, a, y, options));
  // a gains one trailing axis per axis of b: a[..., None, ..., None] against b broadcasts to a.shape + b.shape.
  const bNdim = b instanceof GpuArray ? b.ndim : 0;
  const view = a instanceof GpuArray && bNdim > 0 ? a.reshape([...a.shape, ...new Array<number>(bNdim).fill(1)]) : null;
  try {
    return u.callAll([view ?? a, b], options);
  } finally {
    view?.dispose();
  }
}

Object.defineProperty(Ufunc.prototype, 'reduce', {
  value: function (this: Ufunc, a: ArrayLike, ...more: unknown[]): GpuArray {
    return ufuncReduce(this, a, ...more);
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(Ufunc.prototype, 'reduceat', {
  value: function (this: Ufunc, a: ArrayLike, indices: unknown, ...more: unknown[]): GpuArray {
    const name = `${this.name}.reduceat`;
    if (this.nin !== 2) throw new TypeError(`${name}: reduceat only supported for binary functions`);
    if (this.nout !== 1) throw new TypeError(`${name}: reduceat only supported for functions returning a single value`);
    if (isHostArrayLike(a) || isJsScalar(a)) return withArray(a, `${name}: a`, (h) => this.reduceat(h, indices as UfuncReduceatIndices, ...(more as [])));
    // NumPy's order: axis, dtype, out (by position or option; None is the default).
    const o = bindArgsNoneDefault(name, more, ['axis', 'dtype', 'out']) as UfuncReduceatOptions;
    if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
    const want = o.dtype === undefined ? undefined : toDType(o.dtype, `${name}: dtype`);
    // add and multiply reduce bool and small integers in 64 bits, as their reduce (sum, prod).
    const d = want ?? (this.name === 'add' || this.name === 'multiply' ? accumulateDType(this.name, a.dtype, undefined) : undefined);
    return foldReduceat(this, a, indices, o.axis === undefined ? 0 : o.axis, d, o.out);
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(Ufunc.prototype, 'outer', {
  value: function (this: Ufunc, a: UfuncArg, b: UfuncArg, options?: UfuncCallOptions): GpuArray {
    if (this.nout !== 1) throw new TypeError(`${this.name}.outer has ${this.nout} outputs: use gp.${this.name}.outer, which returns them all`);
    return ufuncOuter(this, a, b, options)[0];
  },
  writable: true,
  configurable: true,
});

// The exported functions carry the methods too: gp.add.reduce(a), gp.multiply.outer(a, b).
const fns = ufuncFunctions as unknown as Record<string, object>;
const attach = (name: string, method: string, value: unknown) =>
  Object.defineProperty(fns[name], method, { value, writable: true, configurable: true });
for (const [name, u] of UFUNCS) {
  // NumPy's ufunc attributes: gp.add.identity, gp.sin.nin, gp.divmod.nout, nargs.
  for (const [k, v] of [['identity', u.identity], ['nin', u.nin], ['nout', u.nout], ['nargs', u.nin + u.nout]] as const)
    Object.defineProperty(fns[name], k, { value: v, enumerable: false, configurable: true });
  if (u.nin !== 2) continue;
  attach(name, 'outer', (a: UfuncArg, b: UfuncArg, options?: UfuncCallOptions | UfuncPairCallOptions) => {
    const r = ufuncOuter(u, a, b, options);
    return u.nout === 1 ? r[0] : r;
  });
  if (u.nout !== 1) continue;
  attach(name, 'reduce', ((a: ArrayLike, ...more: unknown[]) => ufuncReduce(u, a, ...more)) as UfuncReduce);
  attach(name, 'accumulate', ((a: ArrayLike, ...more: never[]) => u.accumulate(a, ...more)) as UfuncAccumulate);
  attach(name, 'reduceat', ((a: GpuArray, indices: UfuncReduceatIndices, ...more: unknown[]) => (u.reduceat as (...x: unknown[]) => GpuArray)(a, indices, ...more)) as UfuncReduceat);
}
