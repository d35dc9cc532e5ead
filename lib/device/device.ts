// The current device: a backend plus its memory pool. Chosen by GPUARRAY_DEVICE
// (cuda | cuda:N | cpu), else cuda when usable, else cpu with a one-line notice on stderr.
import { BackendUnavailableError } from '../../bindings/errors.js';
import type { Backend, BackendKind } from './backend.js';
import { DiskCache } from './compile-cache.js';
import { CudaBackend } from './cuda/backend.js';
import { HostBackend } from './host/backend.js';
import { MemoryPool } from './memory-pool.js';

export class Device {
  readonly pool: MemoryPool;
  constructor(readonly backend: Backend) {
    this.pool = new MemoryPool(backend);
  }
  get kind(): BackendKind {
    return this.backend.kind;
  }
  toString(): string {
    return this.backend.kind === 'cuda' ? `<CUDA Device ${this.backend.device.id}>` : '<CPU Device (cpu backend)>';
  }
}

const opened = new Map<string, Device>();
let current: Device | null = null;
let sharedCache: DiskCache | null = null;
const cudaFailures = new Map<number, string>();

function diskCache(): DiskCache {
  return (sharedCache ??= new DiskCache());
}

export function parseDeviceSpec(spec: string): { kind: BackendKind; ordinal: number } {
  const m = /^(cuda|cpu)(?::(\d+))?$/.exec(spec.trim());
  if (!m) throw new TypeError(`invalid device ${JSON.stringify(spec)}; expected 'cuda', 'cuda:N' or 'cpu'`);
  const kind = m[1] as BackendKind;
  const ordinal = m[2] === undefined ? 0 : Number(m[2]);
  if (kind === 'cpu' && ordinal !== 0) throw new TypeError(`the cpu backend has only device 0, got ${spec}`);
  return { kind, ordinal };
}

/** Open (once) the device `spec`; throws BackendUnavailableError naming why it cannot run. */
export function openDevice(spec: string): Device {
  const { kind, ordinal } = parseDeviceSpec(spec);
  const key = `${kind}:${ordinal}`;
  const known = opened.get(key);
  if (known) return known;
  const b = kind === 'cuda' ? CudaBackend.create(ordinal, diskCache()) : HostBackend.create(diskCache());
  if ('error' in b) {
    if (kind === 'cuda') cudaFailures.set(ordinal, b.error);
    throw new BackendUnavailableError(key, b.error);
  }
  const dev = new Device(b);
  opened.set(key, dev);
  return dev;
}

/** Why cuda:ordinal cannot be used, or null when it can. Opens it if possible. */
export function cudaUnavailableReason(ordinal = 0): string | null {
  if (opened.has(`cuda:${ordinal}`)) return null;
  const known = cudaFailures.get(ordinal);
  if (known !== undefined) return known;
  try {
    openDevice(`cuda:${ordinal}`);
    return null;
  } catch (e) {
    return e instanceof BackendUnavailableError ? e.reason : (e as Error).message;
  }
}

function chooseDefault(): Device {
  const env = process.env.GPUARRAY_DEVICE;
  if (env) return openDevice(env);
  const why = cudaUnavailableReason(0);
  if (why === null) return openDevice('cuda:0');
  process.stderr.write(`gpuarray: no usable CUDA GPU (${why}); using the cpu backend\n`);
  return openDevice('cpu');
}

export function currentDevice(): Device {
  return (current ??= chooseDefault());
}

/** Make `spec` the current device for everything created from now on. */
export function useDevice(spec: string): Device {
  current = openDevice(spec);
  return current;
}

/** Every device that can run here, for tests that run on each: cpu always (given a C++ compiler), cuda:0 when usable. */
export function availableDeviceSpecs(): string[] {
  const specs: string[] = [];
  if (cudaUnavailableReason(0) === null) specs.push('cuda:0');
  try {
    openDevice('cpu');
    specs.push('cpu');
  } catch {
    /* no C++ compiler: the cpu backend is unavailable */
  }
  return specs;
}
