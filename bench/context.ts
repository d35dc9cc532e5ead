// What every workload gets: the library, the device, a clock, and inputs shared between workloads
// (generated once, freed at the end) so a run of the whole suite stays within a few GiB.
import type { Backend } from '../lib/device/backend.js';
import type { GpuArray } from '../lib/index.js';
import { hashHost, makeGenerator } from './data.js';
import type { DeviceClock } from './timing.js';

/** The backends the benchmarks have baselines for (CuPy on cuda, JS loops on cpu). */
export type BenchKind = 'cuda' | 'cpu';

/** `kind` as a BenchKind; other backends have no baselines here. */
export function benchKind(kind: string): BenchKind {
  if (kind !== 'cuda' && kind !== 'cpu') throw new Error(`bench: no baselines for the ${kind} backend (cuda and cpu have them)`);
  return kind;
}

export type Gp = typeof import('../lib/index.js');

/** An API another issue is still writing: its workloads report 'n/a' instead of failing the run. */
export class NotAvailable extends Error {}

export class BenchContext {
  private readonly inputs = new Map<string, GpuArray>();
  private readonly hosts = new Map<string, Float32Array>();
  private readonly memo = new Map<string, unknown>();
  private gen: ((n: number, seed: number) => GpuArray) | null = null;

  constructor(
    readonly gp: Gp,
    readonly backend: Backend,
    readonly clock: DeviceClock,
    /** The device spec child processes must use ('cuda:0' or 'cpu'). */
    readonly deviceSpec: string,
  ) {}

  get kind(): BenchKind {
    return benchKind(this.backend.kind);
  }

  /** The public function `name` of gpuarray, or NotAvailable when it is not there yet. */
  api<T = (...args: any[]) => any>(name: string): T {
    const f = (this.gp as unknown as Record<string, unknown>)[name];
    if (typeof f !== 'function') throw new NotAvailable(`gpuarray.${name} is not available`);
    return f as T;
  }

  /** Hash input of n float32 (see data.ts), generated on the device once per (n, seed, copy). */
  input(n: number, seed: number, copy = 0): GpuArray {
    const key = `${n}:${seed}:${copy}`;
    let a = this.inputs.get(key);
    if (!a) {
      this.gen ??= makeGenerator(this.gp);
      a = this.gen(n, seed);
      this.inputs.set(key, a);
    }
    return a;
  }

  /** A float32 output buffer of n elements shared by the workloads that write into `out`. */
  scratch(n: number): GpuArray {
    const key = `scratch:${n}`;
    let a = this.inputs.get(key);
    if (!a) {
      a = this.gp.empty([n], 'float32');
      this.inputs.set(key, a);
    }
    return a;
  }

  /** The same hash values in JS memory. */
  host(n: number, seed: number): Float32Array {
    const key = `${n}:${seed}`;
    let h = this.hosts.get(key);
    if (!h) {
      h = hashHost(n, seed);
      this.hosts.set(key, h);
    }
    return h;
  }

  /** A value computed once per run (expensive host references). */
  once<T>(key: string, f: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, f());
    return this.memo.get(key) as T;
  }

  /** Fill an array's bytes with 0xFF (NaN for floats), so a result that was never written shows. */
  poison(a: GpuArray): void {
    this.backend.memset(a.ptr, 0xff, a.nbytes, this.backend.defaultStream);
    this.backend.synchronize();
  }

  /**
   * Poison the pool block the next allocation of `nbytes` will get: allocate it, fill it, give it
   * back (the pool reuses the block of that exact size first).
   */
  poisonNextAllocation(nbytes: number): void {
    const a = this.gp.empty([nbytes], 'uint8');
    this.poison(a);
    a.dispose();
  }

  /** Free the shared inputs whose size is not wanted any more (or all of them). */
  release(keep: (n: number) => boolean = () => false): void {
    for (const [key, a] of this.inputs) {
      const parts = key.split(':');
      const n = Number(parts[0] === 'scratch' ? parts[1] : parts[0]);
      if (!keep(n)) {
        a.dispose();
        this.inputs.delete(key);
      }
    }
    for (const key of this.hosts.keys()) if (!keep(Number(key.split(':')[0]))) this.hosts.delete(key);
  }
}
