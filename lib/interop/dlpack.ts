// DLPack, the zero-copy exchange format of array libraries: `a.toDlpack()` hands our memory to
// another library or a native addon as a DLManagedTensor (kDLCUDA for cuda arrays, kDLCPU for
// the cpu backend's), keeping it alive until the consumer calls the deleter; `gp.fromDlpack(t)`
// wraps another library's tensor without a copy and calls its deleter when the array (and every
// view of it) is disposed or collected.
import { callDeleter, DL_CODE, DL_FLAG, freeManagedTensor, readManagedTensor, registerDeleter, writeManagedTensor, type DlTensor } from '../../bindings/dlpack.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { DeviceBuffer } from '../core/lifetime.js';
import { backendEntry, backendOfDlpack, dlpackForms, specOf } from '../device/backend-registry.js';
import { openDevice, type Device } from '../device/device.js';
import { describeValue, readOptions } from '../util/options.js';
import { makeExternal, orderConsumerStream, planExternal } from './external.js';

/** Options of `a.toDlpack()` (the `__dlpack__` protocol's arguments). */
export interface ToDlpackOptions {
  /**
   * The consumer's stream (DLPack's `stream`): the consumer's work there waits for ours. A stream
   * handle; 1 is the legacy default stream, 2 the per-thread default stream, -1 no ordering. By
   * default the legacy default stream.
   */
  stream?: number | null;
  /** Write a DLManagedTensorVersioned (DLPack 1.0) instead of the legacy DLManagedTensor. */
  versioned?: boolean;
}

/** Options of `gp.fromDlpack` for a raw pointer. */
export interface FromDlpackOptions {
  /** The pointer is a DLManagedTensorVersioned (default: a legacy DLManagedTensor). */
  versioned?: boolean;
}

/** What DLPack's __dlpack_device__ answers: [device type, device id] (kDLCUDA = 2, kDLCPU = 1). */
export type DlpackDevice = [deviceType: number, deviceId: number];

const capsules = new FinalizationRegistry<{ pointer: number; versioned: boolean; taken: { value: boolean } }>(({ pointer, versioned, taken }) => {
  if (!taken.value) deleteTensor(pointer, versioned);
});

function deleteTensor(pointer: number, versioned: boolean): void {
  const m = readManagedTensor(pointer, versioned);
  callDeleter(m.deleter, pointer);
}

/**
 * A DLPack tensor made by `a.toDlpack()` (Python's "dltensor" capsule): `pointer` is the address
 * of the native DLManagedTensor (or DLManagedTensorVersioned). Whoever consumes it calls `take()`
 * and becomes responsible for calling its deleter; a capsule nobody took calls the deleter itself
 * when disposed or collected.
 */
export class DlpackCapsule {
  readonly #taken = { value: false };

