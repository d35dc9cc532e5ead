// NumPy's __array__ protocol for gpuarray: an object that is not a GpuArray but stands for one
// (gp.poly1d stands for its coefficients) hands asarray/array, and so every function taking
// array-likes, a GpuArray of its own (a new handle the caller may dispose).
import type { GpuArray } from './gpu-array.js';

/** The method of an object that converts to a GpuArray: it returns a new handle (a view is enough). */
export const AS_GPU_ARRAY: unique symbol = Symbol('gpuarray.asGpuArray');

/** An object with NumPy's __array__: `[AS_GPU_ARRAY]()` gives its array. */
export interface ArrayConvertible {
  /** A new handle on the array this object stands for. */
  [AS_GPU_ARRAY](): GpuArray;
}

/** Whether `v` converts to a GpuArray by {@link AS_GPU_ARRAY}. */
export const hasArrayProtocol = (v: unknown): v is ArrayConvertible =>
  (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as Partial<ArrayConvertible>)[AS_GPU_ARRAY] === 'function';
