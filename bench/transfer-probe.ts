// Where host<->device copy time goes on the GPU host (fresh vs touched host memory, staged vs direct).
import koffi from 'koffi';
import * as gp from '../lib/index.js';
import { CudaBackend } from '../lib/device/cuda/backend.js';

const dev = gp.currentDevice();
const be = dev.backend as CudaBackend;
const N = 64 * 1024 * 1024;
const bytes = N * 4;
const A = gp.arange(N, 'float32');
const ms = (f: () => void) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
const gbs = (t: number) => (bytes / t / 1e6).toFixed(2);
const libc = koffi.load('libc.so.6');
const madvise = libc.func('int madvise(uint64_t addr, size_t len, int advice)');
const addrOf = libc.func('uint64_t memmove(void* d, void* s, size_t n)');
try {
  const fs = await import('node:fs');
  console.log('THP', fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8').trim());
} catch {}
for (let rep = 0; rep < 2; rep++) {
  console.log('new Float32Array + touch ms', ms(() => { const x = new Float32Array(N); for (let i = 0; i < N; i += 1024) x[i] = 1; }).toFixed(1));
  let x = new Float32Array(N);
  console.log('staged download fresh GB/s', gbs(ms(() => be.copyDeviceToHost(x, A.ptr, bytes))));
  console.log('staged download touched GB/s', gbs(ms(() => be.copyDeviceToHost(x, A.ptr, bytes))));
  x = new Float32Array(N);
  console.log('direct download fresh GB/s', gbs(ms(() => be.driver.memcpyDtoH(x, A.ptr, bytes))));
  console.log('direct download touched GB/s', gbs(ms(() => be.driver.memcpyDtoH(x, A.ptr, bytes))));
  x = new Float32Array(N);
  const addr = Number(addrOf(x, x, 0));
  const lo = Math.ceil(addr / 2097152) * 2097152;
  console.log('madvise', madvise(lo, Math.floor((addr + bytes - lo) / 2097152) * 2097152, 14));
  console.log('staged download fresh+THP GB/s', gbs(ms(() => be.copyDeviceToHost(x, A.ptr, bytes))));
  const y = new Float32Array(N).fill(3);
  console.log('staged upload GB/s', gbs(ms(() => be.copyHostToDevice(A.ptr, y, bytes))));
  console.log('direct upload GB/s', gbs(ms(() => be.driver.memcpyHtoD(A.ptr, y, bytes))));
  console.log('toArray-style export GB/s', gbs(ms(() => (A as any).readStorage())));
}
