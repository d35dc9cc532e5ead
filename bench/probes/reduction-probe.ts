// Each operation of test/reduction-ops.test.ts "per-axis NaN handling, all-NaN slices, float16",
// where a GPU diagnostic run stopped (most likely at that run's own 90 s limit for the file, from
// an empty compile cache; see CHANGELOG), checked on the GPU host one by one. Each operation runs in its own child process under a timeout (SIGKILL),
// on every device, with a fresh compile cache (a bare machine's state). A child logs its phases
// with synchronous writes (NVRTC compile, launch + geometry, synchronize, download), so a killed
// child still says where it stopped. Then the operations run in order in one process, alone and
// after the previous test's 100k-element NaN reductions (split launches, last-block counters),
// and finally the mocha suite itself (its spec output names the suite, [cuda:0] or [cpu]).
//
//   node dist/bench/probes/reduction-probe.js [--timeout=20] [--devices=cuda:0,cpu] [--no-mocha]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as gp from '../../lib/index.js';
import type { CompileRequest, Dim3, LoadedProgram } from '../../lib/device/backend.js';

type Val = number | bigint | boolean;
interface Op {
  name: string;
  run: () => gp.GpuArray;
  want: Val[];
}

const t0 = Date.now();
const log = (s: string) => writeSync(1, `[${String(Date.now() - t0).padStart(6)} ms] ${s}\n`);

/** The operations of the hanging test, in its order, with NumPy's results. */
function testOps(): Op[] {
  const up = (d: number[], dt: gp.DTypeLike, shape?: number[]) => {
    const a = gp.array(d, dt);
    return shape ? a.reshape(shape) : a;
  };
  const a = () => up([1, NaN, 3, NaN, NaN, NaN, NaN, NaN, -1, 4, 7, 0], 'float64', [3, 4]);
  const h = () => up([1, 2, NaN, 7], 'float16');
  const i16 = () => up([3, 9, -2], 'int16');
  return [
    { name: 'f64.max(1)', run: () => a().max(1), want: [NaN, NaN, 7] },
    { name: 'nanmax(f64,1)', run: () => gp.nanmax(a(), 1), want: [3, NaN, 7] },
    { name: 'nanmin(f64,0)', run: () => gp.nanmin(a(), 0), want: [-1, 4, 3, 0] },
    { name: 'nansum(f64,1)', run: () => gp.nansum(a(), 1), want: [4, 0, 10] },
    { name: 'f64.argmax(1)', run: () => a().argmax(1), want: [1n, 0n, 2n] },
    { name: 'f64.argmin(0)', run: () => a().argmin(0), want: [1n, 0n, 1n, 0n] },
    { name: 'f16.max()', run: () => h().max(), want: [NaN] },
    { name: 'nanmax(f16)', run: () => gp.nanmax(h()), want: [7] },
    { name: 'f16.argmax()', run: () => h().argmax(), want: [2n] },
    { name: 'nanmax(i16)', run: () => gp.nanmax(i16()), want: [9] },
    { name: 'nansum(i16)', run: () => gp.nansum(i16()), want: [10n] },
  ];
}

/** The previous test's reductions (100k elements, NaN at 30k/70k/90k: split launches). */
function previousTestOps(): Op[] {
  const n = 100_000;
  const data = Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) - 500);
  for (const i of [90_000, 30_000, 70_000]) data[i] = NaN;
  const ops: Op[] = [];
  for (const dt of ['float32', 'float64'] as const) {
    const a = () => gp.array(data, dt);
    ops.push(
      { name: `${dt} max`, run: () => a().max(), want: [NaN] },
      { name: `${dt} min`, run: () => a().min(), want: [NaN] },
      { name: `${dt} sum`, run: () => a().sum(), want: [NaN] },
      { name: `${dt} argmax`, run: () => a().argmax(), want: [30_000n] },
      { name: `${dt} argmin`, run: () => a().argmin(), want: [30_000n] },
      { name: `${dt} nanmax`, run: () => gp.nanmax(a()), want: [499] },
      { name: `${dt} nanmin`, run: () => gp.nanmin(a()), want: [-500] },
      { name: `${dt} nansum`, run: () => gp.nansum(a()), want: [-48_500] },
    );
  }
  return ops;
}

const same = (g: Val, w: Val) => (typeof w === 'number' && Number.isNaN(w) ? typeof g === 'number' && Number.isNaN(g) : g === w);
const show = (xs: readonly Val[]) => `[${xs.map((x) => (typeof x === 'bigint' ? `${x}n` : String(x))).join(', ')}]`;

// ---- child: one device, one operation (or a sequence), every phase logged ------------------------

