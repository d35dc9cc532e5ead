// Where host<->device copy time goes on the GPU host: fresh vs touched host memory, transparent
// huge pages, staged vs direct vs registering the destination (page-locking it in place).
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
const gbs = (t: number) => `${(bytes / t / 1e6).toFixed(2)} GB/s (${t.toFixed(1)} ms)`;
const libc = koffi.load('libc.so.6');
const madvise = libc.func('int madvise(uint64_t addr, size_t len, int advice)');
const memset = libc.func('uint64_t memset(uint64_t p, int c, size_t n)');
const addrOf = libc.func('uint64_t memmove(void* d, void* s, size_t n)');
const cu = koffi.load('libcuda.so.1');
const reg = cu.func('int cuMemHostRegister_v2(uint64_t p, size_t n, uint32_t flags)');
const unreg = cu.func('int cuMemHostUnregister(uint64_t p)');
const dtoh = cu.func('int cuMemcpyDtoH_v2(uint64_t dst, uint64_t src, size_t n)');
const thp = (x: Float32Array) => {
  const addr = Number(addrOf(x, x, 0));
  const lo = Math.ceil(addr / 2097152) * 2097152;
  madvise(lo, Math.floor((addr + bytes - lo) / 2097152) * 2097152, 14);
  return addr;
};
for (let rep = 0; rep < 2; rep++) {
  console.log(`-- rep ${rep}`);
  let x = new Float32Array(N);
  let addr = thp(x);
  console.log('fault (memset) fresh+THP', gbs(ms(() => memset(addr, 0, bytes))));
  x = new Float32Array(N);
  thp(x);
  console.log('direct DtoH fresh+THP', gbs(ms(() => be.driver.memcpyDtoH(x, A.ptr, bytes))));
  x = new Float32Array(N);
  thp(x);
  console.log('staged fresh+THP', gbs(ms(() => be.copyDeviceToHost(x, A.ptr, bytes))));
  x = new Float32Array(N);
  addr = thp(x);
  console.log('register+DtoH+unregister fresh+THP', gbs(ms(() => { reg(addr, bytes, 0); dtoh(addr, A.ptr, bytes); unreg(addr); })));
  x = new Float32Array(N);
  addr = Number(addrOf(x, x, 0));
  console.log('register+DtoH+unregister fresh (no THP)', gbs(ms(() => { reg(addr, bytes, 0); dtoh(addr, A.ptr, bytes); unreg(addr); })));
  console.log('register+DtoH+unregister touched', gbs(ms(() => { reg(addr, bytes, 0); dtoh(addr, A.ptr, bytes); unreg(addr); })));
  console.log('check', x[12345], x[N - 1]);
  const y = new Float32Array(N).fill(3);
  const ya = Number(addrOf(y, y, 0));
  console.log('staged upload', gbs(ms(() => be.copyHostToDevice(A.ptr, y, bytes))));
  console.log('register+HtoD+unregister upload', gbs(ms(() => { reg(ya, bytes, 0); be.driver.memcpyHtoD(A.ptr, y, bytes); unreg(ya); })));
}
