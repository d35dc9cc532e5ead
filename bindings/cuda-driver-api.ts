// The CUDA driver API's declarations for koffi: the prototypes of every entry point gpuarray
// calls, the enum values and structs it passes. The CudaDriver class (cuda-driver.ts and the
// cuda-driver-*.ts layers below it) wraps them.
import koffi from 'koffi';

/** CUdevice_attribute values used by gpuarray. */
export const CU_DEVICE_ATTRIBUTE = {
  MAX_THREADS_PER_BLOCK: 1,
  MAX_BLOCK_DIM_X: 2,
  MAX_BLOCK_DIM_Y: 3,
  MAX_BLOCK_DIM_Z: 4,
  MAX_GRID_DIM_X: 5,
  MAX_GRID_DIM_Y: 6,
  MAX_GRID_DIM_Z: 7,
  MAX_SHARED_MEMORY_PER_BLOCK: 8,
  WARP_SIZE: 10,
  CLOCK_RATE: 13,
  MULTIPROCESSOR_COUNT: 16,
  L2_CACHE_SIZE: 38,
  MAX_THREADS_PER_MULTIPROCESSOR: 39,
  COMPUTE_CAPABILITY_MAJOR: 75,
  COMPUTE_CAPABILITY_MINOR: 76,
} as const;

export type Fn = (...args: any[]) => any;
export type AsyncFn = Fn & { async: (...args: any[]) => void };

export const out64 = () => new BigUint64Array(1);
export const outI32 = () => new Int32Array(1);

/** CUpointer_attribute values used by gpuarray. */
export const CU_POINTER_ATTRIBUTE = { CONTEXT: 1, MEMORY_TYPE: 2, DEVICE_ORDINAL: 9 } as const;
/** CUmemorytype values (what CU_POINTER_ATTRIBUTE.MEMORY_TYPE answers). */
export const CU_MEMORYTYPE = { HOST: 1, DEVICE: 2, ARRAY: 3, UNIFIED: 4 } as const;
export const CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704;
/** Bytes of a CUipcMemHandle (`char reserved[64]`). */
export const CU_IPC_HANDLE_SIZE = 64;
// Named, so prototypes below can take it by value.
koffi.struct('CUipcMemHandle', { reserved: koffi.array('uint8_t', CU_IPC_HANDLE_SIZE, 'Typed') });

