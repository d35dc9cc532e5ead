// gpuarray: NumPy-style arrays in GPU memory, CUDA kernels from TypeScript. The flat public API,
// NumPy's names (like cupy/__init__.py).
import './kernel/assign.js';
// Side-effect imports, kept in index.d.ts too: they carry the `GpuArray` augmentations (ufunc and
// reduction methods) to every consumer of the package's types.
import './ops/ufunc-api.js';
import './ops/reductions.js';
import './core/host-async.js';

export { GpuArray, GpuArray as ndarray } from './core/gpu-array.js';
export type { ArrayFlags, NestedArray, SetflagsOptions } from './core/gpu-array.js';
export { DType, dtype, dtypes } from './core/dtype.js';
export type { DTypeLike, DTypeName } from './core/dtype.js';
export { promoteTypes } from './core/promotion.js';
export { numpyResultType as resultType, canCast } from './ops/type-check.js';
export { isdtype } from './core/isdtype.js';
export { issubdtype, AbstractDType, generic, number, integer, signedinteger, unsignedinteger, inexact, floating, complexfloating } from './core/abstract-dtypes.js';
export { mintypecode, typename, typecodes } from './core/type-codes.js';
export { formatFloatPositional, formatFloatScientific } from './core/format-float.js';
export type { FormatFloatOptions, FormatFloatPositionalOptions, FormatFloatScientificOptions } from './core/format-float.js';
export type { TrimMode } from './core/dragon4.js';
export type { TypeCodeLike } from './core/type-codes.js';
export { binaryRepr, baseRepr } from './ops/number-repr.js';
export { finfo, iinfo } from './core/dtype-info.js';
export type { FloatInfo, IntInfo, DTypeInfoArg } from './core/dtype-info.js';
export { iscomplex, isreal, iscomplexobj, isrealobj, realIfClose, commonType, minScalarType, isscalar, iterable } from './ops/type-check.js';
export { i0, sinc, fix } from './ops/special-functions.js';
export { ndindex, ndenumerate, applyAlongAxis, applyOverAxes } from './ops/apply-along-axis.js';
export { packbits, unpackbits } from './ops/packbits.js';
export { poly, roots } from './linalg/poly-roots.js';
export { poly1d, polydiv, polyval, polyder, polyint, polyadd, polysub, polymul } from './linalg/poly1d.js';
export { broadcast } from './ops/broadcast-object.js';
export type { BroadcastElement } from './ops/broadcast-object.js';
export type { Poly1dLike, Poly1dOptions, Poly1dPoint, Poly1dCoefficient, PolyLike } from './linalg/poly1d.js';
export type { ArrayConvertible } from './core/array-protocol.js';
export { piecewise } from './ops/piecewise.js';
export { frombuffer, fromiter } from './ops/creation-buffer.js';
export { mayShareMemory } from './kernel/overlap.js';
export { sharesMemory, TooHardError } from './kernel/shares-memory.js';
export { save, load, savez, savezCompressed, NpzFile } from './io/npy.js';
export type { SaveOptions, LoadOptions, NamedArrays, WritableFile, ReadableFile } from './io/npy.js';
export { loadtxt, savetxt } from './io/text.js';
export { genfromtxt } from './io/genfromtxt.js';
export { fromfile, fromstring, tofile } from './io/raw.js';
export { lib } from './ops/stride-tricks.js';
export type { AsStridedOptions, SlidingWindowViewOptions } from './ops/stride-tricks.js';
export { mgrid, ogrid } from './ops/index-grids.js';
export { r_, c_ } from './ops/index-concat.js';
export type { ConcatItem } from './ops/index-concat.js';
export type { GridRange } from './ops/index-grids.js';
export { vectorize } from './ops/vectorize.js';
export type { VectorizeOptions } from './ops/vectorize.js';
export type { FromfileOptions, FromstringOptions, TofileOptions } from './io/raw.js';
export type { LoadtxtOptions, SavetxtOptions, TextSource, TextTarget } from './io/text.js';
export type { GenfromtxtDelimiter, GenfromtxtFill, GenfromtxtFilling, GenfromtxtMissing, GenfromtxtOptions } from './io/genfromtxt.js';
export type { SharesMemoryOptions } from './kernel/shares-memory.js';
export type { FrombufferOptions } from './ops/creation-buffer.js';
export type { Piece, PiecewiseConditions } from './ops/piecewise.js';
export type { PackbitsOptions, UnpackbitsOptions } from './ops/packbits.js';
export type { AlongAxisResult } from './ops/apply-along-axis.js';
export type { IsdtypeKind, IsdtypeKindName } from './core/isdtype.js';
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
  bfloat16,
  half,
  single,
  double,
  csingle,
  cdouble,
  byte,
  ubyte,
  short,
  ushort,
  intc,
  uintc,
  long,
  ulong,
  longlong,
  ulonglong,
  intp,
  uintp,
  int_,
  uint,
  bool,
} from './core/scalar.js';
export type { ScalarFactory } from './core/scalar.js';
// The type of a scalar type such as gp.float32, and NumPy's ScalarType, the list of them.
export { ScalarType } from './core/dtype.js';
export { pi, e, inf, nan, eulerGamma, littleEndian } from './core/constants.js';
export { newaxis } from './core/indexing.js';
export type { Index, IntegerIndex, SliceObject } from './core/indexing.js';
export { scope, keep } from './core/lifetime.js';
export { broadcastShapes } from './core/shape.js';
export {
  empty,
  zeros,
  ones,
  full,
  arange,
  eye,
  identity,
  array,
  asarray,
  // numpy.asanyarray: gp has no array subclasses, so it is asarray.
  asarray as asanyarray,
} from './ops/creation.js';
export { ElementwiseKernel } from './kernel/elementwise-kernel.js';
export type { ElementwiseKernelFn, ElementwiseKernelOptions, ElementwiseCallOptions } from './kernel/elementwise-kernel.js';
export { Ufunc } from './ops/ufunc.js';
// numpy.ufunc, for `gp.add instanceof gp.ufunc`.
export { ufunc } from './ops/ufunc-api.js';
export { UFUNCS as ufuncs } from './ops/ufunc-table.js';
export { NativeCallError, CudaError, CompileError, OutOfMemoryError, BackendUnavailableError, StreamCaptureError } from '../bindings/errors.js';
export { currentDevice, useDevice, availableDeviceSpecs, withDevice } from './device/device.js';

