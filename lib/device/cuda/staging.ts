// Host<->device copies of large arrays through pinned staging buffers: while the DMA engine moves
// some chunks, the CPU copies the next one between the JS array and a free buffer.
// Pageable copies measured 5-10 GB/s on the H200 host and pinned DMA 52-55 GB/s; the CPU side is
// the limit, above all the page faults of a fresh JS array, so it runs on every core (through the
// cpu backend's parallel copy) over transparent huge pages when it can. An upload is one launch
// of the parallel copy's gpa_staged_upload, whose threads queue the DMAs themselves (256 MiB on
// the H200 host: 5.2-5.5 ms best of 12, against 5.9-7.7 with a launch and a wait a chunk from JS).
import type { CudaDriver } from '../../../bindings/cuda-driver.js';
import { addressOf, adviseHugePages } from '../../../bindings/host-pages.js';
import { hostAlloc, hostMemset, viewAt } from '../../../bindings/libc.js';
import type { ParallelHostCopy } from '../cpu/parallel-copy.js';

// Four slots of 8 MiB: on the H200 host, 256 MiB copies took 5.1-5.6 ms (uploads 5.4-5.6, downloads
// into a touched array 5.1) against 6.2-7.5 ms with two slots of 16 MiB, whose DMA waited on the
// host's copies more often (bench/RESULTS.md, 2026-12-01).
const CHUNK = 8 << 20;
const SLOTS = 4;
const THRESHOLD = 4 << 20;
/** A staged upload's first chunk (uploadBounds). */
const FIRST_CHUNK = 2 << 20;
/** The most one staged-upload launch moves (its control words are allocated for this many chunks). */
const MAX_UPLOAD_BYTES = 4096 * CHUNK;

interface Slot {
  address: number;
  bytes: Uint8Array;
  event: number;
  busy: boolean;
}

// The driver entry points gpa_staged_upload calls, in its plan's order.
const UPLOAD_ENTRY_POINTS = ['cuCtxSetCurrent', 'cuMemcpyHtoDAsync', 'cuEventRecord', 'cuEventQuery'] as const;

/** gpa_staged_upload's copy, and its plan (entry points, context, stream, slots), chunk bounds and control words in native memory. */
interface UploadPlan {
  copy: ParallelHostCopy;
  plan: number;
  planWords: BigUint64Array;
  bounds: number;
  boundWords: BigInt64Array;
  ctl: number;
  ctlWords: Uint32Array;
}

/**
 * Where a staged upload's chunks start, and its end: chunks of `chunk` bytes after a ramp from
 * `first` (doubling), so the first DMA starts after a short copy. With 2, 4, then 8 MiB the H200
 * host took 5.25-5.26 ms (best of 12) for 256 MiB against 5.37-5.46 with 8 MiB from the start
 * (upload-pipe-probe, two processes, bench/RESULTS.md 2026-12-04).
 */
export function uploadBounds(bytes: number, chunk: number, first: number): number[] {
  const bounds = [0];
  for (let at = 0, size = Math.min(first, chunk); at < bytes; size = Math.min(chunk, 2 * size)) bounds.push((at = Math.min(bytes, at + size)));
  return bounds;
}

export class PinnedStaging {
  private slots: Slot[] | null = null;
  private hostCopy: ParallelHostCopy | null | undefined;
  private uploadPlan: UploadPlan | null = null;

  /** `makeHostCopy` is asked once, on the first staged copy (null: copies by the JS thread). */
  constructor(
    private readonly driver: CudaDriver,
    private readonly makeHostCopy: () => ParallelHostCopy | null,
  ) {}

  worthStaging(bytes: number): boolean {
    return bytes >= THRESHOLD && process.env.GPUARRAY_PINNED_STAGING !== '0';
  }

  private ensure(): Slot[] {
    if (this.slots === null) {
      this.hostCopy = this.makeHostCopy();
      const slots = Array.from({ length: SLOTS }, () => {
        const address = this.driver.memAllocHost(CHUNK);
        return {
          address,
          bytes: new Uint8Array(viewAt(address, CHUNK)),
          event: this.driver.eventCreate(2 /* CU_EVENT_DISABLE_TIMING */),
          busy: false,
        };
      });
      this.slots = slots;
      this.uploadPlan = this.hostCopy === null ? null : this.makeUploadPlan(this.hostCopy, slots);
    }
    return this.slots;
  }

