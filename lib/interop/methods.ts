// The interop methods of GpuArray: DLPack export (`toDlpack`, `dlpackDevice`, and the Python
// protocol's names `__dlpack__` / `__dlpack_device__`) and the CUDA array interface
// (`cudaArrayInterface`, also `__cuda_array_interface__`).
import { GpuArray } from '../core/gpu-array.js';
import { cudaArrayInterface, type CudaArrayInterface } from './cuda-array-interface.js';
import { dlpackDevice, toDlpack, type DlpackCapsule, type DlpackDevice, type ToDlpackOptions } from './dlpack.js';

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * The array as a DLPack tensor sharing its memory (CuPy `ndarray.toDlpack()` /
     * `__dlpack__`): kDLCUDA on cuda, kDLCPU on the cpu backend, strides in elements. The memory
     * stays alive until the consumer calls the tensor's deleter, even if the array is disposed.
     * `options.stream`: the consumer's stream, made to wait for this device's work.
     *
     * @example const t = a.toDlpack(); const b = gp.fromDlpack(t); // b shares a's memory
     */
    toDlpack(options?: ToDlpackOptions): DlpackCapsule;
    /** The Python protocol's name for toDlpack(). */
    __dlpack__(options?: ToDlpackOptions): DlpackCapsule;
    /** DLPack's device of the array: [2 (kDLCUDA), ordinal] or [1 (kDLCPU), 0] (CuPy `__dlpack_device__`). */
    dlpackDevice(): DlpackDevice;
    /** The Python protocol's name for dlpackDevice(). */
    __dlpack_device__(): DlpackDevice;
    /**
     * CuPy's `__cuda_array_interface__` (version 3) of the array: shape, typestr, [pointer,
     * read-only], strides (null when C-contiguous), the stream its data is ready on, and
     * gpuarray's `device`. A plain object: post it to a worker thread and wrap it there with
     * `gp.fromCudaArrayInterface` (while this array stays alive).
     */
    readonly cudaArrayInterface: CudaArrayInterface;
    /** The Python protocol's name for cudaArrayInterface. */
    readonly __cuda_array_interface__: CudaArrayInterface;
  }
}

GpuArray.prototype.toDlpack = function (this: GpuArray, options?: ToDlpackOptions) {
  return toDlpack(this, options);
};
GpuArray.prototype.__dlpack__ = GpuArray.prototype.toDlpack;
GpuArray.prototype.dlpackDevice = function (this: GpuArray) {
  this.buffer;
  return dlpackDevice(this);
};
GpuArray.prototype.__dlpack_device__ = GpuArray.prototype.dlpackDevice;
for (const name of ['cudaArrayInterface', '__cuda_array_interface__']) {
  Object.defineProperty(GpuArray.prototype, name, {
    get(this: GpuArray) {
      return cudaArrayInterface(this);
    },
    configurable: true,
  });
}