// One function per ufunc of lib/ops/ufunc-table.ts, each with its doc comment (generated from the
// table's doc column by `npm run features`).
export * from './ops/ufunc-exports.js';

// Backend and device query: what a program runs on, and the seed's device.py.
// `cuda` itself is exported from ./cuda.js below: it extends this device query with Numba's device arrays.
export { getBackend } from './device/device.js';
export type { BackendInfo } from './device/device.js';
export type { BackendKind, DeviceInfo, Dim3 } from './device/backend.js';

// Raw kernels and the Numba-style device API: RawKernel/RawModule launched over an
// explicit grid, the `cuda` namespace (device query, device arrays, streams, events).
export { RawKernel, RawModule } from './kernel/raw-kernel.js';
export type { RawKernelFn, RawKernelOptions, RawModuleOptions, RawLaunchOptions, DimLike } from './kernel/raw-kernel.js';
export type { RawArg } from './kernel/raw-args.js';
export type { CParam } from './kernel/c-signature.js';
export { cuda, ComputeCapability } from './cuda.js';
export type { CudaDevice, CudaNamespace, DeviceConstructor } from './cuda.js';
export { Stream, withStream } from './device/stream.js';
export type { StreamOptions } from './device/stream.js';
export { Graph } from './device/graph.js';
export type { GraphOptions } from './cuda-graph.js';
export { Event, getElapsedTime } from './device/event.js';
export type { EventOptions } from './device/event.js';

