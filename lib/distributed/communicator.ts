// The communicator users hold (cupyx.distributed's NCCLBackend and cupy.cuda.nccl's
// NcclCommunicator, with GpuArrays and options objects): every argument is checked here, then an
// engine moves the bytes: NCCL between GPUs (nccl-engine.ts), the host over TCP on the cpu
// backend (host-engine.ts).
import { GpuArray } from '../core/gpu-array.js';
import { currentDevice, resolveDevice, type Device } from '../device/device.js';
import { describeValue, readOptions } from '../util/options.js';
import { NCCL_UNIQUE_ID_BYTES } from '../../bindings/nccl.js';
import { HostEngine } from './host-engine.js';
import { NcclEngine } from './nccl-engine.js';
import { streamHandle, type Stream } from '../device/stream.js';
import {
  checkArray,
  checkRank,
  checkReduction,
  checkSameDtype,
  checkSize,
  collectiveOptions,
  scatterShape,
  splitResult,
  type CollectiveOptions,
  type ReduceOp,
  type ReduceOptions,
  type RootOptions,
  type RootReduceOptions,
} from './checks.js';
import { group } from './group.js';

function checkCount(n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new RangeError(`the number of ranks must be a positive integer, got ${describeValue(n)}`);
  return n;
}

/**
 * What moves a communicator's bytes, after its arguments are checked: NCCL (cuda) or the host
 * over TCP (the cpu backend). Streams arrive as handles.
 */
export interface Engine {
  /** 'nccl' or 'host'. */
  readonly kind: 'nccl' | 'host';
  /** This process's rank. */
  readonly rank: number;
  /** The number of ranks. */
  readonly worldSize: number;
  /** The device the arrays live on. */
  readonly device: Device;
  /** Reduce `send` over the ranks into `recv` on every rank. */
  allReduce(send: GpuArray, recv: GpuArray, op: ReduceOp, stream: number): void;
  /** `root`'s `buf` into `buf` on every rank. */
  broadcast(buf: GpuArray, root: number, stream: number): void;
  /** Reduce `send` over the ranks into `recv` on `root`. */
  reduce(send: GpuArray, recv: GpuArray, op: ReduceOp, root: number, stream: number): void;
  /** Every rank's `send` into `recv`, in rank order. */
  allGather(send: GpuArray, recv: GpuArray, stream: number): void;
  /** Chunk `rank` of the reduction of `send` into `recv`. */
  reduceScatter(send: GpuArray, recv: GpuArray, op: ReduceOp, stream: number): void;
  /** `buf` to rank `peer`. */
  send(buf: GpuArray, peer: number, stream: number): void;
  /** What rank `peer` sent, into `buf`. */
  recv(buf: GpuArray, peer: number, stream: number): void;
  /** Every rank meets here; the device's queued work is done after it. */
  barrier(): void;
  /** Release what the engine holds. */
  destroy(): void;
}

/**
 * A group of ranks that run collectives together (cupyx.distributed's `NCCLBackend`, CuPy's
 * `cupy.cuda.nccl.NcclCommunicator`, PyTorch's process group): every rank calls the same
 * collectives in the same order. Made by `gp.distributed.init()` (across processes) or
 * `gp.nccl.NcclCommunicator.initAll(devices)` (the GPUs of one process). NCCL moves the data
 * between GPUs; on the cpu backend, TCP between the processes (one rank's collectives are copies).
 *
 * Arrays must be C-contiguous and on the communicator's device. Where the result array is
 * optional, the collective makes it on that device. Collectives are queued on the device's
 * current stream (or `options.stream`); on the cpu backend they are done when they return.
 *
 * @example const comm = gp.distributed.init(); comm.allReduce(grad, { op: 'avg' });
 */
export class Communicator {
  #engine: Engine | null;

  private constructor(engine: Engine) {
    this.#engine = engine;
  }

