// numpy.matmul: 1-D operands promoted to matrices and the added axis removed again, batch
// dimensions broadcast, NumPy's result dtype, `out`. Runs one (batched) GEMM on the backend.
import { DType, DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { canCastSameKind, promoteTypes } from '../core/promotion.js';
import { bindArgsNoneDefault } from '../ops/array-args.js';
import { checkWritable } from '../core/writable.js';
import { broadcastShapes, isCContiguous, sameShape, shapeString } from '../core/shape.js';
import { asarray } from '../ops/creation.js';
import { gemmInto } from './gemm.js';

/** Options of gp.matmul (numpy.matmul's `out` and `dtype` keyword arguments). */
export interface MatmulOptions {
  /** Where to write the result: its exact shape; values are cast to its dtype. */
  out?: GpuArray;
  /** The dtype the product is computed in (operands are cast to it). */
  dtype?: DTypeLike;
}

export type ArrayLike = GpuArray | unknown;

/** An operand as a GpuArray, and whether it was made here (then the caller disposes it). */
export function toArray(x: ArrayLike): { a: GpuArray; owned: boolean } {
  return x instanceof GpuArray ? { a: x, owned: false } : { a: asarray(x), owned: true };
}

/** Run `f` on the operands as GpuArrays, disposing those made from host data. */
export function withArrays<R>(xs: readonly ArrayLike[], f: (...as: GpuArray[]) => R): R {
  const made: GpuArray[] = [];
  try {
    const arrs = xs.map((x) => {
      const r = toArray(x);
      if (r.owned) made.push(r.a);
      return r.a;
    });
    return f(...arrs);
  } finally {
    for (const m of made) m.dispose();
  }
}

/** Write `result` into `out` (checked shape, cast) and dispose `result`; or return `result`. */
export function deliver(result: GpuArray, out: GpuArray | undefined, name: string): GpuArray {
  if (out === undefined) return result;
  try {
    if (!sameShape(out.shape, result.shape)) {
      throw new RangeError(`${name}: output array has shape ${shapeString(out.shape)}, but the result has shape ${shapeString(result.shape)}`);
    }
    kernelHooks().assign(out, result);
    return out;
  } finally {
    result.dispose();
  }
}

function matmulArrays(a: GpuArray, b: GpuArray, options: MatmulOptions): GpuArray {
  if (a.ndim === 0 || b.ndim === 0) {
    const which = a.ndim === 0 ? 0 : 1;
    throw new RangeError(
      `matmul: Input operand ${which} does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)`,
    );
  }
  const d: DType = options.dtype !== undefined ? toDType(options.dtype) : promoteTypes(a.dtype, b.dtype);
  // NumPy's ufunc casting rule, same_kind, for the inputs (to `dtype`) and the output (from it).
  [a, b].forEach((x, i) => {
    if (!canCastSameKind(x.dtype, d)) throw new TypeError(`Cannot cast ufunc 'matmul' input ${i} from dtype('${x.dtype.name}') to dtype('${d.name}') with casting rule 'same_kind'`);
  });
  if (options.out !== undefined && !canCastSameKind(d, options.out.dtype)) {
    throw new TypeError(`Cannot cast ufunc 'matmul' output from dtype('${d.name}') to dtype('${options.out.dtype.name}') with casting rule 'same_kind'`);
  }
  if (options.out !== undefined) checkWritable('matmul: output array', options.out);
  const a2 = a.ndim === 1 ? [1, a.shape[0]] : a.shape;
  const b2 = b.ndim === 1 ? [b.shape[0], 1] : b.shape;
  const k = a2[a2.length - 1];
  if (b2[b2.length - 2] !== k) {
    throw new RangeError(
      `matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size ${b2[b2.length - 2]} is different from ${k})`,
    );
  }
  const m = a2[a2.length - 2];
  const n = b2[b2.length - 1];
  const batch = broadcastShapes(a2.slice(0, -2), b2.slice(0, -2));
  const finalShape = [...batch, ...(a.ndim === 1 ? [] : [m]), ...(b.ndim === 1 ? [] : [n])];
  const out = options.out;
  if (out !== undefined && !sameShape(out.shape, finalShape)) {
    throw new RangeError(`matmul: output array has shape ${shapeString(out.shape)}, but the result has shape ${shapeString(finalShape)}`);
  }
  const temps: GpuArray[] = [];
  const track = (x: GpuArray) => (temps.push(x), x);
  try {
    const ac = a.dtype === d ? a : track(a.astype(d));
    const bc = b.dtype === d ? b : track(b.astype(d));
    // Matrices (or stacks of one batch shape) go as they are: no views to make on the common path.
    const same = (x: GpuArray, shape: readonly number[]) => x.ndim >= 2 && sameShape(x.shape, shape);
    const av = same(ac, [...batch, m, k]) ? ac : track(track(ac.reshape(a2)).broadcastTo([...batch, m, k]));
    const bv = same(bc, [...batch, k, n]) ? bc : track(track(bc.reshape(b2)).broadcastTo([...batch, k, n]));
    // The product goes straight into `out` when it is C-contiguous of dtype d, else via a temporary.
    // Not when `out` shares memory with an operand: the GEMM would read what it already wrote.
    const direct =
      out !== undefined && out.dtype === d && isCContiguous(out.shape, out.strides, out.itemsize) && out.buffer !== a.buffer && out.buffer !== b.buffer;
    const target = direct ? out! : GpuArray.allocate(finalShape, d, a.device);
    const full = sameShape(target.shape, [...batch, m, n]) ? target : track(target.reshape([...batch, m, n]));
    try {
      gemmInto(av, bv, full);
    } catch (e) {
      if (!direct) target.dispose();
      throw e;
    }
    return direct ? out! : deliver(target, out, 'matmul');
  } finally {
    for (const t of temps) t.dispose();
  }
}

/** numpy.matmul (the `@` operator). */
export function matmul(a: ArrayLike, b: ArrayLike, ...args: (GpuArray | null | MatmulOptions | undefined)[]): GpuArray {
  // NumPy's ufunc matmul(x1, x2, out=None, *, dtype=None): out by position or option.
  const options = bindArgsNoneDefault('matmul', args, ['out'], ['dtype']) as MatmulOptions;
  return withArrays([a, b], (x, y) => matmulArrays(x, y, options));
}
