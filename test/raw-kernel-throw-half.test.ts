// Raw kernels on every backend, two cpu-backend fixes: a C++ throw inside a kernel becomes a
// KernelError (it aborted Node), and __half parameters compile and run as on cuda.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { CompileError, KernelError, RawKernel, RawModule } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('raw kernels: C++ throw and __half', (spec) => {
  // A C++ throw is host C++: NVRTC refuses exceptions in device code, so on cuda the same source
  // is a CompileError; on cpu it runs and becomes a KernelError instead of aborting Node.
  const THROWS = String.raw`#include <stdexcept>
extern "C" __global__ void checked_copy(const int* x, int* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] < 0) throw std::runtime_error("negative input");
  if (i < n) y[i] = x[i];
}
extern "C" __global__ void checked_scan(const int* x, int* y) {
  __shared__ int s[64];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  if (s[threadIdx.x] == 13) throw 13;
  __syncthreads();
  y[threadIdx.x] = s[63 - threadIdx.x];
}`;

  if (spec === 'cpu') {
    it('a failed assert() is a KernelError naming it, not an abort of Node (NDEBUG still turns it off)', () => {
      const src = (head: string) => `${head}
extern "C" __global__ void asserts(const int* x, int* y) {
  __shared__ int s[32];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  assert(s[threadIdx.x] >= 0);
  y[threadIdx.x] = s[31 - threadIdx.x];
}`;
      const x = gp.arange(32, 'int32');
      const y = gp.zeros(32, 'int32');
      for (const head of ['#include <cassert>', '#include <assert.h>']) {
        const k = RawKernel(src(head), 'asserts');
        k([1], [32], [x, y]);
        expect(y.toArray()).to.deep.equal([...Array(32).keys()].reverse());
        expect(() => k([1], [32], [gp.subtract(x, 5), y])).to.throw(KernelError, /Assertion `s\[threadIdx\.x\] >= 0' failed/);
      }
      const off = RawKernel(src('#define NDEBUG\n#include <cassert>'), 'asserts');
      off([1], [32], [gp.subtract(x, 40), y]);
      expect((y.toArray() as number[])[0]).to.equal(-9);
    });

    it("standard headers that spell GCC's __noinline__ attribute compile, and so does CUDA's __noinline__", () => {
      // libstdc++ writes __attribute__((__noinline__)) (GCC 12) and [[__gnu__::__noinline__]] (GCC 13's
      // <stdexcept>): a __noinline__ macro in the shim broke both.
      const k = RawKernel(
        String.raw`#include <memory>
#include <stdexcept>
__device__ __noinline__ int add_one(int x) { return x + 1; }
__attribute__((__noinline__)) int twice(int x) { return 2 * x; }
[[gnu::__noinline__]] int same(int x) { return x; }
extern "C" __global__ void uses_std(int* y) { std::unique_ptr<int> p(new int(41)); y[0] = same(twice(add_one(*p)) / 2); }`,
        'uses_std',
      );
      const y = gp.zeros(1, 'int32');
      k([1], [1], [y]);
      expect(Array.from(y.toTypedArray() as Int32Array)).to.deep.equal([42]);
    });
    it('a C++ throw inside a kernel is a KernelError (plain and cooperative kernels), and the kernel runs again after', function () {
      this.timeout(30_000);
      const mod = new RawModule({ code: THROWS });
      const copy = mod.getFunction('checked_copy');
      const n = 1000;
      const good = Int32Array.from({ length: n }, (_, i) => i + 1);
      const bad = good.slice();
      bad[777] = -5;
      const y = gp.zeros(n, 'int32');
      let err: unknown;
      try {
        copy(8, 128, [gp.asarray(bad), y, n]);
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(KernelError);
      expect((err as KernelError).reason).to.equal('negative input');
      expect((err as KernelError).message).to.match(/kernel 'checked_copy' failed on the cpu backend: it threw negative input/);
      copy(8, 128, [gp.asarray(good), y, n]);
      expect(Array.from(y.copyToHost() as Int32Array)).to.deep.equal(Array.from(good));

      const scan = mod.getFunction('checked_scan');
      const x = Int32Array.from({ length: 64 }, (_, i) => i + 20);
      x[9] = 13;
      const y2 = gp.zeros(64, 'int32');
      expect(() => scan(4, 64, [gp.asarray(x), y2])).to.throw(KernelError, /it threw an exception of type int/);
      x[9] = 7;
      scan(4, 64, [gp.asarray(x), y2]);
      expect(Array.from(y2.copyToHost() as Int32Array)).to.deep.equal(Array.from(x).reverse());
    });
    it('a throw in an ElementwiseKernel body is a KernelError too', () => {
      const k = gp.ElementwiseKernel('float32 x', 'float32 y', 'if (x < 0) throw 1.5; y = x * 2', 'doubled_or_throw');
      expect(() => k(gp.asarray(Float32Array.from([1, 2, -3, 4])))).to.throw(KernelError, /it threw an exception of type double/);
      expect((k(gp.asarray(Float32Array.from([1, 2, 3]))) as gp.GpuArray).toArray()).to.deep.equal([2, 4, 6]);
    });
  } else {
    it('(cuda) a C++ throw in device code does not compile', () => {
      const source = 'extern "C" __global__ void throws(int* y) { if (y[0] == 13) throw 13; y[0] = 1; }';
      expect(() => RawKernel(source, 'throws').compile()).to.throw(CompileError, /exception/);
    });
  }

  it('__half parameters and arrays (cuda_fp16.h) give the same halves as float16 array math', () => {
    const k = RawKernel(
      String.raw`#include <cuda_fp16.h>
extern "C" __global__ void axpy_half(__half a, const __half* x, const half* y, __half* out, float* a_seen, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __hadd(__hmul(a, x[i]), y[i]);
  if (i == 0) a_seen[0] = __half2float(a);
}`,
      'axpy_half',
    );
    const xs = [0.5, -2, 3.25, 1000, 0.1, 7.7, -0.3, 65000];
    const ys = [1, 0.25, -3, 24, 0.2, 1e-3, 2, -1];
    const x = gp.asarray(xs, 'float16');
    const y = gp.asarray(ys, 'float16');
    const out = gp.zeros(xs.length, 'float16');
    const seen = gp.zeros(1, 'float32');
    k(1, 32, [0.1, x, y, out, seen, xs.length]);
    // 0.1 as a half is 0.0999755859375; the reference rounds a * x and then + y to half, as __hmul/__hadd.
    expect((seen.copyToHost() as Float32Array)[0]).to.equal(0.0999755859375);
    const a = gp.full([xs.length], 0.1, 'float16');
    const want = gp.add(gp.multiply(a, x), y);
    expect(Array.from(out.copyToHost() as ArrayLike<number>)).to.deep.equal(Array.from(want.copyToHost() as ArrayLike<number>));
    // Hard-coded halves of a few exact cases: 0.1h * 0.5 + 1 and 0.1h * -2 + 0.25.
    const got = Array.from(out.copyToHost() as ArrayLike<number>);
    expect(got[0]).to.equal(1.0498046875);
    expect(got[1]).to.equal(0.050048828125);
  });
});
