// What the cuda backend can do beyond the common contract: peer copies between its devices,
// CUDA IPC, NCCL, and which device owns a pointer.
import { CU_POINTER_ATTRIBUTE, type CudaDriver } from '../../../bindings/cuda-driver.js';
import type { Backend } from '../backend.js';
import type { BackendCapabilities } from '../backend-parts.js';
import type { CudaBackend } from './backend.js';
import { canAccessPeer, copyPeer } from './peer.js';

/** `other` as a device of this backend, or null. */
const cudaPeer = (other: Backend): CudaBackend | null => (other.kind === 'cuda' ? (other as CudaBackend) : null);

export function cudaCapabilities(self: CudaBackend, d: CudaDriver): BackendCapabilities {
  return {
    asyncStreams: true,
    nccl: true,
    peer: {
      canAccess: (other) => {
        const o = cudaPeer(other);
        return o !== null && canAccessPeer(self, o);
      },
      copyFrom: (dst, dstStream, other, src, srcStream, bytes) => {
        const o = cudaPeer(other);
        if (o === null) return false;
        copyPeer(self, dst, dstStream, o, src, srcStream, bytes);
        return true;
      },
    },
    ipc: {
      exportHandle: (ptr) => {
        const { base, size } = d.memGetAddressRange(ptr);
        return { base, size, handle: d.ipcGetMemHandle(base) };
      },
      open: (handle) => d.ipcOpenMemHandle(handle),
      close: (base) => d.ipcCloseMemHandle(base),
    },
    pointerDevice: (ptr) => (ptr === 0 ? null : d.pointerAttribute(CU_POINTER_ATTRIBUTE.DEVICE_ORDINAL, ptr)),
  };
}
