// Device-wide scans along one axis (cumsum, cumprod, nancumsum, nancumprod, ufunc.accumulate)
// on kernels/gpuarray/prefix_scan.h, and the exclusive scan the sort and set routines build on.
// The axis is moved last and the data made contiguous in the accumulation dtype when it is not
// already, so the kernels only see independent contiguous rows.
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { normalizeAxis, sameShape } from '../core/shape.js';
import { runsInOut } from './reduction-rules.js';
import { ArrayLike, bindArgsNoneDefault, isHostArrayLike, isJsScalar, withArray } from './array-args.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';
import { Ufunc } from './ufunc.js';
import { foldAccumulate } from './ufunc-fold.js';
import { UFUNC_SCANS } from './ufunc-table.js';
import { ufuncFunctions } from './ufunc-api.js';
import { where } from './where.js';
import { complexScanSource } from './scan-complex-source.js';
import { scanEntries } from './scan-entries.js';
import { zeroedArray } from './creation.js';
import { Device, registerStreamScratch } from '../device/device.js';

export type ScanOp = 'add' | 'multiply' | 'maximum' | 'minimum';

const TILE = 256 * 8;
/** Rows up to this long are scanned a thread a row on the GPU too (the tiled passes give each a block). */
const SERIAL_ROW_MAX = 32;

/**
 * The shape of the one-row look-back scan (kernels/gpuarray/prefix_scan_lookback.h, _regs.h). 'staged' is
 * scan_lookback: 256 threads, the tile staged in shared memory, a Hillis-Steele block scan, tiles by
 * ticket (threads, load, ticket and delayNs are ignored); 'registers' is scan_lookback_regs.
 */
export interface LookbackShape {
  kernel: 'staged' | 'registers';
  /** Threads a block (registers: a multiple of 32 up to 1024). */
  threads: number;
  /** Elements a thread. */
  items: number;
  /** registers: warp-striped loads transposed through shared memory, or each thread's run read directly (16-byte vectors where aligned). */
  load: 'transpose' | 'direct';
  /** registers: tiles by an atomic ticket, or by block index. */
  ticket: boolean;
  /** The __launch_bounds__ minimum of blocks per SM (a register cap); 0: none. */
  minBlocks: number;
  /** registers: __nanosleep between polls of a look-back window that is not ready, in ns (0: spin). */
  delayNs: number;
  /** Each block first prefetches the tile this many tiles on into L2 (0: none). */
  ahead: number;
}

/**
 * The look-back scan's shape for types of up to 4 bytes (`narrow`: one 64-bit status word per
 * tile) and of 8 bytes (`wide`). Switched by bench/probes/scan-probe.ts to measure the shapes
 * (bench/RESULTS.md). On the H200: cumsum of 256M float32 took 0.606 ms with the narrow shape
 * below (tile in registers, 128 x 24, block-index tiles, 12 blocks per SM, the tile 384 on
 * prefetched into L2), 0.711-0.730 without the prefetch; of 128M float64 0.838 ms with the wide
 * shape (128 x 28, 4 blocks per SM, prefetch 256 on), 0.929 at 128 x 20 and 5 blocks per SM,
 * 1.102-1.134 with the staged 256 x 8 kernel they replaced.
 */
export const lookbackShapes: { narrow: LookbackShape; wide: LookbackShape } = {
  narrow: { kernel: 'registers', threads: 128, items: 24, load: 'transpose', ticket: false, minBlocks: 12, delayNs: 0, ahead: 384 },
  wide: { kernel: 'registers', threads: 128, items: 28, load: 'transpose', ticket: false, minBlocks: 4, delayNs: 0, ahead: 256 },
};

const shapeOf = (d: DType) => (d.itemsize <= 4 ? lookbackShapes.narrow : lookbackShapes.wide);

