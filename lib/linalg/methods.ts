// GpuArray methods where NumPy's ndarray has them (a.dot(b), a.diagonal(), a.trace()) and
// a.matmul(b) for the `@` operator JS lacks; attached to the prototype like the ufunc methods.
import type { DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, matmul, MatmulOptions } from './matmul.js';
import { diagonal, DiagonalOptions, dot, OutOptions, trace, TraceOptions } from './products.js';

export interface LinalgMethods {
  /** numpy.matmul(this, b): the `@` operator. */
  matmul(b: ArrayLike, options?: MatmulOptions): GpuArray;
  /** ndarray.dot. */
  dot(b: ArrayLike, options?: OutOptions): GpuArray;
  /** ndarray.diagonal(offset, axis1, axis2): a view (by position or option). */
  diagonal(...more: (number | DiagonalOptions | undefined)[]): GpuArray;
  /** ndarray.trace(offset, axis1, axis2, dtype, out) (by position or option). */
  trace(...more: (number | DTypeLike | GpuArray | null | TraceOptions | undefined)[]): GpuArray;
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
  diagonal(this: GpuArray, ...more) {
    return diagonal(this, ...more);
  },
  trace(this: GpuArray, ...more) {
    return trace(this, ...more);
  },
};
for (const [name, fn] of Object.entries(methods)) {
  Object.defineProperty(GpuArray.prototype, name, { value: fn, writable: true, configurable: true });
}
