// The CuPy baseline: bench/cupy_baseline.py in its own python3 process, given this run's workload
// list (names, kinds, params, timing) so both libraries run the same workloads by construction.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, Measured } from './report.js';
import type { WorkloadSpec } from './workloads.js';

export type CupyRun = { results: Record<string, Measured>; versions: string } | { error: string };

/** bench/cupy_baseline.py in its own process, after gpuarray has given its memory back. */
export function runCupy(specs: readonly WorkloadSpec[], reps: number, log: (s: string) => void): CupyRun {
  const py = process.env.PYTHON ?? 'python3';
  const probe = spawnSync(py, ['-c', 'import cupy'], { encoding: 'utf8', timeout: 120_000 });
  if (probe.error || probe.status !== 0) {
    const why = probe.error?.message ?? (probe.stderr ?? '').trim().split('\n').pop();
    return { error: `${py} cannot import cupy (${why})` };
  }
  const dir = mkdtempSync(join(tmpdir(), 'gpuarray-bench-cupy-'));
  try {
    const specFile = join(dir, 'spec.json');
    writeFileSync(specFile, JSON.stringify({ reps, workloads: specs.map(({ name, kind: k, params, how }) => ({ name, kind: k, params, how })) }));
    log('CuPy baseline (bench/cupy_baseline.py):');
    const r = spawnSync(py, [join(BENCH_DIR, 'cupy_baseline.py'), '--spec', specFile], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 400_000,
      maxBuffer: 64 << 20,
    });
    const last = (r.stdout ?? '').trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !last.startsWith('{')) return { error: `cupy_baseline.py exited with ${r.status ?? r.signal}` };
    const out = JSON.parse(last) as { versions: Record<string, string>; results: Record<string, Measured> };
    return { results: out.results, versions: Object.entries(out.versions).map(([k, v]) => `${k} ${v}`).join(', ') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
