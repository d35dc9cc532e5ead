// Gather and scatter through integer index arrays: the kernels behind advanced indexing, take,
// takeAlongAxis, put, putAlongAxis and ufunc.at. The loop (element-wise engine) runs over the
// result's shape with the index arrays viewed at that shape; each element's source (or
// destination) is the base pointer plus the basic axes' offset (the plan's strides, 0 on the
// index dims) plus index * stride per index array, in elements, 32-bit when sizes allow.
// Bounds are checked in 64 bits on the device; an out-of-bounds index sets one flag, read once.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, toDTypeValue } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { ElementwiseKernel, ElementwiseKernelFn } from '../kernel/elementwise-kernel.js';
import { indexType } from '../kernel/dims.js';
import { checkWritable } from '../kernel/overlap.js';
import { IndexError } from '../../bindings/errors.js';
import { readInt64, readInt64Async } from './device-read.js';
import { viewOf } from './array-args.js';
import { gatherFlat } from './gather-flat.js';
import { scatterLastWins } from './scatter-last.js';

/** How out-of-bounds indices are handled (numpy.take's `mode`): 'raise' an IndexError, 'wrap' around, or 'clip' to the ends. */
export type IndexMode = 'raise' | 'wrap' | 'clip';

/** One advanced axis: its index array (viewed at the loop shape), the axis length and byte stride. */
export interface IndexAxis {
  index: GpuArray;
  length: number;
  stride: number;
  /** The source axis, for error messages. */
  axis: number;
}

export interface GatherPlan {
  /** The loop (result) shape. */
  shape: number[];
  /** Byte strides of the base view at that shape (0 on index dims) and its byte offset. */
  strides: number[];
  offset: number;
  axes: IndexAxis[];
}

/**
 * The kernel-facing form of a plan. Offsets are in elements from the base pointer (a one-element
 * view at plan.offset): the base dims collapsed where their strides allow (an index gather of a
 * whole axis has none), plus index * stride per index array; 32-bit math when everything fits.
 */
export interface Launch {
  I: string;
  /** Specialisation: base dims, index signedness, mode, width. */
  key: string;
  /** Parameter declarations after the raw base and err parameters. */
  params: string;
  /** Their values, in order. */
  args: (GpuArray | number)[];
  /** The body's index arithmetic: sets `_o` (element offset) and `_bad`, and the err flag. */
  code: string;
  /** One-element view at plan.offset: the raw base argument. Dispose after the launch. */
  ptr: GpuArray;
}

