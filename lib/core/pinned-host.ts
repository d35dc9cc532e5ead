// The pinned host pool: host memory the device copies to and from at the link's speed
// (page-locked on cuda, plain memory on cpu), handed out as TypedArrays over it. Repeated large
// downloads land in it (a fresh JS array is first page-faulted in at a few GB/s, then filled
// through the staging buffers), and gp.cuda.pinnedArray() gives it to uploads. A block goes back
// to the pool when its ArrayBuffer is collected (FinalizationRegistry); inside a synchronous
// loop, where those callbacks never run, a pool past its reclaim threshold forces a collection
// and sweeps its WeakRefs first.
//
// Ownership: a block is reachable only through the one ArrayBuffer made for it. postMessage and
// structuredClone copy such external memory instead of moving it (Node marks it untransferable);
// ArrayBuffer.prototype.transfer() (Node 22+) would move it, so where the runtime has it, plain
// downloads do not use the pool (pinnedArray() still does: see its documentation).
import { totalmem } from 'node:os';
import { hostAlloc, viewAt } from '../../bindings/libc.js';
import { addressOf } from '../../bindings/host-pages.js';
import { OutOfMemoryError } from '../../bindings/errors.js';
import { currentDevice, type Device } from '../device/device.js';
import { describeValue } from '../util/options.js';
import type { DType, HostTypedArray } from './dtype.js';
import { clearKeptObjects, collectGarbage } from './forced-gc.js';

/** Downloads of at least this many bytes may land in pinned memory (smaller ones are latency-bound). */
export const PINNED_DOWNLOAD_MIN = 4 << 20;
/** A free block serves a request of at least 1 / MAX_SLACK of its size. */
const MAX_SLACK = 2;
const SMALL_UNIT = 64 << 10;
const LARGE_UNIT = 2 << 20;
/** In-use bytes past which a miss first collects garbage (raised when that frees nothing). */
const RECLAIM_START = 1 << 30;

type StorageCtor = new (buffer: ArrayBuffer) => HostTypedArray;

/** The default cap of what the pool holds: GPUARRAY_PINNED_POOL_LIMIT bytes, else an eighth of RAM, at most 4 GiB. */
function defaultLimit(): number {
  const env = process.env.GPUARRAY_PINNED_POOL_LIMIT;
  const n = Number(env);
  if (env !== undefined && env !== '' && Number.isFinite(n) && n >= 0) return n;
  return Math.min(4 * 2 ** 30, Math.floor(totalmem() / 8));
}

let transferSafe: boolean | null = null;
/**
 * Whether no JS call can move the memory of an external ArrayBuffer to another one: true where
 * ArrayBuffer.prototype.transfer does not exist or copies (checked once on a scratch buffer).
 */
function externalMemoryStays(): boolean {
  if (transferSafe !== null) return transferSafe;
  const transfer = (ArrayBuffer.prototype as { transfer?: (this: ArrayBuffer) => ArrayBuffer }).transfer;
  if (typeof transfer !== 'function') return (transferSafe = true);
  const scratch = hostAlloc(4096); // left allocated: if it moved, the moved buffer still points at it
  try {
    const moved = transfer.call(viewAt(scratch, 4096));
    transferSafe = moved.byteLength === 0 || addressOf(new Uint8Array(moved)) !== scratch;
  } catch {
    transferSafe = true; // refused: cannot move either
  }
  return transferSafe;
}

interface Block {
  readonly ptr: number;
  readonly size: number;
  /** The ArrayBuffer over the block while it is handed out. */
  ref: WeakRef<ArrayBuffer> | null;
}

/**
 * Pinned host memory of one device (CuPy's `cupy.get_default_pinned_memory_pool()`): page-locked
 * on cuda, plain memory on the cpu backend. Blocks are kept for reuse once their arrays are
 * collected; `freeAllBlocks()` gives the cached ones back; `setLimit()` caps what the pool holds
 * (default: `GPUARRAY_PINNED_POOL_LIMIT` bytes, else an eighth of RAM, at most 4 GiB). Past the
 * limit, downloads go to ordinary memory and `gp.cuda.pinnedArray()` throws OutOfMemoryError.
 *
 * @example gp.getPinnedMemoryPool().usedBytes()
 */
