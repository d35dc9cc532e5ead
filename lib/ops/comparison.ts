// Whole-array comparisons: arrayEqual and allclose answer one JS boolean from one fused
// compare-and-reduce kernel (no bool array is materialised); isclose returns the bool array.
// arrayEqualAsync / allcloseAsync await the answer without blocking the event loop.
// NumPy's definitions: array_equal is False for different shapes; isclose is
//   |a - b| <= atol + rtol * |b|  and isfinite(b),  or a == b  (or both NaN with equalNan),
// computed in the promotion of a, b and a float (b is at least float, as NumPy converts it).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { bindArgs } from './array-args.js';
import { promoteTypes, promoteWeak } from '../core/promotion.js';
import { HostScalar, isComplexLike, weakKindOf } from '../core/host-data.js';
import { broadcastShapes, sameShape } from '../core/shape.js';
import { BoundParam, ElementwiseDefinition, makeDefinition, runElementwise } from '../kernel/elementwise.js';
import { makeReductionDefinition, ReductionDefinition, runReduction } from '../kernel/reduction.js';
import '../core/host-async.js';
import { asarray } from './creation.js';
import { UFUNCS } from './ufunc-table.js';
import { realOf } from './reduction-rules.js';
import { checkPositionalCount } from '../util/options.js';

/** Options of `arrayEqual` (NumPy `array_equal`). */
export interface ArrayEqualOptions {
  /** NaNs in the same places compare equal (NumPy's equal_nan). */
  equalNan?: boolean;
}

/** Options of `isclose` / `allclose`: `|a - b| <= atol + rtol * |b|`. */
export interface CloseOptions {
  /** Relative tolerance (default 1e-5). */
  rtol?: number;
  /** Absolute tolerance (default 1e-8). */
  atol?: number;
  /** NaNs compare close to NaNs (default false). */
  equalNan?: boolean;
}

const param = (name: string, d: DType, local: DType, isOutput = false): BoundParam => ({
  name,
  raw: false,
  isOutput,
  dtype: d,
  localCtype: local.computeCtype,
  placeholder: `${name}_type`,
  readsOutput: false,
});
const scalarParam = (name: string, d: DType): BoundParam => ({ name, raw: false, isOutput: false, dtype: d, localCtype: d.computeCtype, placeholder: null, readsOutput: false });

/** GpuArray as is; host data uploaded (and remembered in `temps` to dispose). */
function operand(x: unknown, temps: GpuArray[]): GpuArray {
  if (x instanceof GpuArray) return x;
  const a = asarray(x);
  temps.push(a);
  return a;
}

const reductions = new Map<string, ReductionDefinition>();
/** A fused "every element satisfies `pred`" reduction over the broadcast inputs. */
function allOf(name: string, pred: string): ReductionDefinition {
  let def = reductions.get(pred);
  if (def === undefined) {
    def = makeReductionDefinition({
      name,
      mapExpr: pred,
      reduceExpr: 'a && b',
      postMapExpr: 'out0 = a',
      identity: 'true',
      preamble: '',
      options: [],
      reduceDims: true,
    });
    reductions.set(pred, def);
  }
  return def;
}

/** Run `def` over everything: a 0-d bool array on the device. */
function reduceAll(def: ReductionDefinition, params: BoundParam[], values: (GpuArray | HostScalar | null)[]): GpuArray {
  return runReduction(def, params, values, { reduceType: 'bool', accBytes: 1 })[0];
}

/** The answer known on the host, or the 0-d bool array that holds it. */
type Answer = boolean | GpuArray;

function readAnswer(r: Answer): boolean {
  if (typeof r === 'boolean') return r;
  try {
    return r.item() as boolean;
  } finally {
    r.dispose();
  }
}

async function readAnswerAsync(r: Answer): Promise<boolean> {
  if (typeof r === 'boolean') return r;
  try {
    return (await r.itemAsync()) as boolean;
  } finally {
    r.dispose();
  }
}

/** numpy.array_equal: same shape and every element equal, as one fused pass. */
export function arrayEqual(a1: unknown, a2: unknown, ...more: (boolean | ArrayEqualOptions | undefined)[]): boolean {
  return readAnswer(arrayEqualOnDevice(a1, a2, more));
}

/**
 * numpy.array_equiv: whether the two broadcast to one shape with every element equal (false, not
 * an error, when they do not broadcast).
 *
 * @example gp.arrayEquiv(gp.array([1, 2]), gp.array([[1, 2], [1, 2]])) // true
 */
