// `npm run bench`: every workload of bench/workloads.ts on the current device, checked then timed,
// beside CuPy (cuda, when python3 can import cupy) or plain TypedArray loops (cpu backend), and
// against the floors measured in the same run. Prints one table; writes JSON under bench/results/;
// a GPU run also appends a dated entry to bench/RESULTS.md (a cpu run appends nothing).
//
//   npm run bench [-- options]
//   --only a,b       workloads whose name contains one of these (case-insensitive)
//   --reps N         timed runs per device measurement (default 20, at least 10)
//   --no-cupy        skip the CuPy baseline
//   --out DIR        also write the JSON record and the RESULTS.md entry into DIR
//   --commit SHA     the commit to record when the tree has no .git (a copied tree on a GPU host)
//   --no-record      do not append to bench/RESULTS.md
//   --record-from F  append the RESULTS.md entry of an existing JSON record F, and stop
//   --list           print the workloads and stop
//   --smoke          every workload, on whatever device this is, at small sizes: a check of the
//                    suite itself (numbers mean nothing; nothing is written)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CudaBackend } from '../lib/device/cuda/backend.js';
import type { CpuBackend } from '../lib/device/cpu/backend.js';
import { BenchContext, benchKind, NotAvailable } from './context.js';
import { CheckError } from './data.js';
import { Floors, floorMs, measureFloors } from './floors.js';
import { appendEntry, BENCH_DIR, buildRows, fmtMs, Measured, renderEntry, renderFloors, renderNotes, renderTable, RowInput, RunRecord, writeJson } from './report.js';
import { CupyRun, runCupy } from './cupy.js';
import { bestOf, CudaEventClock, DeviceClock, HostClock, rate, Stats } from './timing.js';
import { KINDS, Prepared, WORKLOADS, WorkloadSpec } from './workloads.js';

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string' },
    reps: { type: 'string', default: '20' },
    'no-cupy': { type: 'boolean', default: false },
    out: { type: 'string' },
    commit: { type: 'string' },
    'no-record': { type: 'boolean', default: false },
    'record-from': { type: 'string' },
    list: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});

const log = (s: string) => process.stderr.write(s + '\n');

if (opt['record-from']) {
  const rec = JSON.parse(readFileSync(opt['record-from'], 'utf8')) as RunRecord;
  log(`appended to ${appendEntry(rec)}`);
  process.exit(0);
}
if (opt.list) {
  for (const w of WORKLOADS) console.log(`${w.name.padEnd(52)} ${w.size.padEnd(18)} ${w.how.padEnd(10)} on ${w.on.join(', ')}`);
  process.exit(0);
}

