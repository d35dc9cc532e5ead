// Host<->device copies of large arrays through two pinned staging buffers: while the DMA engine
// moves one chunk, the CPU copies the next one between the JS array and the other buffer.
// (Pageable copies measured 5-10 GB/s on the H200 host, pinned 52-55 GB/s.)
import type { CudaDriver } from '../../../bindings/cuda-driver.js';
import { viewAt } from '../../../bindings/libc.js';

const CHUNK = 8 << 20;
const THRESHOLD = 4 << 20;

interface Slot {
  address: number;
  bytes: Uint8Array;
  event: number;
  busy: boolean;
}

export class PinnedStaging {
  private slots: Slot[] | null = null;

  constructor(private readonly driver: CudaDriver) {}

  worthStaging(bytes: number): boolean {
    return bytes >= THRESHOLD && process.env.GPUARRAY_PINNED_STAGING !== '0';
  }

  private ensure(): Slot[] {
    if (this.slots === null) {
      this.slots = [0, 1].map(() => {
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

  upload(dst: number, src: ArrayBufferView, bytes: number, stream: number): void {
    const slots = this.ensure();
    const from = new Uint8Array(src.buffer, src.byteOffset, bytes);
    for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) {
      const slot = slots[k & 1];
      const n = Math.min(CHUNK, bytes - off);
      this.wait(slot);
      slot.bytes.set(from.subarray(off, off + n));
      this.driver.memcpyHtoDAsync(dst + off, slot.address, n, stream);
      this.driver.eventRecord(slot.event, stream);
      slot.busy = true;
    }
    // The source is already copied out; the slots' events guard their reuse by the next copy.
  }

  download(dst: ArrayBufferView, src: number, bytes: number, stream: number): void {
    const slots = this.ensure();
    for (const s of slots) this.wait(s);
    const to = new Uint8Array(dst.buffer, dst.byteOffset, bytes);
    type Chunk = { slot: Slot; off: number; n: number };
    let pending: Chunk | null = null;
    for (let off = 0, k = 0; off < bytes || pending; k++) {
      let next: Chunk | null = null;
      if (off < bytes) {
        const slot = slots[k & 1];
        const n = Math.min(CHUNK, bytes - off);
        this.driver.memcpyDtoHAsync(slot.address, src + off, n, stream);
        this.driver.eventRecord(slot.event, stream);
        slot.busy = true;
        next = { slot, off, n };
        off += n;
      }
      if (pending) {
        this.wait(pending.slot);
        to.set(pending.slot.bytes.subarray(0, pending.n), pending.off);
      }
      pending = next;
    }
  }
}
