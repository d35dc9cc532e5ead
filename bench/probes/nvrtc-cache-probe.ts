// NVRTC compile time of sources no compiler has seen, by option set and header set, and again for
// the same sources in a second process (pass the same seed): shows what NVRTC's own disk cache
// (12.9+, ~/.nv/ComputeCache), automatic PCH (--pch, 12.8+) and our headers cost.
//   node dist/bench/probes/nvrtc-cache-probe.js <seed> [trace-dir]
import { Nvrtc } from '../../bindings/nvrtc.js';
import { kernelHeaders } from '../../lib/device/kernel-headers.js';

const seed = process.argv[2] ?? String(Date.now());
const traceDir = process.argv[3];
const loaded = Nvrtc.load();
if ('error' in loaded) throw new Error(loaded.error);
const nv: Nvrtc = loaded;
const t = () => Number(process.hrtime.bigint()) / 1e6;
const body = (k: string) => `extern "C" __global__ void k_${k}(const float* x, const float* y, float* z, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) z[i] = x[i] * 2.0f + y[i];
}`;
const units: Record<string, (k: string) => string> = {
  bare: body,
  common: (k) => `#include "gpuarray/common.h"\n${body(k)}`,
  math: (k) => `#include "gpuarray/common.h"\n#include "gpuarray/ufunc_math.h"\n${body(k)}`,
};
const base = ['--std=c++17', '--gpu-architecture=sm_90'];
const lean = [...base, '--minimal', '-default-device'];
const variants: [string, string[], string][] = [
  ['warm-up (first compile)', lean, 'bare'],
  ['lean bare', lean, 'bare'],
  ['lean common.h', lean, 'common'],
  ['lean math', lean, 'math'],
  ['lean math --pch', [...lean, '--pch'], 'math'],
  ['lean math -Xptxas -O1', [...lean, '--ptxas-options=-O1'], 'math'],
  ['lean math --no-cache', [...lean, '--no-cache'], 'math'],
  ['default math', base, 'math'],
];
for (const [label, opts, u] of variants) {
  const ts: string[] = [];
  let err = '';
  for (let i = 0; i < 5 && !err; i++) {
    const key = `${seed}_${label.replace(/\W/g, '')}_${i}`;
    const s0 = t();
    try {
      const r = nv.compile(units[u](key), `${key}.cu`, kernelHeaders().files, opts, 'cubin');
      if (!r.ok) err = r.log.slice(0, 300).replace(/\s+/g, ' ');
    } catch (e) {
      err = (e as Error).message; // an option this NVRTC does not take
    }
    ts.push((t() - s0).toFixed(1));
  }
  console.log(label.padEnd(24), ts.join(' '), err ? `FAILED: ${err}` : '');
}
if (traceDir) {
  // One traced compile of a new source: NVRTC's phases (front end, libNVVM, ptxas) as a Chrome
  // trace. One file per compile: ptxas refuses to append to an existing trace.
  const key = `${seed}_traced`;
  const r = nv.compile(units.math(key), `${key}.cu`, kernelHeaders().files, [...lean, `--fdevice-time-trace=${traceDir}/nvrtc-trace.json`], 'cubin');
  console.log(r.ok ? `trace of one lean math compile in ${traceDir}` : `traced compile failed: ${r.log.slice(0, 300)}`);
}