  /** A communicator over `engine` (used by `gp.distributed.init` and `NcclCommunicator.initAll`). */
  static fromEngine(engine: Engine): Communicator {
    return new Communicator(engine);
  }

  /**
   * One communicator per device, all in this process (CuPy `NcclCommunicator.initAll`, NCCL
   * `ncclCommInitAll`): rank i on devices[i]. `devices` is a count (devices 0..n-1) or a list of
   * ordinals, specs or Devices. Issue one collective on each inside `gp.nccl.groupStart()` /
   * `groupEnd()` (or `comms[0].group(fn)`). On the cpu backend there is one device: `initAll(1)`
   * gives one rank, whose collectives are copies.
   *
   * @example const comms = gp.nccl.NcclCommunicator.initAll(gp.cuda.deviceCount());
   */
  static initAll(devices: number | readonly (number | string | Device)[]): Communicator[] {
    const list = typeof devices === 'number' ? Array.from({ length: checkCount(devices) }, (_, i) => i) : devices;
    if (!Array.isArray(list) || list.length === 0) throw new TypeError(`initAll: devices must be a positive count or a non-empty list of devices, got ${describeValue(devices)}`);
    const devs = list.map((d) => resolveDevice(d, 'initAll: device'));
    if (new Set(devs).size !== devs.length) throw new RangeError(`initAll: a device appears twice in [${devs.map((d) => d.spec).join(', ')}] (NCCL runs one rank per device)`);
    if (devs.every((d) => !d.backend.capabilities.nccl)) return [new Communicator(new HostEngine(0, 1, devs[0], null))];
    if (devs.some((d) => !d.backend.capabilities.nccl)) throw new TypeError(`initAll: NCCL runs on CUDA devices only, got [${devs.map((d) => d.spec).join(', ')}]`);
    return NcclEngine.initAll(devs).map((e) => new Communicator(e));
  }

  /**
   * Rank `rank` of `nranks`, on `options.device` (default: the current device), joining the
   * others that pass the same `uniqueId` (CuPy `NcclCommunicator(ndev, commId, rank)`, NCCL
   * `ncclCommInitRank`); blocks until all have joined. Rank 0 makes the id with
   * `gp.nccl.getUniqueId()` and sends it to the others; `gp.distributed.init()` does all of this.
   * On the cpu backend only `nranks` 1 is possible here (processes meet through
   * `gp.distributed.init`).
   */
  static initRank(nranks: number, uniqueId: Uint8Array, rank: number, options?: { device?: number | string | Device }): Communicator {
    const o = readOptions<{ device: number | string | Device }>('initRank', options, ['device']);
    checkCount(nranks);
    if (!(uniqueId instanceof Uint8Array) || uniqueId.length !== NCCL_UNIQUE_ID_BYTES) throw new TypeError(`initRank: uniqueId must be the ${NCCL_UNIQUE_ID_BYTES}-byte Uint8Array of gp.nccl.getUniqueId()`);
    if (!Number.isInteger(rank) || rank < 0 || rank >= nranks) throw new RangeError(`initRank: rank ${rank} is not in [0, ${nranks})`);
    const device = o.device === undefined ? currentDevice() : resolveDevice(o.device, 'initRank: device');
    if (!device.backend.capabilities.nccl) {
      if (nranks !== 1) throw new TypeError('initRank: on the cpu backend, ranks in different processes join through gp.distributed.init()');
      return new Communicator(new HostEngine(0, 1, device, null));
    }
    return new Communicator(NcclEngine.initRank(nranks, uniqueId, rank, device));
  }

  private get engine(): Engine {
    const e = this.#engine;
    if (e === null) throw new TypeError('the communicator was used after destroy()');
    return e;
  }

