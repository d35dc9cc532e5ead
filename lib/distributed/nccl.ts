// gp.nccl: CuPy's cupy.cuda.nccl for gpuarray: communicators over the GPUs of one process or
// across processes, unique ids, group calls and the library's version. The collectives are the
// Communicator's methods (with GpuArrays instead of raw pointers and counts).
import { randomBytes } from 'node:crypto';
import { ncclLibrary, NCCL_UNIQUE_ID_BYTES } from '../../bindings/nccl.js';
import { currentDevice } from '../device/device.js';
import { Communicator } from './communicator.js';
import { groupEnd, groupStart } from './group.js';
import { nccl as ncclOrThrow } from './nccl-engine.js';

/**
 * CuPy's `cupy.cuda.nccl` module: `NcclCommunicator` (with `initAll` and `initRank`),
 * `getUniqueId`, `groupStart`/`groupEnd`, `getVersion`, `isAvailable`.
 *
 * @example const comms = gp.nccl.NcclCommunicator.initAll([0, 1]);
 */
export const nccl = {
  /** The communicator class (CuPy `NcclCommunicator`): `initAll(devices)`, `initRank(nranks, id, rank)`. */
  NcclCommunicator: Communicator,

  /**
   * A new unique id (128 bytes) for `NcclCommunicator.initRank` (CuPy `get_unique_id()`), made by
   * one rank and handed to the others. On the cpu backend, random bytes (it joins nothing there).
   */
  getUniqueId(): Uint8Array {
    if (!currentDevice().backend.capabilities.nccl) return new Uint8Array(randomBytes(NCCL_UNIQUE_ID_BYTES));
    return ncclOrThrow().getUniqueId();
  },

  /** Open a group of collectives (NCCL `ncclGroupStart`); see `Communicator.group`. */
  groupStart,
  /** Close it and launch what it holds (NCCL `ncclGroupEnd`). */
  groupEnd,

  /** NCCL's version code (major * 10000 + minor * 100 + patch, e.g. 22703); throws BackendUnavailableError without NCCL. */
  getVersion(): number {
    return ncclOrThrow().version;
  },

  /** Whether the NCCL library loads here (CuPy's `cupy.cuda.nccl.available`). */
  isAvailable(): boolean {
    return !('error' in ncclLibrary());
  },

  /** Why NCCL cannot be loaded (where it looked), or null when it can. */
  unavailableReason(): string | null {
    const lib = ncclLibrary();
    return 'error' in lib ? lib.error : null;
  },
};

/** The type of `gp.nccl`. */
export type NcclNamespace = typeof nccl;