export function prepareLaunch(arr: GpuArray, plan: GatherPlan, mode: IndexMode): Launch {
  const isz = arr.itemsize;
  // Base dims: drop length-1 dims, merge contiguous neighbours, and leading zero-stride dims
  // (then the new outermost needs its own modulo).
  const dims: number[] = [];
  const st: number[] = [];
  plan.shape.forEach((d, k) => {
    if (d !== 1) {
      dims.push(d);
      st.push(plan.strides[k] / isz);
    }
  });
  for (let k = dims.length - 1; k > 0; k--) {
    if (st[k - 1] === st[k] * dims[k]) {
      dims[k - 1] *= dims[k];
      st[k - 1] = st[k];
      dims.splice(k, 1);
      st.splice(k, 1);
    }
  }
  let dropped = false;
  while (dims.length > 0 && st[0] === 0) {
    dims.shift();
    st.shift();
    dropped = true;
  }
  let size = 1;
  for (const d of plan.shape) size *= d;
  let reach = 0;
  dims.forEach((d, k) => (reach += (d - 1) * Math.abs(st[k])));
  for (const ax of plan.axes) reach += Math.max(0, ax.length - 1) * Math.abs(ax.stride / isz);
  // The element-wise engine's rule (dims.ts): _o stays within reach of the base and i below size.
  const I = indexType(size, [reach]);
  const nd = dims.length;
  const params: string[] = [];
  const args: (GpuArray | number)[] = [];
  const lines = [`${I} _o = 0; int _bad = 0;`];
  if (nd > 0) {
    lines.push(`{ ${I} _r = (${I})i;`);
    for (let k = nd - 1; k >= 0; k--) {
      params.push(`int64 bt${k}`);
      args.push(st[k]);
      if (k > 0 || dropped) {
        params.push(`int64 bd${k}`);
        args.push(dims[k]);
        lines.push(`  _o += (_r % (${I})bd${k}) * (${I})bt${k};${k > 0 ? ` _r /= (${I})bd${k};` : ''}`);
      } else lines.push(`  _o += _r * (${I})bt${k};`);
    }
    lines.push('}');
  }
  plan.axes.forEach((ax, k) => {
    params.push(`J${k} j${k}`, `int64 s${k}`, `int64 n${k}`);
    args.push(ax.index, ax.stride / isz, ax.length);
    const unsigned = ax.index.dtype.kind === 'u' || ax.index.dtype.kind === 'b';
    const j = `j${k}`;
    const n = `n${k}`;
    lines.push('{');
    // Bounds in 64 bits (an int64 index past 2^31 must not wrap into range), the product in I.
    if (unsigned) {
      lines.push(`  unsigned long long _u = (unsigned long long)${j};`);
      if (mode === 'raise') lines.push(`  if (_u >= (unsigned long long)${n}) { _bad = ${k + 1}; _u = 0; }`);
      else if (mode === 'wrap') lines.push(`  _u %= (unsigned long long)${n};`);
      else lines.push(`  if (_u >= (unsigned long long)${n}) _u = ${n} - 1;`);
      lines.push(`  _o += (${I})_u * (${I})s${k};`);
    } else {
      lines.push(`  long long _t = (long long)${j};`);
      if (mode === 'raise') lines.push(`  if (_t < 0) _t += ${n};`, `  if (_t < 0 || _t >= ${n}) { _bad = ${k + 1}; _t = 0; }`);
      else if (mode === 'wrap') lines.push(`  _t %= ${n};`, `  if (_t < 0) _t += ${n};`);
      else lines.push(`  if (_t < 0) _t = 0;`, `  if (_t >= ${n}) _t = ${n} - 1;`);
      lines.push(`  _o += (${I})_t * (${I})s${k};`);
    }
    lines.push('}');
  });
  lines.push('if (_bad) err[0] = _bad;');
  const key = `${nd}${dropped ? 'd' : ''}|${plan.axes.map((a) => (a.index.dtype.kind === 'i' ? 's' : 'u')).join('')}|${mode}|${I}`;
  const ptr = viewOf(arr, [1], [isz], plan.offset);
  return { I, key, params: renameJ(params.map((x) => `, ${x}`).join('')), args, code: lines.join('\n'), ptr };
}

// Placeholders for the index dtypes: J0..J9 would clash with one-letter placeholders, so letters.
const LETTERS = 'ABCDEFGHJKLMNOPQRSUVWXYZ';
const renameJ = (s: string) => s.replace(/\bJ(\d+)\b/g, (_, d: string) => LETTERS[Number(d)]);

const gatherMemo = new Map<string, ElementwiseKernelFn>();
const scatterMemo = new Map<string, ElementwiseKernelFn>();

function gatherKernel(l: Launch): ElementwiseKernelFn {
  let k = gatherMemo.get(l.key);
  if (k === undefined) {
    k = ElementwiseKernel(`raw T src, raw int64 err${l.params}`, 'T out0', `${l.code}\nout0 = src.data()[_o]`, 'gpa_gather');
    gatherMemo.set(l.key, k);
  }
  return k;
}

export type ScatterOp = 'set' | 'add' | 'subtract' | 'multiply' | 'maximum' | 'minimum';

