// numpy.packbits and numpy.unpackbits: the elements of an axis as the bits of uint8 bytes and
// back, big- or little-endian within each byte, one thread per output byte or bit.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { normalizeAxis } from '../core/shape.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { alongAxis, ArrayLike, build, copyInto, isOptions, withArray } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** Options of packbits (NumPy's axis and bitorder). */
export interface PackbitsOptions {
  /** The axis to pack along; null (the default) packs the flattened array. */
  axis?: number | null;
  /** 'big' (the default): an axis' first element is a byte's most significant bit; 'little': its least. */
  bitorder?: 'big' | 'little';
}

/** Options of unpackbits: packbits' and `count`, the bits to keep (negative: to drop from the end). */
export interface UnpackbitsOptions extends PackbitsOptions {
  count?: number | null;
}

const SOURCE = `
// Byte o of row r packs bits x[r * len + 8 * o ...] (0 or 1 each), at most 8 and not past len.
extern "C" __global__ void gpa_packbits(const unsigned char* x, unsigned char* y, long long rows, long long len, long long nbytes, int little) {
  for (long long o = blockIdx.x * (long long)blockDim.x + threadIdx.x; o < rows * nbytes; o += (long long)gridDim.x * blockDim.x) {
    const long long r = o / nbytes, b = o % nbytes;
    const unsigned char* p = x + r * len + 8 * b;
    const long long n = len - 8 * b < 8 ? len - 8 * b : 8;
    unsigned int v = 0;
    for (long long k = 0; k < n; ++k) v |= (unsigned int)(p[k] != 0) << (little ? k : 7 - k);
    y[o] = (unsigned char)v;
  }
}
// Bit o of row r: bit (o % 8) of byte o / 8 of the row (0 past the row's bytes).
extern "C" __global__ void gpa_unpackbits(const unsigned char* x, unsigned char* y, long long rows, long long nbytes, long long count, int little) {
  for (long long o = blockIdx.x * (long long)blockDim.x + threadIdx.x; o < rows * count; o += (long long)gridDim.x * blockDim.x) {
    const long long r = o / count, j = o % count;
    const long long b = j / 8, k = j % 8;
    y[o] = b < nbytes ? (unsigned char)((x[r * nbytes + b] >> (little ? k : 7 - k)) & 1u) : (unsigned char)0;
  }
}
`;

function options<T extends PackbitsOptions>(fn: string, axis: unknown, more: unknown, keys: string[]): Partial<T> {
  const o = isOptions(axis) ? readOptions<T>(fn, axis, keys) : { ...readOptions<T>(fn, more, keys), ...(axis === undefined ? {} : { axis: axis as number | null }) };
  if (o.bitorder !== undefined && o.bitorder !== 'big' && o.bitorder !== 'little') throw new RangeError("'order' must be either 'little' or 'big'");
  return o;
}

/**
 * `a` along `axis` (null: flattened) as a contiguous [rows, len] array of dtype d, and how a flat
 * [rows, n] result goes back in place (the axis n long).
 */
function rowsOf(a: GpuArray, axis: number | null | undefined, d = dtypes.uint8): { x: GpuArray; rows: number; len: number; finish: (y: GpuArray, n: number) => GpuArray } {
  if (axis === null || axis === undefined || a.ndim === 0) {
    const flat = a.reshape([a.size]);
    const x = build([a.size], d, (t) => copyInto(t, flat), a.device);
    flat.dispose();
    return { x, rows: 1, len: a.size, finish: (y) => y };
  }
  const ax = normalizeAxis(axis, a.ndim);
  const { x, restore } = alongAxis(a, ax, d);
  const others = a.shape.filter((_, i) => i !== ax);
  const finish = (y: GpuArray, n: number) => {
    const moved = y.reshape([...others, n]);
    y.dispose();
    return restore(moved);
  };
  return { x, rows: others.reduce((p, s) => p * s, 1), len: a.shape[ax], finish };
}

/** rows x n uint8 results of kernel `name` over `src` (then `rest`), as a flat array. */
function launch(name: string, src: GpuArray, rows: number, n: number, rest: number[]): GpuArray {
  return build([rows * n], dtypes.uint8, (t) => (t.size > 0 ? moduleKernel(SOURCE, name)(gridFor(t.size), 256, [src, t, ...rest]) : undefined), src.device);
}

/**
 * numpy.packbits: the elements of an integer or bool array (non-zero: 1) packed into uint8 bytes
 * along `axis` (default null: flattened), 8 a byte, the last byte padded with zeros.
 * @example gp.packbits(gp.array([1, 0, 1])) // [160]
 */
export function packbits(a: ArrayLike, axis?: number | null | PackbitsOptions, options_?: PackbitsOptions): GpuArray {
  checkPositionalCount('packbits', arguments, 1, 3);
  const o = options<PackbitsOptions>('packbits', axis, options_, ['axis', 'bitorder']);
  return withArray(a, 'packbits: a', (x) => {
    if (!(x.dtype.isInteger || x.dtype.kind === 'b')) throw new TypeError('Expected an input array of integer or boolean data type');
    const bits = uf.notEqual(x, 0);
    const { x: src, rows, len, finish } = rowsOf(bits, o.axis, dtypes.uint8);
    bits.dispose();
    try {
      const nbytes = Math.ceil(len / 8);
      return finish(launch('gpa_packbits', src, rows, nbytes, [rows, len, nbytes, o.bitorder === 'little' ? 1 : 0]), nbytes);
    } finally {
      src.dispose();
    }
  });
}

/**
 * numpy.unpackbits: the bits of a uint8 array along `axis` (default null: flattened) as uint8
 * zeros and ones, 8 an element; `count` keeps that many (zeros past the data), a negative one
 * drops that many from the end.
 * @example gp.unpackbits(gp.array([2], 'uint8')) // [0, 0, 0, 0, 0, 0, 1, 0]
 */
export function unpackbits(a: ArrayLike, axis?: number | null | UnpackbitsOptions, options_?: UnpackbitsOptions): GpuArray {
  checkPositionalCount('unpackbits', arguments, 1, 4);
  const o = options<UnpackbitsOptions>('unpackbits', axis, options_, ['axis', 'count', 'bitorder']);
  return withArray(a, 'unpackbits: a', (x) => {
    if (x.dtype !== dtypes.uint8) throw new TypeError('Expected an input array of unsigned byte data type');
    if (o.count != null && !Number.isInteger(o.count)) throw new TypeError(`unpackbits: count must be an integer or null, got ${String(o.count)}`);
    const { x: src, rows, len, finish } = rowsOf(x, o.axis);
    try {
      let count = 8 * len;
      if (o.count != null) {
        if (o.count < 0 && -o.count > count) throw new RangeError('-count larger than number of elements');
        count = o.count < 0 ? count + o.count : o.count;
      }
      return finish(launch('gpa_unpackbits', src, rows, count, [rows, len, count, o.bitorder === 'little' ? 1 : 0]), count);
    } finally {
      src.dispose();
    }
  });
}