/** Refuses a shape the kernels cannot take (static shared memory stays under 48 KB). */
function checkShape(s: LookbackShape, itemsize: number): void {
  const threadsOk = s.kernel === 'staged' ? s.threads === 256 : s.threads % 32 === 0 && s.threads >= 32 && s.threads <= 1024;
  const staged = (s.kernel === 'staged' || s.load === 'transpose' ? s.threads * s.items * (33 / 32) : 0) * itemsize;
  if (!threadsOk || !Number.isInteger(s.items) || s.items < 1 || s.items > 64 || staged > 46 * 1024 || !Number.isInteger(s.ahead) || s.ahead < 0) {
    throw new RangeError(`scan: look-back shape ${JSON.stringify(s)} not supported`);
  }
}

/** The look-back kernel's entry point for a shape. */
function lookbackEntry(s: LookbackShape, itemsize: number): string {
  checkShape(s, itemsize);
  const bounds = s.minBlocks > 0 ? `__launch_bounds__(${s.threads}, ${s.minBlocks}) ` : s.kernel === 'registers' ? `__launch_bounds__(${s.threads}) ` : '';
  const call =
    s.kernel === 'staged'
      ? `gpa::scan_lookback<Acc, ${s.items}, ${s.ahead}>`
      : `gpa::scan_lookback_regs<Acc, ${s.threads}, ${s.items}, ${s.load === 'direct' ? 1 : 0}, ${s.ticket}, ${s.delayNs}, ${s.ahead}>`;
  // Types of up to 4 bytes: the ticket is the word after the status words (one zeroed array).
  // status: the address of the status words (types of up to 4 bytes: flag and value in one; wider
  // types: the flags, their values in aggs and incls), a zeroed array or the stream's kept buffer.
  return `extern "C" __global__ void ${bounds}gpa_scan_lookback(const void* x, void* y, unsigned long long status, unsigned long long aggs, unsigned long long incls, long long len, long long tiles, int exclusive, unsigned int epoch) {
  unsigned int* f = (unsigned int*)status;
  Acc* a = sizeof(Acc) <= 4 ? (Acc*)status : (Acc*)aggs;
  unsigned int* ticket = sizeof(Acc) <= 4 ? (unsigned int*)((unsigned long long*)status + tiles) : f + tiles;
  ${call}((const Acc*)x, (Acc*)y, a, (Acc*)incls, f, ticket, epoch, len, exclusive, IDENT, ScanLoad(), ScanOp());
}
`;
}

/** C++ of the operator on Acc; integer add/multiply wrap as NumPy's (unsigned arithmetic in C). */
function opExpr(op: ScanOp, d: DType): string {
  const wrap = (e: string) => `(Acc)((unsigned long long)a ${e} (unsigned long long)b)`;
  const int = d.kind === 'i' || d.kind === 'u';
  switch (op) {
    case 'add':
      return int ? wrap('+') : d.kind === 'b' ? '(Acc)(a || b)' : 'a + b';
    case 'multiply':
      return int ? wrap('*') : d.kind === 'b' ? '(Acc)(a && b)' : 'a * b';
    // NaN propagates (NumPy's maximum/minimum): a NaN prefix stays NaN, a NaN element wins.
    case 'maximum':
      return '(a > b || a != a) ? a : b';
    case 'minimum':
      return '(a < b || a != a) ? a : b';
  }
}

const LIMITS: Partial<Record<string, [string, string]>> = {
  bool: ['false', 'true'],
  int8: ['-128', '127'],
  int16: ['-32768', '32767'],
  int32: ['(-2147483647 - 1)', '2147483647'],
  int64: ['(-9223372036854775807LL - 1)', '9223372036854775807LL'],
  uint8: ['0', '255'],
  uint16: ['0', '65535'],
  uint32: ['0u', '4294967295u'],
  uint64: ['0ull', '18446744073709551615ull'],
  float32: ['-__int_as_float(0x7f800000)', '__int_as_float(0x7f800000)'],
  float64: ['-__longlong_as_double(0x7ff0000000000000LL)', '__longlong_as_double(0x7ff0000000000000LL)'],
};

function identity(op: ScanOp, d: DType): string {
  if (op === 'add') return '0';
  if (op === 'multiply') return '1';
  const lim = LIMITS[d.name];
  if (!lim) throw new TypeError(`${op}.accumulate: unsupported dtype ${d.name}`);
  return op === 'maximum' ? lim[0] : lim[1];
}