function scatterKernel(l: Launch, op: ScatterOp, half: boolean): ElementwiseKernelFn {
  const key = `${l.key}|${op}|${half}`;
  let k = scatterMemo.get(key);
  if (k === undefined) {
    const write =
      op === 'add'
        ? 'gpa_atomic_add(_p, v)'
        : op === 'subtract'
          ? 'gpa_atomic_sub(_p, v)'
          : op === 'multiply'
            ? 'gpa_atomic_mul(_p, v)'
            : op === 'maximum'
              ? 'gpa_atomic_max(_p, v)'
              : op === 'minimum'
                ? 'gpa_atomic_min(_p, v)'
                : '*_p = v';
    k = ElementwiseKernel(`raw T dst, raw int64 err, T v${l.params}`, '', `${l.code}\nif (!_bad) { T* _p = dst.data() + _o; ${write}; }`, `gpa_scatter_${op}`, {
      noReturn: true,
      preamble: op === 'set' ? '' : atomicPreamble(half),
    });
    scatterMemo.set(key, k);
  }
  return k;
}

// Atomic read-modify-write through a compare-and-swap on the element's bits (on the aligned
// 4-byte word holding it for 1- and 2-byte types): unbuffered, so repeated indices all count, as
// ufunc.at. float16 computes in float and rounds once to half, as NumPy's float16 loops.
const ATOMIC_PREAMBLE = `
template <typename T> struct gpa_bits;
#define GPA_BITS_INT(T, BT) template <> struct gpa_bits<T> { typedef BT B; __device__ static B to(T x) { return (B)x; } __device__ static T from(B b) { return (T)b; } };
GPA_BITS_INT(signed char, unsigned char)
GPA_BITS_INT(unsigned char, unsigned char)
GPA_BITS_INT(short, unsigned short)
GPA_BITS_INT(unsigned short, unsigned short)
GPA_BITS_INT(int, unsigned int)
GPA_BITS_INT(unsigned int, unsigned int)
GPA_BITS_INT(long long, unsigned long long)
GPA_BITS_INT(unsigned long long, unsigned long long)
template <> struct gpa_bits<float> { typedef unsigned int B; __device__ static B to(float x) { return (B)__float_as_int(x); } __device__ static float from(B b) { return __int_as_float((int)b); } };
template <> struct gpa_bits<double> { typedef unsigned long long B; __device__ static B to(double x) { return (B)__double_as_longlong(x); } __device__ static double from(B b) { return __longlong_as_double((long long)b); } };
template <typename T> __device__ __forceinline__ T gpa_wide(T x) { return x; }
GPA_HALF_SUPPORT
template <typename T, typename F> __device__ __forceinline__ void gpa_atomic_update(T* p, F f) {
  typedef typename gpa_bits<T>::B B;
  if constexpr (sizeof(T) >= 4) {
    B* bp = (B*)p;
    B old = *(volatile B*)bp, assumed;
    do { assumed = old; old = atomicCAS(bp, assumed, gpa_bits<T>::to(f(gpa_bits<T>::from(assumed)))); } while (old != assumed);
  } else {
    // Little-endian: the element is bits [sh, sh + 8 * sizeof(T)) of its aligned word.
    unsigned int* wp = (unsigned int*)((size_t)p & ~(size_t)3);
    const unsigned int sh = (unsigned int)((size_t)p & 3) * 8u;
    const unsigned int m = (sizeof(T) == 1 ? 0xFFu : 0xFFFFu) << sh;
    unsigned int old = *(volatile unsigned int*)wp, assumed;
    do {
      assumed = old;
      const T x = gpa_bits<T>::from((B)((assumed & m) >> sh));
      const unsigned int nb = ((unsigned int)gpa_bits<T>::to(f(x)) << sh) & m;
      old = atomicCAS(wp, assumed, (assumed & ~m) | nb);
    } while (old != assumed);
  }
}
// NaN wins in maximum/minimum, as NumPy.
template <typename T> __device__ __forceinline__ bool gpa_isnan_(T x) { return gpa_wide(x) != gpa_wide(x); }
template <typename T> __device__ __forceinline__ void gpa_atomic_add(T* p, T v) { gpa_atomic_update(p, [=](T x) { return (T)(gpa_wide(x) + gpa_wide(v)); }); }
template <typename T> __device__ __forceinline__ void gpa_atomic_sub(T* p, T v) { gpa_atomic_update(p, [=](T x) { return (T)(gpa_wide(x) - gpa_wide(v)); }); }
template <typename T> __device__ __forceinline__ void gpa_atomic_mul(T* p, T v) { gpa_atomic_update(p, [=](T x) { return (T)(gpa_wide(x) * gpa_wide(v)); }); }
template <typename T> __device__ __forceinline__ void gpa_atomic_max(T* p, T v) { gpa_atomic_update(p, [=](T x) { return gpa_isnan_(x) ? x : gpa_isnan_(v) ? v : (gpa_wide(x) < gpa_wide(v) ? v : x); }); }
template <typename T> __device__ __forceinline__ void gpa_atomic_min(T* p, T v) { gpa_atomic_update(p, [=](T x) { return gpa_isnan_(x) ? x : gpa_isnan_(v) ? v : (gpa_wide(v) < gpa_wide(x) ? v : x); }); }
`;

