// Bytes from one device to another: a device-to-device copy on one device, a peer copy between
// two GPUs (lib/device/cuda/peer.ts), and through host memory between backends (a GPU and the
// cpu backend), in bounded chunks so a large array never needs a host copy of its whole size.
import type { Device } from './device.js';
import { streamHandle } from './stream.js';

const HOST_CHUNK = 64 << 20;

/** Copy `bytes` from `src` (on `srcDev`) to `dst` (on `dstDev`), on each device's current stream. */
export function copyBetweenDevices(dstDev: Device, dst: number, srcDev: Device, src: number, bytes: number): void {
  if (bytes <= 0) return;
  const dstStream = streamHandle(undefined, dstDev);
  if (dstDev === srcDev) {
    dstDev.backend.copyDeviceToDevice(dst, src, bytes, dstStream);
    return;
  }
  const a = dstDev.backend;
  const b = srcDev.backend;
  if (a.capabilities.peer?.copyFrom(dst, dstStream, b, src, streamHandle(undefined, srcDev), bytes)) return;
  // Different backends: the host is the only memory both can reach (the copies are synchronous).
  const chunk = new Uint8Array(Math.min(bytes, HOST_CHUNK));
  for (let off = 0; off < bytes; off += chunk.length) {
    const n = Math.min(chunk.length, bytes - off);
    const view = n === chunk.length ? chunk : chunk.subarray(0, n);
    b.copyDeviceToHost(view, src + off, n, srcDev.currentStream());
    a.copyHostToDevice(dst + off, view, n, dstDev.currentStream());
  }
}