// Reductions, whole-array comparisons and ReductionKernel: one function per row of
// lib/ops/reductions.ts with its generated doc comment (`var`, a reserved word, is exported under
// its NumPy name through a renamed binding), and ndarray's methods on GpuArray.
export * from './ops/reduction-exports.js';
export type { ReductionOptions, AxisLike } from './ops/reductions.js';
export { arrayEqual, arrayEquiv, allclose, isclose, arrayEqualAsync, allcloseAsync } from './ops/comparison.js';
export type { ArrayEqualOptions, CloseOptions, CloseArg } from './ops/comparison.js';
export { ReductionKernel } from './kernel/reduction-kernel.js';
export type { ReductionKernelFn, ReductionKernelOptions, ReductionCallOptions } from './kernel/reduction-kernel.js';

// Printing, host export and memory: NumPy's array_repr/array_str and print options,
// cupy.asnumpy, and the current device's memory pool (cupy.get_default_memory_pool()).
export { arrayRepr, arrayStr, array2string } from './ops/printing.js';
export { setPrintoptions, getPrintoptions, printoptions } from './core/print-options.js';
export type { PrintOptions, FloatMode } from './core/print-options.js';
export { asnumpy } from './core/host-export.js';
export { getMemoryPool } from './core/lifetime.js';
export type { MemoryPool, PoolStats } from './device/memory-pool.js';
export { getPinnedMemoryPool } from './core/pinned-host.js';
export type { PinnedMemoryPool } from './core/pinned-host.js';

// Linear algebra: matrix products on the backend's GEMM (cuBLAS on cuda, our blocked kernel on
// cpu and for integer/bool), einsum as (batched) GEMMs, and the GpuArray methods matmul, dot,
// diagonal, trace.
import './linalg/methods.js';
export { matmul } from './linalg/matmul.js';
export type { MatmulOptions } from './linalg/matmul.js';
export { dot, vdot, inner, outer, tensordot, kron, trace, diagonal, cross } from './linalg/products.js';
export type { OutOptions, DiagonalOptions, TraceOptions, CrossOptions, TensordotAxes } from './linalg/products.js';
export { einsum } from './linalg/einsum.js';
export type { EinsumOptions } from './linalg/einsum.js';
export { einsumPath } from './linalg/einsum-path.js';
export type { EinsumOptimize, EinsumPath, EinsumPathOptions } from './linalg/einsum-path.js';
export { linalg } from './linalg/namespace.js';
export { vecdot, matvec, vecmat, matrixTranspose } from './linalg/extras.js';
export type { MatvecOptions } from './linalg/extras.js';
export type { VectorNormOptions, MatrixNormOptions } from './linalg/extras.js';
export type { NormOptions, NormOrd, NormOrdArg } from './linalg/norm.js';

// FFT: numpy.fft's transforms and helpers on cuFFT (cuda) or our own kernels (cpu), with
// cupy.fft.config's plan cache.
export * as fft from './fft/index.js';

// numpy.polynomial: gp.polynomial.polyutils, gp.polynomial.polynomial and the Polynomial class
// (coefficients lowest power first; the legacy gp.poly* functions above are highest power first).
export * as polynomial from './polynomial/index.js';
/** numpy.emath: sqrt, log, power, arcsin ... that give complex answers outside the real domain. */
export * as emath from './ops/emath.js';

// Types the public signatures above refer to, so a program can name them (and the API reference
// documents them).
export type { HostScalar, ComplexLike } from './core/host-data.js';
export type { HostTypedArray, DTypeKind, TypedArrayCtor, BitsPolicy, ArgSlot } from './core/dtype.js';
export type { WeakKind } from './core/promotion.js';
export type { Shape } from './core/shape.js';
export type { DeviceBuffer, Disposable } from './core/lifetime.js';
export type { Device } from './device/device.js';
export type { ShapeLike, ArangeArg, DTypeArg, CreationOrderArg, AsarrayOrder, AsarrayOptions, EyeOptions, ArrayOptions } from './ops/creation.js';
export type { LengthLike } from './ops/creation-args.js';
export { emptyLike, zerosLike, onesLike, fullLike } from './ops/creation-like.js';
export type { LikeOptions, LikeDTypeArg } from './ops/creation-like.js';
export type { UfuncArg, UfuncCallOptions, UfuncKeywords, UfuncPairCallOptions, UfuncLoop, UfuncOptions } from './ops/ufunc.js';
export type { UfuncOrder, UfuncWhere } from './ops/ufunc-where.js';
export type { UfuncName, UfuncAliasName, PairUfuncName } from './ops/ufunc-table.js';
export type { UfuncFunctions, UfuncMethods, ClipBounds, UfuncOperand } from './ops/ufunc-api.js';
export type { ReductionFunction, ReductionMethod, ReductionFunctions, ReductionMethods, ReductionName, ReductionAliasName, ReductionMethodName, ReductionPositional } from './ops/reductions.js';
export type { ParamSpec } from './kernel/params.js';
export type { KernelArg, ElementwiseKernelConstructor } from './kernel/elementwise-kernel.js';
export type { ReductionKernelConstructor } from './kernel/reduction-kernel.js';
export type { RawKernelConstructor } from './kernel/raw-kernel.js';
export type { KernelOutputs, ElementwiseResult, ReductionResult } from './kernel/kernel-result.js';
export type { HostArrayLike } from './cuda.js';