export class PinnedMemoryPool {
  private readonly free: Block[] = [];
  private readonly inUse = new Set<Block>();
  private readonly byBuffer = new WeakMap<ArrayBuffer, Block>();
  private readonly registry = new FinalizationRegistry<Block>((b) => this.giveBack(b));
  /** Size classes downloaded before: a first download of a size does not pin memory for it. */
  private readonly seen = new Set<number>();
  private used = 0;
  private cached = 0;
  private limit = defaultLimit();
  private reclaimAt = RECLAIM_START;

  /** @internal One pool per device: use getPinnedMemoryPool(). */
  constructor(private readonly device: Device) {}

  /** Bytes in blocks whose arrays are alive (or not yet collected). */
  usedBytes(): number {
    return this.used;
  }
  /** Bytes the pool holds: in use plus cached. */
  totalBytes(): number {
    return this.used + this.cached;
  }
  /** Number of cached (free) blocks. */
  nFreeBlocks(): number {
    return this.free.length;
  }
  /** Give every cached block back to the system. */
  freeAllBlocks(): void {
    for (const b of this.free.splice(0)) this.device.backend.freeHost(b.ptr);
    this.cached = 0;
  }
  /** Cap the bytes the pool holds (in use and cached); cached blocks past it are freed. */
  setLimit(bytes: number): void {
    if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) throw new TypeError(`setLimit takes a number of bytes >= 0, got ${describeValue(bytes)}`);
    this.limit = bytes;
    if (this.used + this.cached > bytes) this.freeAllBlocks();
  }
  /** The cap on the bytes the pool holds. */
  getLimit(): number {
    return this.limit;
  }

  /**
   * @internal A TypedArray of `length` elements over pinned memory, or null when the pool cannot
   * give one within its limit. `download`: a download's destination, which pins memory only for
   * a size seen before (a one-off download is not slowed by the pinning).
   */
  tryArray(ctor: StorageCtor, length: number, bytesPerElement: number, download: boolean): HostTypedArray | null {
    const bytes = length * bytesPerElement;
    if (bytes === 0) return new ctor(new ArrayBuffer(0));
    const block = this.take(bytes, download);
    return block === null ? null : this.wrap(block, ctor, bytes);
  }

  /**
   * @internal A download of `bytes` bytes into a block: `copy(address, wrap)` queues the copy
   * into it and calls `wrap()` while the copy is in flight (making the ArrayBuffer, which can set
   * off a collection, overlaps the DMA). Null when the pool has no block for it.
   */
  tryDownload(ctor: StorageCtor, length: number, bytesPerElement: number, copy: (address: number, wrap: () => void) => void): HostTypedArray | null {
    const bytes = length * bytesPerElement;
    const block = bytes === 0 ? null : this.take(bytes, true);
    if (block === null) return null;
    let array: HostTypedArray | null = null;
    try {
      copy(block.ptr, () => void (array = this.wrap(block, ctor, bytes)));
    } finally {
      if (array === null) this.giveBack(block);
    }
    if (array === null) throw new Error('tryDownload: the copy never wrapped its block');
    return array;
  }

  private wrap(block: Block, ctor: StorageCtor, bytes: number): HostTypedArray {
    const buffer = viewAt(block.ptr, bytes);
    block.ref = new WeakRef(buffer);
    this.byBuffer.set(buffer, block);
    this.registry.register(buffer, block, block);
    return new ctor(buffer);
  }

  /** @internal Give an array's block back before it is collected: only for arrays nobody else can reach. */
  releaseArray(a: ArrayBufferView): void {
    const b = this.byBuffer.get(a.buffer as ArrayBuffer);
    if (b === undefined) return;
    this.byBuffer.delete(a.buffer as ArrayBuffer);
    this.registry.unregister(b);
    this.giveBack(b);
  }

  private giveBack(b: Block): void {
    if (!this.inUse.delete(b)) return;
    b.ref = null;
    this.used -= b.size;
    if (this.used + this.cached + b.size > this.limit) this.device.backend.freeHost(b.ptr);
    else {
      this.free.push(b);
      this.cached += b.size;
    }
  }

  private fit(bytes: number): Block | null {
    let best = -1;
    for (let k = 0; k < this.free.length; k++) {
      const s = this.free[k].size;
      if (s >= bytes && s <= MAX_SLACK * bytes && (best < 0 || s < this.free[best].size)) best = k;
    }
    if (best < 0) return null;
    const b = this.free.splice(best, 1)[0];
    this.cached -= b.size;
    return b;
  }

  /** A forced collection, then the blocks whose ArrayBuffer it found gone come back. */
  private reclaim(): void {
    collectGarbage();
    for (const b of [...this.inUse]) {
      if (b.ref !== null && b.ref.deref() === undefined) {
        this.registry.unregister(b);
        this.giveBack(b);
      }
    }
    clearKeptObjects(); // deref() kept the live ones until the job ends: let the next collection judge them
  }

  private take(bytes: number, download: boolean): Block | null {
    const size = bytes < LARGE_UNIT ? Math.ceil(bytes / SMALL_UNIT) * SMALL_UNIT : Math.ceil(bytes / LARGE_UNIT) * LARGE_UNIT;
    let b = this.fit(bytes);
    if (b === null && download && !this.seen.has(size)) {
      if (this.seen.size >= 256) this.seen.clear();
      this.seen.add(size);
      return null;
    }
    if (b === null && this.used > 0 && (this.used + size > Math.min(this.reclaimAt, this.limit) || this.used + this.cached + size > this.limit)) {
      this.reclaim();
      b = this.fit(bytes);
      // Arrays held on to: collect again only once twice as much is in use.
      if (b === null) this.reclaimAt = Math.max(this.reclaimAt, 2 * (this.used + size));
    }
    if (b === null) {
      if (this.used + this.cached + size > this.limit) this.freeAllBlocks();
      if (this.used + size > this.limit) return null;
      let ptr = this.device.backend.allocHost(size);
      if (ptr === null && this.cached > 0) {
        this.freeAllBlocks();
        ptr = this.device.backend.allocHost(size);
      }
      if (ptr === null) return null;
      b = { ptr, size, ref: null };
    }
    this.inUse.add(b);
    this.used += b.size;
    return b;
  }
}

