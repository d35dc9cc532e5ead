// The parts of the Backend contract beyond compile, load, launch and memory: streams, events,
// the facts that size launches, and optional capabilities (peer access, IPC, NCCL).
import type { Backend } from './backend.js';

/**
 * A device's streams (CUDA streams on cuda; on cpu, where work runs as it is issued, ids of
 * queues that are always idle). Handles are numbers; the default stream is Backend.defaultStream.
 */
export interface StreamOps {
  /** A new stream; `nonBlocking`: it does not order with the legacy default stream. */
  create(nonBlocking: boolean): number;
  /** Block until the work queued on `stream` is done. */
  synchronize(stream: number): void;
  /** Whether the work queued on `stream` is done. */
  query(stream: number): boolean;
  /** Later work on `stream` waits for `event`'s recorded point. */
  waitEvent(stream: number, event: number): void;
  destroy(stream: number): void;
}

/** A device's events: points in a stream (CUDA events; on cpu, host clock readings). */
export interface EventOps {
  /** A new event; `timing` false: no time (cheaper); `blocking`: a wait sleeps instead of spinning. */
  create(timing: boolean, blocking: boolean): number;
  record(event: number, stream: number): void;
  /** Block until the work before the recorded point is done. */
  synchronize(event: number): void;
  synchronizeAsync(event: number): Promise<void>;
  query(event: number): boolean;
  /** Milliseconds between two recorded timing events whose work is done. */
  elapsedTime(start: number, end: number): number;
  destroy(event: number): void;
}

/**
 * Facts that size launches, so that ops ask the device instead of naming a backend. Every grid
 * and block the ops compute from them is the one they computed from the backend's kind before.
 */
export interface LaunchHints {
  /**
   * A block's threads run one after another on one core, blocks spread over the cores
   * (multiprocessorCount of them): the cpu backend, where cooperating threads are fibers. Launches
   * then want one block per core, of one thread where the kernel allows. False on a GPU, whose
   * SMs run many blocks at once, their threads in warps.
   */
  readonly serialThreads: boolean;
}

/** Direct access between two devices of one backend (peer copies; CUDA peer access). */
export interface PeerAccess {
  /** Whether this device can read and write `other`'s memory directly; false for another backend's device. */
  canAccess(other: Backend): boolean;
  /**
   * Copy `bytes` from `src` on `other` to `dst` here, queued on `dstStream` and fenced with
   * `srcStream` on both sides. False (nothing done) when `other` is not a device of this backend.
   */
  copyFrom(dst: number, dstStream: number, other: Backend, src: number, srcStream: number, bytes: number): boolean;
}

/** Sharing device memory with other processes (CUDA IPC). */
export interface IpcMemory {
  /** The allocation holding `ptr` and a handle another process opens it with. */
  exportHandle(ptr: number): { base: number; size: number; handle: Uint8Array };
  /** Map another process's allocation; its base address here. */
  open(handle: Uint8Array): number;
  close(base: number): void;
}

/** What a device can do beyond the common contract; callers refuse with their own messages when a part is missing. */
export interface BackendCapabilities {
  /**
   * Work on streams is queued and runs later, so streams (ours, and other libraries' handles as
   * DLPack and the CUDA array interface pass them) need ordering. False where work runs as it is
   * issued (cpu).
   */
  readonly asyncStreams: boolean;
  /** Peer access between devices of this backend, or null. */
  readonly peer: PeerAccess | null;
  /** Memory shared with other processes, or null. */
  readonly ipc: IpcMemory | null;
  /** NCCL collectives run on this device (the communicator picks its engine by this). */
  readonly nccl: boolean;
  /** The ordinal among this backend's devices of the device owning `ptr`, or null when not known (cuPointerGetAttribute). */
  pointerDevice(ptr: number): number | null;
}
