// Argument handling shared by the Generator's methods: positional parameters with NumPy's names
// also accepted in one trailing options object, distribution parameters as scalars or arrays
// (broadcast as NumPy's against each other and `size`), and NumPy's checks on their values.
import { DType, dtypeOfTypedArray, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { canCastSafely } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes, checkDense, lengthOf, normalizeShape, operatorIndex } from '../core/shape.js';
import { asarray } from '../ops/creation.js';

export type Size = number | bigint | readonly (number | bigint)[] | null | undefined;
/** A distribution parameter: a number, a GpuArray, or nested JS arrays of numbers. */
export type ArrayLike = number | GpuArray | readonly unknown[];

const isOptions = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof GpuArray) && !(v instanceof Scalar) && !ArrayBuffer.isView(v);

/**
 * A typed integer or bool scalar as the JS value it stands for (gp.int64(3) is NumPy's np.int64(3),
 * an int; gp.bool(true) a bool); float and complex scalars stay typed, for toParam and the checks.
 */
const plainScalar = (v: unknown): unknown => {
  if (!(v instanceof Scalar)) return v;
  if (v.dtype.kind === 'b') return Boolean(v.valueOf());
  return v.dtype.kind === 'i' || v.dtype.kind === 'u' ? operatorIndex(v) : v;
};

/**
 * Bind positional arguments and a trailing options object to `names`, and `keywordOnly` from the
 * options alone (options win only where the positional one is absent; an unknown option key, or
 * more positions than `names`, is a TypeError).
 */
export function bindArgs(method: string, args: readonly unknown[], names: readonly string[], keywordOnly: readonly string[] = []): Record<string, unknown> {
  const list = [...args];
  let opts: Record<string, unknown> = {};
  if (list.length > 0 && isOptions(list[list.length - 1])) opts = list.pop() as Record<string, unknown>;
  if (list.length > names.length) throw new TypeError(`${method}() takes at most ${names.length} positional arguments (${list.length} given)`);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(opts)) {
    if (!names.includes(k) && !keywordOnly.includes(k)) throw new TypeError(`${method}() got an unexpected keyword argument '${k}'`);
  }
  for (const k of keywordOnly) out[k] = plainScalar(opts[k]);
  names.forEach((n, i) => {
    const v = list[i];
    if (v !== undefined && opts[n] !== undefined) throw new TypeError(`${method}() got multiple values for argument '${n}'`);
    out[n] = plainScalar(v !== undefined ? v : opts[n]);
  });
  return out;
}

export function sizeShape(size: Size, method: string): number[] | null {
  if (size === null || size === undefined) return null;
  // A typed integer scalar (gp.int64(3)) is NumPy's np.int64 size, alone or in a list; a float one stays a TypeError.
  size = plainScalar(size) as Size;
  if (Array.isArray(size)) checkDense(method, 'size', size);
  if (size instanceof Scalar) throw new TypeError(`${method}: size must be an integer or an array of integers, got a ${size.dtype.name} scalar`);
  // NumPy takes an integer ndarray as size (its values, as a tuple).
  if (size instanceof GpuArray && (size.dtype.kind === 'i' || size.dtype.kind === 'u') && size.ndim <= 1) {
    return sizeShape(Array.from(size.toTypedArray() as unknown as Iterable<number | bigint>, Number), method);
  }
  // NumPy: a size that is not an integer (or a sequence of them) is a TypeError, not a ValueError;
  // an element may be a typed integer scalar or a 0-d integer array (operator.index).
  const dims: readonly unknown[] = (typeof size === 'number' || typeof size === 'bigint' ? [size] : Array.isArray(size) ? size : []).map((x) => lengthOf(operatorIndex(plainScalar(x))));
  if (typeof size !== 'number' && typeof size !== 'bigint' && !Array.isArray(size)) throw new TypeError(`${method}: size must be an integer or an array of integers, got ${typeof size}`);
  for (const d of dims) {
    if (typeof d !== 'number' || !Number.isInteger(d)) throw new TypeError(`${method}: size must be an integer or an array of integers, got ${String(d)}`);
  }
  return normalizeShape(dims as number[], `${method}: size`);
}

/** A parameter as a host number or a device array (float64 or int64). */
export type Param = { scalar: number; array: null; host: null } | { scalar: null; array: GpuArray; host: Float64Array };

