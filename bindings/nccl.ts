// NCCL through koffi: communicators and collectives between GPUs, in one process or across
// processes and machines. Loaded on first use (GPUARRAY_NCCL_PATH, libnccl.so.2 on the loader
// path, NVIDIA's pip wheels). Communicators and streams travel as numbers (pointers on the C
// side). Every ncclResult_t is checked and turns into an NcclError. NCCL switches the calling
// thread's CUDA device itself, so each call tells the driver binding to re-check its context.
import koffi from 'koffi';
import { CudaDriver } from './cuda-driver.js';
import { NcclError } from './errors.js';
import { ncclCandidates } from './library-path.js';
import { openFirst } from './load-library.js';

type Fn = (...args: any[]) => any;

/** Bytes of an ncclUniqueId (`char internal[128]`). */
export const NCCL_UNIQUE_ID_BYTES = 128;

/** ncclDataType_t. */
export const NCCL_DTYPE = {
  int8: 0,
  uint8: 1,
  int32: 2,
  uint32: 3,
  int64: 4,
  uint64: 5,
  float16: 6,
  float32: 7,
  float64: 8,
  bfloat16: 9,
} as const;

/** ncclRedOp_t (ncclAvg needs NCCL 2.10). */
export const NCCL_OP = { sum: 0, prod: 1, max: 2, min: 3, avg: 4 } as const;

const RESULT: Record<number, [string, string]> = {
  1: ['ncclUnhandledCudaError', 'a call to CUDA failed'],
  2: ['ncclSystemError', 'a call to the system failed (sockets, shared memory, ...)'],
  3: ['ncclInternalError', 'an internal check failed in NCCL'],
  4: ['ncclInvalidArgument', 'an argument is not valid'],
  5: ['ncclInvalidUsage', 'NCCL was used the wrong way (e.g. two ranks on one GPU, mismatched calls)'],
  6: ['ncclRemoteError', 'a remote peer failed or left'],
  7: ['ncclInProgress', 'the operation is still in progress'],
};

const UniqueId = koffi.struct('ncclUniqueId', { internal: koffi.array('uint8_t', NCCL_UNIQUE_ID_BYTES, 'Typed') });

export class Nccl {
  readonly path: string;
  /** NCCL_VERSION_CODE: major * 10000 + minor * 100 + patch (e.g. 22703 for 2.27.3). */
  readonly version: number;
  private readonly f: Record<string, Fn>;
  private readonly lastError: Fn | null;
  private readonly out = new BigUint64Array(1);
  private readonly outI32 = new Int32Array(1);

  private constructor(lib: ReturnType<typeof koffi.load>, path: string) {
    this.path = path;
    const decl = (proto: string) => lib.func(proto) as Fn;
    this.f = {
      ncclGetVersion: decl('int ncclGetVersion(_Out_ int32_t* version)'),
      ncclGetErrorString: decl('const char* ncclGetErrorString(int result)'),
      ncclGetUniqueId: decl('int ncclGetUniqueId(_Out_ uint8_t* uniqueId)'),
      ncclCommInitRank: lib.func('ncclCommInitRank', 'int', ['_Out_ uint64_t*', 'int', UniqueId, 'int']) as Fn,
      ncclCommInitAll: decl('int ncclCommInitAll(_Out_ uint64_t* comms, int ndev, const int32_t* devlist)'),
      ncclCommDestroy: decl('int ncclCommDestroy(uint64_t comm)'),
      ncclCommAbort: decl('int ncclCommAbort(uint64_t comm)'),
      ncclCommCount: decl('int ncclCommCount(uint64_t comm, _Out_ int32_t* count)'),
      ncclCommCuDevice: decl('int ncclCommCuDevice(uint64_t comm, _Out_ int32_t* device)'),
      ncclCommUserRank: decl('int ncclCommUserRank(uint64_t comm, _Out_ int32_t* rank)'),
      ncclAllReduce: decl('int ncclAllReduce(uint64_t sendbuff, uint64_t recvbuff, size_t count, int datatype, int op, uint64_t comm, uint64_t stream)'),
      ncclBroadcast: decl('int ncclBroadcast(uint64_t sendbuff, uint64_t recvbuff, size_t count, int datatype, int root, uint64_t comm, uint64_t stream)'),
      ncclReduce: decl('int ncclReduce(uint64_t sendbuff, uint64_t recvbuff, size_t count, int datatype, int op, int root, uint64_t comm, uint64_t stream)'),
      ncclAllGather: decl('int ncclAllGather(uint64_t sendbuff, uint64_t recvbuff, size_t sendcount, int datatype, uint64_t comm, uint64_t stream)'),
      ncclReduceScatter: decl('int ncclReduceScatter(uint64_t sendbuff, uint64_t recvbuff, size_t recvcount, int datatype, int op, uint64_t comm, uint64_t stream)'),
      ncclSend: decl('int ncclSend(uint64_t sendbuff, size_t count, int datatype, int peer, uint64_t comm, uint64_t stream)'),
      ncclRecv: decl('int ncclRecv(uint64_t recvbuff, size_t count, int datatype, int peer, uint64_t comm, uint64_t stream)'),
      ncclGroupStart: decl('int ncclGroupStart()'),
      ncclGroupEnd: decl('int ncclGroupEnd()'),
    };
    let last: Fn | null = null;
    try {
      last = decl('const char* ncclGetLastError(uint64_t comm)'); // NCCL 2.13+
    } catch {
      /* an older NCCL: the result's text only */
    }
    this.lastError = last;
    this.call('ncclGetVersion', this.outI32);
    this.version = this.outI32[0];
  }

