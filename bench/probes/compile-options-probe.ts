// NVRTC cost of the kernels gpuarray really generates, by option set and header set (issue #22,
// "cold compile"). Sources are taken from the library itself: each op runs once with
// Backend.loadProgram intercepted (nothing compiles), so the probe follows the generator. Every
// compile gets a kernel name no cache has seen (NVRTC's own disk cache keys the preprocessed
// source). On a cuda host it also times the driver side: cuModuleLoadData of the cubin, and of
// the PTX (driver JIT) that `--gpu-architecture=compute_XY` gives instead.
//   node dist/bench/probes/compile-options-probe.js [reps=5] [arch=sm_90] [trace-dir]
// Runs without a GPU (GPUARRAY_NVRTC_PATH=/path/libnvrtc.so.13 GPUARRAY_DEVICE=cpu): NVRTC only.
import { Nvrtc } from '../../bindings/nvrtc.js';
import * as gp from '../../lib/index.js';
import type { CompileRequest } from '../../lib/device/backend.js';
import { cudaUnit } from '../../lib/device/cuda/compiler.js';
import { kernelHeaders } from '../../lib/device/kernel-headers.js';

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]*)"|<([^>\n]*)>)/gm;
/** The in-memory headers `unit` reaches (every include line counts, taken or not). */
function headerClosure(unit: string, headers: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  const queue = [unit];
  while (queue.length > 0) {
    for (const m of queue.pop()!.matchAll(INCLUDE)) {
      const name = m[1] ?? m[2];
      const h = headers.get(name);
      if (h !== undefined && !out.has(name)) {
        out.set(name, h);
        queue.push(h);
      }
    }
  }
  return out;
}

const reps = Number(process.argv[2] ?? 5);
const arch = process.argv[3] ?? 'sm_90';
const traceDir = process.argv[4];
const loaded = Nvrtc.load();
if ('error' in loaded) throw new Error(loaded.error);
const nv: Nvrtc = loaded;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const seed = `${process.pid}_${Date.now().toString(36)}`;

