// gpuarray: NumPy-style arrays in GPU memory, CUDA kernels from TypeScript. The flat public API,
// NumPy's names (like cupy/__init__.py).
import './kernel/assign.js';
import { ufuncFunctions } from './ops/ufunc-api.js';

export { GpuArray } from './core/gpu-array.js';
export type { ArrayFlags, NestedArray } from './core/gpu-array.js';
export { DType, dtype, dtypes } from './core/dtype.js';
export type { DTypeLike, DTypeName } from './core/dtype.js';
export { promoteTypes, resultType, canCastSafely as canCast } from './core/promotion.js';
export {
  Scalar,
  bool_,
  int8,
  int16,
  int32,
  int64,
  uint8,
  uint16,
  uint32,
  uint64,
  float16,
  float32,
  float64,
  complex64,
  complex128,
} from './core/scalar.js';
export { newaxis } from './core/indexing.js';
export type { Index, SliceObject } from './core/indexing.js';
export { scope, keep } from './core/lifetime.js';
export { broadcastShapes } from './core/shape.js';
export {
  empty,
  zeros,
  ones,
  full,
  emptyLike,
  zerosLike,
  onesLike,
  fullLike,
  arange,
  linspace,
  eye,
  identity,
  array,
  asarray,
} from './ops/creation.js';
export { ElementwiseKernel } from './kernel/elementwise-kernel.js';
export type { ElementwiseKernelFn, ElementwiseKernelOptions, ElementwiseCallOptions } from './kernel/elementwise-kernel.js';
export { Ufunc } from './ops/ufunc.js';
export { UFUNCS as ufuncs } from './ops/ufunc-table.js';
export { CudaError, CompileError, OutOfMemoryError, BackendUnavailableError } from '../bindings/errors.js';
export { currentDevice, useDevice, availableDeviceSpecs } from './device/device.js';

// One function per ufunc of lib/ops/ufunc-table.ts.
export const {
  add, subtract, multiply, divide, trueDivide, floorDivide, remainder, mod, power, pow,
  arctan2, hypot, maximum, minimum, fmax, fmin,
  negative, positive, absolute, abs, sign, square, reciprocal, conjugate, conj,
  sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p,
  sin, cos, tan, arcsin, arccos, arctan, sinh, cosh, tanh, arcsinh, arccosh, arctanh,
  floor, ceil, trunc, rint, isnan, isinf, isfinite,
  equal, notEqual, less, lessEqual, greater, greaterEqual,
  logicalAnd, logicalOr, logicalXor, logicalNot,
  bitwiseAnd, bitwiseOr, bitwiseXor, bitwiseNot, invert, leftShift, rightShift,
  clip, where,
} = ufuncFunctions;