  /** This process's rank, in [0, worldSize) (CuPy `rank_id()`). */
  get rank(): number {
    return this.engine.rank;
  }
  /** The number of ranks (CuPy `size()`). */
  get worldSize(): number {
    return this.engine.worldSize;
  }
  /** The device the communicator's arrays live on (CuPy `device_id()` is `device.id`). */
  get device(): Device {
    return this.engine.device;
  }
  /** 'nccl' (GPUs through NCCL) or 'host' (the cpu backend, over TCP). */
  get backend(): 'nccl' | 'host' {
    return this.engine.kind;
  }
  /** Whether destroy() was called. */
  get destroyed(): boolean {
    return this.#engine === null;
  }

  private stream(s: Stream | number | null | undefined): number {
    return streamHandle(s, this.engine.device);
  }

  /**
   * Reduce `send` over every rank into `recv` on every rank (NCCL `ncclAllReduce`); `recv`
   * defaults to `send` itself (in place). Returns `recv`.
   *
   * @example comm.allReduce(grad, { op: 'avg' }) // every rank now holds the mean
   */
  allReduce(send: GpuArray, recv?: GpuArray | ReduceOptions | null, options?: ReduceOptions): GpuArray {
    const name = 'allReduce';
    const e = this.engine;
    const split = splitResult<ReduceOptions>(name, recv, options, 'reduce');
    checkArray(name, 'send', send, e.device);
    const op = checkReduction(name, send, split.options.op ?? 'sum');
    const out = split.recv === null ? send : checkArray(name, 'recv', split.recv, e.device);
    checkSameDtype(name, send, out);
    checkSize(name, out, send.size, 'send');
    e.allReduce(send, out, op, this.stream(split.options.stream));
    return out;
  }

  /** Copy rank `root`'s `buf` into `buf` on every other rank (NCCL `ncclBroadcast`, in place). Returns `buf`. */
  broadcast(buf: GpuArray, options?: RootOptions): GpuArray {
    const name = 'broadcast';
    const e = this.engine;
    const o = collectiveOptions<RootOptions>(name, options, 'root');
    checkArray(name, 'buf', buf, e.device);
    const root = checkRank(name, 'root', o.root ?? 0, e.worldSize);
    e.broadcast(buf, root, this.stream(o.stream));
    return buf;
  }

  /** Reduce `send` over every rank into `recv` on rank `root` only (NCCL `ncclReduce`); `recv` defaults to `send`. Returns `recv`. */
  reduce(send: GpuArray, recv?: GpuArray | RootReduceOptions | null, options?: RootReduceOptions): GpuArray {
    const name = 'reduce';
    const e = this.engine;
    const split = splitResult<RootReduceOptions>(name, recv, options, 'rootReduce');
    checkArray(name, 'send', send, e.device);
    const op = checkReduction(name, send, split.options.op ?? 'sum');
    const root = checkRank(name, 'root', split.options.root ?? 0, e.worldSize);
    const out = split.recv === null ? send : checkArray(name, 'recv', split.recv, e.device);
    checkSameDtype(name, send, out);
    checkSize(name, out, send.size, 'send');
    e.reduce(send, out, op, root, this.stream(split.options.stream));
    return out;
  }

  /**
   * Every rank's `send`, in rank order, into `recv` on every rank (NCCL `ncclAllGather`):
   * `recv` holds worldSize * send.size elements; by default it is a new array of shape
   * [worldSize, ...send.shape]. Returns `recv`.
   */
  allGather(send: GpuArray, recv?: GpuArray | CollectiveOptions | null, options?: CollectiveOptions): GpuArray {
    const name = 'allGather';
    const e = this.engine;
    const split = splitResult<CollectiveOptions>(name, recv, options, 'collective');
    checkArray(name, 'send', send, e.device);
    const stream = this.stream(split.options.stream);
    const out = split.recv === null ? GpuArray.allocate([e.worldSize, ...send.shape], send.dtype, e.device) : checkArray(name, 'recv', split.recv, e.device);
    try {
      checkSameDtype(name, send, out);
      checkSize(name, out, send.size * e.worldSize, `worldSize (${e.worldSize}) x send.size`);
      e.allGather(send, out, stream);
    } catch (err) {
      if (out !== split.recv) out.dispose();
      throw err;
    }
    return out;
  }

