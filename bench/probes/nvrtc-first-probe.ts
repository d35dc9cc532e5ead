// The first NVRTC compile of a process against the later ones, with and without NVRTC's own disk
// cache (--no-cache), after the device is up as in a gpuarray program. Run each variant in several
// fresh processes:  node dist/bench/probes/nvrtc-first-probe.js <seed> [--no-cache]
import { Nvrtc } from '../../bindings/nvrtc.js';
import * as gp from '../../lib/index.js';
import { kernelHeaders } from '../../lib/device/kernel-headers.js';

const seed = process.argv[2] ?? String(Date.now());
const extra = process.argv.slice(3);
gp.currentDevice().backend.synchronize();
const loaded = Nvrtc.load();
if ('error' in loaded) throw new Error(loaded.error);
const nv: Nvrtc = loaded;
const t = () => Number(process.hrtime.bigint()) / 1e6;
const opts = ['--std=c++17', '--gpu-architecture=sm_90', '--minimal', '-default-device', ...extra];
const ts: string[] = [];
for (let i = 0; i < 4; i++) {
  const k = `k_${seed}_${i}`;
  const src = `#include "gpuarray/common.h"
extern "C" __global__ void ${k}(const float* x, const float* y, float* z, int n) {
  for (int i : gpa::grid_range<int>(n)) z[i] = x[i] * 2.0f + y[i];
}`;
  const s0 = t();
  const r = nv.compile(src, `${k}.cu`, kernelHeaders().files, opts, 'cubin');
  ts.push((t() - s0).toFixed(1));
  if (!r.ok) throw new Error(r.log);
}
console.log(`${extra.join(' ') || '(default)'}: ${ts.join(' ')} ms (first, then new sources)`);
