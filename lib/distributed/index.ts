// gp.distributed: cupyx.distributed / torch.distributed for gpuarray. init() joins the processes
// of a launcher (`npx gpuarray-run -n 2 script.js`); the collectives below run on that default
// group (its Communicator has the same methods).
import type { GpuArray } from '../core/gpu-array.js';
import type { CollectiveOptions, ReduceOptions, RootOptions, RootReduceOptions } from './checks.js';
import { Communicator } from './communicator.js';
import { destroy, getCommunicator, getRank, getWorldSize, init, isInitialized } from './init.js';

/**
 * cupyx.distributed / torch.distributed for gpuarray: `init()` joins the group of processes a
 * launcher started (`npx gpuarray-run -n 2 script.js`: RANK, WORLD_SIZE, LOCAL_RANK and
 * GPUARRAY_DIST_ADDRESS in the environment) and returns its Communicator; the collectives here
 * run on that default group. NCCL between GPUs (each rank on cuda:LOCAL_RANK); TCP between the
 * processes on the cpu backend. docs/SCALING.md walks from one GPU to several machines.
 *
 * @example
 * const comm = gp.distributed.init();
 * const x = gp.full(4, comm.rank + 1, 'float32');
 * gp.distributed.allReduce(x); // every rank: 1 + 2 + ... + worldSize
 */
export const distributed = {
  /** Join the process group (cupyx's `init_process_group`) and return its Communicator. */
  init,
  /** Whether init() was called and destroy() not since. */
  isInitialized,
  /** This process's rank in the default group. */
  getRank,
  /** The number of ranks in the default group. */
  getWorldSize,
  /** The default group's Communicator. */
  getCommunicator,
  /** Leave the default group (every rank calls it; also done when the program ends). */
  destroy,
  /** The communicator class (`gp.nccl.NcclCommunicator` is the same class). */
  Communicator,
  /** `getCommunicator().allReduce(...)`: reduce over every rank, in place by default. */
  allReduce: (send: GpuArray, recv?: GpuArray | ReduceOptions | null, options?: ReduceOptions): GpuArray => getCommunicator().allReduce(send, recv, options),
  /** `getCommunicator().broadcast(...)`: rank root's array to every rank, in place. */
  broadcast: (buf: GpuArray, options?: RootOptions): GpuArray => getCommunicator().broadcast(buf, options),
  /** `getCommunicator().reduce(...)`: reduce over every rank onto rank root. */
  reduce: (send: GpuArray, recv?: GpuArray | RootReduceOptions | null, options?: RootReduceOptions): GpuArray => getCommunicator().reduce(send, recv, options),
  /** `getCommunicator().allGather(...)`: every rank's array, stacked in rank order. */
  allGather: (send: GpuArray, recv?: GpuArray | CollectiveOptions | null, options?: CollectiveOptions): GpuArray => getCommunicator().allGather(send, recv, options),
  /** `getCommunicator().reduceScatter(...)`: reduce, rank i keeping chunk i. */
  reduceScatter: (send: GpuArray, recv?: GpuArray | ReduceOptions | null, options?: ReduceOptions): GpuArray => getCommunicator().reduceScatter(send, recv, options),
  /** `getCommunicator().send(...)`: to one rank. */
  send: (buf: GpuArray, peer: number, options?: CollectiveOptions): void => getCommunicator().send(buf, peer, options),
  /** `getCommunicator().recv(...)`: from one rank. */
  recv: (buf: GpuArray, peer: number, options?: CollectiveOptions): GpuArray => getCommunicator().recv(buf, peer, options),
  /** `getCommunicator().barrier()`: every rank meets. */
  barrier: (): void => getCommunicator().barrier(),
};

/** The type of `gp.distributed`. */
export type DistributedNamespace = typeof distributed;
