// Host<->device copies of large arrays through pinned staging buffers: while the DMA engine moves
// some chunks, the CPU copies the next one between the JS array and a free buffer.
// Pageable copies measured 5-10 GB/s on the H200 host and pinned DMA 52-55 GB/s; the CPU side is
// the limit, above all the page faults of a fresh JS array, so it runs on every core (through the
// cpu backend's parallel copy) over transparent huge pages when it can.
import type { CudaDriver } from '../../../bindings/cuda-driver.js';
import { addressOf, adviseHugePages } from '../../../bindings/host-pages.js';
import { viewAt } from '../../../bindings/libc.js';

// Four slots of 8 MiB: on the H200 host, 256 MiB copies took 5.1-5.6 ms (uploads 5.4-5.6, downloads
// into a touched array 5.1) against 6.2-7.5 ms with two slots of 16 MiB, whose DMA waited on the
// host's copies more often (bench/RESULTS.md, 2026-12-01).
const CHUNK = 8 << 20;
const SLOTS = 4;
const THRESHOLD = 4 << 20;

interface Slot {
  address: number;
  bytes: Uint8Array;
  event: number;
  busy: boolean;
}

/** Copies between two host addresses (the parallel one when the machine can build it). */
export type HostCopy = (dst: number, src: number, bytes: number) => void;

export class PinnedStaging {
  private slots: Slot[] | null = null;
  private hostCopy: HostCopy | null | undefined;

  /** `makeHostCopy` is asked once, on the first staged copy. */
  constructor(
    private readonly driver: CudaDriver,
    private readonly makeHostCopy: () => HostCopy | null,
  ) {}

  worthStaging(bytes: number): boolean {
    return bytes >= THRESHOLD && process.env.GPUARRAY_PINNED_STAGING !== '0';
  }

  private ensure(): Slot[] {
    if (this.slots === null) {
      this.hostCopy = this.makeHostCopy();
      this.slots = Array.from({ length: SLOTS }, () => {
        const address = this.driver.memAllocHost(CHUNK);
        return {
          address,
          bytes: new Uint8Array(viewAt(address, CHUNK)),
          event: this.driver.eventCreate(2 /* CU_EVENT_DISABLE_TIMING */),
          busy: false,
        };
      });
    }
    return this.slots;
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
      if (toSlot) this.hostCopy(slot.address, viewAddr + off, n);
      else this.hostCopy(viewAddr + off, slot.address, n);
      return;
    }
    const js = new Uint8Array(view.buffer, view.byteOffset + off, n);
    if (toSlot) slot.bytes.set(js);
    else js.set(slot.bytes.subarray(0, n));
  }

  upload(dst: number, src: ArrayBufferView, bytes: number, stream: number): void {
    const slots = this.ensure();
    const srcAddr = this.hostCopy ? addressOf(src) : 0;
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