export function arrayEquiv(a1: unknown, a2: unknown): boolean {
  checkPositionalCount('arrayEquiv', arguments, 2);
  const x = a1 instanceof GpuArray ? a1 : asarray(a1);
  const y = a2 instanceof GpuArray ? a2 : asarray(a2);
  try {
    try {
      broadcastShapes(x.shape, y.shape);
    } catch {
      return false;
    }
    const eq = UFUNCS.get('equal')!.call([x, y]);
    const every = UFUNCS.get('logicalAnd')!.reduce(eq, null);
    eq.dispose();
    try {
      return every.toArray() === true;
    } finally {
      every.dispose();
    }
  } finally {
    if (x !== a1) x.dispose();
    if (y !== a2) y.dispose();
  }
}

/**
 * arrayEqual without blocking the event loop: the comparison is queued at once (operands are read
 * as they are now), and the answer is awaited.
 *
 * @example if (await gp.arrayEqualAsync(a, b)) respond('same');
 */
export async function arrayEqualAsync(a1: unknown, a2: unknown, ...more: (boolean | ArrayEqualOptions | undefined)[]): Promise<boolean> {
  return readAnswerAsync(arrayEqualOnDevice(a1, a2, more));
}

function arrayEqualOnDevice(a1: unknown, a2: unknown, more: readonly unknown[]): Answer {
  const options = bindArgs('arrayEqual', more, ['equalNan']) as ArrayEqualOptions;
  checkEqualNan('arrayEqual', options.equalNan);
  const temps: GpuArray[] = [];
  try {
    const a = operand(a1, temps);
    const b = operand(a2, temps);
    if (!sameShape(a.shape, b.shape)) return false;
    if (a.size === 0) return true;
    let ins: readonly DType[];
    let pred: string;
    const i64 = dtypes.int64;
    const u64 = dtypes.uint64;
    if ((a.dtype === i64 && b.dtype === u64) || (a.dtype === u64 && b.dtype === i64)) {
      // NumPy compares int64 with uint64 exactly (promotion would go through float64).
      ins = [a.dtype, b.dtype];
      pred = a.dtype === i64 ? '(in0 >= 0 && (unsigned long long)in0 == in1)' : '(in1 >= 0 && (unsigned long long)in1 == in0)';
    } else {
      // The element comparison is the equal ufunc's own loop for these dtypes.
      const { loop } = UFUNCS.get('equal')!.resolve([a, b]);
      const m = /^\s*out0\s*=\s*([\s\S]*?);?\s*$/.exec(loop.body);
      ins = loop.ins;
      pred = m ? `(${m[1]})` : '(in0 == in1)';
    }
    if (options.equalNan) pred = `(${pred} || (gpa::is_nan(in0) && gpa::is_nan(in1)))`;
    const def = allOf('gpa_array_equal', pred);
    return reduceAll(def, [param('in0', a.dtype, ins[0]), param('in1', b.dtype, ins[1]), param('out0', dtypes.bool, dtypes.bool, true)], [a, b, null]);
  } finally {
    for (const t of temps) t.dispose();
  }
}

function checkEqualNan(fn: string, v: unknown): void {
  if (v !== undefined && typeof v !== 'boolean') throw new TypeError(`${fn}: equalNan must be a boolean, got ${String(v)}`);
}

/** isclose/allclose options, checked before any operand is uploaded. */
/** What follows the two arrays of isclose/allclose: rtol, atol, equalNan by position (NumPy's order), then the options. */
export type CloseArg = number | Scalar | boolean | CloseOptions | undefined;

function readCloseOptions(fn: string, args: readonly unknown[]): CloseOptions {
  const o = bindArgs(fn, args, ['rtol', 'atol', 'equalNan']) as CloseOptions;
  checkEqualNan(fn, o.equalNan);
  for (const k of ['rtol', 'atol'] as const) {
    // A real typed scalar (np.float64(0.0), a Python float to NumPy) is its number.
    const v: unknown = o[k];
    if (v instanceof Scalar && !v.dtype.isComplex) o[k] = Number(v.value);
    if (o[k] !== undefined && typeof o[k] !== 'number') throw new TypeError(`${fn}: ${k} must be a number, got ${String(o[k])}`);
  }
  return o;
}

interface Close {
  pred: string;
  params: BoundParam[];
  values: (GpuArray | HostScalar)[];
}

/** A JS number, bigint, boolean or complex value: NumPy's Python scalar, weak (NEP 50). */
const isWeak = (v: unknown): v is HostScalar =>
  typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || isComplexLike(v);