export function scanSource(d: DType, op: ScanOp, skipNan: boolean): string {
  if (d.isComplex) {
    if (op !== 'add' && op !== 'multiply') throw new TypeError(`${op}.accumulate: complex dtypes are not supported yet`);
    return complexScanSource(d, op, skipNan);
  }
  const load = skipNan && d.kind === 'f' ? `v != v ? (Acc)(${identity(op, d)}) : v` : 'v';
  return `${COOPERATIVE_MARK}#include "gpuarray/prefix_scan.h"
#include "gpuarray/scan_rows.h"
typedef ${d.ctype} Acc;
struct ScanOp { __device__ __forceinline__ Acc operator()(Acc a, Acc b) const { return ${opExpr(op, d)}; } };
struct ScanLoad { __device__ __forceinline__ Acc operator()(Acc v) const { return ${load}; } };
#define IDENT ((Acc)(${op === 'add' && d.kind === 'f' ? '-0.0' : identity(op, d)}))
${scanEntries(lookbackEntry(shapeOf(d), d.itemsize))}`;
}

/**
 * Scan `rows` contiguous rows of `len` elements of x into y (both C-contiguous, dtype d; y may be x).
 * Exclusive scans write the identity first and drop the last element's contribution.
 */
export function scanRows(x: GpuArray, y: GpuArray, rows: number, len: number, op: ScanOp, opts: { exclusive?: boolean; skipNan?: boolean } = {}): void {
  if (rows === 0 || len === 0) return;
  const d = x.dtype;
  const src = scanSource(d, op, opts.skipNan ?? false);
  const tiles = Math.ceil(len / TILE);
  const serial = x.device.backend.launchHints.serialThreads;
  if (len <= SERIAL_ROW_MAX || (serial && (rows > 1 || tiles === 1))) {
    // A thread a row (kernels/gpuarray/scan_rows.h): on the cpu, a few blocks of one thread.
    const threads = serial ? 1 : 256;
    const grid = gridFor(rows, threads, serial ? 4 * x.device.backend.device.multiprocessorCount : 65536);
    moduleKernel(src, 'gpa_scan_rows_serial')(grid, threads, [x, y, rows, len, opts.exclusive ? 1 : 0]);
    return;
  }
  if (rows === 1 && tiles > 1 && !d.isComplex) {
    // One long row: a single pass with decoupled look-back (status words and the ticket start at 0).
    const shape = shapeOf(d);
    const threads = shape.kernel === 'staged' ? 256 : shape.threads;
    const lbTiles = Math.ceil(len / (threads * shape.items));
    // Types of up to 4 bytes: one 64-bit status word per tile (flag and value) and the ticket
    // after them, one zeroed array; wider types: values in aggs/incls, zeroed flags + ticket.
    const packed = d.itemsize <= 4;
    // Block-index tiles reuse the stream's status buffer under a new epoch (no zeroing launch).
    const kept = shape.kernel === 'registers' && !shape.ticket ? keptStatus(x.device, packed, lbTiles) : null;
    const status = kept === null ? zeroedArray([lbTiles + 1], packed ? dtypes.uint64 : dtypes.uint32, x.device) : null;
    const values = packed ? null : [GpuArray.allocate([lbTiles], d, x.device), GpuArray.allocate([lbTiles], d, x.device)];
    try {
      const [aggs, incls] = values === null ? [0, 0] : [values[0].ptr, values[1].ptr];
      moduleKernel(src, 'gpa_scan_lookback')(lbTiles, threads, [x, y, kept?.ptr ?? status!.ptr, aggs, incls, len, lbTiles, opts.exclusive ? 1 : 0, kept?.epoch ?? 0]);
    } finally {
      status?.dispose();
      for (const v of values ?? []) v.dispose();
    }
    return;
  }
  const sums = GpuArray.allocate([rows * tiles], d, x.device);
  try {
    moduleKernel(src, 'gpa_scan_reduce')(rows * tiles, 256, [x, sums, len, tiles]);
    moduleKernel(src, 'gpa_scan_prefix')(rows, 256, [sums, tiles]);
    moduleKernel(src, 'gpa_scan_apply')(rows * tiles, 256, [x, y, sums, len, tiles, opts.exclusive ? 1 : 0]);
  } finally {
    sums.dispose();
  }
}

