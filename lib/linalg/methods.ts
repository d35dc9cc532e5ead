// GpuArray methods where NumPy's ndarray has them (a.dot(b), a.diagonal(), a.trace()) and
// a.matmul(b) for the `@` operator JS lacks; attached to the prototype like the ufunc methods.
import type { DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, matmul, MatmulOptions } from './matmul.js';
import { diagonal, DiagonalOptions, dot, OutOptions, trace, TraceOptions } from './products.js';

export interface LinalgMethods {
  /** numpy.matmul(this, b, out): the `@` operator (out by position or option). */
  matmul(b: ArrayLike, ...args: (GpuArray | null | MatmulOptions | undefined)[]): GpuArray;
  /** ndarray.dot(b, out) (out by position or option). */
  dot(b: ArrayLike, ...args: (GpuArray | null | OutOptions | undefined)[]): GpuArray;
  /** ndarray.diagonal(offset, axis1, axis2): a view (by position or option). */
  diagonal(...more: (number | DiagonalOptions | undefined)[]): GpuArray;
  /** ndarray.trace(offset, axis1, axis2, dtype, out) (by position or option). */
  trace(...more: (number | DTypeLike | GpuArray | null | TraceOptions | undefined)[]): GpuArray;
}

declare module '../core/gpu-array.js' {
  interface GpuArray extends LinalgMethods {}
}

const methods: LinalgMethods = {
  matmul(this: GpuArray, b, ...args) {
    return matmul(this, b, ...args);
  },
  dot(this: GpuArray, b, ...args) {
    return dot(this, b, ...args);
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
