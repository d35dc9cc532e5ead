// NCCL moving a communicator's data between GPUs: one rank per device, in one process
// (ncclCommInitAll) or across processes and machines (ncclCommInitRank with a unique id that rank
// 0 makes and the rendezvous hands to the others). Data movement (broadcast, allGather,
// send/recv) goes as bytes, so every dtype moves; reductions use NCCL's own dtypes (complex as
// pairs of reals, for sum and avg).
import { BackendUnavailableError } from '../../bindings/errors.js';
import { Nccl, NCCL_DTYPE, NCCL_OP, ncclLibrary } from '../../bindings/nccl.js';
import type { GpuArray } from '../core/gpu-array.js';
import type { Backend } from '../device/backend.js';
import type { Device } from '../device/device.js';
import type { ReduceOp } from './checks.js';
import type { Engine } from './communicator.js';

/** The process's NCCL, or a BackendUnavailableError saying where it looked. */
export function nccl(): Nccl {
  const lib = ncclLibrary();
  if ('error' in lib) throw new BackendUnavailableError('cuda (NCCL)', lib.error);
  return lib;
}

/** NCCL's dtype and element count for a reduction of `a` (complex: twice as many reals). */
function reduceType(a: GpuArray): [number, number] {
  switch (a.dtype.name) {
    case 'complex64':
      return [NCCL_DTYPE.float32, 2 * a.size];
    case 'complex128':
      return [NCCL_DTYPE.float64, 2 * a.size];
    default:
      return [NCCL_DTYPE[a.dtype.name as keyof typeof NCCL_DTYPE], a.size];
  }
}

function cudaBackend(device: Device, what: string): Backend {
  if (!device.backend.capabilities.nccl) throw new TypeError(`${what}: NCCL runs on CUDA devices, not ${device.spec}`);
  return device.backend;
}

export class NcclEngine implements Engine {
  readonly kind = 'nccl' as const;
  private readonly backend: Backend;

  private constructor(
    private readonly lib: Nccl,
    private readonly comm: number,
    readonly rank: number,
    readonly worldSize: number,
    readonly device: Device,
  ) {
    this.backend = cudaBackend(device, 'NcclCommunicator');
  }

  /** Rank `rank` of `nranks` on `device`; blocks until every rank has joined with the same id. */
  static initRank(nranks: number, id: Uint8Array, rank: number, device: Device): NcclEngine {
    const lib = nccl();
    cudaBackend(device, 'NcclCommunicator').activate(); // NCCL takes the thread's current device
    const comm = lib.commInitRank(nranks, id, rank);
    return new NcclEngine(lib, comm, rank, nranks, device);
  }

  /** One engine per device, ranks in the order given (ncclCommInitAll). */
  static initAll(devices: readonly Device[]): NcclEngine[] {
    const lib = nccl();
    const ordinals = devices.map((d) => cudaBackend(d, 'NcclCommunicator.initAll').device.id);
    const comms = lib.commInitAll(ordinals);
    return comms.map((c, i) => new NcclEngine(lib, c, i, devices.length, devices[i]));
  }

  private go(name: 'ncclAllReduce' | 'ncclBroadcast' | 'ncclReduce' | 'ncclAllGather' | 'ncclReduceScatter' | 'ncclSend' | 'ncclRecv', ...args: number[]): void {
    this.backend.activate(); // our pool and stream 0 are this device's
    this.lib.collective(name, this.comm, ...args);
  }

  allReduce(send: GpuArray, recv: GpuArray, op: ReduceOp, stream: number): void {
    const [t, n] = reduceType(send);
    this.go('ncclAllReduce', send.ptr, recv.ptr, n, t, NCCL_OP[op], this.comm, stream);
  }

  broadcast(buf: GpuArray, root: number, stream: number): void {
    this.go('ncclBroadcast', buf.ptr, buf.ptr, buf.nbytes, NCCL_DTYPE.uint8, root, this.comm, stream);
  }

  reduce(send: GpuArray, recv: GpuArray, op: ReduceOp, root: number, stream: number): void {
    const [t, n] = reduceType(send);
    this.go('ncclReduce', send.ptr, recv.ptr, n, t, NCCL_OP[op], root, this.comm, stream);
  }

  allGather(send: GpuArray, recv: GpuArray, stream: number): void {
    this.go('ncclAllGather', send.ptr, recv.ptr, send.nbytes, NCCL_DTYPE.uint8, this.comm, stream);
  }

  reduceScatter(send: GpuArray, recv: GpuArray, op: ReduceOp, stream: number): void {
    const [t, n] = reduceType(recv);
    this.go('ncclReduceScatter', send.ptr, recv.ptr, n, t, NCCL_OP[op], this.comm, stream);
  }

  send(buf: GpuArray, peer: number, stream: number): void {
    this.go('ncclSend', buf.ptr, buf.nbytes, NCCL_DTYPE.uint8, peer, this.comm, stream);
  }

  recv(buf: GpuArray, peer: number, stream: number): void {
    this.go('ncclRecv', buf.ptr, buf.nbytes, NCCL_DTYPE.uint8, peer, this.comm, stream);
  }

  /** cupyx's barrier: an all-reduce of one int32 on the current stream, then a device synchronize. */
  barrier(): void {
    const b = this.backend;
    const stream = this.device.currentStream();
    const one = this.device.pool.malloc(4);
    try {
      b.memset(one, 0, 4, stream);
      this.go('ncclAllReduce', one, one, 1, NCCL_DTYPE.int32, NCCL_OP.sum, this.comm, stream);
      b.synchronize();
    } finally {
      this.device.pool.release(one);
    }
  }

  destroy(): void {
    this.backend.activate();
    this.lib.commDestroy(this.comm);
  }
}