// Random numbers: numpy.random's Generator API on a counter-based Philox4x32-10 generator
// (kernels/gpuarray/philox.h), bit-identical on every backend, and the legacy global functions.
export * as random from './random/index.js';

// Joining, rearranging, matrices from vectors and indexing (issue 17): lib/ops/joining.ts,
// views.ts, rearranging.ts, pad.ts, matrices.ts, take-put.ts, masking.ts, nonzero.ts, advanced-indexing.ts
// (a.slice with array indices, a.assign, a.sliceAsync), scan.ts. `where` with one argument is
// nonzero; with three it is the ufunc.
import './ops/advanced-indexing.js';
export { IndexError } from '../bindings/errors.js';
export type { AdvancedIndex } from './core/advanced-index-hook.js';
export { concatenate, concat, stack, vstack, hstack, dstack, columnStack, block, append, rowStack } from './ops/joining.js';
export type { ConcatenateOptions, ConcatenateArg } from './ops/joining.js';
export { split, arraySplit, hsplit, vsplit, dsplit, unstack } from './ops/splitting.js';
export type { SplitSpec } from './ops/splitting.js';
export { atleast1d, atleast2d, atleast3d, flip, fliplr, flipud, rot90, swapaxes, moveaxis, rollaxis, broadcastArrays } from './ops/views.js';
// numpy.reshape(a, ...) and the other function forms of ndarray methods; numpy.round/around.
export { reshape, ravel, transpose, permuteDims, squeeze, expandDims, broadcastTo, copy, astype, ascontiguousarray, asfortranarray, asarrayChkfinite, ndim, shape, size, isfortran, require } from './ops/array-functions.js';
export type { Requirement, RequireOptions } from './ops/array-functions.js';
export type { Order, CopyOrder, ReshapeOptions, ReshapeCopyOptions, AstypeOptions, AstypeArg } from './core/gpu-array.js';
export { round, around } from './ops/rounding.js';
export { linspace, logspace, geomspace } from './ops/spacing.js';
export type { SpaceEnd, SpaceArg, LinspaceOptions, LogspaceOptions, GeomspaceOptions } from './ops/spacing.js';
export type { RoundOptions } from './ops/rounding.js';
export { nanToNum, isposinf, isneginf } from './ops/nan-to-num.js';
export type { NanToNumOptions, SignedInfOptions } from './ops/nan-to-num.js';
export { nonzero, nonzeroAsync, flatnonzero, argwhere } from './ops/nonzero.js';
export { where } from './ops/where.js';
export { tile, repeat, roll, resize, trimZeros, type IntegerList, type TrimZerosOptions } from './ops/rearranging.js';
export { pad } from './ops/pad.js';
export type { PadMode, PadOptions, PadWidth, PadWidthByAxis } from './ops/pad.js';
export { diag, diagflat, tri, tril, triu, meshgrid, indices, fromfunction, ix_, vander } from './ops/matrices.js';
export { unravelIndex, trilIndices, triuIndices, diagIndices, fillDiagonal, trilIndicesFrom, triuIndicesFrom, diagIndicesFrom, maskIndices } from './ops/index-tricks.js';
export type { TriIndicesOptions } from './ops/index-tricks.js';
export type { ArrayLike } from './ops/array-args.js';
export type { MeshgridOptions } from './ops/matrices.js';
export { take, takeAlongAxis, put, putAlongAxis, choose, compress } from './ops/take-put.js';
export type { TakeOptions, TakeArg, ChooseArg, CompressArg } from './ops/take-put.js';
export { putmask, place, extract, select, copyto } from './ops/masking.js';
export type { CopytoOptions } from './ops/masking.js';
import './ops/ufunc-at.js';
import './ops/index-methods.js';
import './ops/flat-iter.js';
export type { FlatIter, FlatIndex } from './ops/flat-iter.js';
// numpy.flatiter: the class of `a.flat`.
export { FlatIter as flatiter } from './ops/flat-iter.js';
// ufunc.reduce / ufunc.outer / ufunc.accumulate on the Ufunc objects and the exported functions
// (gp.add.reduce(a), gp.multiply.outer(a, b)); numpy.real/imag/angle and the a.real/a.imag properties.
import './ops/ufunc-methods.js';
export { real, imag, angle } from './ops/complex-parts.js';
export type { AngleOptions, ComplexPartArg } from './ops/complex-parts.js';
// a.byteswap, a.getfield, a.setfield (NumPy's ndarray methods on each element's bytes).
import './ops/byte-fields.js';
export type { ByteswapOptions, FieldOffset, FieldOptions, FieldValue } from './ops/byte-fields.js';

