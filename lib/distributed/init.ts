// gp.distributed.init: join the group of processes a launcher started (cupyx.distributed's
// init_process_group, torch.distributed's init_process_group). Rank, size and the rendezvous
// address come from the options or from the launcher's environment (RANK, WORLD_SIZE,
// LOCAL_RANK, GPUARRAY_DIST_ADDRESS). Each rank takes its device (cuda:LOCAL_RANK on a GPU
// host), meets the others at the address, and gets a Communicator: NCCL on GPUs (rank 0's unique
// id travels through the rendezvous), TCP on the cpu backend.
import { BackendUnavailableError } from '../../bindings/errors.js';
import { ncclLibrary } from '../../bindings/nccl.js';
import { backendEntry, defaultCandidates, fallbackFor, parseDeviceSpec, specOf } from '../device/backend-registry.js';
import { chosenDevice, currentDevice, deviceUnavailableReason, openDevice, resolveDevice, type Device } from '../device/device.js';
import { describeValue, readOptions } from '../util/options.js';
import { Agent } from './agent-client.js';
import { Communicator, type Engine } from './communicator.js';
import { HostEngine } from './host-engine.js';
import { nccl, NcclEngine } from './nccl-engine.js';
import { parseAddress } from './wire.js';

/** Options of `gp.distributed.init` (each defaults to the launcher's environment variable). */
export interface InitOptions {
  /** This process's rank (env RANK; default 0). */
  rank?: number;
  /** The number of processes (env WORLD_SIZE; default 1). */
  worldSize?: number;
  /** Rank 0's `host:port`, where the ranks meet (env GPUARRAY_DIST_ADDRESS, else MASTER_ADDR:MASTER_PORT; default 127.0.0.1:29500). */
  address?: string;
  /** The rank among the processes of this machine, which picks the GPU (env LOCAL_RANK; default: rank). */
  localRank?: number;
  /** The device of this rank (default: cuda:localRank on a GPU host, the cpu device on the cpu backend). */
  device?: number | string | Device;
  /** Milliseconds to wait for the other ranks at the rendezvous and in each cpu collective (env GPUARRAY_DIST_TIMEOUT in seconds; default 300 s). */
  timeout?: number;
}

const DEFAULT_ADDRESS = '127.0.0.1:29500';

let group: Communicator | null = null;

function intFrom(name: string, given: unknown, env: string | undefined, fallback: number): number {
  const v = given !== undefined ? given : env !== undefined && env !== '' ? Number(env) : fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new TypeError(given !== undefined ? `init: ${name} must be a non-negative integer, got ${describeValue(given)}` : `init: the environment variable for ${name} must be a non-negative integer, got ${JSON.stringify(env)}`);
  }
  return v;
}

/** The backend GPUARRAY_DEVICE names, or null (unset or invalid: currentDevice() reports that). */
function envKind(env: string | undefined): string | null {
  if (!env) return null;
  try {
    return parseDeviceSpec(env).kind;
  } catch {
    return null;
  }
}

/**
 * The rank's device when the program names none: see InitOptions.device. One device per local
 * rank of the backend named (by useDevice or GPUARRAY_DEVICE), else of the most preferred
 * default backend that numbers its devices (cuda), if it has one for this rank.
 */
function defaultDevice(worldSize: number, localRank: number): Device {
  if (worldSize === 1) return currentDevice();
  const named = chosenDevice()?.kind ?? envKind(process.env.GPUARRAY_DEVICE?.trim());
  const entry = named !== null ? backendEntry(named) : defaultCandidates().find((e) => !e.singleDevice);
  if (entry === undefined) return currentDevice();
  if (entry.singleDevice) return openDevice(specOf(entry, 0));
  // Probe without opening device 0: a context on GPU 0 in every rank would cost each its memory.
  const p = entry.probe();
  if ('error' in p) {
    if (named !== null) throw new BackendUnavailableError(entry.kind, p.error);
    return currentDevice();
  }
  if (localRank >= p.count) {
    const fb = fallbackFor(entry.kind);
    const instead = fb ? `, or run on the ${fb.kind} backend (GPUARRAY_DEVICE=${specOf(fb, 0)})` : '';
    throw new RangeError(`init: LOCAL_RANK ${localRank} has no ${entry.kind} device of its own (this machine has ${p.count}): start at most ${p.count} ranks per machine${instead}`);
  }
  const spec = specOf(entry, localRank);
  if (named !== null || deviceUnavailableReason(spec) === null) return openDevice(spec);
  return currentDevice();
}

