// DLPack's C structs (dlpack.h, 64-bit layout) in native memory: DLManagedTensor (the legacy
// struct most libraries exchange) and DLManagedTensorVersioned (DLPack 1.x), written and read at
// their fixed offsets, and the deleter a consumer calls when it is done with a tensor.
//
//   DLTensor (48 bytes): void* data @0; DLDevice {int32 device_type, int32 device_id} @8;
//     int32 ndim @16; DLDataType {uint8 code, uint8 bits, uint16 lanes} @20; int64* shape @24;
//     int64* strides @32 (elements; NULL means C-contiguous); uint64 byte_offset @40
//   DLManagedTensor (64): DLTensor @0; void* manager_ctx @48; void (*deleter)(self) @56
//   DLManagedTensorVersioned (80): DLPackVersion {uint32 major, minor} @0; manager_ctx @8;
//     deleter @16; uint64 flags @24; DLTensor @32
import koffi from 'koffi';
import { hostAlloc, hostFree } from './libc.js';

/** DLDeviceType values gpuarray meets. */
export const DL_DEVICE = { CPU: 1, CUDA: 2, CUDA_HOST: 3, CUDA_MANAGED: 13 } as const;
/** DLDataTypeCode values. */
export const DL_CODE = { INT: 0, UINT: 1, FLOAT: 2, OPAQUE: 3, BFLOAT: 4, COMPLEX: 5, BOOL: 6 } as const;
/** DLManagedTensorVersioned flags. */
export const DL_FLAG = { READ_ONLY: 1, IS_COPIED: 2 } as const;
/** The DLPack version gpuarray writes in versioned tensors. */
export const DLPACK_VERSION = { major: 1, minor: 0 } as const;

/** A DLTensor's fields, strides in elements (null: C-contiguous). */
export interface DlTensor {
  data: number;
  deviceType: number;
  deviceId: number;
  code: number;
  bits: number;
  lanes: number;
  shape: number[];
  strides: number[] | null;
  byteOffset: number;
}

/** A managed tensor as read back: the tensor, its manager context and deleter (0 when none). */
export interface ManagedTensor {
  tensor: DlTensor;
  managerCtx: number;
  deleter: number;
  /** Versioned tensors only. */
  version?: { major: number; minor: number };
  flags?: number;
}

const headerBytes = (versioned: boolean) => (versioned ? 80 : 64);
const tensorAt = (versioned: boolean) => (versioned ? 32 : 0);

const view = (address: number, bytes: number) => new DataView(koffi.view(BigInt(address), bytes));

/**
 * Write a managed tensor (header, then shape and strides in the same block, which the deleter
 * frees with freeManagedTensor). Returns its address.
 */
export function writeManagedTensor(t: DlTensor, managerCtx: number, deleter: number, versioned: boolean, flags = 0): number {
  const ndim = t.shape.length;
  const head = headerBytes(versioned);
  const bytes = head + 16 * ndim;
  const addr = hostAlloc(bytes);
  const v = view(addr, bytes);
  const at = tensorAt(versioned);
  if (versioned) {
    v.setUint32(0, DLPACK_VERSION.major, true);
    v.setUint32(4, DLPACK_VERSION.minor, true);
    v.setBigUint64(8, BigInt(managerCtx), true);
    v.setBigUint64(16, BigInt(deleter), true);
    v.setBigUint64(24, BigInt(flags), true);
  } else {
    v.setBigUint64(48, BigInt(managerCtx), true);
    v.setBigUint64(56, BigInt(deleter), true);
  }
  v.setBigUint64(at, BigInt(t.data), true);
  v.setInt32(at + 8, t.deviceType, true);
  v.setInt32(at + 12, t.deviceId, true);
  v.setInt32(at + 16, ndim, true);
  v.setUint8(at + 20, t.code);
  v.setUint8(at + 21, t.bits);
  v.setUint16(at + 22, t.lanes, true);
  const shapeAt = head;
  const stridesAt = head + 8 * ndim;
  v.setBigUint64(at + 24, ndim > 0 ? BigInt(addr + shapeAt) : 0n, true);
  v.setBigUint64(at + 32, ndim > 0 && t.strides !== null ? BigInt(addr + stridesAt) : 0n, true);
  v.setBigUint64(at + 40, BigInt(t.byteOffset), true);
  for (let i = 0; i < ndim; i++) {
    v.setBigInt64(shapeAt + 8 * i, BigInt(t.shape[i]), true);
    if (t.strides !== null) v.setBigInt64(stridesAt + 8 * i, BigInt(t.strides[i]), true);
  }
  return addr;
}