// float16 (only in kernels that include gpuarray/float16.h): its bits, and float arithmetic.
const HALF_SUPPORT = `
#if defined(__CUDACC__)
template <> struct gpa_bits<float16> { typedef unsigned short B; __device__ static B to(float16 x) { return __half_as_ushort(x); } __device__ static float16 from(B b) { return __ushort_as_half(b); } };
#else
template <> struct gpa_bits<float16> { typedef unsigned short B; static B to(float16 x) { B b; std::memcpy(&b, &x, 2); return b; } static float16 from(B b) { float16 x; std::memcpy(&x, &b, 2); return x; } };
#endif
__device__ __forceinline__ float gpa_wide(float16 x) { return (float)x; }
`;

const atomicPreamble = (half: boolean) => ATOMIC_PREAMBLE.replace('GPA_HALF_SUPPORT', half ? HALF_SUPPORT : '');

/** The dtypes ufunc.at updates atomically. */
export const ATOMIC_DTYPES: ReadonlySet<string> = new Set(['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64']);

function checkAxes(axes: readonly IndexAxis[], size: number, mode: IndexMode): void {
  if (size === 0) return;
  for (const ax of axes) {
    if (ax.length === 0) {
      if (mode === 'raise') throw new IndexError(`index 0 is out of bounds for axis ${ax.axis} with size 0`);
      throw new IndexError('cannot do a non-empty take from an empty axes.');
    }
  }
}

function raiseFlag(flag: number, axes: readonly IndexAxis[]): void {
  if (flag === 0) return;
  const ax = axes[flag - 1];
  throw new IndexError(`index out of bounds for axis ${ax.axis} with size ${ax.length}`);
}

function errFlag(base: GpuArray): GpuArray {
  const err = GpuArray.allocate([1], dtypes.int64, base.device);
  return err.fill(0);
}

/** Launch a gather into `out` (shape plan.shape, src's dtype); the flag is returned unread. */
function launchGather(src: GpuArray, plan: GatherPlan, mode: IndexMode, out: GpuArray): GpuArray {
  checkAxes(plan.axes, out.size, mode);
  const err = errFlag(src);
  try {
    if (out.size > 0 && !gatherFlat(src, plan, mode, out, err)) {
      const l = prepareLaunch(src, plan, mode);
      try {
        gatherKernel(l)(l.ptr, err, ...l.args, out);
      } finally {
        l.ptr.dispose();
      }
    }
    return err;
  } catch (e) {
    err.dispose();
    throw e;
  }
}

