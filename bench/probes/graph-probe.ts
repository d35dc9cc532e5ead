// Graphs and streams on the GPU host (issue 21), CuPy beside us (graph_probe_cupy.py):
//   - a chain of 100 small adds (1000 float32) run eagerly, then captured (gp.cuda.graph) and
//     replayed: host issue time, time with the device drained, and device time (CUDA events)
//     per op. Goal: a replay at 1.5 us per op or less (eager about 6 us; CuPy eager 9-14 us).
//   - two independent 4 ms kernels on two streams (a one-thread spin on the GPU's timer, made
//     current with gp.withStream): together in under 5 ms.
// Every figure is the median of several runs after a warm-up; results are checked first.
// Run: npm run build && node dist/bench/probes/graph-probe.js   (GPUARRAY_DEVICE=cpu: results only)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as gp from '../../lib/index.js';

const OPS = 100;
const N = 1000;
const REPS = 51;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const nowUs = () => Number(process.hrtime.bigint()) / 1e3;
const dev = gp.currentDevice();
const cuda = dev.kind === 'cuda';

const x = gp.arange(N, 'float32');
const b = gp.ones(N, 'float32');

/** The eager chain, freeing as it goes: y = x + b + b + ... (OPS adds). */
function eager(): gp.GpuArray {
  let y = x;
  for (let i = 0; i < OPS; i++) {
    const t = y.add(b);
    if (y !== x) y.dispose();
    y = t;
  }
  return y;
}

function check(y: gp.GpuArray, what: string): void {
  const h = y.toTypedArray() as Float32Array;
  for (let i = 0; i < N; i += 97) if (h[i] !== i + OPS) throw new Error(`${what}: element ${i} is ${h[i]}, expected ${i + OPS}`);
}

/** Median over REPS of: host issue time, time to drained, device time (events; cuda only); all per op. */
function measure(run: () => void, ops: number): { issue: number; drained: number; device: number | null } {
  for (let w = 0; w < 5; w++) run();
  gp.cuda.synchronize();
  const issue: number[] = [];
  const drained: number[] = [];
  const device: number[] = [];
  for (let r = 0; r < REPS; r++) {
    const e0 = cuda ? new gp.Event().record() : null;
    const t0 = nowUs();
    run();
    const t1 = nowUs();
    const e1 = cuda ? new gp.Event().record() : null;
    gp.cuda.synchronize();
    const t2 = nowUs();
    issue.push((t1 - t0) / ops);
    drained.push((t2 - t0) / ops);
    if (e0 && e1) device.push((gp.getElapsedTime(e0, e1) * 1e3) / ops);
  }
  return { issue: median(issue), drained: median(drained), device: cuda ? median(device) : null };
}

const eagerStats = measure(() => eager().dispose(), OPS);
check(eager(), 'eager');

const g = gp.cuda.graph(() => {
  let y = x;
  for (let i = 0; i < OPS; i++) y = y.add(b); // the intermediates are disposed when fn returns
  return y;
});
g.launch();
check(g.output, 'graph replay');
const graphStats = measure(() => g.launch(), OPS);
// Many replays queued back to back: the replay rate once the host is out of the way.
const batch = measure(() => {
  for (let k = 0; k < 20; k++) g.launch();
}, 20 * OPS);

// Two 4 ms kernels on two streams.
const SPIN = `extern "C" __global__ void gpa_probe_spin(unsigned long long ns, int* done) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  *done = 1;
}`;
let overlap: { one: number; two: number } | null = null;
if (cuda) {
  const spin = gp.RawKernel(SPIN, 'gpa_probe_spin');
  const f0 = gp.zeros(1, 'int32');
  const f1 = gp.zeros(1, 'int32');
  const s1 = new gp.Stream({ nonBlocking: true });
  const s2 = new gp.Stream({ nonBlocking: true });
  const ns = 4e6;
  gp.withStream(s1, () => spin(1, 1, [ns, f0]));
  gp.cuda.synchronize();
  const one: number[] = [];
  const two: number[] = [];
  for (let r = 0; r < 11; r++) {
    let t0 = nowUs();
    gp.withStream(s1, () => spin(1, 1, [ns, f0]));
    s1.synchronize();
    one.push((nowUs() - t0) / 1e3);
    t0 = nowUs();
    gp.withStream(s1, () => spin(1, 1, [ns, f0])); // library launches on the current stream
    gp.withStream(s2, () => spin(1, 1, [ns, f1]));
    s1.synchronize();
    s2.synchronize();
    two.push((nowUs() - t0) / 1e3);
  }
  if (f0.item() !== 1 || f1.item() !== 1) throw new Error('spin kernels did not run');
  overlap = { one: median(one), two: median(two) };
}

// CuPy beside us, in its own process.
type Cupy = Record<string, number> & { version?: string };
let cupy: Cupy | null = null;
let cupyNote = '';
if (cuda) {
  const py = process.env.PYTHON ?? 'python3';
  const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bench', 'probes', 'graph_probe_cupy.py');
  const r = spawnSync(py, [script], { encoding: 'utf8', timeout: 600_000 });
  if (r.status === 0) cupy = JSON.parse(r.stdout.trim().split('\n').pop()!) as Cupy;
  else cupyNote = `CuPy not run: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}`;
}

const fmt = (v: number | null | undefined, d = 2) => (v === null || v === undefined ? '-' : v.toFixed(d));
const rows: Array<[string, number | null, number | null | undefined, string]> = [
  [`eager ${OPS} adds: host issue, us/op`, eagerStats.issue, cupy?.eager_issue_us, ''],
  ['eager: issue + drain, us/op', eagerStats.drained, cupy?.eager_drained_us, ''],
  ['eager: device (events), us/op', eagerStats.device, cupy?.eager_device_us, ''],
  ['graph replay: host issue, us/op', graphStats.issue, cupy?.graph_issue_us, ''],
  ['graph replay: launch + drain, us/op', graphStats.drained, cupy?.graph_drained_us, 'goal <= 1.5'],
  ['graph replay: device (events), us/op', graphStats.device, cupy?.graph_device_us, ''],
  ['20 replays back to back: us/op', batch.drained, cupy?.graph_batch_us, ''],
  ['one 4 ms kernel, ms', overlap?.one ?? null, cupy?.one_ms, ''],
  ['two 4 ms kernels on two streams, ms', overlap?.two ?? null, cupy?.two_ms, 'goal < 5'],
];
console.log(`graph probe on ${dev} (${g.nodeCount} nodes per graph)${cupy ? `, CuPy ${cupy.version}` : ''}`);
console.log(`${'measure'.padEnd(40)} ${'gpuarray'.padStart(9)} ${'CuPy'.padStart(9)}  note`);
for (const [label, ours, theirs, note] of rows) console.log(`${label.padEnd(40)} ${fmt(ours).padStart(9)} ${fmt(theirs).padStart(9)}  ${note}`);
if (cupyNote) console.log(cupyNote);
g.dispose();