export function toParam(v: unknown, name: string, method: string, d: DType = dtypes.float64): Param {
  if (typeof v === 'number') return { scalar: v, array: null, host: null };
  if (typeof v === 'bigint' || typeof v === 'boolean') return { scalar: Number(v), array: null, host: null };
  // A typed scalar (gp.float32(0.5), gp.int64(10)) is NumPy's np.float32/np.int64: a number here (complex: TypeError).
  if (v instanceof Scalar) return { scalar: Number(v.valueOf()), array: null, host: null };
  if (v instanceof GpuArray || Array.isArray(v) || ArrayBuffer.isView(v)) {
    refuseComplex(v, method);
    const a = v instanceof GpuArray && v.dtype === d ? v : asarray(v, d);
    // NumPy checks every value (scale >= 0, 0 <= p <= 1, ...): the host copy serves those checks.
    const host = new Float64Array(a.size);
    const t = a.toTypedArray();
    for (let i = 0; i < host.length; i++) host[i] = Number(t[i]);
    return { scalar: null, array: a, host };
  }
  throw new TypeError(`${method}: ${name} must be a real number or an array, not ${v === null ? 'null' : typeof v}`);
}

/** NumPy converts a float parameter array to float64 'safe': a complex GpuArray is a TypeError, not its real part. */
export function refuseComplex(v: unknown, method: string): void {
  if (v instanceof GpuArray && v.dtype.kind === 'c') {
    throw new TypeError(`${method}: Cannot cast array data from dtype('${v.dtype.name}') to dtype('float64') according to the rule 'safe'`);
  }
}

/** Every value of a parameter satisfies `ok`, else NumPy's message as a RangeError. */
export function checkParam(p: Param, ok: (x: number) => boolean, message: string): void {
  if (p.scalar !== null) {
    if (!ok(p.scalar)) throw new RangeError(message);
  } else {
    for (const x of p.host!) if (!ok(x)) throw new RangeError(message);
  }
}

/**
 * An integral parameter converts to int64 as NumPy's conversion of it: an array (a GpuArray or a
 * TypedArray, NumPy's ndarray) must cast safely (a float64 or uint64 array is a TypeError, not
 * truncated); numbers and JS lists (Python ints and floats) convert one by one (10.5 draws 10), a
 * finite value outside int64's range being NumPy's OverflowError (a RangeError), not wrapped.
 */
export function checkIntegralArray(v: unknown, method: string): void {
  const d = v instanceof GpuArray ? v.dtype : ArrayBuffer.isView(v) && !(v instanceof DataView) ? dtypeOfTypedArray(v) : null;
  if (d !== null && !canCastSafely(d, dtypes.int64)) {
    const what = v instanceof GpuArray && v.ndim === 0 ? 'scalar' : 'array data';
    throw new TypeError(`${method}: Cannot cast ${what} from dtype('${d.name}') to dtype('int64') according to the rule 'safe'`);
  }
  // A list seen before is skipped: a cyclic one is left to asarray's TypeError (this recursed until the stack overflowed).
  const seen = new Set<unknown>();
  const outside = (x: unknown): boolean =>
    typeof x === 'bigint' ? x < -(2n ** 63n) || x >= 2n ** 63n : typeof x === 'number' ? Number.isFinite(x) && (x >= 2 ** 63 || x < -(2 ** 63)) : Array.isArray(x) && !seen.has(x) ? (seen.add(x), x.some(outside)) : false;
  if (outside(v)) throw new RangeError(`${method}: Python int too large to convert to C long`);
}

/** NumPy's cast of an integral parameter to int64: fractions truncate toward 0 (-0.5 gives 0). */
export function truncateParam(p: Param): void {
  if (p.scalar !== null) p.scalar = Math.trunc(p.scalar) + 0;
  else for (let i = 0; i < p.host!.length; i++) p.host![i] = Math.trunc(p.host![i]) + 0;
}

/** The output shape: the broadcast of the parameters, or `size` (which they must broadcast to). */
export function outShape(params: readonly Param[], size: number[] | null): number[] {
  const shapes = params.filter((p) => p.array !== null).map((p) => p.array!.shape);
  let b: number[];
  try {
    b = broadcastShapes(...shapes);
  } catch {
    throw new RangeError('shape mismatch: objects cannot be broadcast to a single shape');
  }
  if (size === null) return b;
  let joint: number[];
  try {
    joint = broadcastShapes(b, size);
  } catch {
    throw new RangeError(`shape mismatch: objects cannot be broadcast to a single shape; size is (${size.join(', ')})`);
  }
  if (joint.length !== size.length || joint.some((d, i) => d !== size[i])) {
    throw new RangeError(`shape mismatch: objects cannot be broadcast to size (${size.join(', ')})`);
  }
  return size;
}

/** A parameter for the sampler kernel: a scalar, or a contiguous copy broadcast to `shape`. */
export function kernelParam(p: Param, shape: readonly number[], d: DType = dtypes.float64): number | GpuArray {
  if (p.scalar !== null) return p.scalar;
  return p.array!.broadcastTo(shape).astype(d);
}

/** Dispose the temporaries made for a call. */
export function disposeAll(xs: readonly unknown[]): void {
  for (const x of xs) if (x instanceof GpuArray && !x.disposed) x.dispose();
}
