// Clocks for the benchmark. Device work is timed with CUDA events (median of >= 10 runs after a
// warm-up); host clocks only time what the host itself sees: launch issue rates, transfers to and
// from JS memory, and compiles in child processes. The cpu backend has no events: its launches are
// synchronous, so the host clock around a call is the device time.
import { spawnSync } from 'node:child_process';
import type { Backend } from '../lib/device/backend.js';
import type { CudaBackend } from '../lib/device/cuda/backend.js';
import { ArgBlock } from '../lib/device/arg-block.js';

export interface Stats {
  /** The figure reported: the median, or the best for host-best timings. */
  ms: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  samples: number[];
  /** Something the reader should know about how the figure came out. */
  note?: string;
}

export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export function stats(samples: readonly number[], pick: 'median' | 'min' = 'median', note?: string): Stats {
  if (samples.length === 0) throw new Error('no samples');
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const out: Stats = { ms: pick === 'median' ? median : s[0], medianMs: median, minMs: s[0], maxMs: s[s.length - 1], samples: [...samples] };
  if (note) out.note = note;
  return out;
}

export interface TimeOptions {
  warmup?: number;
  reps?: number;
  /** The call waits for its own result (returns a JS value): its host time cannot be hidden, nor needs to be. */
  synchronous?: boolean;
}

/** Times one call of device work. */
export interface DeviceClock {
  readonly method: string;
  time(f: () => void, opts?: TimeOptions): Stats;
}

const MIN_REPS = 10;

/**
 * CUDA events on the legacy default stream (the stream gpuarray launches on). Before each timed
 * call a one-thread kernel spins on the GPU's global timer, long enough for the host to queue the
 * start event and the whole call behind it: the interval then holds the device's time only, not
 * the host's time to issue the call (which the issue-rate workloads measure separately).
 */
export class CudaEventClock implements DeviceClock {
  readonly method = 'CUDA events (cuEventElapsedTime) around the call, host issue hidden behind a GPU spin kernel';
  private readonly start: number;
  private readonly end: number;
  /** Null when the spin kernel could not be built: then the host's issue time stays in the interval. */
  private readonly spin: ((ns: number) => void) | null = null;
  private readonly spinError: string = '';

  constructor(private readonly cuda: CudaBackend) {
    const d = cuda.driver;
    this.start = d.eventCreate(0);
    this.end = d.eventCreate(0);
    try {
      const k = cuda
        .loadProgram({
          source: SPIN_SOURCE,
          kernels: [{ name: 'gpa_bench_spin', paramTypes: ['unsigned long long'] }],
          programName: 'gpa_bench_spin',
          checkHostSupport: false,
        })
        .kernel('gpa_bench_spin');
      const args = new ArgBlock([{ size: 8, align: 8 }]);
      const one = { x: 1, y: 1, z: 1 };
      this.spin = (ns: number) => {
        args.write('u64', args.offsets[0], Math.round(ns));
        k.launch(one, one, 0, cuda.defaultStream, args.pointers);
      };
      this.spin(1000);
      cuda.synchronize();
    } catch (e) {
      this.spin = null;
      this.spinError = (e as Error).message.split('\n')[0];
    }
  }

  time(f: () => void, opts: TimeOptions = {}): Stats {
    const d = this.cuda.driver;
    const reps = Math.max(MIN_REPS, opts.reps ?? 20);
    // Warm-up, also finding how long the host takes to issue one call: the spin must outlast it.
    let issueMs = 0;
    for (let w = 0; w < (opts.warmup ?? 3); w++) {
      const t0 = nowMs();
      f();
      issueMs = Math.max(issueMs, nowMs() - t0);
      this.cuda.synchronize();
    }
    // A synchronous call queues its kernels at once and then waits: a short spin covers that.
    const spinMs = opts.synchronous ? 0.2 : Math.min(50, Math.max(0.1, 3 * issueMs));
    const samples: number[] = [];
    let exposed = 0;
    for (let r = 0; r < reps; r++) {
      this.spin?.(spinMs * 1e6);
      d.eventRecord(this.start, this.cuda.defaultStream);
      f();
      // Still spinning when the call returns: all of it was queued before the GPU got there.
      if (this.spin && !opts.synchronous && d.eventQuery(this.start)) exposed++;
      d.eventRecord(this.end, this.cuda.defaultStream);
      d.eventSynchronize(this.end);
      samples.push(d.eventElapsedTime(this.start, this.end));
    }
    if (this.spin === null) return stats(samples, 'median', `host issue time included: no spin kernel (${this.spinError})`);
    return stats(samples, 'median', exposed > 0 ? `the GPU reached the call before the host had queued it in ${exposed} of ${reps} runs (its host time may be included)` : undefined);
  }
}

/** One thread waits `ns` nanoseconds of the GPU's global timer. */
export const SPIN_SOURCE = `
extern "C" __global__ void gpa_bench_spin(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}
`;

/** Host clock around call + synchronize: the cpu backend (launches are synchronous) and JS loops. */
export class HostClock implements DeviceClock {
  readonly method: string;
  constructor(private readonly backend: Backend | null) {
    this.method = backend ? `host clock around call + synchronize (${backend.kind} backend)` : 'host clock (JS loop)';
  }
  time(f: () => void, opts: TimeOptions = {}): Stats {
    const sync = () => this.backend?.synchronize();
    for (let w = 0; w < (opts.warmup ?? 3); w++) {
      f();
      sync();
    }
    const samples: number[] = [];
    for (let r = 0, reps = Math.max(MIN_REPS, opts.reps ?? 20); r < reps; r++) {
      const t0 = nowMs();
      f();
      sync();
      samples.push(nowMs() - t0);
    }
    return stats(samples);
  }
}

export interface RateOptions {
  /** Calls per timed batch. */
  batch: number;
  batches?: number;
  /** Synchronize after every call (latency) instead of once per batch (issue rate). */
  synced: boolean;
}

/**
 * Host time per call of `f` issued back to back (one synchronize closing each batch) or with a
 * synchronize after each call; the median over batches after one warm-up batch.
 */
export function rate(f: () => void, sync: () => void, o: RateOptions): Stats {
  const batches = Math.max(MIN_REPS, o.batches ?? 10);
  const once = () => {
    const t0 = nowMs();
    if (o.synced) {
      for (let k = 0; k < o.batch; k++) {
        f();
        sync();
      }
    } else {
      for (let k = 0; k < o.batch; k++) f();
      sync();
    }
    return (nowMs() - t0) / o.batch;
  };
  once();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) samples.push(once());
  return stats(samples);
}

/** Best of `n` host-clocked runs of `f` (after one warm-up); `after` cleans up outside the clock. */
export function bestOf<T>(f: () => T, after: (r: T) => void, n = 7): Stats {
  after(f());
  const samples: number[] = [];
  for (let k = 0; k < n; k++) {
    const t0 = nowMs();
    const r = f();
    samples.push(nowMs() - t0);
    after(r);
  }
  return stats(samples, 'min');
}

/** Run a child process and parse the JSON object on the last line of its stdout. */
export function runJsonChild(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Record<string, unknown> {
  const r = spawnSync(command, [...args], { env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  const lines = (r.stdout ?? '').trim().split('\n');
  const last = lines[lines.length - 1] ?? '';
  if (r.status !== 0 || !last.startsWith('{')) {
    throw new Error(`${command} ${args.join(' ')} exited with ${r.status}: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ') || last}`);
  }
  return JSON.parse(last) as Record<string, unknown>;
}