// ---- the status buffer kept between look-back scans ----------------------------------------------

/**
 * Each stream keeps two status buffers for the look-back scans with block-index tiles, one of
 * 64-bit words (types of up to 4 bytes) and one of 32-bit flags (wider types): a call tags its
 * flags with a new epoch (prefix_scan_lookback.h's scan_flag), so the words of earlier calls read
 * as not ready and no zeroing launch precedes the scan. (One buffer for both layouts would let a
 * 64-bit word's value half pass for a flag.) Calls needing more words than a buffer holds, a graph
 * capture (whose replays would all see the epoch of the capture) and ticket tiles zero an array
 * instead.
 */
const KEPT_STATUS = { packed: { key: 'scan-status-64', bytes: 1 << 20, word: 8 }, wide: { key: 'scan-status-32', bytes: 1 << 19, word: 4 } };
for (const k of Object.values(KEPT_STATUS)) registerStreamScratch(k.key, k.bytes);
/**
 * `maxEpoch`: the epochs a kept buffer goes through before it is zeroed again (the flag word keeps
 * 2 bits for the flag; tests lower it); `enabled` false zeroes an array for every call (the probes
 * compare the two).
 */
export const keptStatusBuffers = { enabled: true, maxEpoch: 2 ** 30 - 1 };
const epochs = new WeakMap<Device, Map<number, number>>();

function keptStatus(device: Device, packed: boolean, tiles: number): { ptr: number; epoch: number } | null {
  const kind = packed ? KEPT_STATUS.packed : KEPT_STATUS.wide;
  if (!keptStatusBuffers.enabled || tiles * kind.word > kind.bytes || device.capturing) return null;
  const ptr = device.streamScratch(kind.key);
  let m = epochs.get(device);
  if (m === undefined) epochs.set(device, (m = new Map()));
  let epoch = (m.get(ptr) ?? 0) + 1;
  if (epoch > keptStatusBuffers.maxEpoch) {
    // Every epoch used: zero the buffer and start again.
    device.backend.memset(ptr, 0, kind.bytes, device.currentStream());
    epoch = 1;
  }
  m.set(ptr, epoch);
  return { ptr, epoch };
}

// ---- NumPy's accumulation dtypes ---------------------------------------------------------------

/** cumsum/cumprod: bool and ints below 64 bits accumulate in int64 (unsigned in uint64); dtype= wins. */
export function accumulateDType(op: ScanOp, x: DType, want: DType | undefined): DType {
  if (want) return want;
  if (op === 'maximum' || op === 'minimum') return x;
  if (x.kind === 'b' || (x.kind === 'i' && x.itemsize < 8)) return dtypes.int64;
  if (x.kind === 'u' && x.itemsize < 8) return dtypes.uint64;
  return x;
}

/** Options of cumsum, cumprod, nancumsum and nancumprod (also accepted as (a, axis, options)). */
export interface ScanOptions {
  /** The axis to scan along; null (the default for cumsum) scans the flattened array. */
  axis?: number | null;
  /** Accumulator and result dtype. */
  dtype?: DTypeLike;
  /** Where to write the result (the result's shape; values cast to its dtype). */
  out?: GpuArray;
}


/**
 * A scan's arguments after the array: NumPy's axis, dtype, out by position, then the options object.
 * tupleAxis (ufunc.accumulate): an axis list of one is that axis, a longer or empty one NumPy's
 * ValueError (cumsum's axis takes no tuple: the TypeError below).
 */
export function scanOptions(name: string, more: readonly unknown[], tupleAxis = false): ScanOptions {
  let opts = bindArgsNoneDefault(name, more, ['axis', 'dtype', 'out']) as ScanOptions;
  const ax: unknown = opts.axis;
  if (tupleAxis && Array.isArray(ax)) {
    if (ax.length !== 1) throw new RangeError(`${name}: accumulate does not allow multiple axes`);
    opts = { ...opts, axis: ax[0] as number };
  }
  if (opts.axis !== undefined && opts.axis !== null && typeof opts.axis !== 'number') throw new TypeError(`${name}: axis must be an integer or null`);
  if (opts.out !== undefined && !(opts.out instanceof GpuArray)) throw new TypeError(`${name}: out must be a GpuArray`);
  return opts;
}