/**
 * NumPy's isclose: a Python scalar stays one (`x if isinstance(x, (int, float, complex)) else
 * asanyarray(x)`), an int b is made float(b), an array b is made result_type(b, 1.0). So
 * `isclose(float32 array, 0.1)` works in float32 (0.1 rounded to float32, close at rtol=0),
 * and with a scalar b its tolerance atol + rtol*|b| and isfinite(b) are taken in double, the
 * tolerance then compared in the array's dtype (NumPy's less_equal with a weak float).
 */
function closeSetup(a1: unknown, a2: unknown, options: CloseOptions, temps: GpuArray[]): Close {
  const rtol = options.rtol ?? 1e-5;
  const atol = options.atol ?? 1e-8;
  if (typeof rtol !== 'number' || typeof atol !== 'number') throw new TypeError('rtol and atol must be numbers');
  const nan = options.equalNan ? ' || (gpa::is_nan(in0) && gpa::is_nan(in1))' : '';
  if (isWeak(a2) && !isWeak(a1)) {
    const a = operand(a1, temps);
    const c = isComplexLike(a2);
    const y: HostScalar = c ? a2 : Number(a2);
    const ct = promoteWeak(a.dtype, c ? 'complex' : 'float');
    const absY = c ? Math.hypot(a2.re, a2.im) : Math.abs(y as number);
    const finite = c ? Number.isFinite(a2.re) && Number.isFinite(a2.im) : Number.isFinite(y as number);
    const pred = `(${finite ? '(gpa::absolute(in0 - in1) <= tol) || ' : ''}(in0 == in1)${nan})`;
    return { pred, params: [param('in0', a.dtype, ct), scalarParam('in1', ct), scalarParam('tol', realOf(ct))], values: [a, y, atol + rtol * absY] };
  }
  // Arrays (or two scalars, which NumPy's Python arithmetic takes in double, as float64 arrays
  // here): y = asarray(b, dtype=result_type(b, 1.0)), then x - y in result_type(x, y); a scalar
  // a is weak beside it.
  const b = operand(a2, temps);
  const dt = promoteWeak(b.dtype, 'float');
  const x = isWeak(a1) && !isWeak(a2) ? a1 : operand(a1, temps);
  const ct = x instanceof GpuArray ? promoteTypes(x.dtype, dt) : promoteWeak(dt, weakKindOf(x));
  const pred = `(((gpa::absolute(in0 - in1) <= atol + rtol * gpa::absolute(in1)) && gpa::is_finite(in1)) || (in0 == in1)${nan})`;
  const in0 = x instanceof GpuArray ? param('in0', x.dtype, ct) : scalarParam('in0', ct);
  const real = realOf(ct);
  return { pred, params: [in0, param('in1', b.dtype, ct), scalarParam('rtol', real), scalarParam('atol', real)], values: [x, b, rtol, atol] };
}

const elementwise = new Map<string, ElementwiseDefinition>();

/** numpy.isclose: a bool array of the broadcast shape. */
export function isclose(a1: unknown, a2: unknown, ...more: CloseArg[]): GpuArray {
  const options = readCloseOptions('isclose', more);
  const temps: GpuArray[] = [];
  try {
    const c = closeSetup(a1, a2, options, temps);
    let def = elementwise.get(c.pred);
    if (def === undefined) {
      def = makeDefinition({
        name: 'gpa_isclose',
        body: `out0 = ${c.pred}`,
        preamble: '#include "gpuarray/ufunc_math.h"',
        loopPrep: '',
        afterLoop: '',
        reduceDims: true,
        options: [],
      });
      elementwise.set(c.pred, def);
    }
    return runElementwise(def, [...c.params, param('out0', dtypes.bool, dtypes.bool, true)], [...c.values, null])[0];
  } finally {
    for (const t of temps) t.dispose();
  }
}

/** numpy.allclose: every element of the broadcast a, b close, as one fused pass. */
export function allclose(a1: unknown, a2: unknown, ...more: CloseArg[]): boolean {
  return readAnswer(allcloseOnDevice(a1, a2, more));
}

/** allclose without blocking the event loop: queued at once, the answer awaited. */
export async function allcloseAsync(a1: unknown, a2: unknown, ...more: CloseArg[]): Promise<boolean> {
  return readAnswerAsync(allcloseOnDevice(a1, a2, more));
}

function allcloseOnDevice(a1: unknown, a2: unknown, more: readonly unknown[]): Answer {
  const options = readCloseOptions('allclose', more);
  const temps: GpuArray[] = [];
  try {
    const c = closeSetup(a1, a2, options, temps);
    const def = allOf('gpa_allclose', c.pred);
    return reduceAll(def, [...c.params, param('out0', dtypes.bool, dtypes.bool, true)], [...c.values, null]);
  } finally {
    for (const t of temps) t.dispose();
  }
}