  /** Null when the driver cannot give the entry points (before CUDA 12.0) or staging by JS is asked for. */
  private makeUploadPlan(copy: ParallelHostCopy, slots: Slot[]): UploadPlan | null {
    if (process.env.GPUARRAY_STAGED_UPLOAD === '0') return null;
    const entries = UPLOAD_ENTRY_POINTS.map((name) => this.driver.entryPoint(name));
    if (entries.some((e) => e === null)) return null;
    const words = [...(entries as number[]), this.driver.context, 0, ...slots.map((s) => s.address), ...slots.map((s) => s.event)];
    const plan = hostAlloc(8 * words.length);
    const planWords = new BigUint64Array(viewAt(plan, 8 * words.length));
    planWords.set(words.map(BigInt));
    const chunks = uploadBounds(MAX_UPLOAD_BYTES, CHUNK, FIRST_CHUNK).length - 1;
    const bounds = hostAlloc(8 * (chunks + 1));
    const ctl = hostAlloc(4 * (2 + chunks));
    return {
      copy,
      plan,
      planWords,
      bounds,
      boundWords: new BigInt64Array(viewAt(bounds, 8 * (chunks + 1))),
      ctl,
      ctlWords: new Uint32Array(viewAt(ctl, 4 * (2 + chunks))),
    };
  }

  private wait(slot: Slot): void {
    if (slot.busy) {
      this.driver.eventSynchronize(slot.event);
      slot.busy = false;
    }
  }

  /** Copy n bytes between a JS array (at byte `off` of `view`) and a pinned slot. */
  private hostSide(view: ArrayBufferView, viewAddr: number, off: number, slot: Slot, n: number, toSlot: boolean): void {
    if (this.hostCopy) {
      if (toSlot) this.hostCopy.copy(slot.address, viewAddr + off, n);
      else this.hostCopy.copy(viewAddr + off, slot.address, n);
      return;
    }
    const js = new Uint8Array(view.buffer, view.byteOffset + off, n);
    if (toSlot) slot.bytes.set(js);
    else js.set(slot.bytes.subarray(0, n));
  }

  upload(dst: number, src: ArrayBufferView, bytes: number, stream: number): void {
    const slots = this.ensure();
    const srcAddr = this.hostCopy ? addressOf(src) : 0;
    if (this.uploadPlan !== null) {
      for (let off = 0; off < bytes; off += MAX_UPLOAD_BYTES) {
        this.stagedUpload(this.uploadPlan, dst + off, srcAddr + off, Math.min(MAX_UPLOAD_BYTES, bytes - off), stream);
      }
      return;
    }
    for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) {
      const slot = slots[k % SLOTS];
      const n = Math.min(CHUNK, bytes - off);
      this.wait(slot);
      this.hostSide(src, srcAddr, off, slot, n, true);
      this.driver.memcpyHtoDAsync(dst + off, slot.address, n, stream);
      this.driver.eventRecord(slot.event, stream);
      slot.busy = true;
    }
    // The source is already copied out; the slots' events guard their reuse by the next copy.
  }

  /** One gpa_staged_upload launch (its slots' last events left recorded, the slots marked busy). */
  private stagedUpload(p: UploadPlan, dst: number, src: number, bytes: number, stream: number): void {
    const slots = this.slots!;
    for (const s of slots) this.wait(s);
    this.driver.activate();
    p.planWords[5] = BigInt(stream);
    const bounds = uploadBounds(bytes, CHUNK, FIRST_CHUNK);
    bounds.forEach((b, i) => (p.boundWords[i] = BigInt(b)));
    const chunks = bounds.length - 1;
    hostMemset(p.ctl, 0, 4 * (2 + chunks));
    p.copy.stagedUpload(dst, src, p.bounds, chunks, SLOTS, p.plan, p.ctl);
    for (let k = 0; k < Math.min(chunks, SLOTS); k++) slots[k].busy = true;
    const status = p.ctlWords[0];
    if (status !== 0) this.driver.check(UPLOAD_ENTRY_POINTS[p.ctlWords[1]] ?? 'gpa_staged_upload', status);
  }

  download(dst: ArrayBufferView, src: number, bytes: number, stream: number): void {
    const slots = this.ensure();
    for (const s of slots) this.wait(s);
    const dstAddr = addressOf(dst);
    if (process.env.GPUARRAY_HUGE_PAGES !== '0') adviseHugePages(dstAddr, bytes);
    type Chunk = { slot: Slot; off: number; n: number };
    // Every slot's DMA is queued ahead; the host copies out the oldest while the others run.
    const inFlight: Chunk[] = [];
    for (let off = 0, k = 0; off < bytes || inFlight.length > 0; ) {
      while (off < bytes && inFlight.length < SLOTS) {
        const slot = slots[k++ % SLOTS];
        const n = Math.min(CHUNK, bytes - off);
        this.driver.memcpyDtoHAsync(slot.address, src + off, n, stream);
        this.driver.eventRecord(slot.event, stream);
        slot.busy = true;
        inFlight.push({ slot, off, n });
        off += n;
      }
      const c = inFlight.shift()!;
      this.wait(c.slot);
      this.hostSide(dst, dstAddr, c.off, c.slot, c.n, false);
    }
  }
}