  constructor(
    /** Address of the native struct. */
    readonly pointer: number,
    /** Whether it is a DLManagedTensorVersioned. */
    readonly versioned: boolean,
  ) {
    capsules.register(this, { pointer, versioned, taken: this.#taken }, this);
  }

  /** Whether a consumer took the tensor (Python renames the capsule "used_dltensor"). */
  get taken(): boolean {
    return this.#taken.value;
  }

  /** Take ownership: returns the pointer; the caller must call the tensor's deleter. A second take throws. */
  take(): number {
    if (this.#taken.value) throw new TypeError('DLPack: this tensor was already consumed (each capsule is taken once)');
    this.#taken.value = true;
    capsules.unregister(this);
    return this.pointer;
  }

  /** Give the tensor back to its producer now (its deleter), unless someone took it. */
  dispose(): void {
    if (this.#taken.value) return;
    deleteTensor(this.take(), this.versioned);
  }

  /** `using t = a.toDlpack()` disposes it at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }
}

const DL_TYPES: [DType, number, number][] = [
  [dtypes.bool, DL_CODE.BOOL, 8],
  [dtypes.int8, DL_CODE.INT, 8],
  [dtypes.int16, DL_CODE.INT, 16],
  [dtypes.int32, DL_CODE.INT, 32],
  [dtypes.int64, DL_CODE.INT, 64],
  [dtypes.uint8, DL_CODE.UINT, 8],
  [dtypes.uint16, DL_CODE.UINT, 16],
  [dtypes.uint32, DL_CODE.UINT, 32],
  [dtypes.uint64, DL_CODE.UINT, 64],
  [dtypes.float16, DL_CODE.FLOAT, 16],
  [dtypes.float32, DL_CODE.FLOAT, 32],
  [dtypes.float64, DL_CODE.FLOAT, 64],
  [dtypes.complex64, DL_CODE.COMPLEX, 64],
  [dtypes.complex128, DL_CODE.COMPLEX, 128],
  [dtypes.bfloat16, DL_CODE.BFLOAT, 16],
];

/** DLPack's device of an array: its backend's device type (kDLCUDA, kDLCPU: backend-registry.ts) and the ordinal. */
export function dlpackDevice(a: GpuArray): DlpackDevice {
  const t = backendEntry(a.device.kind).dlpack;
  if (t === undefined) throw new TypeError(`toDlpack: the ${a.device.kind} backend's memory has no DLPack device type`);
  return [t.deviceType, a.device.id];
}

// What exported tensors keep alive, by manager_ctx.
const exported = new Map<number, DeviceBuffer>();
let nextContext = 1;
let exportDeleter = 0;

function onExportDeleted(self: number, versioned: boolean): void {
  const m = readManagedTensor(self, versioned);
  const buf = exported.get(m.managerCtx);
  exported.delete(m.managerCtx);
  freeManagedTensor(self);
  buf?.release();
}

let exportDeleterVersioned = 0;

/** Export `a` as a DLPack tensor sharing its memory (the array's buffer stays alive until the deleter runs). */
export function toDlpack(a: GpuArray, options?: ToDlpackOptions): DlpackCapsule {
  const o = readOptions<ToDlpackOptions>('toDlpack', options, ['stream', 'versioned']);
  const buf = a.buffer;
  const entry = DL_TYPES.find(([d]) => d === a.dtype)!;
  const strides = a.strides.map((s) => {
    if (s % a.itemsize !== 0) throw new TypeError(`toDlpack: a stride of ${s} bytes is not a whole number of ${a.dtype.name} elements (DLPack counts strides in elements); pass a.copy()`);
    return s / a.itemsize;
  });
  orderConsumerStream(a.device, o.stream ?? 1, 'toDlpack');
  const versioned = o.versioned === true;
  if (versioned) exportDeleterVersioned ||= registerDeleter((self) => onExportDeleted(self, true));
  else exportDeleter ||= registerDeleter((self) => onExportDeleted(self, false));
  const [deviceType, deviceId] = dlpackDevice(a);
  const ctx = nextContext++;
  const t: DlTensor = { data: a.size === 0 ? buf.ptr : a.ptr, deviceType, deviceId, code: entry[1], bits: entry[2], lanes: 1, shape: [...a.shape], strides, byteOffset: 0 };
  // A read-only array says so where DLPack can (versioned tensors carry flags).
  const flags = versioned && !a.layoutFlags.writeable ? DL_FLAG.READ_ONLY : 0;
  const pointer = writeManagedTensor(t, ctx, versioned ? exportDeleterVersioned : exportDeleter, versioned, flags);
  exported.set(ctx, buf.retain());
  return new DlpackCapsule(pointer, versioned);
}

/** The device a DLPack tensor's memory is on, as one of ours. */
function deviceOf(t: DlTensor): Device {
  const entry = backendOfDlpack(t.deviceType);
  if (entry === undefined) throw new TypeError(`fromDlpack: gpuarray takes ${dlpackForms()} tensors, got device type ${t.deviceType}`);
  return openDevice(specOf(entry, t.deviceId));
}

function dtypeOf(t: DlTensor): DType {
  if (t.lanes !== 1) throw new TypeError(`fromDlpack: vector dtypes (lanes ${t.lanes}) are not supported`);
  const e = DL_TYPES.find(([, code, bits]) => code === t.code && bits === t.bits);
  if (!e) throw new TypeError(`fromDlpack: no gpuarray dtype for DLPack type code ${t.code} with ${t.bits} bits${t.code === DL_CODE.BFLOAT ? ' (bfloat16)' : ''}`);
  return e[0];
}

/**
 * An array over a DLPack tensor's memory, without a copy (CuPy `cupy.from_dlpack`): a capsule
 * from `toDlpack()`, an object with a `toDlpack()` method, or the address of a native
 * DLManagedTensor (`{ versioned: true }` for a DLManagedTensorVersioned), whose ownership passes
 * to gpuarray. The tensor's deleter runs when the array and all its views are disposed or
 * collected. kDLCUDA tensors become arrays of that cuda device, kDLCPU tensors arrays of the
 * cpu backend. A tensor gpuarray cannot represent is refused with a TypeError before anything
 * is taken.
 *
 * @example const b = gp.fromDlpack(a.toDlpack()); // b shares a's memory
 */
export function fromDlpack(source: DlpackCapsule | { toDlpack(): DlpackCapsule } | number | bigint, options?: FromDlpackOptions): GpuArray {
  const o = readOptions<FromDlpackOptions>('fromDlpack', options, ['versioned']);
  let capsule: DlpackCapsule | null = null;
  let pointer: number;
  let versioned = o.versioned === true;
  if (source instanceof DlpackCapsule) capsule = source;
  else if (typeof source === 'object' && source !== null && typeof (source as { toDlpack?: unknown }).toDlpack === 'function') capsule = (source as { toDlpack(): DlpackCapsule }).toDlpack();
  if (capsule !== null) {
    if (!(capsule instanceof DlpackCapsule)) throw new TypeError(`fromDlpack: toDlpack() returned ${describeValue(capsule)}, not a DlpackCapsule`);
    if (capsule.taken) throw new TypeError('fromDlpack: this DLPack tensor was already consumed');
    pointer = capsule.pointer;
    versioned = capsule.versioned;
  } else if (typeof source === 'number' || typeof source === 'bigint') pointer = Number(source);
  else throw new TypeError(`fromDlpack: expected a DlpackCapsule, an object with toDlpack(), or a DLManagedTensor address, got ${describeValue(source)}`);

  const m = readManagedTensor(pointer, versioned);
  const t = m.tensor;
  const d = dtypeOf(t);
  const device = deviceOf(t);
  const stridesBytes = t.strides === null ? null : t.strides.map((s) => s * d.itemsize);
  const plan = planExternal(device, t.data + t.byteOffset, t.shape, stridesBytes, d, 'fromDlpack');
  if (capsule !== null) capsule.take(); // checked: from here on the tensor is ours
  const a = makeExternal(plan, () => callDeleter(m.deleter, pointer));
  // A read-only tensor is a read-only array (flags.writeable false), as NumPy's from_dlpack.
  return ((m.flags ?? 0) & DL_FLAG.READ_ONLY) !== 0 ? GpuArray.markReadOnly(a) : a;
}
