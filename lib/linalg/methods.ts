// GpuArray methods where NumPy's ndarray has them (a.dot(b), a.diagonal(), a.trace()) and
// a.matmul(b) for the `@` operator JS lacks; attached to the prototype like the ufunc methods.
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, matmul, MatmulOptions } from './matmul.js';
import { diagonal, DiagonalOptions, dot, OutOptions, trace, TraceOptions } from './products.js';

export interface LinalgMethods {
  /** numpy.matmul(this, b): the `@` operator. */
  matmul(b: ArrayLike, options?: MatmulOptions): GpuArray;
  /** ndarray.dot. */
  dot(b: ArrayLike, options?: OutOptions): GpuArray;
  /** ndarray.diagonal: a view. */
  diagonal(offsetOrOptions?: number | DiagonalOptions, axis1?: number, axis2?: number): GpuArray;
  /** ndarray.trace. */
  trace(offsetOrOptions?: number | TraceOptions, axis1?: number, axis2?: number): GpuArray;
}

declare module '../core/gpu-array.js' {
  interface GpuArray extends LinalgMethods {}
}

const methods: LinalgMethods = {
  matmul(this: GpuArray, b, options) {
    return matmul(this, b, options);
  },
  dot(this: GpuArray, b, options) {
    return dot(this, b, options);
  },
  diagonal(this: GpuArray, offsetOrOptions, axis1, axis2) {
    return diagonal(this, offsetOrOptions, axis1, axis2);
  },
  trace(this: GpuArray, offsetOrOptions, axis1, axis2) {
    return trace(this, offsetOrOptions, axis1, axis2);
  },
};
for (const [name, fn] of Object.entries(methods)) {
  Object.defineProperty(GpuArray.prototype, name, { value: fn, writable: true, configurable: true });
}