const reps = Math.max(10, Number(opt.reps) || 20);
const only = (opt.only ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

// Launch-grid advice is for users; a benchmark of small launches must not print it per call.
process.env.GPUARRAY_PERFORMANCE_WARNINGS ??= '0';
// A private, empty compile cache: nothing left over from earlier runs, nothing left behind.
const cacheDir = mkdtempSync(join(tmpdir(), 'gpuarray-bench-'));
process.env.GPUARRAY_CACHE_DIR = cacheDir;
process.on('exit', () => rmSync(cacheDir, { recursive: true, force: true }));

const gp = await import('../lib/index.js');
const device = gp.currentDevice();
const backend = device.backend;
const kind = benchKind(backend.kind);
const clock: DeviceClock = kind === 'cuda' ? new CudaEventClock(backend as CudaBackend) : new HostClock(backend);
const ctx = new BenchContext(gp, backend, clock, kind === 'cuda' ? `cuda:${backend.device.id}` : 'cpu');
const sync = () => backend.synchronize();

const smoke = opt.smoke;
const selected = (smoke ? WORKLOADS.map(smallVersion) : WORKLOADS.filter((w) => w.on.includes(kind))).filter(
  (w) => only.length === 0 || only.some((o) => w.name.toLowerCase().includes(o)),
);
log(`gpuarray bench on ${backend.device.name} (${kind}): ${selected.length} workloads, ${reps} timed runs each`);

// Without floors the run still reports times (one GPU batch should not be lost to one failure).
let floors: Floors | null = null;
let floorsError = '';
try {
  floors = measureFloors(ctx, reps);
} catch (e) {
  floorsError = (e as Error).message.split('\n')[0];
}
log(`floors: ${renderFloors({ floors, floorsError })}`);

/** Set up, check once, then time one workload with gpuarray (or its JS loop twin). */
function measure(spec: WorkloadSpec, impl: 'gpuarray' | 'js', c: DeviceClock, s: () => void): Measured {
  const k = KINDS[spec.kind] as { setup: typeof KINDS.add.setup; js?: typeof KINDS.add.setup };
  const make = impl === 'js' ? k.js : k.setup;
  if (!make) return { status: 'n/a', message: 'no JS loop for this workload' };
  let p: Prepared | null = null;
  try {
    p = make(ctx, spec.params);
    let st: Stats;
    if (spec.how === 'custom') st = p.measure!();
    else {
      const first = p.run();
      s();
      try {
        p.check(first);
      } finally {
        p.release?.(first);
      }
      const run = p.run;
      const release = p.release;
      const once = release ? () => release(run()) : () => void run();
      switch (spec.how) {
        case 'device':
          st = c.time(once, { reps, synchronous: p.synchronous });
          break;
        case 'issue':
          st = rate(once, s, { batch: 2000, batches: reps, synced: false });
          break;
        case 'synced':
          st = rate(once, s, { batch: 500, batches: reps, synced: true });
          break;
        case 'host-best':
          st = bestOf(
            () => {
              const r = run();
              s();
              return r;
            },
            (r) => release?.(r),
          );
          break;
      }
    }
    return { status: 'ok', ms: st.ms, stats: st };
  } catch (e) {
    const message = (e as Error).message.split('\n')[0];
    const status = e instanceof NotAvailable ? 'n/a' : e instanceof CheckError ? 'wrong' : 'error';
    return { status, message };
  } finally {
    try {
      p?.teardown?.();
    } catch {
      /* a failed workload's teardown must not stop the run */
    }
  }
}

/** Input sizes a workload uses, so shared inputs can be freed once no later workload needs them. */
const sizesOf = (w: WorkloadSpec) => [w.params.n, w.params.m, w.params.m * w.params.m].filter((x) => Number.isFinite(x));

const jsClock = new HostClock(null);
const inputs: RowInput[] = [];
selected.forEach((spec, idx) => {
  const g = measure(spec, 'gpuarray', clock, sync);
  const b = kind === 'cpu' ? measure(spec, 'js', jsClock, () => {}) : null;
  inputs.push({ spec, gpuarray: g, baseline: b, floorMs: floors ? floorMs(spec.floor, floors) : null });
  log(`  ${spec.name}: ${g.status === 'ok' ? fmtMs(g.ms) : `${g.status} ${g.message ?? ''}`}${b ? ` (JS ${b.status === 'ok' ? fmtMs(b.ms) : b.status})` : ''}`);
  const later = new Set(selected.slice(idx + 1).flatMap(sizesOf));
  ctx.release((n) => later.has(n));
});
ctx.release();
device.pool.freeAllBlocks();

let cupy: CupyRun | null = null;
let cupyNote = '';
if (kind === 'cuda') {
  if (opt['no-cupy']) cupyNote = 'not run (--no-cupy)';
  else {
    cupy = runCupy(selected, reps, log);
    if ('error' in cupy) {
      cupyNote = `not run: ${cupy.error}`;
      cupy = null;
    }
  }
  for (const r of inputs) {
    r.baseline = cupy && 'results' in cupy ? (cupy.results[r.spec.name] ?? { status: 'n/a', message: 'CuPy gave no result' }) : null;
  }
}

const env: Record<string, string> = { device: backend.device.name, backend: kind };
if (kind === 'cuda') {
  const cb = backend as CudaBackend;
  env.driver = `CUDA ${Math.floor(cb.driverVersion / 1000)}.${(cb.driverVersion % 1000) / 10}`;
  env.NVRTC = `${cb.nvrtcVersion.major}.${cb.nvrtcVersion.minor} (target ${cb.compileTarget.arch})`;
} else {
  const info = (backend as CpuBackend).compilerInfo;
  env.compiler = `${info.version}${info.openmp ? ', OpenMP' : ''}`;
}
env.Node = process.version;
if (kind === 'cuda') env.CuPy = cupy && 'versions' in cupy ? cupy.versions : cupyNote;
env.commit = commitId();

if (smoke) {
  console.log('\n' + renderTable({ baselineLabel: 'baseline', rows: buildRows(inputs, false) } as RunRecord));
  const bad = inputs.filter((r) => r.gpuarray.status !== 'ok');
  for (const r of bad) console.log(`- ${r.spec.name}: ${r.gpuarray.status} ${r.gpuarray.message ?? ''}`);
  log(`smoke: ${inputs.length - bad.length} of ${inputs.length} workloads ran and checked; nothing written`);
  process.exit(0);
}

const rec: RunRecord = {
  date: new Date().toISOString(),
  backend: kind,
  baselineLabel: kind === 'cuda' ? 'CuPy' : 'JS loops',
  env,
  floors,
  ...(floorsError ? { floorsError } : {}),
  method: [clock.method, `median of ${reps} timed runs after 3 warm-up runs; issue rates: median over ${reps} batches`, 'every result checked before timing'],
  rows: buildRows(inputs, kind === 'cuda'),
};

console.log('\n' + renderTable(rec));
const notes = renderNotes(rec);
if (notes) console.log('\n' + notes);
log(`\nJSON: ${writeJson(rec)}`);
if (opt.out) {
  log(`JSON: ${writeJson(rec, opt.out)}`);
  writeFileSync(join(opt.out, 'RESULTS-entry.md'), renderEntry(rec));
}
if (kind === 'cuda' && !opt['no-record']) log(`entry appended to ${appendEntry(rec)}`);
else if (kind === 'cpu') log('cpu backend: no entry in bench/RESULTS.md (its goals are GPU claims)');

// ---------------------------------------------------------------------------------------------

/** The same workload at a size any device runs in a moment (for --smoke). */
function smallVersion(w: WorkloadSpec): WorkloadSpec {
  const p = { ...w.params };
  const before = p.n ?? p.m * p.m;
  if (p.n !== undefined) p.n = Math.min(p.n, 1 << 18);
  if (p.m !== undefined) p.m = Math.min(p.m, 512);
  if (p.runs !== undefined) p.runs = 1;
  const f = (p.n ?? p.m * p.m) / before;
  const floor = 'bytes' in w.floor ? { ...w.floor, bytes: w.floor.bytes * f } : w.floor;
  return { ...w, params: p, floor, size: f === 1 ? w.size : `${w.size} → ${p.n ?? `${p.m}²`}` };
}

function commitId(): string {
  if (opt.commit) return opt.commit;
  const git = (args: string[]) => spawnSync('git', args, { cwd: BENCH_DIR, encoding: 'utf8' });
  const head = git(['rev-parse', '--short=12', 'HEAD']);
  if (head.status !== 0) return 'unknown (no git; pass --commit)';
  const dirty = (git(['status', '--porcelain', '--untracked-files=no']).stdout ?? '').trim() !== '';
  return `${head.stdout.trim()}${dirty ? ' + uncommitted changes' : ''}`;
}