  /**
   * Reduce `send` (worldSize chunks of recv.size elements) over every rank, rank i receiving
   * the reduction of chunk i (NCCL `ncclReduceScatter`). By default `recv` is a new array of
   * shape [send.shape[0] / worldSize, ...send.shape.slice(1)]. Returns `recv`.
   */
  reduceScatter(send: GpuArray, recv?: GpuArray | ReduceOptions | null, options?: ReduceOptions): GpuArray {
    const name = 'reduceScatter';
    const e = this.engine;
    const split = splitResult<ReduceOptions>(name, recv, options, 'reduce');
    checkArray(name, 'send', send, e.device);
    const op = checkReduction(name, send, split.options.op ?? 'sum');
    const stream = this.stream(split.options.stream);
    const out = split.recv === null ? GpuArray.allocate(scatterShape(name, send, e.worldSize), send.dtype, e.device) : checkArray(name, 'recv', split.recv, e.device);
    try {
      checkSameDtype(name, send, out);
      if (out.size * e.worldSize !== send.size) throw new RangeError(`${name}: send has ${send.size} elements, which is not worldSize (${e.worldSize}) x recv.size (${out.size})`);
      e.reduceScatter(send, out, op, stream);
    } catch (err) {
      if (out !== split.recv) out.dispose();
      throw err;
    }
    return out;
  }

  /** Send `buf` to rank `peer`, which receives it with recv (NCCL `ncclSend`). */
  send(buf: GpuArray, peer: number, options?: CollectiveOptions): void {
    const name = 'send';
    const e = this.engine;
    const o = collectiveOptions<CollectiveOptions>(name, options, 'collective');
    checkArray(name, 'buf', buf, e.device);
    e.send(buf, checkRank(name, 'peer', peer, e.worldSize), this.stream(o.stream));
  }

  /** Receive into `buf` what rank `peer` sent with send (NCCL `ncclRecv`); the sizes must match. Returns `buf`. */
  recv(buf: GpuArray, peer: number, options?: CollectiveOptions): GpuArray {
    const name = 'recv';
    const e = this.engine;
    const o = collectiveOptions<CollectiveOptions>(name, options, 'collective');
    checkArray(name, 'buf', buf, e.device);
    e.recv(buf, checkRank(name, 'peer', peer, e.worldSize), this.stream(o.stream));
    return buf;
  }

  /** Wait until every rank has reached the barrier and this device's queued work is done (cupyx's `barrier()`). */
  barrier(): void {
    this.engine.barrier();
  }

  /**
   * Run `fn` as one group (NCCL `ncclGroupStart`/`ncclGroupEnd`): sends and receives between
   * ranks in any order without deadlock, several collectives launched as one. Returns what
   * `fn` returns. The same as gp.nccl.groupStart() ... gp.nccl.groupEnd().
   *
   * @example comm.group(() => { comm.send(a, peer); comm.recv(b, peer); });
   */
  group<T>(fn: () => T): T {
    this.engine;
    return group(fn);
  }

  /**
   * Release the communicator (NCCL `ncclCommDestroy`). For one made by `gp.distributed.init`
   * with several ranks, every rank calls it (it waits for all of them to leave; it runs by itself
   * when the program ends). Later calls throw; a second destroy() does nothing.
   */
  destroy(): void {
    const e = this.#engine;
    if (e === null) return;
    this.#engine = null;
    e.destroy();
  }

  /** `using comm = ...` destroys the communicator at the end of the block. */
  [Symbol.dispose](): void {
    this.destroy();
  }

  /** `<Communicator rank 0 of 2 on cuda:0 (nccl)>`. */
  toString(): string {
    const e = this.#engine;
    return e === null ? '<Communicator (destroyed)>' : `<Communicator rank ${e.rank} of ${e.worldSize} on ${e.device.spec} (${e.kind})>`;
  }
}
