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

// Backend and device query: what a program runs on, and the seed's device.py.
// `cuda` itself is exported from ./cuda.js below: it extends this device query with Numba's device arrays.
export { getBackend } from './device/device.js';
export type { BackendInfo } from './device/device.js';
export type { BackendKind, DeviceInfo } from './device/backend.js';

// Raw kernels and the Numba-style device API: RawKernel/RawModule launched over an
// explicit grid, the `cuda` namespace (device query, device arrays, streams, events).
export { RawKernel, RawModule } from './kernel/raw-kernel.js';
export type { RawKernelFn, RawKernelOptions, RawModuleOptions, RawLaunchOptions, DimLike } from './kernel/raw-kernel.js';
export type { RawArg } from './kernel/raw-args.js';
export type { CParam } from './kernel/c-signature.js';
export { cuda, ComputeCapability } from './cuda.js';
export type { CudaDevice, CudaNamespace } from './cuda.js';
export { Stream } from './device/stream.js';
export type { StreamOptions } from './device/stream.js';
export { Event, getElapsedTime } from './device/event.js';
export type { EventOptions } from './device/event.js';

// Reductions, whole-array comparisons and ReductionKernel: one function per row of
// lib/ops/reductions.ts (and ndarray's methods on GpuArray); `var` is a reserved word, so it is
// exported under its NumPy name through a renamed binding.
import { reductionFunctions } from './ops/reductions.js';
export const {
  sum, prod, nansum, max, min, amax, amin, nanmax, nanmin, argmax, argmin,
  all, any, countNonzero, mean, std,
} = reductionFunctions;
const varFunction = reductionFunctions.var;
export { varFunction as var };
export type { ReductionOptions, AxisLike } from './ops/reductions.js';
export { arrayEqual, allclose, isclose } from './ops/comparison.js';
export type { ArrayEqualOptions, CloseOptions } from './ops/comparison.js';
export { ReductionKernel } from './kernel/reduction-kernel.js';
export type { ReductionKernelFn, ReductionKernelOptions, ReductionCallOptions } from './kernel/reduction-kernel.js';

// Printing, host export and memory: NumPy's array_repr/array_str and print options,
// cupy.asnumpy, and the current device's memory pool (cupy.get_default_memory_pool()).
export { arrayRepr, arrayStr, array2string, setPrintoptions, getPrintoptions, printoptions } from './core/repr.js';
export type { PrintOptions, FloatMode } from './core/repr.js';
export { asnumpy } from './core/host-export.js';
export { getMemoryPool } from './core/lifetime.js';
export type { MemoryPool, PoolStats } from './device/memory-pool.js';

// Cooperative kernels on the cpu backend: the error a kernel that throws raises.
export { KernelError } from '../bindings/errors.js';

// Scans, sorting, searching, sets and statistics (issue 18): device-wide scans and a stable LSD
// radix sort of ours (kernels/gpuarray/prefix_scan.h, radix_sort.h), the same CUDA C on every backend.
export { cumsum, cumprod, nancumsum, nancumprod } from './ops/prefix-scan.js';
export type { ScanOptions } from './ops/prefix-scan.js';
export { sort, argsort, lexsort, partition, argpartition, sortComplex } from './ops/sorting.js';
export type { SortOptions, SortKind } from './ops/sorting.js';
export {
  searchsorted, unique, uniqueValues, uniqueCounts, uniqueInverse, uniqueAll, isin, intersect1d, union1d, setdiff1d, setxor1d,
} from './ops/searching.js';
export type { SearchsortedOptions, UniqueOptions, IsinOptions } from './ops/searching.js';
export { quantile, percentile, median, nanquantile, nanpercentile, nanmedian, bincount, histogram, digitize } from './ops/statistics.js';
export type { QuantileOptions, QuantileMethod, HistogramOptions } from './ops/statistics.js';
export { diff, ediff1d } from './ops/differences.js';
export type { DiffOptions } from './ops/differences.js';
export { ptp, average, nanmean, nanvar, nanstd } from './ops/averages.js';
export type { StatOptions, AverageOptions } from './ops/averages.js';
export { convolve, correlate, cov, corrcoef } from './ops/correlation.js';
export type { ConvolveMode, CovOptions } from './ops/correlation.js';
export { nanprod, nanargmax, nanargmin } from './ops/averages.js';
export { gradient, trapezoid } from './ops/calculus.js';
export { histogramdd, histogram2d } from './ops/histogramdd.js';
export type { HistogramddOptions } from './ops/histogramdd.js';
