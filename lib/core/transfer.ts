// Moving arrays between devices: `a.toDevice(n)` (a peer copy between GPUs, staged through host
// memory between a GPU and the cpu backend). Installed on GpuArray here, in lib/core, because
// copying needs only the device layer's transfers and the assign hook for strided sources.
import type { Device } from '../device/device.js';
import { resolveDevice } from '../device/device.js';
import { copyBetweenDevices } from '../device/transfer.js';
import { GpuArray } from './gpu-array.js';

declare module './gpu-array.js' {
  interface GpuArray {
    /**
     * A copy of this array on another device (PyTorch's `t.to(device)`; CuPy's `with
     * Device(n): cupy.asarray(a)`): `n` is an ordinal of the current backend, a spec ('cuda:1',
     * 'cpu') or a Device. Between GPUs a peer copy (direct when `canAccessPeer`, staged by the
     * driver otherwise); between a GPU and the cpu backend, through host memory. Always a new
     * C-contiguous array, even on the same device.
     *
     * @example const b = a.toDevice(1); b.device.id // 1
     */
    toDevice(device: number | string | Device): GpuArray;
  }
}

/** A C-contiguous copy of `a` on `device`. */
export function arrayToDevice(a: GpuArray, device: Device): GpuArray {
  const src = a.layoutFlags.cContiguous ? a : a.copy(); // made contiguous where it lives
  try {
    const out = GpuArray.allocate(a.shape, a.dtype, device);
    try {
      copyBetweenDevices(device, out.ptr, src.device, src.ptr, a.nbytes);
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  } finally {
    if (src !== a) src.dispose();
  }
}

GpuArray.prototype.toDevice = function toDevice(this: GpuArray, device: number | string | Device): GpuArray {
  this.buffer; // throws after dispose()
  return arrayToDevice(this, resolveDevice(device, 'toDevice: device'));
};