const pools = new WeakMap<Device, PinnedMemoryPool>();

/** The pinned host pool of `device`. */
function pinnedPoolOf(device: Device): PinnedMemoryPool {
  let p = pools.get(device);
  if (p === undefined) pools.set(device, (p = new PinnedMemoryPool(device)));
  return p;
}

/**
 * The pinned host pool of the current device (or of `device`), like
 * cupy.get_default_pinned_memory_pool(): usedBytes(), totalBytes(), nFreeBlocks(),
 * freeAllBlocks(), setLimit(), getLimit().
 */
export function getPinnedMemoryPool(device: Device = currentDevice()): PinnedMemoryPool {
  return pinnedPoolOf(device);
}

const storageCtor = (d: DType) => d.storageArray as unknown as StorageCtor;
const storageBytes = (d: DType) => d.itemsize / d.storagePerItem;

/**
 * The `bytes` bytes of C-ordered storage at device address `src` (`n` elements of `d`), downloaded
 * on `stream` into pinned pool memory for a large download of a size downloaded before (where the
 * runtime cannot move external memory), else into a fresh TypedArray.
 */
export function downloadStorage(device: Device, d: DType, n: number, src: number, stream: number): HostTypedArray {
  const length = n * d.storagePerItem;
  const bytes = n * d.itemsize;
  const backend = device.backend;
  if (bytes >= PINNED_DOWNLOAD_MIN && process.env.GPUARRAY_PINNED_DOWNLOADS !== '0' && externalMemoryStays()) {
    const a = pinnedPoolOf(device).tryDownload(storageCtor(d), length, storageBytes(d), (address, wrap) =>
      backend.copyDeviceToPinned(address, src, bytes, stream, wrap),
    );
    if (a !== null) return a;
  }
  const store = new d.storageArray(length) as HostTypedArray;
  if (bytes > 0) backend.copyDeviceToHost(store, src, bytes, stream);
  return store;
}

/** Hand a download's storage back at once when it was only a temporary (toArray, the float16 export). */
export function releaseStorage(device: Device, store: HostTypedArray): void {
  pools.get(device)?.releaseArray(store);
}

/** `n` elements of `d` in pinned memory (pinnedArray()); OutOfMemoryError when the pool has none. */
export function pinnedStorage(device: Device, d: DType, n: number): HostTypedArray {
  const pool = pinnedPoolOf(device);
  const a = pool.tryArray(storageCtor(d), n * d.storagePerItem, storageBytes(d), false);
  if (a === null) {
    throw new OutOfMemoryError(n * d.itemsize, pool.usedBytes(), pool.totalBytes(), pool.getLimit(), 'no pinned host memory within the pinned pool limit (gp.getPinnedMemoryPool().setLimit())');
  }
  return a;
}