// ---- the sources, as the library generates them -------------------------------------------
class Captured extends Error {}
const dev = gp.currentDevice();
const be = dev.backend as unknown as { loadProgram: (r: CompileRequest) => unknown; kind: string; driver?: any };
const realLoad = be.loadProgram;
const sources: [string, CompileRequest][] = [];
function capture(label: string, f: () => unknown): void {
  be.loadProgram = (req: CompileRequest) => {
    sources.push([label, req]);
    throw new Captured();
  };
  try {
    f();
  } catch (e) {
    if (!(e instanceof Captured)) throw e;
  } finally {
    be.loadProgram = realLoad;
  }
}
const a = gp.asarray(new Float32Array(1000).map((_, i) => i + 1));
const b = gp.asarray(new Float32Array(1000).map((_, i) => 2 * i + 1));
capture('ElementwiseKernel z = x*2+y', () => gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x * 2.0f + y', 'probe_ek')(a, b));
capture('add float32', () => gp.add(a, b));
capture('multiply by scalar', () => gp.multiply(a, 0.99));
capture('exp float32 (libdevice)', () => gp.exp(a));
capture('sum float32 (reduce.h)', () => gp.sum(a));
capture('astype float16', () => a.astype('float16'));

/** The same kernel under a name no cache has seen; `before`: as generated before #22 (grid-stride loops unrolled). */
function renamed(req: CompileRequest, tag: string, before = false): { unit: string; name: string } {
  const { name, unit } = cudaUnit(req);
  let u = before ? unit.replace(/#pragma unroll 1\n/g, '') : unit;
  for (const k of req.kernels) u = u.replace(new RegExp(`\\b${k.name}\\b`, 'g'), `${k.name}_${tag}`);
  return { name: `${name}_${tag}`, unit: u };
}

const all = kernelHeaders().files;
const lean = (kind: 'cubin' | 'ptx') => ['--std=c++17', `--gpu-architecture=${kind === 'cubin' ? arch : arch.replace('sm_', 'compute_')}`, '--minimal', '-default-device'];
interface Variant {
  label: string;
  kind: 'cubin' | 'ptx';
  extra: string[];
  headers: 'all' | 'closure';
  /** The source as generated before #22. */
  before?: boolean;
}
const variants: Variant[] = [
  { label: 'before #22 (all headers, loops unrolled)', kind: 'cubin', extra: [], headers: 'all', before: true },
  { label: 'before #22, header closure only', kind: 'cubin', extra: [], headers: 'closure', before: true },
  { label: 'now (header closure)', kind: 'cubin', extra: [], headers: 'closure' },
  { label: 'closure --Ofast-compile=min', kind: 'cubin', extra: ['--Ofast-compile=min'], headers: 'closure' },
  { label: 'closure --Ofast-compile=mid', kind: 'cubin', extra: ['--Ofast-compile=mid'], headers: 'closure' },
  { label: 'closure --Ofast-compile=max', kind: 'cubin', extra: ['--Ofast-compile=max'], headers: 'closure' },
  { label: 'closure -Xptxas -O1', kind: 'cubin', extra: ['--ptxas-options=-O1'], headers: 'closure' },
  { label: 'closure -Xptxas -O0', kind: 'cubin', extra: ['--ptxas-options=-O0'], headers: 'closure' },
  { label: 'closure --extra-device-vectorization', kind: 'cubin', extra: ['--extra-device-vectorization'], headers: 'closure' },
  { label: 'closure PTX only (driver JITs)', kind: 'ptx', extra: [], headers: 'closure' },
  { label: 'before #22, PTX only (driver JITs)', kind: 'ptx', extra: [], headers: 'closure', before: true },
];

function compileOnce(req: CompileRequest, v: Variant, tag: string): { ms: number; image: Uint8Array; ok: boolean; log: string; name: string } {
  const { unit, name } = renamed(req, tag, v.before);
  const headers = v.headers === 'all' ? all : headerClosure(unit, all);
  const opts = [...lean(v.kind), ...v.extra];
  const t0 = now();
  const r = nv.compile(unit, `${name}.cu`, headers, opts, v.kind);
  return { ms: now() - t0, image: r.image, ok: r.ok, log: r.log, name };
}

const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1];
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;

// The first compile of a process pays NVRTC's own start-up: not counted in the rows below.
{
  const w0 = now();
  const r = compileOnce(sources[0][1], variants[2], `${seed}_warm`);
  console.log(`NVRTC ${nv.version.major}.${nv.version.minor}, ${arch}, backend ${be.kind}; first compile of the process ${(now() - w0).toFixed(1)} ms${r.ok ? '' : ' FAILED'}`);
}

const driver = be.kind === 'cuda' ? be.driver : null;
for (const [label, req] of sources) {
  console.log(`\n${label}: headers used ${[...headerClosure(cudaUnit(req).unit, all).keys()].join(', ') || '(none)'}`);
  for (const v of variants) {
    const compile: number[] = [];
    const load: number[] = [];
    let failed = '';
    for (let r = 0; r < reps && !failed; r++) {
      const res = compileOnce(req, v, `${seed}_${v.label.replace(/\W/g, '')}_${r}`);
      if (!res.ok) {
        failed = res.log.slice(0, 300).replace(/\s+/g, ' ');
        break;
      }
      compile.push(res.ms);
      if (driver) {
        // Module load of the image: for PTX this is the driver's JIT (its cache sees a new name).
        const t0 = now();
        const m = driver.moduleLoadData(res.image);
        driver.moduleGetFunction(m, req.kernels[0].name + '_' + `${seed}_${v.label.replace(/\W/g, '')}_${r}`);
        load.push(now() - t0);
        driver.moduleUnload(m);
      }
    }
    const loadText = load.length ? `; load ${fmt(load)}; compile + load median ${median(compile.map((c, k) => c + load[k])).toFixed(1)} ms` : '';
    console.log(`  ${v.label.padEnd(38)} ${failed ? `FAILED: ${failed}` : `compile ${fmt(compile)}${loadText}`}`);
  }
}

if (traceDir) {
  // NVRTC's own phase timers (front end, libNVVM with its libdevice link, ptxas) for the
  // ElementwiseKernel source with and without a math call, one Chrome trace file each.
  for (const [label, req] of sources.slice(0, 4)) {
    const tag = `${seed}_trace_${label.replace(/\W/g, '')}`;
    const { unit, name } = renamed(req, tag);
    const file = `${traceDir}/trace-${label.replace(/\W/g, '_')}.json`;
    const r = nv.compile(unit, `${name}.cu`, headerClosure(unit, all), [...lean('cubin'), `--fdevice-time-trace=${file}`], 'cubin');
    console.log(r.ok ? `trace: ${file}` : `traced compile failed: ${r.log.slice(0, 200)}`);
  }
}