/** The scan dtype a result dtype computes in (its compute dtype: float16 and bfloat16 in float32). */
const computeOf = (d: DType) => d.compute;

/** Scan x along `axis` (null: flattened) with `op`, in `resultDType`; NaN skipped (nan variants) when skipNan. */
export function scanAlongAxis(name: string, x: GpuArray, axis: number | null, op: ScanOp, resultDType: DType, skipNan: boolean, out?: GpuArray): GpuArray {
  if (!(x instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
  // Complex: add and multiply (NumPy's cumsum/cumprod); maximum/minimum's ordering is not ported.
  // Complex data into a real dtype keep their real part (NumPy's cast, which warns).
  if (resultDType.isComplex && op !== 'add' && op !== 'multiply') {
    throw new TypeError(`${name}: complex dtypes are not supported yet`);
  }
  const flat = axis === null;
  const ax = flat ? 0 : normalizeAxis(axis, x.ndim);
  const shape = flat ? [x.size] : [...x.shape];
  if (out !== undefined && !sameShape(out.shape, shape)) throw new RangeError(`${name}: out has shape [${out.shape}], expected [${shape}]`);
  const acc = computeOf(resultDType);
  const src = flat ? x.reshape([x.size]) : x;
  // Axis last: a permutation view, then (when needed) one contiguous copy in the accumulation dtype.
  const perm = shape.map((_, i) => i).filter((i) => i !== ax);
  perm.push(ax);
  const moved = src.transpose(perm);
  const direct = moved.layoutFlags.cContiguous && moved.dtype === acc;
  const work = direct ? moved : moved.astype(acc);
  try {
    const res = GpuArray.allocate(moved.shape, acc, x.device);
    const len = shape[ax] ?? 1;
    scanRows(work, res, len === 0 ? 0 : res.size / len, len, op, { skipNan });
    const inv = perm.map((_, i) => perm.indexOf(i));
    const back = res.transpose(inv);
    if (out !== undefined) {
      kernelHooks().assign(out, back);
      back.dispose();
      res.dispose();
      return out;
    }
    if (ax === shape.length - 1 && acc === resultDType) {
      back.dispose();
      return res;
    }
    const r = back.astype(resultDType);
    back.dispose();
    res.dispose();
    return r;
  } finally {
    if (!direct) work.dispose();
    moved.dispose();
    if (src !== x) src.dispose();
  }
}

function cumulative(name: string, op: ScanOp, skipNan: boolean) {
  const fn = (a: ArrayLike, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray => {
    // Host data as NumPy's array_like (`gp.cumsum([1, 2, 3])`, a scalar: `cumsum(1)` is [1]): uploaded, scanned, freed.
    if (isHostArrayLike(a) || isJsScalar(a) || a instanceof Scalar) return withArray(a, `${name}: a`, (h) => fn(h, axisOrOptions, ...more));
    const o = scanOptions(name, [axisOrOptions, ...more]);
    if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
    // Without dtype=, out's dtype as NumPy (cumprod of int64 into a float64 out multiplies in float64).
    const want = o.dtype !== undefined ? toDType(o.dtype) : o.out !== undefined && runsInOut(a.dtype, o.out.dtype) ? o.out.dtype : undefined;
    let axis = o.axis ?? null;
    // NumPy scans a 0-d array as 1-D: axis 0 or -1 gives shape [1], as axis null does.
    if (a.ndim === 0 && axis !== null) {
      normalizeAxis(axis, 1);
      axis = null;
    }
    const dt = accumulateDType(op, a.dtype, want);
    // nancumsum/nancumprod into a bool or integer dtype (or complex data into a real one): NumPy
    // replaces NaN by the identity before the cast (a NaN cast to int64 first is garbage the scan
    // cannot recognise; inf + nanj cast to float keeps the inf).
    const cleanFirst = a.dtype.isComplex ? !dt.isComplex : a.dtype.isFloat && !(dt.isFloat || dt.isComplex);
    if (skipNan && cleanFirst) {
      const nan = ufuncFunctions.isnan(a);
      const clean = where(nan, op === 'add' ? 0 : 1, a);
      nan.dispose();
      try {
        return scanAlongAxis(name, clean, axis, op, dt, false, o.out);
      } finally {
        clean.dispose();
      }
    }
    return scanAlongAxis(name, a, axis, op, dt, skipNan, o.out);
  };
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}

/**
 * numpy.cumsum: the cumulative sum along `axis` (default null: over the flattened array). Bool and
 * integers below 64 bits accumulate in int64 (unsigned in uint64) unless `dtype` is given.
 * @example gp.cumsum(a, 1)
 */
export const cumsum = cumulative('cumsum', 'add', false);
/**
 * numpy.cumprod: the cumulative product along `axis` (default null: over the flattened array), with
 * cumsum's accumulation dtypes.
 * @example gp.cumprod(a, { axis: 0 })
 */
export const cumprod = cumulative('cumprod', 'multiply', false);
/** numpy.nancumsum: cumsum with NaNs counted as zero. */
export const nancumsum = cumulative('nancumsum', 'add', true);
/** numpy.nancumprod: cumprod with NaNs counted as one. */
export const nancumprod = cumulative('nancumprod', 'multiply', true);

// ---- ufunc.accumulate ------------------------------------------------------------------------------

const ACCUMULATE: Record<string, ScanOp> = Object.fromEntries(UFUNC_SCANS.map((n) => [n, n]));

declare module './ufunc.js' {
  interface Ufunc {
    /**
     * ufunc.accumulate along axis (default 0; null only for 1-D) of a binary ufunc of one output.
     * add, multiply, maximum and minimum run the device-wide scan: maximum/minimum keep the input
     * dtype, add/multiply accumulate bool and integers below 64 bits in int64 (unsigned: uint64)
     * as cumsum, unless dtype= or out= says otherwise (NumPy). The others run NumPy's loop along
     * the axis, in the loop NumPy picks for (a, a). @example gp.ufuncs.get('maximum')!.accumulate(a)
     */
    accumulate(a: ArrayLike, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray;
  }
}

Object.defineProperty(Ufunc.prototype, 'accumulate', {
  value: function (this: Ufunc, a: ArrayLike, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray {
    const name = `${this.name}.accumulate`;
    if (this.nin !== 2) throw new TypeError(`${name}: accumulate only supported for binary functions`);
    if (this.nout !== 1) throw new TypeError(`${name}: accumulate only supported for functions returning a single value`);
    if (isHostArrayLike(a) || isJsScalar(a)) return withArray(a, `${name}: a`, (h) => this.accumulate(h, axisOrOptions, ...more));
    const o = scanOptions(name, [axisOrOptions, ...more], true);
    if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
    // NumPy refuses a 0-d array whatever the axis (cumsum, unlike accumulate, scans it as 1-D).
    if (a.ndim === 0) throw new TypeError(`${name}: cannot accumulate on a scalar`);
    const axis = o.axis === undefined ? 0 : o.axis;
    if (axis === null && a.ndim > 1) throw new RangeError('accumulate does not allow multiple axes');
    const want = o.dtype === undefined ? undefined : toDType(o.dtype);
    const op = ACCUMULATE[this.name];
    // The others (and complex maximum/minimum): NumPy's sequential loop along the axis (ufunc-fold.ts).
    if (op === undefined || (a.dtype.isComplex && op !== 'add' && op !== 'multiply')) return foldAccumulate(this, a, axis, want, o.out);
    // Without dtype=, out's dtype only where NumPy's loop runs in it (as cumsum): float data into an
    // integer or bool out accumulate as floats, each result cast into out.
    const d = want ?? (o.out !== undefined && runsInOut(a.dtype, o.out.dtype) ? o.out.dtype : accumulateDType(op, a.dtype, undefined));
    return scanAlongAxis(name, a, axis ?? 0, op, d, false, o.out);
  },
  writable: true,
  configurable: true,
});
