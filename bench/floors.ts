// The hardware floors each workload is compared with, measured in the same run on the same device:
// device-to-device copy bandwidth (a large cuMemcpyDtoDAsync; bytes read + written per second), an
// empty kernel (issued back to back, with a sync after each, and its time on the device), and on
// cuda the pinned host<->device copy bandwidth.
import type { CudaBackend } from '../lib/device/cuda/backend.js';
import { BenchContext } from './context.js';
import { CheckError } from './data.js';
import { rate } from './timing.js';

export interface Floors {
  copy: { bytes: number; ms: number; bytesPerMs: number };
  emptyLaunch: { issueMs: number; syncedMs: number; deviceMs: number };
  pinned: { bytes: number; h2dMs: number; d2hMs: number } | null;
}

/** How a workload's floor is found: bytes it must move at the copy bandwidth, a launch, a transfer. */
export type FloorSpec =
  | { kind: 'bandwidth'; bytes: number }
  | { kind: 'launch' }
  | { kind: 'launch-synced' }
  | { kind: 'h2d'; bytes: number }
  | { kind: 'd2h'; bytes: number }
  | { kind: 'none' };

export function floorMs(f: FloorSpec, floors: Floors): number | null {
  switch (f.kind) {
    case 'bandwidth':
      // No kernel finishes sooner than an empty one.
      return Math.max(f.bytes / floors.copy.bytesPerMs, floors.emptyLaunch.deviceMs);
    case 'launch':
      return floors.emptyLaunch.issueMs;
    case 'launch-synced':
      return floors.emptyLaunch.syncedMs;
    case 'h2d':
      return floors.pinned ? (f.bytes * floors.pinned.h2dMs) / floors.pinned.bytes : null;
    case 'd2h':
      return floors.pinned ? (f.bytes * floors.pinned.d2hMs) / floors.pinned.bytes : null;
    case 'none':
      return null;
  }
}

export function describeFloor(f: FloorSpec): string {
  switch (f.kind) {
    case 'bandwidth':
      return `${(f.bytes / 2 ** 20).toFixed(f.bytes < 2 ** 20 ? 3 : 0)} MiB at copy bandwidth`;
    case 'launch':
      return 'empty launch, back to back';
    case 'launch-synced':
      return 'empty launch + sync';
    case 'h2d':
      return 'pinned upload';
    case 'd2h':
      return 'pinned download';
    case 'none':
      return '';
  }
}

const EMPTY_SOURCE = 'extern "C" __global__ void gpa_bench_empty() {}\n';

export function measureFloors(ctx: BenchContext, reps: number): Floors {
  const { gp, backend } = ctx;
  const stream = backend.defaultStream;

  // Copy bandwidth: 1 GiB on the GPU (well past the L2), 64 MiB on the cpu backend.
  const bytes = ctx.kind === 'cuda' ? 2 ** 30 : 2 ** 26;
  const src = gp.empty([bytes], 'uint8');
  const dst = gp.empty([bytes], 'uint8');
  let copy: Floors['copy'];
  try {
    backend.memset(src.ptr, 0x5a, bytes, stream);
    ctx.poison(dst);
    backend.copyDeviceToDevice(dst.ptr, src.ptr, bytes, stream);
    backend.synchronize();
    for (const [s, e] of [
      [0, 4096],
      [bytes - 4096, bytes],
    ]) {
      const v = dst.slice({ start: s, stop: e });
      const got = v.toArray() as number[];
      v.dispose();
      if (got.some((x) => x !== 0x5a)) throw new CheckError('device-to-device copy floor: the copy did not arrive');
    }
    const t = ctx.clock.time(() => backend.copyDeviceToDevice(dst.ptr, src.ptr, bytes, stream), { reps });
    copy = { bytes, ms: t.ms, bytesPerMs: (2 * bytes) / t.ms };
  } finally {
    src.dispose();
    dst.dispose();
  }

  // An empty kernel: the launch path every op pays at least.
  const k = backend
    .loadProgram({ source: EMPTY_SOURCE, kernels: [{ name: 'gpa_bench_empty', paramTypes: [] }], programName: 'gpa_bench_empty' })
    .kernel('gpa_bench_empty');
  const one = { x: 1, y: 1, z: 1 };
  const launch = () => k.launch(one, one, 0, stream, 0);
  const sync = () => backend.synchronize();
  const emptyLaunch = {
    issueMs: rate(launch, sync, { batch: 5000, batches: reps, synced: false }).ms,
    syncedMs: rate(launch, sync, { batch: 1000, batches: reps, synced: true }).ms,
    deviceMs: ctx.clock.time(launch, { reps }).ms,
  };

  return { copy, emptyLaunch, pinned: ctx.kind === 'cuda' ? pinnedCopies(ctx, reps) : null };
}

/** cuMemcpyHtoDAsync / DtoHAsync between pinned host memory and the device, 256 MiB. */
function pinnedCopies(ctx: BenchContext, reps: number): NonNullable<Floors['pinned']> {
  const cuda = ctx.backend as CudaBackend;
  const d = cuda.driver;
  const bytes = 2 ** 28;
  const host = d.memAllocHost(bytes);
  const dev = ctx.gp.empty([bytes], 'uint8');
  try {
    cuda.memset(dev.ptr, 0x5a, bytes, 0);
    d.memcpyDtoHAsync(host, dev.ptr, bytes, 0);
    cuda.synchronize();
    const h2dMs = ctx.clock.time(() => d.memcpyHtoDAsync(dev.ptr, host, bytes, 0), { reps }).ms;
    const d2hMs = ctx.clock.time(() => d.memcpyDtoHAsync(host, dev.ptr, bytes, 0), { reps }).ms;
    return { bytes, h2dMs, d2hMs };
  } finally {
    cuda.synchronize();
    d.memFreeHost(host);
    dev.dispose();
  }
}