/** Free a block written by writeManagedTensor. */
export function freeManagedTensor(addr: number): void {
  hostFree(addr);
}

function int64s(address: number, n: number): number[] {
  if (n === 0) return [];
  const v = view(address, 8 * n);
  return Array.from({ length: n }, (_, i) => Number(v.getBigInt64(8 * i, true)));
}

/** Read the managed tensor at `addr` (ndim above 64 is refused before shape is read). */
export function readManagedTensor(addr: number, versioned: boolean): ManagedTensor {
  // Any other number would be read as a pointer: refuse what no allocator hands out (the first
  // 64 KiB are never mapped; the struct is pointer-aligned), so a stray count is an error, not a crash.
  if (!Number.isSafeInteger(addr) || addr < 65536 || addr % 8 !== 0) throw new TypeError(`DLPack: not a tensor address: ${addr}`);
  if (versioned) {
    // The version first, before any pointer in the struct is followed: a legacy tensor read as a
    // versioned one has its data address there.
    const ver = view(addr, 8);
    const major = ver.getUint32(0, true);
    if (major !== 1) throw new TypeError(`DLPack: a DLManagedTensorVersioned of version ${major}.${ver.getUint32(4, true)} (gpuarray takes 1.x; a legacy DLManagedTensor needs versioned: false)`);
  }
  const head = headerBytes(versioned);
  const v = view(addr, head);
  const at = tensorAt(versioned);
  const ndim = v.getInt32(at + 16, true);
  if (ndim < 0 || ndim > 64) throw new RangeError(`DLPack: a tensor of ${ndim} dimensions (gpuarray takes 0 to 64)`);
  const shapePtr = Number(v.getBigUint64(at + 24, true));
  const stridesPtr = Number(v.getBigUint64(at + 32, true));
  if (ndim > 0 && shapePtr === 0) throw new TypeError('DLPack: the tensor has no shape array');
  const tensor: DlTensor = {
    data: Number(v.getBigUint64(at, true)),
    deviceType: v.getInt32(at + 8, true),
    deviceId: v.getInt32(at + 12, true),
    code: v.getUint8(at + 20),
    bits: v.getUint8(at + 21),
    lanes: v.getUint16(at + 22, true),
    shape: int64s(shapePtr, ndim),
    strides: stridesPtr === 0 ? null : int64s(stridesPtr, ndim),
    byteOffset: Number(v.getBigUint64(at + 40, true)),
  };
  if (!versioned) return { tensor, managerCtx: Number(v.getBigUint64(48, true)), deleter: Number(v.getBigUint64(56, true)) };
  return {
    tensor,
    managerCtx: Number(v.getBigUint64(8, true)),
    deleter: Number(v.getBigUint64(16, true)),
    version: { major: v.getUint32(0, true), minor: v.getUint32(4, true) },
    flags: Number(v.getBigUint64(24, true)),
  };
}

const DeleterType = koffi.proto('void DLPackDeleter(uint64_t self)');

/** Call a tensor's deleter: `deleter(self)`. */
export function callDeleter(deleter: number, self: number): void {
  if (deleter !== 0) koffi.call(deleter, DeleterType, self);
}

/** A C function pointer that calls `fn(self)` (a consumer may call it from another thread: koffi runs it on the main thread). */
export function registerDeleter(fn: (self: number) => void): number {
  return Number(koffi.register((self: number | bigint) => fn(Number(self)), koffi.pointer(DeleterType)));
}