/** Every driver entry point gpuarray calls, declared on the loaded libcuda. */
export function declareDriver(lib: ReturnType<typeof koffi.load>): Record<string, AsyncFn> {
  const decl = (proto: string) => lib.func(proto) as AsyncFn;
  // The `_v2` symbols are the 64-bit-size entry points the headers map the plain names to.
  return {
    cuGetErrorName: decl('int cuGetErrorName(int error, _Out_ const char** pStr)'),
    cuGetErrorString: decl('int cuGetErrorString(int error, _Out_ const char** pStr)'),
    cuInit: decl('int cuInit(uint32_t flags)'),
    cuDriverGetVersion: decl('int cuDriverGetVersion(int32_t* version)'),
    cuDeviceGetCount: decl('int cuDeviceGetCount(int32_t* count)'),
    cuDeviceGet: decl('int cuDeviceGet(int32_t* device, int ordinal)'),
    cuDeviceGetName: decl('int cuDeviceGetName(_Out_ uint8_t* name, int len, int dev)'),
    cuDeviceGetAttribute: decl('int cuDeviceGetAttribute(int32_t* pi, int attrib, int dev)'),
    cuDeviceTotalMem: decl('int cuDeviceTotalMem_v2(uint64_t* bytes, int dev)'),
    cuDevicePrimaryCtxRetain: decl('int cuDevicePrimaryCtxRetain(uint64_t* pctx, int dev)'),
    cuCtxSetCurrent: decl('int cuCtxSetCurrent(uint64_t ctx)'),
    cuCtxSynchronize: decl('int cuCtxSynchronize()'),
    cuMemGetInfo: decl('int cuMemGetInfo_v2(uint64_t* free, uint64_t* total)'),
    cuMemAlloc: decl('int cuMemAlloc_v2(uint64_t* dptr, size_t bytesize)'),
    cuMemFree: decl('int cuMemFree_v2(uint64_t dptr)'),
    cuMemAllocHost: decl('int cuMemAllocHost_v2(uint64_t* pp, size_t bytesize)'),
    cuMemFreeHost: decl('int cuMemFreeHost(uint64_t p)'),
    cuMemHostRegister: decl('int cuMemHostRegister_v2(uint64_t p, size_t bytesize, uint32_t flags)'),
    cuMemHostUnregister: decl('int cuMemHostUnregister(uint64_t p)'),
    cuMemsetD8Async: decl('int cuMemsetD8Async(uint64_t dst, uint8_t uc, size_t n, uint64_t stream)'),
    cuMemsetD32Async: decl('int cuMemsetD32Async(uint64_t dst, uint32_t ui, size_t n, uint64_t stream)'),
    cuMemcpyHtoD: decl('int cuMemcpyHtoD_v2(uint64_t dst, const void* src, size_t bytes)'),
    cuMemcpyDtoH: decl('int cuMemcpyDtoH_v2(_Out_ void* dst, uint64_t src, size_t bytes)'),
    cuMemcpyHtoDAsync: decl('int cuMemcpyHtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
    cuMemcpyDtoHAsync: decl('int cuMemcpyDtoHAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
    cuMemcpyDtoDAsync: decl('int cuMemcpyDtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
    cuModuleLoadData: decl('int cuModuleLoadData(uint64_t* module, const void* image)'),
    cuModuleUnload: decl('int cuModuleUnload(uint64_t module)'),
    cuModuleGetFunction: decl('int cuModuleGetFunction(uint64_t* hfunc, uint64_t module, const char* name)'),
    cuFuncSetAttribute: decl('int cuFuncSetAttribute(uint64_t hfunc, int attrib, int value)'),
    cuOccupancyMaxActiveBlocksPerMultiprocessor: decl('int cuOccupancyMaxActiveBlocksPerMultiprocessor(int32_t* numBlocks, uint64_t func, int blockSize, size_t dynamicSMemSize)'),
    cuLaunchKernel: decl(
      'int cuLaunchKernel(uint64_t f, uint32_t gx, uint32_t gy, uint32_t gz, uint32_t bx, uint32_t by, uint32_t bz, ' +
        'uint32_t sharedMemBytes, uint64_t stream, uint64_t kernelParams, uint64_t extra)',
    ),
    cuStreamCreate: decl('int cuStreamCreate(uint64_t* phStream, uint32_t flags)'),
    cuStreamDestroy: decl('int cuStreamDestroy_v2(uint64_t stream)'),
    cuStreamSynchronize: decl('int cuStreamSynchronize(uint64_t stream)'),
    cuStreamQuery: decl('int cuStreamQuery(uint64_t stream)'),
    cuStreamWaitEvent: decl('int cuStreamWaitEvent(uint64_t stream, uint64_t event, uint32_t flags)'),
    cuEventCreate: decl('int cuEventCreate(uint64_t* phEvent, uint32_t flags)'),
    cuEventDestroy: decl('int cuEventDestroy_v2(uint64_t event)'),
    cuEventRecord: decl('int cuEventRecord(uint64_t event, uint64_t stream)'),
    cuEventSynchronize: decl('int cuEventSynchronize(uint64_t event)'),
    cuEventQuery: decl('int cuEventQuery(uint64_t event)'),
    cuEventElapsedTime: decl('int cuEventElapsedTime(_Out_ float* ms, uint64_t start, uint64_t end)'),
    cuDeviceCanAccessPeer: decl('int cuDeviceCanAccessPeer(int32_t* canAccess, int dev, int peerDev)'),
    cuCtxEnablePeerAccess: decl('int cuCtxEnablePeerAccess(uint64_t peerContext, uint32_t flags)'),
    cuMemcpyPeerAsync: decl('int cuMemcpyPeerAsync(uint64_t dst, uint64_t dstContext, uint64_t src, uint64_t srcContext, size_t bytes, uint64_t stream)'),
    cuMemGetAddressRange: decl('int cuMemGetAddressRange_v2(uint64_t* base, uint64_t* size, uint64_t dptr)'),
    cuPointerGetAttribute: decl('int cuPointerGetAttribute(_Out_ void* data, int attribute, uint64_t ptr)'),
    cuIpcGetMemHandle: decl('int cuIpcGetMemHandle(_Out_ uint8_t* handle, uint64_t dptr)'),
    cuIpcOpenMemHandle: decl('int cuIpcOpenMemHandle_v2(uint64_t* pdptr, CUipcMemHandle handle, uint32_t flags)'),
    cuIpcCloseMemHandle: decl('int cuIpcCloseMemHandle(uint64_t dptr)'),
    // Stream capture and graphs (CUDA 11.4+): a stream's work recorded once, replayed by one launch.
    cuStreamBeginCapture: decl('int cuStreamBeginCapture_v2(uint64_t stream, int mode)'),
    cuStreamEndCapture: decl('int cuStreamEndCapture(uint64_t stream, uint64_t* graph)'),
    cuStreamIsCapturing: decl('int cuStreamIsCapturing(uint64_t stream, int32_t* status)'),
    cuGraphInstantiateWithFlags: decl('int cuGraphInstantiateWithFlags(uint64_t* exec, uint64_t graph, uint64_t flags)'),
    cuGraphGetNodes: decl('int cuGraphGetNodes(uint64_t graph, uint64_t* nodes, uint64_t* count)'),
    cuGraphLaunch: decl('int cuGraphLaunch(uint64_t exec, uint64_t stream)'),
    cuGraphExecDestroy: decl('int cuGraphExecDestroy(uint64_t exec)'),
    cuGraphDestroy: decl('int cuGraphDestroy(uint64_t graph)'),
    cuThreadExchangeStreamCaptureMode: decl('int cuThreadExchangeStreamCaptureMode(int32_t* mode)'),
  };
}
