// The geometry of GpuArray's views: the shape, strides and offset that squeeze, expandDims,
// transpose, view(dtype), broadcastTo and the order arguments produce, and the constructor's checks.
// Pure functions of the geometry: gpu-array.ts imports this module, so it takes the GpuArray class
// as an argument where it needs one (importing it here would make an import cycle).
import type { GpuArray } from './gpu-array.js';
import type { LayoutFlags } from './array-types.js';
import type { Device } from '../device/device.js';
import { DType, DTypeLike, dtype as toDType } from './dtype.js';
import { DeviceBuffer } from './lifetime.js';
import { orderLetter, readOptions } from '../util/options.js';
import { broadcastStrides, contiguousStrides, indexNumber, integerValue, intList, isArrayValue, isCContiguous, isFContiguous, normalizeAxis, normalizeShape, shapeString } from './shape.js';

/** A view's geometry, before it is made a GpuArray (by `viewOf`). */
export interface ViewGeometry {
  shape: readonly number[];
  strides: readonly number[];
}

/** The arguments of `reshape(...args)`: the target shape as given and the trailing options object, if any. */
export function reshapeArgs<O>(args: readonly unknown[]): { shape: readonly number[]; options: O | undefined } {
  const last = args[args.length - 1];
  const hasOpts = typeof last === 'object' && last !== null && !Array.isArray(last) && !isArrayValue(last);
  const shape = (hasOpts ? args.slice(0, -1) : args) as (number | readonly number[])[];
  return {
    shape: shape.length === 1 && typeof shape[0] !== 'number' ? (shape[0] as readonly number[]) : (shape as number[]),
    options: hasOpts ? (last as O) : undefined,
  };
}

/** `transpose(...axes)`: the permuted geometry, axes reversed when none are given. */
export function transposeGeometry(a: GpuArray, axes: readonly (number | readonly number[])[]): ViewGeometry {
  const given = axes.length === 1 && typeof axes[0] !== 'number' ? (axes[0] == null ? [] : intList('transpose', 'axes', axes[0])) : (axes as number[]);
  const perm = given.length === 0 ? a.shape.map((_, i) => a.ndim - 1 - i) : given.map((ax) => normalizeAxis(ax, a.ndim));
  if (perm.length !== a.ndim || new Set(perm).size !== perm.length) {
    throw new RangeError(`axes [${given.join(', ')}] don't match array of dimension ${a.ndim}`);
  }
  return { shape: perm.map((ax) => a.shape[ax]), strides: perm.map((ax) => a.strides[ax]) };
}

/** `squeeze(axis)`: the geometry without the given (or all) length-one axes. */
export function squeezeGeometry(
  a: GpuArray,
  axisOrOptions: number | readonly number[] | null | { axis?: number | readonly number[] | null } | undefined,
): ViewGeometry {
  const axis = typeof axisOrOptions === 'object' && axisOrOptions !== null && !Array.isArray(axisOrOptions) && !isArrayValue(axisOrOptions)
    ? readOptions<{ axis: number | readonly number[] | null }>('squeeze', axisOrOptions, ['axis']).axis
    : (integerValue(axisOrOptions) as number | readonly number[] | null | undefined);
  const drop =
    axis === undefined || axis === null
      ? a.shape.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0)
      : typeof axis === 'number' && a.ndim === 0 && (axis === 0 || axis === -1)
        ? [] // NumPy accepts an integer axis 0 / -1 on a 0-d array (not a tuple of them)
        : (typeof axis === 'number' ? [axis] : [...axis]).map((ax) => normalizeAxis(ax, a.ndim));
  if (a.ndim === 0) return { shape: [], strides: [] };
  if (new Set(drop).size !== drop.length) throw new RangeError("duplicate value in 'axis'");
  for (const ax of drop) {
    if (a.shape[ax] !== 1) throw new RangeError(`cannot select an axis to squeeze out which has size not equal to one (axis ${ax})`);
  }
  const keep = a.shape.map((_, i) => i).filter((i) => !drop.includes(i));
  return { shape: keep.map((i) => a.shape[i]), strides: keep.map((i) => a.strides[i]) };
}

/** `expandDims(axis)`: the geometry with length-one axes (stride 0) at the given positions of the result. */
export function expandDimsGeometry(a: GpuArray, axis: number | readonly number[]): ViewGeometry {
  if (typeof axis === 'object' && !Array.isArray(axis)) axis = indexNumber(axis) as number; // NumPy's operator.index
  if (typeof axis !== 'number' && typeof (axis as Iterable<number> | null)?.[Symbol.iterator] !== 'function') throw new TypeError(`expandDims: axis must be an integer or an array of integers, got ${typeof axis}`);
  const axes = typeof axis === 'number' ? [axis] : [...axis];
  const outNdim = a.ndim + axes.length;
  const pos = axes.map((ax) => normalizeAxis(ax, outNdim));
  if (new Set(pos).size !== pos.length) throw new RangeError('repeated axis in expandDims');
  const shape: number[] = [];
  const strides: number[] = [];
  let src = 0;
  for (let i = 0; i < outNdim; i++) {
    if (pos.includes(i)) {
      shape.push(1);
      strides.push(0);
    } else {
      shape.push(a.shape[src]);
      strides.push(a.strides[src]);
      src++;
    }
  }
  return { shape, strides };
}