// Cooperative kernels on the cpu backend: the error a kernel that throws raises.
export { KernelError } from '../bindings/errors.js';

// Public types that exported signatures refer to (documented in their modules).
export type { Casting } from './ops/joining.js';
export type { IndexMethods } from './ops/index-methods.js';
export type { IndexMode } from './ops/gather.js';
export type { UfuncAttributes, UfuncAt, UfuncReduce, UfuncReduceOptions, UfuncAccumulate, UfuncOuter, UfuncReduceat, UfuncReduceatOptions, UfuncReduceatIndices } from './ops/ufunc-api.js';
export type { FftPlanCacheInfo } from './device/backend.js';

// gp.linalg beyond norm: LinAlgError (numpy.linalg.LinAlgError, also gp.linalg.LinAlgError) and
// the option types of the factorisations (det, slogdet, inv, solve, matrixPower, cholesky, qr,
// svd, eigh, eigvalsh, lstsq, pinv, matrixRank live on gp.linalg).
export { LinAlgError } from './linalg/lin-alg-error.js';
export type { CholeskyOptions, QrMode, SvdOptions, EighOptions, Uplo } from './linalg/decompositions.js';
export type { Cutoff, LstsqOptions, PinvOptions, MatrixRankOptions } from './linalg/least-squares.js';

