// Where NVRTC time goes for a small generated kernel (run on the GPU host).
import { Nvrtc } from '../../bindings/nvrtc.js';
import { kernelHeaders } from '../../lib/device/kernel-headers.js';

const loaded = Nvrtc.load();
if ('error' in loaded) throw new Error(loaded.error);
const nv: Nvrtc = loaded;
const headers = kernelHeaders().files;
const none = new Map<string, string>();
const arch = '--gpu-architecture=sm_90';

const tiny = 'extern "C" __global__ void k(float* a, const float* b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }';
const withCommon = `#include "gpuarray/common.h"\n${tiny}`;
const gridLoop = `#include "gpuarray/common.h"\nextern "C" __global__ void k(float* a, const float* b, int n) { for (int i : gpa::grid_range<int>(n)) a[i] += b[i]; }`;
const vecKernel = `#include "gpuarray/common.h"
extern "C" __global__ void k(const float* _p_x, const float* _p_y, float* _p_z, int _n) {
  const int _nvec = _n / 4;
  for (int _v : gpa::grid_range<int>(_nvec)) {
    const int _base = _v * 4;
    const gpa::Vec<float, 4> _v0 = gpa::load_vec<4>(_p_x + _base);
    const gpa::Vec<float, 4> _v1 = gpa::load_vec<4>(_p_y + _base);
    gpa::Vec<float, 4> _v2;
#pragma unroll
    for (int _k = 0; _k < 4; ++_k) { const float x = _v0[_k]; const float y = _v1[_k]; float z; { z = x + y; } _v2[_k] = z; }
    gpa::store_vec<4>(_p_z + _base, _v2);
  }
  for (int _t : gpa::grid_range<int>(_n - _nvec * 4)) { const int i = _t + _nvec * 4; _p_z[i] = _p_x[i] + _p_y[i]; }
}`;

function t(label: string, src: string, opts: string[], hdrs = headers, kind: 'cubin' | 'ptx' = 'cubin', reps = 5) {
  const ts: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    const res = nv.compile(`${src}\n// ${r} ${Math.random()}`, 'probe.cu', hdrs, opts, kind);
    ts.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!res.ok) {
      console.log(label, 'FAILED', res.log.slice(0, 500));
      return;
    }
  }
  ts.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} median ${ts[ts.length >> 1].toFixed(1)} ms  min ${ts[0].toFixed(1)}  `);
}

t('tiny, no headers, cubin', tiny, [arch], none);
t('tiny, no headers, ptx', tiny, ['--gpu-architecture=compute_90'], none, 'ptx');
t('tiny, no headers, -std=c++17', tiny, ['--std=c++17', arch], none);
t('tiny + common.h', withCommon, ['--std=c++17', arch]);
t('grid_range loop', gridLoop, ['--std=c++17', arch]);
t('vec kernel', vecKernel, ['--std=c++17', arch]);
t('vec kernel, ptx only', vecKernel, ['--std=c++17', '--gpu-architecture=compute_90'], headers, 'ptx');
t('vec kernel -Xptxas -O1', vecKernel, ['--std=c++17', arch, '-Xptxas', '-O1']);
t('vec kernel --dopt=off? (-G none) -lineinfo', vecKernel, ['--std=c++17', arch, '-lineinfo']);
t('vec kernel, all headers passed but none used', tiny, [arch]);
t('vec kernel -default-device', vecKernel, ['--std=c++17', arch, '-default-device']);
t('vec kernel --minimal', vecKernel, ['--std=c++17', arch, '--minimal']);