/**
 * `view(dtype)`: the dtype read and the geometry (the last axis rescaled for another item size),
 * checked for alignment: NumPy allows unaligned views; a GPU faults on them.
 */
export function dtypeViewGeometry(a: GpuArray, d: DTypeLike | { dtype?: DTypeLike } | undefined): ViewGeometry & { dtype: DType } {
  const want = typeof d === 'object' && d !== null && !(d instanceof DType) ? readOptions<{ dtype: DTypeLike }>('view', d, ['dtype']).dtype : d;
  const to = want === undefined || want === null ? a.dtype : toDType(want, 'view: dtype');
  if (to.itemsize === a.itemsize) return aligned(a, a.shape, a.strides, to);
  if (a.ndim === 0) throw new RangeError('Changing the dtype of a 0d array is only supported if the itemsize is unchanged');
  const last = a.ndim - 1;
  if (a.shape[last] !== 1 && a.strides[last] !== a.itemsize) throw new RangeError('To change to a dtype of a different size, the last axis must be contiguous');
  const bytes = a.shape[last] * a.itemsize;
  if (bytes % to.itemsize !== 0) {
    throw new RangeError('When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.');
  }
  const shape = [...a.shape];
  shape[last] = bytes / to.itemsize;
  const strides = [...a.strides];
  strides[last] = to.itemsize;
  return aligned(a, shape, strides, to);
}

/**
 * `getfield(dtype, offset)`: the bytes at `offset` within each element read as `to` (NumPy's
 * checks and ValueErrors, RangeErrors here), same shape and strides; the view's offset in the
 * buffer. Refused where its loads would be misaligned, as `view` (NumPy allows it).
 */
export function fieldViewGeometry(a: GpuArray, to: DType, offset: number): ViewGeometry & { dtype: DType; offset: number } {
  if (to.itemsize > a.itemsize) throw new RangeError('new type is larger than original type');
  if (offset < 0) throw new RangeError('offset is negative');
  if (offset > a.itemsize - to.itemsize) throw new RangeError('new type plus offset is larger than original type');
  return { ...aligned(a, a.shape, a.strides, to, 'getfield', offset), offset: a.offset + offset };
}

/** The geometry as dtype `to` at `shift` bytes past the array's offset, refused where its loads would be misaligned. */
function aligned(a: GpuArray, shape: readonly number[], strides: readonly number[], to: DType, fn = 'view', shift = 0): ViewGeometry & { dtype: DType } {
  const align = to.itemsize / to.storagePerItem;
  const misaligned = (x: number) => x % align !== 0;
  if (misaligned(a.buffer.ptr + a.offset + shift) || strides.some((st, i) => shape[i] > 1 && misaligned(st))) {
    throw new RangeError(`${fn}: this array's memory is not aligned for ${to.name} (offset ${a.offset + shift}, strides (${strides.join(', ')}))`);
  }
  return { shape, strides, dtype: to };
}

/** `broadcastTo(shape)`: zero strides along the broadcast axes; shapes that do not broadcast are a RangeError. */
export function broadcastGeometry(a: GpuArray, shape: number | readonly number[]): ViewGeometry {
  const to = normalizeShape(shape);
  // Only `to` may grow axes: the array's own non-1 dims must match from the right.
  const fits = a.ndim <= to.length && a.shape.every((d, i) => d === 1 || d === to[to.length - a.ndim + i]);
  if (!fits) throw new RangeError(`cannot broadcast shape ${shapeString(a.shape)} to ${shapeString(to)}`);
  return { shape: to, strides: broadcastStrides(a.shape, a.strides, to) };
}

/** NumPy's order argument resolved to 'C' or 'F' ('A': F only for an F- and not C-contiguous array), and 'K' where allowed. */
export function resolveOrder(a: GpuArray, fn: string, given: unknown, allowK = false): 'C' | 'F' | 'K' {
  const order = orderLetter(given);
  if (order === undefined || order === null || order === 'C') return 'C';
  if (order === 'F') return 'F';
  if (order === 'A') return a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous ? 'F' : 'C';
  if (order === 'K' && allowK) return 'K';
  throw new RangeError(`${fn}: order must be one of 'C', 'F', 'A'${allowK ? " or 'K'" : ''}, got ${typeof order === 'string' ? `'${order}'` : String(order)}`);
}

/**
 * The geometry with the axes by decreasing |stride| (NumPy's order 'K'; a negative stride keeps its
 * direction, as NumPy). NumPy's nditer insertion sort: a zero stride (a broadcast axis) or a length-1
 * axis is ambiguous and neither moves past the others nor stops them, so a broadcast view keeps C
 * order (`broadcast_to(arange(4), (3, 4)).ravel('K')` is 0 1 2 3 0 1 2 3 ...); equal strides keep theirs.
 */