/** src gathered through the plan: a new array of plan.shape (or written into `out`). */
export function gather(src: GpuArray, plan: GatherPlan, mode: IndexMode = 'raise', out?: GpuArray): GpuArray {
  const result = out ?? GpuArray.allocate(plan.shape, src.dtype, src.device);
  try {
    const err = launchGather(src, plan, mode, result);
    try {
      if (mode === 'raise') raiseFlag(readInt64(err, 0), plan.axes);
    } finally {
      err.dispose();
    }
    return result;
  } catch (e) {
    if (out === undefined) result.dispose();
    throw e;
  }
}

/** gather() whose flag read does not block the event loop. */
export async function gatherAsync(src: GpuArray, plan: GatherPlan, mode: IndexMode = 'raise'): Promise<GpuArray> {
  const result = GpuArray.allocate(plan.shape, src.dtype, src.device);
  try {
    const err = launchGather(src, plan, mode, result);
    try {
      if (mode === 'raise') raiseFlag(await readInt64Async(err, 0), plan.axes);
    } finally {
      err.dispose();
    }
    return result;
  } catch (e) {
    result.dispose();
    throw e;
  }
}

/**
 * dst[plan] = value (op 'set'; with repeated indices one of the writes lands), or an unbuffered
 * atomic update (op 'add' ...: every repeat counts, as ufunc.at). `value` broadcasts to plan.shape
 * and is cast to dst's dtype first.
 */
export function scatter(dst: GpuArray, plan: GatherPlan, value: GpuArray | Scalar | HostScalar, mode: IndexMode = 'raise', op: ScatterOp = 'set'): void {
  checkWritable('assignment destination', dst);
  let size = 1;
  for (const d of plan.shape) size *= d;
  checkAxes(plan.axes, size, mode);
  if (size === 0) return;
  let v: GpuArray | HostScalar;
  let tmp: GpuArray | null = null;
  let own: GpuArray | null = null;
  if (value instanceof Scalar && op === 'set' && value.dtype !== dst.dtype) {
    // A typed scalar is cast as the basic path's assign casts it (NumPy: complex64(2) into float32 is 2).
    own = GpuArray.allocate([], dst.dtype, dst.device);
    own.fill(value);
    value = own;
  }
  if (value instanceof GpuArray) {
    // A value sharing dst's memory is read from a copy (the writes would otherwise be seen).
    if (value.dtype !== dst.dtype || value.buffer === dst.buffer) v = tmp = value.astype(dst.dtype);
    else v = value;
    // Broadcast to the loop shape so the loop runs over every indexed element.
    const b = (v as GpuArray).broadcastTo(plan.shape);
    if (tmp !== null) tmp.dispose();
    v = tmp = b;
  } else {
    v = value instanceof Scalar ? (value.value as HostScalar) : value;
    // A host value written as it is cast to dst's dtype (NumPy's setitem: 1.5 into an int array is 1).
    if (op === 'set') v = toDTypeValue(v, dst.dtype) as HostScalar;
  }
  const err = errFlag(dst);
  try {
    const l = prepareLaunch(dst, plan, mode);
    try {
      // A scalar value needs the loop shape from the index arrays, which are viewed at plan.shape.
      if (op === 'set') scatterLastWins(dst, l, plan, err, v, size);
      else scatterKernel(l, op, dst.dtype === dtypes.float16)(l.ptr, err, v as GpuArray, ...l.args);
    } finally {
      l.ptr.dispose();
    }
    if (mode === 'raise') raiseFlag(readInt64(err, 0), plan.axes);
  } finally {
    err.dispose();
    tmp?.dispose();
    own?.dispose();
  }
}

/** The dtype check NumPy makes of index arrays. */
export function checkIndexDType(d: DType): void {
  if (!(d.kind === 'i' || d.kind === 'u')) throw new IndexError('arrays used as indices must be of integer (or boolean) type');
}
