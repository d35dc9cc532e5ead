// Arrays over memory gpuarray did not allocate (DLPack tensors, CUDA IPC mappings, a
// cudaArrayInterface of another owner): the view is checked and laid over a buffer spanning
// exactly the bytes it reaches, whose release runs the owner's `free` instead of the pool's.
// And the stream handshake of those protocols: whoever reads next waits for the writer's stream.
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { DeviceBuffer } from '../core/lifetime.js';
import { contiguousStrides } from '../core/shape.js';
import type { Device } from '../device/device.js';
import { streamHandle } from '../device/stream.js';
import { describeValue } from '../util/options.js';

/** Where a view over foreign memory lies: its buffer (the bytes it reaches) and its geometry. */
export interface ExternalPlan {
  device: Device;
  ptr: number;
  nbytes: number;
  shape: number[];
  strides: number[];
  offset: number;
  dtype: DType;
}

/**
 * Check a foreign view (element [0, ..., 0] at `base`, byte strides, or C-contiguous when null)
 * and find the bytes it spans. Throws TypeError/RangeError; takes nothing.
 */
export function planExternal(device: Device, base: number, shape: unknown, strides: unknown, d: DType, what: string): ExternalPlan {
  if (!Array.isArray(shape) || shape.length > 64 || !shape.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new TypeError(`${what}: shape must be at most 64 non-negative integers, got ${describeValue(shape)}`);
  }
  const sh = shape as number[];
  let st: number[];
  if (strides === null || strides === undefined) st = contiguousStrides(sh, d.itemsize);
  else if (Array.isArray(strides) && strides.length === sh.length && strides.every((s) => Number.isSafeInteger(s))) st = strides as number[];
  else throw new TypeError(`${what}: strides must be null or ${sh.length} integers (bytes), got ${describeValue(strides)}`);
  if (!Number.isSafeInteger(base) || base < 0) throw new TypeError(`${what}: the data address must be a non-negative integer, got ${describeValue(base)}`);
  let size = 1;
  let lo = 0;
  let hi = 0;
  sh.forEach((n, i) => {
    size *= n;
    const span = n > 0 ? (n - 1) * st[i] : 0;
    if (span < 0) lo += span;
    else hi += span;
  });
  if (size === 0) return { device, ptr: base, nbytes: 0, shape: sh, strides: st, offset: 0, dtype: d };
  const first = base + lo;
  const end = base + hi + d.itemsize;
  // No allocator hands out the first 64 KiB (Linux never maps them; nor does CUDA): a small number
  // there is a mistake, not memory, and reading it would crash the cpu backend.
  if (first < 65536) throw new TypeError(`${what}: the array would start at address ${first}, where no memory is allocated`);
  // Over gpuarray's own memory the block's end is known: a shape or strides reaching past it are refused.
  const block = device.pool.blockHolding(first);
  if (block !== null && end > block.ptr + block.size) {
    throw new RangeError(`${what}: the array spans bytes ${first} to ${end}, past the end of the gpuarray allocation it starts in (${block.size} bytes at ${block.ptr})`);
  }
  return { device, ptr: first, nbytes: end - first, shape: sh, strides: st, offset: -lo, dtype: d };
}

/** The array of a plan; `free` runs once, when the array and all its views have let go. */
export function makeExternal(p: ExternalPlan, free: () => void): GpuArray {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      free();
    }
  };
  return new GpuArray(new DeviceBuffer(p.device, p.ptr, p.nbytes, once), p.shape, p.strides, p.offset, p.dtype, null);
}

/** planExternal then makeExternal. */
export function wrapExternal(device: Device, base: number, shape: unknown, strides: unknown, d: DType, free: () => void, what: string): GpuArray {
  return makeExternal(planExternal(device, base, shape, strides, d, what), free);
}

/** A CUDA stream handle from the protocols' numbers: 1 the legacy default stream (0), 2 the per-thread one. */
function protocolStream(s: unknown, what: string): number {
  if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < -1) throw new TypeError(`${what}: stream must be a stream handle (1: legacy default, 2: per-thread default, -1: none), got ${describeValue(s)}`);
  if (s === 0) throw new TypeError(`${what}: stream 0 is ambiguous in DLPack and the CUDA array interface: pass 1 for the legacy default stream`);
  return s === 1 ? 0 : s;
}

/** Make `to` wait for the work queued so far on `from` (two streams of `device`). */
function order(device: Device, from: number, to: number): void {
  device.backend.orderStreams(to, from);
}

/** The producer's side: the consumer's stream (-1: none) waits for our current stream. */
export function orderConsumerStream(device: Device, consumer: unknown, what: string): void {
  if (consumer === -1 || !device.backend.capabilities.asyncStreams) {
    if (consumer !== -1) protocolStream(consumer, what);
    return;
  }
  order(device, streamHandle(undefined, device), protocolStream(consumer, what));
}

/** The consumer's side: our current stream waits for the producer's stream (null: no ordering). */
export function waitForProducerStream(device: Device, producer: unknown, what: string): void {
  if (producer === null || producer === undefined || !device.backend.capabilities.asyncStreams) return;
  order(device, protocolStream(producer, what), streamHandle(undefined, device));
}
