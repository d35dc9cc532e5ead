// Raw kernels straight on the backend (the layer under every kernel gpuarray makes): parameters
// of every C kind through the argument block and the cpu trampolines, the built-in indices over
// 1-3D grids, atomics under contention, and what the cpu backend refuses.
import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import { CompileError } from '../bindings/errors.js';
import type { Backend } from '../lib/device/backend.js';
import { currentDevice } from '../lib/device/device.js';
import { CpuBackend } from '../lib/device/cpu/backend.js';
import { describeEachDevice, rng } from './helpers.js';
import { argBlock, download, loadRaw, PTR, scalar, upload } from './foundation-support.js';

const dim = (x: number, y = 1, z = 1) => ({ x, y, z });

describeEachDevice('foundation: raw kernels on the backend', (spec) => {
  let b: Backend;
  before(() => {
    b = currentDevice().backend;
  });

  it('passes pointers, every integer width, float, double, bool, a struct and a CArray by value', () => {
    const source = `
struct Mixed { int a; double b; char c; };
extern "C" __global__ void gpa_test_params(double* out, unsigned long long* out64, const int* __restrict__ in,
    signed char i8, unsigned char u8, short i16, unsigned short u16, int i32, unsigned int u32,
    long long i64, unsigned long long u64, float f32, double f64, bool flag, Mixed m, CArray<float, 2, false> arr) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  out[0] = in[0] + in[1]; out[1] = i8; out[2] = u8; out[3] = i16; out[4] = u16; out[5] = i32; out[6] = u32;
  out[7] = f32; out[8] = f64; out[9] = flag ? 1 : 0; out[10] = m.a; out[11] = m.b; out[12] = m.c;
  out[13] = (double)arr.size(); out[14] = (double)arr.shape()[0]; out[15] = (double)arr.shape()[1];
  const ptrdiff_t idx[2] = {1, 2};
  out[16] = arr[idx]; out[17] = arr[5];
  out64[0] = (unsigned long long)i64; out64[1] = u64;
}`;
    const k = loadRaw(b, source, {
      name: 'gpa_test_params',
      paramTypes: ['double*', 'unsigned long long*', 'const int* __restrict__', 'signed char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int', 'long long', 'unsigned long long', 'float', 'double', 'bool', 'Mixed', 'CArray<float, 2, false>'],
    });
    const r = rng(11);
    const mat = Float32Array.from({ length: 12 }, () => Math.fround(r() * 100 - 50)); // 4x3, C order
    const out = b.tryMalloc(18 * 8)!;
    const out64 = b.tryMalloc(16)!;
    const inp = upload(b, Int32Array.from([123456, -7]));
    const data = upload(b, mat);
    const f32 = Math.fround(r() * 1e-3);
    const i64 = -(2n ** 62n) + 12345n;
    const u64 = 2n ** 64n - 3n;
    const layouts = [PTR, PTR, PTR, scalar(1), scalar(1), scalar(2), scalar(2), scalar(4), scalar(4), scalar(8), scalar(8), scalar(4), scalar(8), scalar(1), { size: 24, align: 8 }, { size: 48, align: 8 }];
    const args = argBlock(layouts, (a, o) => {
      a.writeU64Number(o[0], out);
      a.writeU64Number(o[1], out64);
      a.writeU64Number(o[2], inp);
      a.write('i8', o[3], -100);
      a.write('u8', o[4], 250);
      a.write('i16', o[5], -30000);
      a.write('u16', o[6], 65000);
      a.write('i32', o[7], -2_000_000_000);
      a.write('u32', o[8], 4_000_000_000);
      a.write('i64', o[9], i64);
      a.write('u64', o[10], u64);
      a.write('f32', o[11], f32);
      a.write('f64', o[12], Math.PI);
      a.write('u8', o[13], 1);
      a.write('i32', o[14], -77);
      a.write('f64', o[14] + 8, 2.75);
      a.write('i8', o[14] + 16, 65);
      // The transpose of the 4x3 matrix as a 3x4 view: shape (3, 4), byte strides (4, 12).
      a.writeU64Number(o[15], data);
      a.write('i64', o[15] + 8, 12);
      a.write('i64', o[15] + 16, 3);
      a.write('i64', o[15] + 24, 4);
      a.write('i64', o[15] + 32, 4);
      a.write('i64', o[15] + 40, 12);
    });
    try {
      k.launch(dim(1), dim(1), 0, b.defaultStream, args.pointers);
      const got = download(b, out, new Float64Array(18));
      const got64 = download(b, out64, new BigUint64Array(2));
      const t = (i: number, j: number) => mat[j * 3 + i]; // element (i, j) of the transpose
      expect([...got]).to.deep.equal([
        123449, -100, 250, -30000, 65000, -2_000_000_000, 4_000_000_000, f32, Math.PI, 1, -77, 2.75, 65, 12, 3, 4, t(1, 2), t(1, 1),
      ]);
      expect([...got64]).to.deep.equal([BigInt.asUintN(64, i64), u64]);
    } finally {
      args.free();
      for (const p of [out, out64, inp, data]) b.free(p);
    }
  });

  it('blockIdx, threadIdx, blockDim and gridDim are right for every thread of 1-, 2- and 3-D launches', () => {
    const source = `
extern "C" __global__ void gpa_test_ids(unsigned int* out) {
  const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned int* o = out + 12 * (bid * (blockDim.x * blockDim.y * blockDim.z) + tid);
  o[0] = blockIdx.x; o[1] = blockIdx.y; o[2] = blockIdx.z;
  o[3] = threadIdx.x; o[4] = threadIdx.y; o[5] = threadIdx.z;
  o[6] = blockDim.x; o[7] = blockDim.y; o[8] = blockDim.z;
  o[9] = gridDim.x; o[10] = gridDim.y; o[11] = gridDim.z;
}`;
    const k = loadRaw(b, source, { name: 'gpa_test_ids', paramTypes: ['unsigned int*'] });
    const geometries: [number[], number[]][] = [
      [[5], [7]],
      [[3, 4], [2, 5]],
      [[3, 2, 2], [4, 2, 3]],
      [[1, 1, 3], [1, 3, 1]],
    ];
    for (const [g, t] of geometries) {
      const grid = dim(g[0], g[1], g[2]);
      const block = dim(t[0], t[1], t[2]);
      const n = grid.x * grid.y * grid.z * block.x * block.y * block.z;
      const out = b.tryMalloc(n * 48)!;
      b.memset(out, 0xff, n * 48, b.defaultStream); // every record must be written
      const args = argBlock([PTR], (a, o) => a.writeU64Number(o[0], out));
      try {
        k.launch(grid, block, 0, b.defaultStream, args.pointers);
        const got = download(b, out, new Uint32Array(n * 12));
        const want: number[] = [];
        for (let bz = 0; bz < grid.z; bz++)
          for (let by = 0; by < grid.y; by++)
            for (let bx = 0; bx < grid.x; bx++)
              for (let tz = 0; tz < block.z; tz++)
                for (let ty = 0; ty < block.y; ty++)
                  for (let tx = 0; tx < block.x; tx++) want.push(bx, by, bz, tx, ty, tz, block.x, block.y, block.z, grid.x, grid.y, grid.z);
        expect([...got], `grid ${g} block ${t}`).to.deep.equal(want);
      } finally {
        args.free();
        b.free(out);
      }
    }
  });

  it('atomics from many blocks on one counter give the exact count', () => {
    const source = `
extern "C" __global__ void gpa_test_atomics(int* ci, unsigned long long* cu, float* cf, double* cd, int* mx, int* mn,
    unsigned int* cas, unsigned int* bits, int iters) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    atomicAdd(ci, 1);
    atomicAdd(cu, 2ull);
    atomicAdd(cf, 1.0f);
    atomicAdd(cd, 0.5);
    unsigned int old = atomicAdd(cas, 0u), assumed;
    do { assumed = old; old = atomicCAS(cas, assumed, assumed + 1u); } while (old != assumed);
  }
  atomicMax(mx, gid);
  atomicMin(mn, -gid);
  atomicOr(bits, 1u << (gid % 32));
  atomicSub(ci, 1);
}`;
    const k = loadRaw(b, source, {
      name: 'gpa_test_atomics',
      paramTypes: ['int*', 'unsigned long long*', 'float*', 'double*', 'int*', 'int*', 'unsigned int*', 'unsigned int*', 'int'],
    });
    const blocks = 96;
    const threads = 32;
    const iters = 40;
    const n = blocks * threads;
    const cell = upload(b, new Float64Array(8)); // eight zeroed 8-byte cells
    const at = (i: number) => cell + 8 * i;
    const args = argBlock([PTR, PTR, PTR, PTR, PTR, PTR, PTR, PTR, scalar(4)], (a, o) => {
      for (let i = 0; i < 8; i++) a.writeU64Number(o[i], at(i));
      a.write('i32', o[8], iters);
    });
    try {
      for (let rep = 1; rep <= 2; rep++) {
        k.launch(dim(blocks), dim(threads), 0, b.defaultStream, args.pointers);
        const raw = download(b, cell, new Uint8Array(64));
        const dv = new DataView(raw.buffer);
        expect(dv.getInt32(0, true), 'atomicAdd/atomicSub int').to.equal(rep * (n * iters - n));
        expect(dv.getBigUint64(8, true), 'atomicAdd u64').to.equal(BigInt(rep * n * iters * 2));
        expect(dv.getFloat32(16, true), 'atomicAdd float').to.equal(rep * n * iters);
        expect(dv.getFloat64(24, true), 'atomicAdd double').to.equal(rep * n * iters * 0.5);
        expect(dv.getInt32(32, true), 'atomicMax').to.equal(n - 1);
        expect(dv.getInt32(40, true), 'atomicMin').to.equal(-(n - 1));
        expect(dv.getUint32(48, true), 'atomicCAS loop').to.equal(rep * n * iters);
        expect(dv.getUint32(56, true), 'atomicOr').to.equal(0xffffffff);
      }
    } finally {
      args.free();
      b.free(cell);
    }
  });

  if (spec === 'cpu') {
    it('refuses cooperative_groups and inline PTX, naming each; comments do not count', () => {
      const cases: [string, RegExp][] = [
        ['namespace cg = cooperative_groups; p[0] = 1;', /cooperative_groups/],
        ['unsigned v; asm volatile("mov.u32 %0, %%laneid;" : "=r"(v)); p[0] = v;', /inline PTX assembly/],
        ['__shared__ float s[2]; __syncthreads(); p[0] = __reduce_max_sync(0xffffffffu, 1); cooperative_groups::sync(); asm("trap;");', /cooperative_groups, inline PTX/],
      ];
      for (const [body, construct] of cases) {
        const source = `extern "C" __global__ void gpa_test_refused(float* p) { ${body} }`;
        let err: unknown;
        try {
          loadRaw(b, source, { name: 'gpa_test_refused', paramTypes: ['float*'] });
        } catch (e) {
          err = e;
        }
        expect(err, body).to.be.instanceOf(CompileError);
        expect((err as CompileError).message, body).to.match(construct).and.match(/cpu compile of kernel 'gpa_test_refused' failed/);
        expect((err as CompileError).log).to.include('run this kernel on the cuda backend');
      }
      // Mentioned only in comments: compiles and runs.
      const ok = loadRaw(b, 'extern "C" __global__ void gpa_test_comment(float* p) {\n  // no asm("trap;") here\n  /* nor cooperative_groups */ p[0] = 5;\n}', {
        name: 'gpa_test_comment',
        paramTypes: ['float*'],
      });
      const out = b.tryMalloc(4)!;
      const args = argBlock([PTR], (a, o) => a.writeU64Number(o[0], out));
      ok.launch(dim(1), dim(1), 0, 0, args.pointers);
      expect(download(b, out, new Float32Array(1))[0]).to.equal(5);
      args.free();
      b.free(out);
    });

    it('checkHostSupport: false lets device-only code sit behind #ifdef GPA_HOST, and a later checked load is still refused', () => {
      const source = `
extern "C" __global__ void gpa_test_guarded(float* p) {
#ifdef GPA_HOST
  p[blockIdx.x] = 10.0f + blockIdx.x;
#else
  unsigned v = 10 + blockIdx.x;
  asm("mov.u32 %0, %1;" : "=r"(v) : "r"(v));
  p[blockIdx.x] = (float)v;
#endif
}`;
      const sig = { name: 'gpa_test_guarded', paramTypes: ['float*'] };
      const k = loadRaw(b, source, sig, false);
      const out = b.tryMalloc(16)!;
      const args = argBlock([PTR], (a, o) => a.writeU64Number(o[0], out));
      k.launch(dim(4), dim(1), 0, 0, args.pointers);
      expect([...download(b, out, new Float32Array(4))]).to.deep.equal([10, 11, 12, 13]);
      args.free();
      b.free(out);
      expect(() => loadRaw(b, source, sig)).to.throw(CompileError, /inline PTX/);
    });

    it('spreads blocks over OpenMP threads when the compiler has OpenMP', () => {
      const info = (b as CpuBackend).compilerInfo;
      const source = `
#ifdef _OPENMP
extern "C" int omp_get_thread_num();
extern "C" int omp_get_num_threads();
#endif
extern "C" __global__ void gpa_test_omp(int* out, int spin) {
  volatile double x = 0;
  for (int i = 0; i < spin; ++i) x = x + i * 0.5;
#ifdef _OPENMP
  out[2 * blockIdx.x] = omp_get_thread_num();
  out[2 * blockIdx.x + 1] = omp_get_num_threads();
#else
  out[2 * blockIdx.x] = -1;
  out[2 * blockIdx.x + 1] = -1;
#endif
}`;
      const k = loadRaw(b, source, { name: 'gpa_test_omp', paramTypes: ['int*', 'int'] });
      const blocks = 64;
      const out = b.tryMalloc(blocks * 8)!;
      const args = argBlock([PTR, scalar(4)], (a, o) => {
        a.writeU64Number(o[0], out);
        a.write('i32', o[1], 200_000);
      });
      k.launch(dim(blocks), dim(1), 0, 0, args.pointers);
      const got = download(b, out, new Int32Array(blocks * 2));
      args.free();
      b.free(out);
      const ids = new Set<number>();
      const teams = new Set<number>();
      for (let i = 0; i < blocks; i++) {
        ids.add(got[2 * i]);
        teams.add(got[2 * i + 1]);
      }
      if (!info.openmp) {
        console.log('      (this compiler has no OpenMP: blocks run on one thread)');
        expect([...ids]).to.deep.equal([-1]);
        return;
      }
      expect(teams.size).to.equal(1);
      const team = [...teams][0];
      expect(team).to.be.at.least(1);
      for (const id of ids) expect(id).to.be.within(0, team - 1);
      const omp = process.env.OMP_NUM_THREADS;
      if (availableParallelism() > 1 && (omp === undefined || Number(omp) > 1)) expect(ids.size, 'threads used').to.be.greaterThan(1);
    });
  } else {
    it('(cuda) residentBlocks follows registers, shared memory and __launch_bounds__', () => {
      // A chain of 48 loads kept live takes many registers unless the bounds cap them.
      const body = (bounds: string) => `
extern "C" __global__ void ${bounds} gpa_test_resident(const float* in, float* out) {
  float v[48];
#pragma unroll
  for (int k = 0; k < 48; ++k) v[k] = in[threadIdx.x + 256 * k];
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 48; ++k) s = s * v[47 - k] + v[k];
  out[threadIdx.x] = s;
}`;
      const sig = { name: 'gpa_test_resident', paramTypes: ['const float*', 'float*'] };
      const free = loadRaw(b, body(''), sig);
      const capped = loadRaw(b, body('__launch_bounds__(256, 6)'), sig);
      const loose = free.residentBlocks!(256, 0);
      const tight = capped.residentBlocks!(256, 0);
      expect(tight).to.be.within(6, 8); // sm_80 on: 1536 or 2048 threads an SM
      expect(loose).to.be.within(1, tight);
      // Dynamic shared memory counts against the SM's (at most 228 KB): 40 KB a block, 5 blocks at most.
      expect(capped.residentBlocks!(256, 40 * 1024)).to.be.within(1, 5);
    });

    it('(cuda) runs what the cpu backend refuses: __shared__, __syncthreads and warp shuffles', () => {
      const source = `
extern "C" __global__ void gpa_test_block_sum(const float* in, float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int w = 128; w >= 32; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x < 32) {
    float v = s[threadIdx.x];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }
}`;
      const k = loadRaw(b, source, { name: 'gpa_test_block_sum', paramTypes: ['const float*', 'float*'] });
      const r = rng(5);
      const blocks = 8;
      const host = Float32Array.from({ length: blocks * 256 }, () => Math.floor(r() * 64) - 32); // exact sums
      const inp = upload(b, host);
      const out = b.tryMalloc(blocks * 4)!;
      const args = argBlock([PTR, PTR], (a, o) => {
        a.writeU64Number(o[0], inp);
        a.writeU64Number(o[1], out);
      });
      k.launch(dim(blocks), dim(256), 0, b.defaultStream, args.pointers);
      const got = download(b, out, new Float32Array(blocks));
      args.free();
      b.free(inp);
      b.free(out);
      const want = Array.from({ length: blocks }, (_, i) => host.subarray(i * 256, (i + 1) * 256).reduce((s, v) => s + v, 0));
      expect([...got]).to.deep.equal(want);
    });
  }
});