export function memoryOrderGeometry(a: GpuArray): ViewGeometry {
  const axes = a.shape.map((n, i) => ({ n, st: n === 1 ? 0 : Math.abs(a.strides[i]), i })).reverse(); // innermost first, as the nditer
  for (let i0 = 1; i0 < axes.length; i0++) {
    const x = axes[i0];
    let pos = i0;
    for (let i1 = i0 - 1; i1 >= 0; i1--) {
      const y = axes[i1];
      if (x.st === 0 || y.st === 0) continue;
      if (y.st <= x.st) break;
      pos = i1;
    }
    axes.splice(i0, 1);
    axes.splice(pos, 0, x);
  }
  axes.reverse();
  return { shape: axes.map((x) => x.n), strides: axes.map((x) => a.strides[x.i]) };
}

/**
 * The constructor's checks: a live DeviceBuffer, a DType, integer shape and strides of one
 * length, and every element the view reaches inside the buffer. Returns frozen copies, the size and the layout flags.
 * `Array` is the GpuArray class (for the check of `base`), passed in to keep this module out of an import cycle.
 */
export function checkView(
  buf: DeviceBuffer,
  shape: readonly number[],
  strides: readonly number[],
  offset: number,
  d: DType,
  base: GpuArray | null,
  Array_: typeof GpuArray,
): { shape: readonly number[]; strides: readonly number[]; size: number; flags: LayoutFlags } {
  if (!(buf instanceof DeviceBuffer) || !buf.alive) throw new TypeError('GpuArray: the buffer must be a live DeviceBuffer (create arrays with gp.empty, gp.zeros, gp.asarray, ...)');
  if (!(d instanceof DType)) throw new TypeError('GpuArray: dtype must be a DType');
  if (base !== null && !(base instanceof Array_)) throw new TypeError('GpuArray: base must be a GpuArray or null');
  if (!Array.isArray(shape) || !Array.isArray(strides)) throw new TypeError('GpuArray: shape and strides must be arrays');
  const sh = Object.freeze(shape.slice());
  const st = Object.freeze(strides.slice());
  if (sh.length !== st.length || sh.length > 64) throw new RangeError(`GpuArray: ${sh.length} dims with ${st.length} strides`);
  let size = 1;
  let lo = offset;
  let hi = offset;
  for (let i = 0; i < sh.length; i++) {
    const n = sh[i];
    const s = st[i];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new RangeError(`GpuArray: invalid shape ${shapeString(sh)}`);
    if (typeof s !== 'number' || !Number.isSafeInteger(s)) throw new RangeError(`GpuArray: invalid strides (${st.join(', ')})`);
    size *= n;
    const span = n > 0 ? (n - 1) * s : 0;
    if (span < 0) lo += span;
    else hi += span;
  }
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset)) throw new RangeError(`GpuArray: invalid offset ${String(offset)}`);
  if (size > 0 && (lo < 0 || hi + d.itemsize > buf.nbytes)) {
    throw new RangeError(`GpuArray: a view of shape ${shapeString(sh)}, strides (${st.join(', ')}) and offset ${offset} reaches bytes [${lo}, ${hi + d.itemsize}) outside its buffer of ${buf.nbytes} bytes`);
  }
  return { shape: sh, strides: st, size, flags: layoutFlags(isCContiguous(sh, st, d.itemsize), isFContiguous(sh, st, d.itemsize)) };
}

// The eight flags objects, frozen and shared by every array (none is made per array).
const FLAGS = [false, true].map((w) => [false, true].map((c) => [false, true].map((f) => Object.freeze({ cContiguous: c, fContiguous: f, writeable: w }))));
const layoutFlags = (c: boolean, f: boolean): LayoutFlags => FLAGS[1][+c][+f];
/** The same layout flags, read-only. */
export const readOnlyFlags = (f: LayoutFlags): LayoutFlags => FLAGS[0][+f.cContiguous][+f.fContiguous];

/** The geometry of a new C-contiguous array of a shape allocBuffer checked (taken over and frozen): checkView's result, by construction. */
export function freshGeometry(shape: number[], itemsize: number): { shape: readonly number[]; strides: readonly number[]; size: number; flags: LayoutFlags } {
  const strides = contiguousStrides(shape, itemsize);
  let size = 1;
  for (let i = 0; i < shape.length; i++) size *= shape[i];
  return { shape: Object.freeze(shape), strides: Object.freeze(strides), size, flags: layoutFlags(true, isFContiguous(shape, strides, itemsize)) };
}

/** `GpuArray.allocate`'s memory: the dtype checked, the shape normalised, its bytes from the device's pool. */
export function allocBuffer(shape: readonly number[], d: DType, device: Device): { buf: DeviceBuffer; shape: number[] } {
  if (!(d instanceof DType)) throw new TypeError(`GpuArray.allocate: dtype must be a DType, got ${String(d)}`);
  const sh = normalizeShape(shape);
  let n = 1;
  for (let i = 0; i < sh.length; i++) n *= sh[i];
  const nbytes = n * d.itemsize;
  return { buf: new DeviceBuffer(device, device.pool.malloc(nbytes), nbytes), shape: sh };
}
