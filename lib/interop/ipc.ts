// CUDA IPC: another process maps this process's device memory (cuIpcGetMemHandle /
// cuIpcOpenMemHandle). A handle names a whole cuMemAlloc allocation, and our arrays are views of
// pool blocks, so the handle carries where the array starts inside its allocation
// (cuMemGetAddressRange) with its shape, dtype and strides. It is a plain JSON-able object: send
// it to the other process any way (process.send, a pipe, a file). The cpu backend has no IPC: its
// arrays are ordinary memory of this process.
import { CU_IPC_HANDLE_SIZE } from '../../bindings/cuda-driver.js';
import { dtype as toDType, DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { IpcMemory } from '../device/backend-parts.js';
import { currentDevice, resolveDevice, type Device } from '../device/device.js';
import { describeValue, readOptions } from '../util/options.js';
import { makeExternal, planExternal } from './external.js';

/** What `gp.cuda.ipcHandle(a)` returns: everything another process needs to map `a`. */
export interface IpcHandle {
  readonly kind: 'gpuarray.cuda-ipc';
  /** The CUipcMemHandle of the allocation holding the array, 64 bytes as hex. */
  readonly handle: string;
  /** Bytes from the allocation's start to element [0, ..., 0]. */
  readonly offset: number;
  /** Bytes of the allocation. */
  readonly allocationBytes: number;
  readonly shape: readonly number[];
  readonly dtype: string;
  /** Byte strides. */
  readonly strides: readonly number[];
  /** The exporting process and its device ordinal (for messages; the importer maps on its own device). */
  readonly pid: number;
  readonly device: number;
}

/**
 * A handle another process opens with `gp.cuda.openIpcHandle` to use `a`'s device memory
 * without a copy (CuPy `cupy.cuda.runtime.ipcGetMemHandle`). Keep `a` alive (not disposed)
 * while the other process uses the memory: disposing it gives the block back to this process's
 * pool, which reuses it. Work queued on `a` should be finished (`a.device.synchronize()`) before
 * the other process reads. cuda arrays only.
 *
 * @example const h = gp.cuda.ipcHandle(a); child.send(h);
 */
export function ipcHandle(a: GpuArray): IpcHandle {
  if (!(a instanceof GpuArray)) throw new TypeError(`ipcHandle: expected a GpuArray, got ${describeValue(a)}`);
  const buf = a.buffer;
  const ipc = a.device.backend.capabilities.ipc;
  if (ipc === null) {
    throw new TypeError("ipcHandle: CUDA IPC shares GPU memory; the cpu backend's arrays are ordinary memory of this process: send their data instead (a.toTypedArray(), or a SharedArrayBuffer between threads)");
  }
  if (buf.external) throw new TypeError('ipcHandle: the array wraps memory gpuarray did not allocate (DLPack, IPC): export it from its owner');
  const { base, size, handle: h } = ipc.exportHandle(buf.ptr);
  return Object.freeze({
    kind: 'gpuarray.cuda-ipc' as const,
    handle: Buffer.from(h).toString('hex'),
    offset: buf.ptr - base + a.offset,
    allocationBytes: size,
    shape: Object.freeze([...a.shape]),
    dtype: a.dtype.name,
    strides: Object.freeze([...a.strides]),
    pid: process.pid,
    device: a.device.id,
  });
}

const PLAN_BASE = 2 ** 40;

// One mapping per allocation and device in this process, shared by every array over it.
const opened = new Map<string, { base: number; refs: number; ipc: IpcMemory }>();

function readHandle(h: unknown): IpcHandle {
  const x = typeof h === 'string' ? (JSON.parse(h) as unknown) : h;
  const ok =
    typeof x === 'object' && x !== null && (x as IpcHandle).kind === 'gpuarray.cuda-ipc' && typeof (x as IpcHandle).handle === 'string' &&
    /^[0-9a-f]+$/.test((x as IpcHandle).handle) && (x as IpcHandle).handle.length === 2 * CU_IPC_HANDLE_SIZE &&
    Number.isSafeInteger((x as IpcHandle).offset) && Number.isSafeInteger((x as IpcHandle).allocationBytes);
  if (!ok) throw new TypeError(`openIpcHandle: expected the object (or its JSON) that gp.cuda.ipcHandle returned, got ${describeValue(h)}`);
  return x as IpcHandle;
}

/** Options of `gp.cuda.openIpcHandle`. */
export interface OpenIpcHandleOptions {
  /** The device to map the memory on (default: the current device; another GPU than the owner's reads it over peer access). */
  device?: number | string | Device;
  /** Byte strides with `shape` (default: C-contiguous). */
  strides?: readonly number[];
}

/**
 * Map another process's array into this one, without a copy (CuPy
 * `cupy.cuda.runtime.ipcOpenMemHandle`): `h` is what `gp.cuda.ipcHandle` returned there (or its
 * JSON). The array has the exporter's shape and dtype unless `shape` and `dtype` say otherwise
 * (they must fit in the allocation). The mapping is closed when the array and its views are
 * disposed or collected. A process cannot open its own handles (CUDA's rule).
 *
 * @example const a = gp.cuda.openIpcHandle(msg); // in the other process
 */
export function openIpcHandle(h: IpcHandle | string, shape?: readonly number[] | null, dtype?: DTypeLike | null, options?: OpenIpcHandleOptions): GpuArray {
  const o = readOptions<OpenIpcHandleOptions>('openIpcHandle', options, ['device', 'strides']);
  const handle = readHandle(h);
  const device = o.device === undefined ? currentDevice() : resolveDevice(o.device, 'openIpcHandle: device');
  const ipc = device.backend.capabilities.ipc;
  if (ipc === null) throw new TypeError(`openIpcHandle: CUDA IPC maps GPU memory, but the device is ${device.spec}`);
  const d = toDType(dtype ?? handle.dtype);
  const custom = shape !== undefined && shape !== null;
  const sh = custom ? [...shape] : [...handle.shape];
  const strides = o.strides !== undefined ? [...o.strides] : custom || dtype ? null : [...handle.strides];
  const key = `${handle.handle}@${device.spec}`;
  // Planned at a stand-in base: the real one is known once the handle is open (and nothing is
  // opened for a view that does not fit).
  const plan = planExternal(device, PLAN_BASE + handle.offset, sh, strides, d, 'openIpcHandle');
  const start = plan.ptr - PLAN_BASE;
  if (plan.nbytes > 0 && (start < 0 || start + plan.nbytes > handle.allocationBytes)) {
    throw new RangeError(`openIpcHandle: shape [${sh.join(', ')}] of ${d.name} reaches bytes [${start}, ${start + plan.nbytes}) outside the shared allocation of ${handle.allocationBytes} bytes`);
  }
  let m = opened.get(key);
  if (m === undefined) {
    m = { base: ipc.open(Buffer.from(handle.handle, 'hex')), refs: 0, ipc };
    opened.set(key, m);
  }
  m.refs++;
  const mapping = m;
  return makeExternal({ ...plan, ptr: mapping.base + start }, () => {
    if (--mapping.refs === 0) {
      opened.delete(key);
      mapping.ipc.close(mapping.base);
    }
  });
}