/**
 * Join the process group and return its Communicator (cupyx.distributed's
 * `init_process_group`): every process of `gpuarray-run -n N script.js` calls it first. The
 * rank's device becomes the current one (cuda:LOCAL_RANK on a GPU host). Blocks until every rank
 * has joined; the communicator is also the default group that `gp.distributed.allReduce(...)`
 * and friends use. With no launcher and no options it is a group of one.
 *
 * @example const comm = gp.distributed.init(); const x = gp.ones(4).mul(comm.rank); comm.allReduce(x);
 */
export function init(options?: InitOptions): Communicator {
  const o = readOptions<InitOptions>('init', options, ['rank', 'worldSize', 'address', 'localRank', 'device', 'timeout']);
  if (group !== null) throw new TypeError('gp.distributed.init: this process already joined a group; call gp.distributed.destroy() first');
  const env = process.env;
  const worldSize = intFrom('worldSize', o.worldSize, env.WORLD_SIZE, 1);
  if (worldSize < 1) throw new RangeError('init: worldSize must be at least 1');
  const rank = intFrom('rank', o.rank, env.RANK, 0);
  if (rank >= worldSize) throw new RangeError(`init: rank ${rank} is not in [0, ${worldSize})`);
  const localRank = intFrom('localRank', o.localRank, env.LOCAL_RANK, rank);
  const envTimeout = env.GPUARRAY_DIST_TIMEOUT ? Number(env.GPUARRAY_DIST_TIMEOUT) * 1000 : undefined;
  const timeout = o.timeout ?? envTimeout ?? 300_000;
  if (typeof timeout !== 'number' || !(timeout > 0)) throw new RangeError(`init: timeout must be a positive number of milliseconds, got ${describeValue(timeout)}`);
  const addressText = o.address ?? env.GPUARRAY_DIST_ADDRESS ?? (env.MASTER_ADDR && env.MASTER_PORT ? `${env.MASTER_ADDR}:${env.MASTER_PORT}` : DEFAULT_ADDRESS);
  const { host, port } = parseAddress(addressText);

  const device = (o.device !== undefined ? resolveDevice(o.device, 'init: device') : defaultDevice(worldSize, localRank)).use();
  const useNccl = device.backend.capabilities.nccl && (worldSize > 1 || !('error' in ncclLibrary()));
  if (useNccl) nccl(); // every rank finds out before the rendezvous when NCCL is missing

  let engine: Engine;
  if (worldSize === 1) {
    engine = useNccl ? NcclEngine.initRank(1, nccl().getUniqueId(), 0, device) : new HostEngine(0, 1, device, null);
  } else {
    const agent = new Agent(rank, timeout);
    try {
      agent.start(worldSize, host, port);
      if (!device.backend.capabilities.nccl) engine = new HostEngine(rank, worldSize, device, agent);
      else {
        // Rank 0's unique id reaches every rank through the rendezvous, then NCCL connects them.
        const id = agent.exchange('ncclUniqueId', rank === 0 ? nccl().getUniqueId() : new Uint8Array(0))[0];
        engine = leavingAfter(NcclEngine.initRank(worldSize, id, rank, device), agent);
      }
    } catch (e) {
      agent.abandon();
      throw e;
    }
  }
  const comm = Communicator.fromEngine(engine);
  group = comm;
  if (worldSize > 1) {
    // Leaving is collective (rank 0 keeps the rendezvous until all have left): done by itself at the end.
    process.once('beforeExit', () => {
      if (group === comm) destroy();
    });
  }
  return comm;
}

/** The NCCL engine, whose destroy() also leaves the rendezvous. */
function leavingAfter(engine: NcclEngine, agent: Agent): Engine {
  const e = Object.create(engine) as NcclEngine;
  e.destroy = () => {
    try {
      engine.destroy();
    } finally {
      agent.leave();
    }
  };
  return e;
}

/** Whether init() was called (and destroy() not since) (torch's `is_initialized`). */
export function isInitialized(): boolean {
  return group !== null;
}

/** The default group's communicator; a TypeError before init(). */
export function getCommunicator(): Communicator {
  if (group === null) throw new TypeError('gp.distributed: call gp.distributed.init() first');
  return group;
}

/** This process's rank in the default group (torch's `get_rank`). */
export function getRank(): number {
  return getCommunicator().rank;
}

/** The number of ranks in the default group (torch's `get_world_size`). */
export function getWorldSize(): number {
  return getCommunicator().worldSize;
}

/** Leave the default group (torch's `destroy_process_group`); every rank calls it. Nothing when there is none. */
export function destroy(): void {
  const g = group;
  group = null;
  g?.destroy();
}
