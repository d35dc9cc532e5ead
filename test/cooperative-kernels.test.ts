// Cooperative kernels: shared memory, __syncthreads, shared atomics (warp intrinsics: cooperative-warps). The
// same CUDA C runs on every backend (on the cpu backend a block's threads run as fibers), and
// each result is checked against a host reference written from CUDA's documented semantics.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RawKernel, RawModule } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const COOP = String.raw`
// The article's launch shape ((n + 255) / 256 blocks of 256 threads): each block sums its part
// of x in shared memory, a tree of halving steps with a barrier after each.
extern "C" __global__ void block_sum(const float* x, float* partial, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

// CuPy's examples/jit/reduction.py written in CUDA C: one block, a strided partial per thread,
// then thread 0 adds the block's partials from shared memory.
extern "C" __global__ void cupy_reduction(const float* x, float* y, unsigned int size) {
  unsigned int tid = threadIdx.x, ntid = blockDim.x;
  float value = 0.0f;
  for (unsigned int i = tid; i < size; i += ntid) value += x[i];
  __shared__ float smem[1024];
  smem[tid] = value;
  __syncthreads();
  if (tid == 0) {
    value = 0.0f;
    for (unsigned int i = 0; i < ntid; ++i) value += smem[i];
    y[0] = value;
  }
}

// The same with dynamic shared memory (jit.shared_memory(float32, None)), sized by the launch.
extern "C" __global__ void cupy_reduction_dynamic(const float* x, float* y, unsigned int size) {
  extern __shared__ float smem[];
  unsigned int tid = threadIdx.x, ntid = blockDim.x;
  float value = 0.0f;
  for (unsigned int i = tid; i < size; i += ntid) value += x[i];
  smem[tid] = value;
  __syncthreads();
  if (tid == 0) {
    value = 0.0f;
    for (unsigned int i = 0; i < ntid; ++i) value += smem[i];
    y[0] = value;
  }
}

// Hillis-Steele inclusive scan of each block, double-buffered in 2 * blockDim ints of dynamic shared memory.
extern "C" __global__ void block_scan(const int* x, int* y, int n) {
  extern __shared__ __align__(16) int buf[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  int* src = buf;
  int* dst = buf + blockDim.x;
  src[t] = i < n ? x[i] : 0;
  __syncthreads();
  for (int off = 1; off < (int)blockDim.x; off <<= 1) {
    dst[t] = t >= off ? src[t] + src[t - off] : src[t];
    __syncthreads();
    int* tmp = src;
    src = dst;
    dst = tmp;
  }
  if (i < n) y[i] = src[t];
}

// 256 bins counted with atomics on shared memory, then added to global memory.
extern "C" __global__ void histogram(const unsigned char* x, unsigned int* bins, int n) {
  __shared__ unsigned int local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&local[x[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// Locals live on each thread's own stack across barriers (16 KiB of them per thread here).
extern "C" __global__ void local_arrays(const int* x, int* out) {
  int mine[4096];
  for (int k = 0; k < 4096; ++k) mine[k] = x[threadIdx.x] * k;
  __syncthreads();
  long long sum = 0;
  for (int k = 0; k < 4096; k += 2) sum += mine[k];
  __syncthreads();
  for (int k = 1; k < 4096; k += 2) sum -= mine[k];
  out[threadIdx.x] = (int)sum;
}

extern "C" __global__ void barrier_votes(const int* x, int* out) {
  int p = x[blockIdx.x * blockDim.x + threadIdx.x];
  int c = __syncthreads_count(p > 0);
  int a = __syncthreads_and(p > 0);
  int o = __syncthreads_or(p > 100);
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = c;
    out[3 * blockIdx.x + 1] = a;
    out[3 * blockIdx.x + 2] = o;
  }
}
`;

/** Small integers in [-8, 8) (never all zero): float32 sums of them are exact. */
function smallInts(n: number, seed: number): Float32Array {
  const r = rng(seed);
  return Float32Array.from({ length: n }, () => Math.floor(r() * 16) - 8);
}

function blockSums(x: Float32Array, block: number): number[] {
  const out: number[] = [];
  for (let b = 0; b * block < x.length; b++) out.push(x.subarray(b * block, (b + 1) * block).reduce((s, v) => s + v, 0));
  return out;
}

describeEachDevice('cooperative kernels', (spec) => {
  let m: InstanceType<typeof RawModule>;
  before(function () {
    this.timeout(60_000);
    m = new RawModule({ code: COOP });
    m.compile();
  });

  it('a shared-memory block reduction (the article-style launch: (n + 255) / 256 blocks of 256)', () => {
    const n = 10_000;
    const host = smallInts(n, 1);
    const blocks = Math.ceil(n / 256);
    const partial = gp.zeros(blocks, 'float32');
    m.getFunction('block_sum')(blocks, 256, [gp.asarray(host), partial, n]);
    expect(Array.from(partial.copyToHost() as Float32Array)).to.deep.equal(blockSums(host, 256));
  });

  it("CuPy's shared-memory reduction example, with static and with dynamic (extern __shared__) shared memory", () => {
    const size = 50_000;
    const host = smallInts(size, 2);
    const want = host.reduce((s, v) => s + v, 0);
    const x = gp.asarray(host);
    const y = gp.zeros(1, 'float32');
    m.getFunction('cupy_reduction')(1, 1024, [x, y, size]);
    expect((y.copyToHost() as Float32Array)[0]).to.equal(want);
    const y2 = gp.zeros(1, 'float32');
    m.getFunction('cupy_reduction_dynamic')(1, 512, [x, y2, size], { sharedMem: 512 * 4 });
    expect((y2.copyToHost() as Float32Array)[0]).to.equal(want);
  });

  it('a Hillis-Steele block scan with __syncthreads between steps', () => {
    const n = 1000;
    const block = 128;
    const r = rng(3);
    const host = Int32Array.from({ length: n }, () => Math.floor(r() * 200) - 100);
    const y = gp.zeros(n, 'int32');
    m.getFunction('block_scan')(Math.ceil(n / block), block, [gp.asarray(host), y, n], { sharedMem: 2 * block * 4 });
    const want = new Int32Array(n);
    for (let i = 0; i < n; i++) want[i] = (i % block === 0 ? 0 : want[i - 1]) + host[i];
    expect(Array.from(y.copyToHost() as Int32Array)).to.deep.equal(Array.from(want));
  });

  it('a histogram with atomicAdd on shared memory', () => {
    const n = 20_000;
    const r = rng(6);
    const host = Uint8Array.from({ length: n }, () => Math.floor(r() * r() * 256));
    const bins = gp.zeros(256, 'uint32');
    m.getFunction('histogram')(8, 128, [gp.asarray(host), bins, n]);
    const want = new Array(256).fill(0);
    for (const v of host) want[v]++;
    expect(Array.from(bins.copyToHost() as Uint32Array)).to.deep.equal(want);
  });

  it('locals are per thread and survive barriers', () => {
    const n = 128;
    const host = Int32Array.from({ length: n }, (_, i) => i - 50);
    const out = gp.zeros(n, 'int32');
    m.getFunction('local_arrays')(2, n, [gp.asarray(host), out]);
    // sum over even k of v*k minus sum over odd k of v*k = v * (-2048)
    expect(Array.from(out.copyToHost() as Int32Array)).to.deep.equal(Array.from(host, (v) => (v * -2048) | 0));
  });

  it('__syncthreads_count, __syncthreads_and and __syncthreads_or', () => {
    const block = 96;
    const r = rng(7);
    const host = new Int32Array(3 * block);
    for (let i = 0; i < block; i++) host[i] = Math.floor(r() * 20) - 10; // mixed
    for (let i = block; i < 2 * block; i++) host[i] = 1 + Math.floor(r() * 50); // all positive, none > 100
    for (let i = 2 * block; i < 3 * block; i++) host[i] = i === 2 * block + 70 ? 500 : -3; // one > 100
    const out = gp.zeros(9, 'int32');
    m.getFunction('barrier_votes')(3, block, [gp.asarray(host), out]);
    const want: number[] = [];
    for (let b = 0; b < 3; b++) {
      const part = Array.from(host.subarray(b * block, (b + 1) * block));
      const count = part.filter((v) => v > 0).length;
      want.push(count, count === block ? 1 : 0, part.some((v) => v > 100) ? 1 : 0);
    }
    expect(Array.from(out.copyToHost() as Int32Array)).to.deep.equal(want);
  });

  it('a 1M-element block reduce (4096 blocks of 256 threads)', function () {
    this.timeout(20_000);
    const n = 1 << 20;
    const host = smallInts(n, 8);
    const x = gp.asarray(host);
    const partial = gp.zeros(n / 256, 'float32');
    const k = m.getFunction('block_sum');
    let wall = Infinity;
    let cpu = Infinity;
    for (let rep = 0; rep < 2; rep++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      k(n / 256, 256, [x, partial, n]);
      gp.cuda.synchronize();
      wall = Math.min(wall, performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu = Math.min(cpu, (c.user + c.system) / 1000);
    }
    expect(Array.from(partial.copyToHost() as Float32Array)).to.deep.equal(blockSums(host, 256));
    console.log(`      (1M-element block reduce on ${spec}: ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms of CPU over all threads)`);
    // The goal is under a second on a 2-core machine. The process's CPU time over all its
    // threads bounds the wall time on an idle machine and does not depend on what else loads it.
    if (spec === 'cpu') expect(cpu).to.be.below(1000);
  });

  it('extern __shared__ arrays alias one buffer (templates, two types, a declaration across lines)', function () {
    this.timeout(60_000);
    const code = String.raw`template <typename T>
__device__ T reverse_in_block(T v) {
  extern __shared__ __align__(sizeof(double)) unsigned char raw[];
  T* s = reinterpret_cast<T*>(raw);
  s[threadIdx.x] = v;
  __syncthreads();
  T r = s[blockDim.x - 1 - threadIdx.x];
  __syncthreads();
  return r;
}
extern "C" __global__ void reverse_both(const double* x, const int* y, double* xo, int* yo, int* info) {
  xo[threadIdx.x] = reverse_in_block(x[threadIdx.x]);
  yo[threadIdx.x] = reverse_in_block(y[threadIdx.x]);
  extern __shared__ int as_int[];
  extern
    __shared__ float
    as_float[];
  if (threadIdx.x == 0) as_float[0] = 1.5f;
  __syncthreads();
  if (threadIdx.x == 0) {
    info[0] = as_int[0];
    info[1] = __LINE__;
  }
}`;
    const k = RawKernel(code, 'reverse_both');
    const n = 40;
    const x = gp.asarray(Float64Array.from({ length: n }, (_, i) => i * 0.25 - 3));
    const y = gp.asarray(Int32Array.from({ length: n }, (_, i) => 7 * i - 100));
    const xo = gp.zeros(n, 'float64');
    const yo = gp.zeros(n, 'int32');
    const info = gp.zeros(2, 'int32');
    k(1, n, [x, y, xo, yo, info], { sharedMem: n * 8 });
    expect(Array.from(xo.copyToHost() as Float64Array)).to.deep.equal(Array.from({ length: n }, (_, i) => (n - 1 - i) * 0.25 - 3));
    expect(Array.from(yo.copyToHost() as Int32Array)).to.deep.equal(Array.from({ length: n }, (_, i) => 7 * (n - 1 - i) - 100));
    // 1.5f's bits read through the int view; __LINE__ counts the source's own lines.
    expect(Array.from(info.copyToHost() as Int32Array)).to.deep.equal([0x3fc00000, 22]);
  });

  it('dynamic shared memory past CUDA default limit (48 KiB) is refused', () => {
    const y = gp.zeros(1, 'float32');
    const k = m.getFunction('cupy_reduction_dynamic');
    if (spec === 'cpu') expect(() => k(1, 32, [y, y, 1], { sharedMem: 48 * 1024 + 4 })).to.throw(RangeError, /dynamic shared memory/);
    else expect(() => k(1, 32, [y, y, 1], { sharedMem: 48 * 1024 + 4 })).to.throw();
  });
});