function child(device: string, which: string): void {
  gp.useDevice(device);
  const be = gp.currentDevice().backend;
  log(`device ${device}: ${be.device.name}, ${be.device.multiprocessorCount} SMs`);
  const load = be.loadProgram.bind(be);
  be.loadProgram = (req: CompileRequest): LoadedProgram => {
    const typedefs = (req.source.match(/typedef [^;]*;/g) ?? []).join(' ');
    log(`  compile ${req.programName} start (${typedefs})`);
    const prog = load(req);
    log(`  compile ${req.programName} done`);
    return {
      kernel: (name: string) => {
        const k = prog.kernel(name);
        return {
          name,
          launch: (g: Dim3, b: Dim3, smem: number, stream: number, args: number) => {
            log(`  launch ${name} grid ${g.x}x${g.y}x${g.z} block ${b.x}x${b.y}x${b.z}`);
            k.launch(g, b, smem, stream, args);
            log(`  launched; synchronize`);
            be.synchronize();
            log(`  synchronized`);
          },
        };
      },
    };
  };
  const ops = which === 'seq' ? testOps() : which === 'seq-after-previous' ? [...previousTestOps(), ...testOps()] : testOps().filter((o) => o.name === which);
  if (ops.length === 0) throw new Error(`unknown op ${which}`);
  let bad = 0;
  for (const op of ops) {
    log(`op ${op.name}: start`);
    const r = op.run();
    log(`op ${op.name}: download`);
    const got = r.toTypedArray();
    const vals: Val[] = Array.from(got as ArrayLike<number | bigint>, (v) => (r.dtype.name === 'float16' ? Number(v) : v));
    const ok = vals.length === op.want.length && vals.every((v, i) => same(v, op.want[i]));
    if (!ok) bad++;
    log(`op ${op.name}: ${ok ? 'OK' : 'WRONG'} got ${show(vals)}${ok ? '' : ` want ${show(op.want)}`}`);
  }
  log(bad === 0 ? 'ALL OK' : `${bad} WRONG`);
}

// ---- parent ----------------------------------------------------------------------------------

function parent(argv: string[]): void {
  const opt = (k: string, d: string) => argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
  const timeoutS = Number(opt('timeout', '20'));
  const devices = opt('devices', gp.availableDeviceSpecs().join(',')).split(',');
  const self = fileURLToPath(import.meta.url);
  const cache = mkdtempSync(join(tmpdir(), 'gpa-hang-probe-'));
  const env = { ...process.env, GPUARRAY_CACHE_DIR: cache };
  console.log(`reduction hang probe: devices ${devices.join(', ')}, ${timeoutS} s per child, fresh cache ${cache}`);
  const runChild = (device: string, which: string, limitS: number) => {
    const s = Date.now();
    const r = spawnSync(process.execPath, [self, 'child', device, which], { env, timeout: limitS * 1000, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 64 << 20 });
    const out = (r.stdout ?? '').trimEnd().split('\n');
    const last = out[out.length - 1] ?? '';
    const ms = Date.now() - s;
    let verdict: string;
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') verdict = `HANG (killed after ${limitS} s); last: ${last}`;
    else if (r.status !== 0) verdict = `CRASH rc=${r.status} sig=${r.signal}; last: ${last}; stderr: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`;
    else verdict = out.some((l) => l.includes('WRONG')) ? `WRONG: ${out.filter((l) => l.includes('WRONG')).join(' / ')}` : 'ok';
    console.log(`${device.padEnd(7)} ${which.padEnd(20)} ${String(ms).padStart(6)} ms  ${verdict}`);
    return { verdict, out };
  };
  const details: string[] = [];
  try {
    for (const device of devices) {
      for (const op of testOps().map((o) => o.name)) {
        const { verdict, out } = runChild(device, op, timeoutS);
        if (verdict !== 'ok') details.push(`--- ${device} ${op}`, ...out);
      }
      for (const seq of ['seq', 'seq-after-previous']) {
        const { verdict, out } = runChild(device, seq, timeoutS * 3);
        if (verdict !== 'ok') details.push(`--- ${device} ${seq}`, ...out);
      }
    }
    if (details.length > 0) console.log(['', 'child logs of the runs that were not ok:', ...details].join('\n'));
    if (!argv.includes('--no-mocha')) {
      console.log('\nmocha --grep "reductions: NaN" (spec reporter, fresh cache):');
      const m = spawnSync('npx', ['mocha', '--no-config', '--reporter', 'spec', '--timeout', '60000', '--grep', 'reductions: NaN', 'dist/test/reduction-ops.test.js'], {
        env: { ...env, GPUARRAY_CACHE_DIR: mkdtempSync(join(tmpdir(), 'gpa-hang-mocha-')) },
        timeout: timeoutS * 6 * 1000,
        killSignal: 'SIGKILL',
        encoding: 'utf8',
      });
      const timedOut = m.error && (m.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
      console.log(`${(m.stdout ?? '').trimEnd()}\n${timedOut ? `(killed after ${timeoutS * 6} s)` : `(rc ${m.status})`}`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') child(process.argv[3], process.argv[4]);
else parent(process.argv.slice(2));
