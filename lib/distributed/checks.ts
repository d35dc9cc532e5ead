// The collectives' options and the argument checks every communicator makes before anything is
// sent: the arrays, their device, layout, dtypes and sizes, the reduction, root and peer.
import { GpuArray } from '../core/gpu-array.js';
import { deviceArgument, type Device } from '../device/device.js';
import type { Stream } from '../device/stream.js';
import { describeValue, readOptions } from '../util/options.js';

/** NCCL's reductions (ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg). */
export type ReduceOp = 'sum' | 'prod' | 'max' | 'min' | 'avg';

export const REDUCE_OPS: readonly ReduceOp[] = ['sum', 'prod', 'max', 'min', 'avg'];

/** dtypes NCCL reduces here (NCCL also reduces bfloat16; not enabled yet: the error message and tests list these). */
export const NCCL_REDUCE_DTYPES = ['int8', 'uint8', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64'] as const;

/** Options every collective takes. */
export interface CollectiveOptions {
  /** The stream to queue the collective on (default: the device's current stream). Ignored on the cpu backend, where collectives finish before they return. */
  stream?: Stream | number | null;
}

/** Options of the reductions (allReduce, reduceScatter). */
export interface ReduceOptions extends CollectiveOptions {
  /** The reduction: 'sum' (default), 'prod', 'max', 'min' or 'avg' (NCCL's: float dtypes pre-multiply by 1/worldSize, integers divide the sum, truncating). */
  op?: ReduceOp;
}

/** Options of the rooted collectives (broadcast). */
export interface RootOptions extends CollectiveOptions {
  /** The rank whose data is sent (default 0). */
  root?: number;
}

/** Options of reduce: the reduction and the rank that receives it. */
export interface RootReduceOptions extends ReduceOptions {
  /** The rank that receives the result (default 0). */
  root?: number;
}

const OPTION_KEYS = { collective: ['stream'], reduce: ['stream', 'op'], root: ['stream', 'root'], rootReduce: ['stream', 'op', 'root'] } as const;

/** Split `(send, recv?, options?)`: the second argument may be the options. */
export function splitResult<O extends object>(name: string, second: GpuArray | O | null | undefined, third: O | undefined, keys: keyof typeof OPTION_KEYS): { recv: GpuArray | null; options: O } {
  if (second instanceof GpuArray) return { recv: second, options: readOptions<O>(name, third, OPTION_KEYS[keys]) as O };
  if (second !== undefined && second !== null && third !== undefined) throw new TypeError(`${name}: the second argument must be the result array when options follow it, got ${describeValue(second)}`);
  return { recv: null, options: readOptions<O>(name, second ?? third, OPTION_KEYS[keys]) as O };
}

/** Read an options object of one of the collective shapes. */
export function collectiveOptions<O extends object>(name: string, given: O | undefined, keys: keyof typeof OPTION_KEYS): O {
  return readOptions<O>(name, given, OPTION_KEYS[keys]) as O;
}

/** The array argument checks: alive, on the communicator's device, C-contiguous. */
export function checkArray(name: string, what: string, a: unknown, device: Device): GpuArray {
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: ${what} must be a GpuArray, got ${describeValue(a)}`);
  a.buffer; // throws after dispose()
  if (a.device !== device) throw new TypeError(`${name}: ${what} lives on ${a.device.spec}, but the communicator's device is ${device.spec}; move it with a.toDevice(${deviceArgument(device)})`);
  if (!a.layoutFlags.cContiguous) throw new TypeError(`${name}: ${what} must be C-contiguous (collectives send the memory as it lies); pass a copy: ${what}.copy()`);
  return a;
}

/** The reduction checks: a known op, a dtype NCCL reduces (complex only for sum and avg, as pairs of reals). */
export function checkReduction(name: string, a: GpuArray, op: unknown): ReduceOp {
  if (typeof op !== 'string' || !(REDUCE_OPS as readonly string[]).includes(op)) {
    throw new TypeError(`${name}: op must be one of ${REDUCE_OPS.map((o) => `'${o}'`).join(', ')}, got ${describeValue(op)}`);
  }
  const d = a.dtype.name;
  if ((NCCL_REDUCE_DTYPES as readonly string[]).includes(d)) return op as ReduceOp;
  if ((d === 'complex64' || d === 'complex128') && (op === 'sum' || op === 'avg')) return op;
  throw new TypeError(
    `${name}: NCCL does not reduce ${d} arrays${a.dtype.isComplex ? ` with '${op}' (complex arrays take 'sum' and 'avg')` : ''}; ` +
      `reductions take ${NCCL_REDUCE_DTYPES.join(', ')} (and complex for 'sum'/'avg'): cast with a.astype(...)`,
  );
}

/** A rank argument (root or peer) in [0, worldSize). */
export function checkRank(name: string, what: string, r: unknown, worldSize: number): number {
  if (typeof r !== 'number' || !Number.isInteger(r)) throw new TypeError(`${name}: ${what} must be an integer rank, got ${describeValue(r)}`);
  if (r < 0 || r >= worldSize) throw new RangeError(`${name}: ${what} ${r} is not a rank of this communicator (0..${worldSize - 1})`);
  return r;
}

/** send and recv of one dtype. */
export function checkSameDtype(name: string, send: GpuArray, recv: GpuArray): void {
  if (send.dtype !== recv.dtype) throw new TypeError(`${name}: send is ${send.dtype.name} but recv is ${recv.dtype.name}; collectives do not cast`);
}

/** recv's size must be `want` elements. */
export function checkSize(name: string, recv: GpuArray, want: number, why: string): void {
  if (recv.size !== want) throw new RangeError(`${name}: recv has ${recv.size} elements, but ${why} makes ${want}`);
}

/** reduceScatter's default result shape: the leading axis split over the ranks. */
export function scatterShape(name: string, send: GpuArray, worldSize: number): number[] {
  if (send.ndim === 0 || send.shape[0] % worldSize !== 0) {
    throw new RangeError(`${name}: send's leading axis (shape [${send.shape.join(', ')}]) does not split into ${worldSize} equal chunks; pass recv of send.size / ${worldSize} elements`);
  }
  return [send.shape[0] / worldSize, ...send.shape.slice(1)];
}