// Scans, sorting, searching, sets and statistics (issue 18): device-wide scans and a stable LSD
// radix sort of ours (kernels/gpuarray/prefix_scan.h, radix_sort.h), the same CUDA C on every backend.
export { cumsum, cumprod, nancumsum, nancumprod } from './ops/prefix-scan.js';
export type { ScanOptions } from './ops/prefix-scan.js';
export { cumulativeSum, cumulativeProd } from './ops/cumulative.js';
export type { CumulativeOptions } from './ops/cumulative.js';
export { sort, argsort, lexsort, partition, argpartition, sortComplex } from './ops/sorting.js';
export type { SortOptions, SortKind, SortArg, PartitionKth } from './ops/sorting.js';
// a.partition, a.argpartition, a.searchsorted, a.cumsum, a.cumprod (NumPy's ndarray methods).
import './ops/order-methods.js';
export {
  searchsorted, unique, uniqueValues, uniqueCounts, uniqueInverse, uniqueAll,
} from './ops/searching.js';
export type { SearchsortedOptions, UniqueOptions } from './ops/searching.js';
export { isin, in1d, intersect1d, union1d, setdiff1d, setxor1d } from './ops/set-routines.js';
export type { IsinOptions } from './ops/set-routines.js';
export { quantile, percentile, median, nanquantile, nanpercentile, nanmedian } from './ops/quantile.js';
export type { QuantileOptions, QuantileMethod, QuantileArg } from './ops/quantile.js';
export { bincount, histogram, digitize } from './ops/statistics.js';
export { histogramBinEdges } from './ops/histogram-edges.js';
export type { HistogramBinEdgesOptions, HistogramBins, HistogramRangeEnd } from './ops/histogram-edges.js';
export type { HistogramOptions, BincountOptions } from './ops/statistics.js';
export { diff, ediff1d } from './ops/differences.js';
export type { DiffOptions } from './ops/differences.js';
export { ptp, average, nanmean, nanvar, nanstd } from './ops/averages.js';
export type { StatOptions, AverageOptions, NanMomentOptions, NanprodOptions } from './ops/averages.js';
export { convolve, correlate, cov, corrcoef } from './ops/correlation.js';
export type { ConvolveMode, CorrcoefOptions, CovOptions } from './ops/correlation.js';
export { nanprod, nanargmax, nanargmin } from './ops/averages.js';
export type { NanArgOptions } from './ops/averages.js';
export { gradient, trapezoid } from './ops/calculus.js';
export { unwrap } from './ops/unwrap.js';
export type { UnwrapOptions } from './ops/unwrap.js';
export type { GradientOptions, TrapezoidOptions } from './ops/calculus.js';
export { histogramdd, histogram2d } from './ops/histogramdd.js';
export type { HistogramddOptions } from './ops/histogramdd.js';

// Several devices, several processes, and handing memory to other code (issue 23): a.toDevice(n)
// and cross-device copyto (peer copies), gp.nccl (CuPy's cupy.cuda.nccl) and gp.distributed
// (cupyx.distributed) with NCCL between GPUs and TCP on the cpu backend, the gpuarray-run
// launcher (bin/), DLPack, CUDA IPC (gp.cuda.ipcHandle) and __cuda_array_interface__.
import './core/transfer.js';
export { nccl } from './distributed/nccl.js';
export type { NcclNamespace } from './distributed/nccl.js';
export { distributed } from './distributed/index.js';
export type { DistributedNamespace } from './distributed/index.js';
export { Communicator } from './distributed/communicator.js';
export type { Engine } from './distributed/communicator.js';
export type { InitOptions } from './distributed/init.js';
export type { ReduceOp, CollectiveOptions, ReduceOptions, RootOptions, RootReduceOptions } from './distributed/checks.js';
export { NcclError, DistributedError } from '../bindings/errors.js';
import './interop/methods.js';
export { fromDlpack, DlpackCapsule } from './interop/dlpack.js';
export type { ToDlpackOptions, FromDlpackOptions, DlpackDevice } from './interop/dlpack.js';
export { fromCudaArrayInterface } from './interop/cuda-array-interface.js';
export type { CudaArrayInterface, FromCudaArrayInterfaceOptions } from './interop/cuda-array-interface.js';
export type { IpcHandle, OpenIpcHandleOptions } from './interop/ipc.js';
// Fusion (issue 21): gp.fuse traces a function of element-wise ops (and one final reduction) per
// signature and runs it as one kernel, with the eager results bit for bit (lib/fusion/).
export { fuse } from './fusion/fuse.js';
export type { FuseOptions, FusedFunction } from './fusion/fuse.js';
export { FusionError } from './fusion/errors.js';

// NumPy routines real programs use beyond the above: interp, ravel_multi_index, insert/delete,
// the window functions and the legacy numpy.poly* functions (compositions of the ops above).
export { interp } from './ops/interp.js';
export type { InterpOptions } from './ops/interp.js';
export { ravelMultiIndex } from './ops/ravel-index.js';
export type { RavelMode, RavelMultiIndexArg, RavelMultiIndexOptions } from './ops/ravel-index.js';
export { insert, deleteFn as delete } from './ops/insert-delete.js';
export type { InsertDeleteIndex } from './ops/insert-delete.js';
export { hanning, hamming, blackman, bartlett, kaiser } from './ops/windows.js';
export type { PolyintOptions } from './ops/poly.js';
export { polyfit } from './linalg/polyfit.js';
export type { PolyfitOptions } from './linalg/polyfit.js';