  /** The first libnccl that loads and answers, or why none did. */
  static load(candidates: readonly string[] = ncclCandidates()): Nccl | { error: string } {
    return openFirst('NCCL', 'libnccl.so.2 on the loader path, pip install nvidia-nccl-cu13 (or -cu12), or GPUARRAY_NCCL_PATH set to the library file', candidates, (r) => new Nccl(r.lib, r.path));
  }

  /** 'major.minor.patch' of the loaded library. */
  get versionString(): string {
    const v = this.version;
    return v >= 10000 ? `${Math.floor(v / 10000)}.${Math.floor(v / 100) % 100}.${v % 100}` : `${Math.floor(v / 1000)}.${Math.floor(v / 100) % 10}.${v % 100}`;
  }

  private describe(status: number, comm: number): string {
    let text = RESULT[status]?.[1] ?? 'NCCL call failed';
    try {
      const s = this.f.ncclGetErrorString(status) as string | null;
      if (s) text = s;
    } catch {
      /* keep ours */
    }
    if (this.lastError !== null) {
      const last = this.lastError(comm) as string | null;
      if (last) text += `: ${last}`;
    }
    return text;
  }

  check(call: string, status: number, comm = 0): void {
    if (status !== 0) throw new NcclError(call, status, RESULT[status]?.[0] ?? `ncclResult_${status}`, this.describe(status, comm));
  }

  private call(name: string, ...args: unknown[]): void {
    let status: number;
    try {
      status = this.f[name](...args) as number;
    } finally {
      CudaDriver.contextMayHaveChanged();
    }
    this.check(name, status);
  }

  /** A new ncclUniqueId (128 bytes) for ncclCommInitRank; made by one rank and sent to the others. */
  getUniqueId(): Uint8Array {
    const id = new Uint8Array(NCCL_UNIQUE_ID_BYTES);
    this.call('ncclGetUniqueId', id);
    return id;
  }

  /** One rank of `nranks` on the current device; blocks until every rank has joined. */
  commInitRank(nranks: number, id: Uint8Array, rank: number): number {
    this.call('ncclCommInitRank', this.out, nranks, { internal: id }, rank);
    return Number(this.out[0]);
  }

  /** One communicator per device of `devices`, in one process (rank i on devices[i]). */
  commInitAll(devices: readonly number[]): number[] {
    const comms = new BigUint64Array(devices.length);
    this.call('ncclCommInitAll', comms, devices.length, Int32Array.from(devices));
    return Array.from(comms, Number);
  }

  commDestroy(comm: number): void {
    this.call('ncclCommDestroy', comm);
  }

  commAbort(comm: number): void {
    this.call('ncclCommAbort', comm);
  }

  /** The communicator's size, its CUDA device and its rank. */
  commInfo(comm: number): { count: number; device: number; rank: number } {
    const v = this.outI32;
    this.call('ncclCommCount', comm, v);
    const count = v[0];
    this.call('ncclCommCuDevice', comm, v);
    const device = v[0];
    this.call('ncclCommUserRank', comm, v);
    return { count, device, rank: v[0] };
  }

  /** A collective or point-to-point call, checked with the communicator's last error. */
  collective(name: 'ncclAllReduce' | 'ncclBroadcast' | 'ncclReduce' | 'ncclAllGather' | 'ncclReduceScatter' | 'ncclSend' | 'ncclRecv', comm: number, ...args: number[]): void {
    let status: number;
    try {
      status = this.f[name](...args) as number;
    } finally {
      CudaDriver.contextMayHaveChanged();
    }
    if (status !== 0) this.check(name, status, comm);
  }

  groupStart(): void {
    this.call('ncclGroupStart');
  }

  groupEnd(): void {
    this.call('ncclGroupEnd');
  }
}

let library: Nccl | { error: string } | null = null;

/** The process's NCCL, loaded once; `{ error }` says where it looked when there is none. */
export function ncclLibrary(): Nccl | { error: string } {
  return (library ??= Nccl.load());
}

/** The NCCL library when it has been loaded (a communicator was made), else null: nothing is loaded here. */
export function loadedNccl(): Nccl | null {
  return library !== null && !('error' in library) ? library : null;
}
