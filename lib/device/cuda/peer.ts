// Copies between two GPUs of one process. cuMemcpyPeerAsync moves the bytes: over NVLink or PCIe
// directly when the devices can access each other's memory (peer access is enabled the first
// time, both ways, as CuPy does lazily), staged through host memory by the driver otherwise.
// Each device orders its own work on its stream, so the copy is fenced on both sides: it waits
// for the source device's queued work, and the source device's later work (which may reuse the
// source block from its pool) waits for the copy.
import type { CudaBackend } from './backend.js';

const CU_EVENT_DISABLE_TIMING = 2;

const peerAccess = new Map<string, boolean>();
const enabled = new Set<string>();
const fences = new WeakMap<CudaBackend, number>();

/** Whether `a` can read and write `b`'s memory directly (cuDeviceCanAccessPeer), cached. */
export function canAccessPeer(a: CudaBackend, b: CudaBackend): boolean {
  if (a === b) return true;
  const key = `${a.device.id}>${b.device.id}`;
  let can = peerAccess.get(key);
  if (can === undefined) {
    can = a.driver.canAccessPeer(a.cuDevice, b.cuDevice);
    peerAccess.set(key, can);
  }
  return can;
}

/** Let `a` access `b`'s memory (cuCtxEnablePeerAccess), once; false when the hardware cannot. */
export function enablePeerAccess(a: CudaBackend, b: CudaBackend): boolean {
  if (a === b) return true;
  if (!canAccessPeer(a, b)) return false;
  const key = `${a.device.id}>${b.device.id}`;
  if (!enabled.has(key)) {
    a.driver.enablePeerAccess(b.context);
    enabled.add(key);
  }
  return true;
}

/** One reusable event per device for fencing (cuStreamWaitEvent takes the state at the call). */
function fence(b: CudaBackend): number {
  let ev = fences.get(b);
  if (ev === undefined) {
    ev = b.driver.eventCreate(CU_EVENT_DISABLE_TIMING);
    fences.set(b, ev);
  }
  return ev;
}

/** Make `waiter`'s stream wait for the work queued so far on `signaller`'s stream. */
function order(signaller: CudaBackend, signalStream: number, waiter: CudaBackend, waitStream: number): void {
  const ev = fence(signaller);
  signaller.driver.eventRecord(ev, signalStream);
  waiter.driver.streamWaitEvent(waitStream, ev);
}

/**
 * Copy `bytes` from `src` (on `srcDev`) to `dst` (on `dstDev`), queued on `dstStream` and fenced
 * with `srcStream`. Peer access is enabled on first use when the devices have it.
 */
export function copyPeer(dstDev: CudaBackend, dst: number, dstStream: number, srcDev: CudaBackend, src: number, srcStream: number, bytes: number): void {
  if (bytes === 0) return;
  if (dstDev === srcDev) {
    dstDev.copyDeviceToDevice(dst, src, bytes, dstStream);
    return;
  }
  // Both directions: the copy engine of either device may drive the transfer.
  if (enablePeerAccess(dstDev, srcDev)) enablePeerAccess(srcDev, dstDev);
  order(srcDev, srcStream, dstDev, dstStream);
  dstDev.driver.memcpyPeerAsync(dst, dstDev.context, src, srcDev.context, bytes, dstStream);
  order(dstDev, dstStream, srcDev, srcStream);
}
