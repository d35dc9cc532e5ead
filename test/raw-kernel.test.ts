// RawKernel / RawModule on every backend: the seed's kernel programs (grids, spare threads,
// atomics, views without a guard), argument marshalling by C type, launch geometry, errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { CompileError, cuda, RawKernel, RawModule } from '../lib/index.js';
import { resetPerformanceWarnings } from '../lib/kernel/performance-warnings.js';
import { DEVICE_SPECS, describeEachDevice, rng, warningsDuring as warningsSeen } from './helpers.js';

// The seed's four kernels in one module: one compile for the whole suite.
const SEED = `
extern "C" __global__ void vec_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void scale(const float* x, float* out, int* spare, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) { atomicAdd(spare, 1); return; }
  out[i] = 2.0f * x[i];
}
extern "C" __global__ void fill_twos(float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f;
}
extern "C" __global__ void fill_twos_guarded(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f;
}
extern "C" __global__ void index3d(int* out) {
  const int block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  const int thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  out[block * threads + thread] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z
      + 1000 * threadIdx.x + 10000 * threadIdx.y + 100000 * threadIdx.z;
}
extern "C" __global__ void bytes_copy(const void* src, void* dst, int nbytes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nbytes) ((unsigned char*)dst)[i] = ((const unsigned char*)src)[i];
}
`;

const ATOMICS = `
extern "C" __global__ void atomics_int(const int* x, int n, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&out[0], x[i]);
  atomicSub(&out[1], x[i]);
  atomicMax(&out[2], x[i]);
  atomicMin(&out[3], x[i]);
  atomicExch(&out[4], 7);
  if (atomicCAS(&out[5], 0, i + 1) == 0) atomicAdd(&out[6], 1);  // exactly one winner
}
extern "C" __global__ void atomics_unsigned(const unsigned* x, int n, unsigned* out, unsigned long long* total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&out[0], x[i]);  // wraps modulo 2^32
  atomicMax(&out[1], x[i]);
  atomicMin(&out[2], x[i]);
  atomicAdd(total, (unsigned long long)x[i]);
}
extern "C" __global__ void atomics_float(const float* x, const double* y, int n, float* fsum, double* dsum, float* fex) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(fsum, x[i]);
  atomicAdd(dsum, y[i]);
  atomicExch(fex, 1.5f);
}
`;

// Every scalar C type a raw kernel can take, written back as double / 64-bit integers.
const SCALARS = `
extern "C" __global__ void scalars(double* out, long long* wide, unsigned long long* uwide,
    char c, signed char sc, unsigned char uc, short s, unsigned short us, int i, unsigned u,
    long l, long long ll, unsigned long long ull, size_t sz, float f, double d, bool b, int8_t i8, uint16_t u16) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  out[0] = c; out[1] = sc; out[2] = uc; out[3] = s; out[4] = us; out[5] = i; out[6] = u;
  out[7] = f; out[8] = d; out[9] = b ? 1.0 : 0.0; out[10] = i8; out[11] = u16;
  wide[0] = l; wide[1] = ll; uwide[0] = ull; uwide[1] = sz;
}
`;

/** The PerformanceWarnings `fn` emits, with the shown-once memory cleared first. */
function warningsDuring(fn: () => void): Promise<string[]> {
  resetPerformanceWarnings();
  return warningsSeen(fn);
}

const LOW_OCCUPANCY_4 = 'Grid size 4 will likely result in GPU under-utilization due to low occupancy.';
const HOST_COPY = 'Host array used in CUDA kernel will incur copy overhead to/from device.';
/** The low-occupancy warning a 4-block grid gets: none on the cpu backend. */
const lowOccupancy4 = () => (gp.currentDevice().backend.kind === 'cpu' ? [] : [LOW_OCCUPANCY_4]);

describeEachDevice('RawKernel: the seed programs', () => {
  const seed = new RawModule({ code: SEED });
  const vecAdd = seed.getFunction('vec_add');
  const scale = seed.getFunction('scale');
  const fillTwos = seed.getFunction('fill_twos');
  const fillGuarded = seed.getFunction('fill_twos_guarded');

  it('vec_add: 1,000,000 elements in 3,907 blocks x 256 threads, every element right', () => {
    const n = 1_000_000;
    const r = rng(7);
    const a = Float32Array.from({ length: n }, () => Math.fround((r() - 0.5) * 1000));
    const b = Float32Array.from({ length: n }, () => Math.fround(r() * 10));
    const dA = cuda.toDevice(a);
    const dB = cuda.toDevice(b);
    const dC = cuda.deviceArrayLike(a);
    const threads = 256;
    const blocks = Math.ceil(n / threads);
    expect([blocks, blocks * threads]).to.deep.equal([3907, 1000192]);
    vecAdd.configure(blocks, threads)(dA, dB, dC, n);
    const c = dC.copyToHost() as Float32Array;
    let bad = 0;
    for (let i = 0; i < n; i++) if (c[i] !== Math.fround(a[i] + b[i])) bad++;
    expect(bad).to.equal(0);
    for (const x of [dA, dB, dC]) x.dispose();
  });

  it('7,813 blocks x 128 threads leave 64 spare threads, counted with atomicAdd', () => {
    const n = 1_000_000;
    const x = gp.arange(n, 'float32');
    const out = cuda.deviceArray(n, 'float32');
    const spare = cuda.toDevice(new Int32Array(1));
    const threads = 128;
    const blocks = Math.ceil(n / threads);
    expect(blocks).to.equal(7813);
    scale(blocks, threads, [x, out, spare, n]); // CuPy's launch form
    expect(spare.copyToHost()[0]).to.equal(64);
    const o = out.copyToHost() as Float32Array;
    for (let i = 0; i < n; i += 997) expect(o[i]).to.equal(2 * i);
    expect(o[n - 1]).to.equal(2 * (n - 1));
  });

  it('spare: 96 of 100,096 threads for 100,000 elements; the output sums to 200,000', () => {
    const n = 100_000;
    const x = cuda.toDevice(new Float32Array(n).fill(1));
    const out = cuda.deviceArray(n, 'float32');
    const spare = cuda.toDevice(new Int32Array(1));
    scale.configure(Math.ceil(n / 256), 256)(x, out, spare, n);
    expect(spare.copyToHost()[0]).to.equal(96);
    expect((out.copyToHost() as Float32Array).reduce((s, v) => s + v, 0)).to.equal(200000);
  });

  it('spare: 24 of 1,024 threads for 1,000 elements, with the low-occupancy warning', async () => {
    const n = 1000;
    const x = cuda.toDevice(new Float32Array(n).fill(1));
    const out = cuda.deviceArray(n, 'float32');
    const spare = cuda.toDevice(new Int32Array(1));
    const warned = await warningsDuring(() => scale.configure(4, 256)(x, out, spare, n));
    expect(spare.copyToHost()[0]).to.equal(24);
    expect(warned).to.deep.equal(lowOccupancy4());
  });

  it('noguard: the 24 spare threads write 2.0 into the 24 floats past a 1000-element view', async () => {
    const buf = cuda.toDevice(new Float32Array(1024).fill(-1));
    const out = buf.slice(':1000');
    expect(out.size).to.equal(1000);
    const warned = await warningsDuring(() => fillTwos.configure(4, 256)(out));
    const host = buf.copyToHost() as Float32Array;
    expect(Array.from(host.subarray(998, 1004))).to.deep.equal([2, 2, 2, 2, 2, 2]);
    expect(host.subarray(1000).filter((v) => v === 2).length).to.equal(24);
    expect(host.every((v) => v === 2)).to.equal(true);
    expect(warned).to.deep.equal(lowOccupancy4());
  });

  it('the guarded twin leaves the 24 floats past the view at -1', () => {
    const buf = cuda.toDevice(new Float32Array(1024).fill(-1));
    const out = buf.slice(':1000');
    fillGuarded.configure(4, 256)(out, out.size);
    const host = buf.copyToHost() as Float32Array;
    expect(host.subarray(0, 1000).every((v) => v === 2)).to.equal(true);
    expect(Array.from(host.subarray(1000, 1004))).to.deep.equal([-1, -1, -1, -1]);
    expect(host.subarray(1000).filter((v) => v === 2).length).to.equal(0);
  });

  it('a view with an offset passes its own address', () => {
    const buf = gp.arange(64, 'float32');
    const view = buf.slice('10:20');
    fillGuarded(1, 32, [view, view.size]);
    const host = Array.from(buf.copyToHost() as Float32Array);
    expect(host).to.deep.equal(host.map((_, i) => (i >= 10 && i < 20 ? 2 : i)));
    // A view into the middle of a 2-D array: row 3 of a 5x8 array.
    const m = gp.zeros([5, 8], 'float32');
    fillGuarded(1, 8, [m.slice(3), 8]);
    const rows = m.toArray() as number[][];
    expect(rows.map((row) => row.every((v) => v === 2))).to.deep.equal([false, false, false, true, false]);
    expect(rows[2].concat(rows[4]).every((v) => v === 0)).to.equal(true);
  });

  it('1-3D grids and blocks, in both launch forms', () => {
    const index3d = seed.getFunction('index3d');
    for (const [grid, block] of [
      [[3, 2, 2], [4, 2, 2]],
      [[5, 3], [2, 3]],
      [[7], [3]],
      [4, 5],
    ] as const) {
      const [gx, gy = 1, gz = 1] = typeof grid === 'number' ? [grid] : grid;
      const [bx, by = 1, bz = 1] = typeof block === 'number' ? [block] : block;
      const threads = bx * by * bz;
      const expected: number[] = [];
      for (let z = 0; z < gz; z++)
        for (let y = 0; y < gy; y++)
          for (let x = 0; x < gx; x++)
            for (let tz = 0; tz < bz; tz++)
              for (let ty = 0; ty < by; ty++)
                for (let tx = 0; tx < bx; tx++) expected.push(x + 10 * y + 100 * z + 1000 * tx + 10000 * ty + 100000 * tz);
      const a = gp.full(gx * gy * gz * threads, -1, 'int32');
      index3d(grid, block, [a]);
      expect(Array.from(a.copyToHost() as Int32Array)).to.deep.equal(expected);
      const b = gp.full(gx * gy * gz * threads, -1, 'int32');
      index3d.configure(grid, block)(b);
      expect(Array.from(b.copyToHost() as Int32Array)).to.deep.equal(expected);
    }
  });

  it('void* takes an array of any dtype', () => {
    const src = gp.asarray(Float64Array.from([1.5, -2.25, 3e300]));
    const dst = gp.zeros(3, 'float64');
    seed.getFunction('bytes_copy')(1, 32, [src, dst, 24]);
    expect(Array.from(dst.copyToHost() as Float64Array)).to.deep.equal([1.5, -2.25, 3e300]);
  });
});

describeEachDevice('RawKernel: host arrays in a launch', () => {
  const vecAdd = new RawModule({ code: SEED }).getFunction('vec_add');

  it('copies host TypedArrays to the device and back, with the copy-overhead warning', async () => {
    const n = 1_000_000;
    const a = new Float32Array(n).fill(1);
    const b = Float32Array.from({ length: n }, (_, i) => i % 7);
    const c = new Float32Array(n);
    const warned = await warningsDuring(() => vecAdd.configure(Math.ceil(n / 256), 256)(a, b, c, n));
    expect(c[0]).to.equal(1);
    let bad = 0;
    for (let i = 0; i < n; i++) if (c[i] !== 1 + (i % 7)) bad++;
    expect(bad).to.equal(0);
    expect(warned).to.deep.equal([HOST_COPY]);
    // Inputs are untouched.
    expect(a.every((v) => v === 1)).to.equal(true);
  });

  it('mixes host and device arrays in one launch; host subarrays keep their offset', () => {
    const a = cuda.toDevice(Float32Array.from([1, 2, 3, 4]));
    const b = Float32Array.from([0, 0, 10, 20, 30, 40]).subarray(2);
    const whole = new Float32Array(7).fill(-1);
    const c = whole.subarray(1, 5);
    vecAdd(1, 32, [a, b, c, 4]);
    expect(Array.from(whole)).to.deep.equal([-1, 11, 22, 33, 44, -1, -1]);
  });

  it('refuses a host array of the wrong element type, naming the parameter', () => {
    expect(() => vecAdd(1, 32, [new Float32Array(4), new Float64Array(4), new Float32Array(4), 4])).to.throw(
      TypeError,
      /vec_add: argument 'b' \(const float\* b\) needs a float32 GpuArray, got a Float64Array/,
    );
  });
});

describeEachDevice('RawKernel: atomics', () => {
  const mod = new RawModule({ code: ATOMICS });

  it('atomicAdd/Sub/Max/Min/Exch/CAS on int', () => {
    const r = rng(11);
    const n = 5000;
    const x = Int32Array.from({ length: n }, () => Math.floor(r() * 2001) - 1000);
    const out = cuda.toDevice(Int32Array.from([0, 0, -2147483648, 2147483647, 3, 0, 0]));
    mod.getFunction('atomics_int').configure(Math.ceil(n / 128), 128)(cuda.toDevice(x), n, out);
    const o = out.copyToHost() as Int32Array;
    const sum = x.reduce((s, v) => s + v, 0);
    expect(o[0]).to.equal(sum);
    expect(o[1]).to.equal(-sum);
    expect(o[2]).to.equal(Math.max(...x));
    expect(o[3]).to.equal(Math.min(...x));
    expect(o[4]).to.equal(7);
    expect(o[5]).to.be.within(1, n);
    expect(o[6]).to.equal(1);
  });

  it('atomicAdd/Max/Min on unsigned (wrapping) and atomicAdd on unsigned long long', () => {
    const r = rng(12);
    const n = 3000;
    const x = Uint32Array.from({ length: n }, () => Math.floor(r() * 2 ** 32));
    const out = cuda.toDevice(Uint32Array.from([0, 0, 0xffffffff]));
    const total = cuda.toDevice(new BigUint64Array(1));
    mod.getFunction('atomics_unsigned').configure(Math.ceil(n / 256), 256)(cuda.toDevice(x), n, out, total);
    const o = out.copyToHost() as Uint32Array;
    const big = x.reduce((s, v) => s + BigInt(v), 0n);
    expect(BigInt(o[0])).to.equal(big % 2n ** 32n);
    expect(o[1]).to.equal(x.reduce((m, v) => Math.max(m, v), 0));
    expect(o[2]).to.equal(x.reduce((m, v) => Math.min(m, v), 0xffffffff));
    expect((total.copyToHost() as BigUint64Array)[0]).to.equal(big);
  });

  it('atomicAdd on float and double, atomicExch on float', () => {
    const r = rng(13);
    const n = 4000;
    // Small integers (and eighths): every partial sum is exact, so the order does not matter.
    const x = Float32Array.from({ length: n }, () => Math.floor(r() * 201) - 100);
    const y = Float64Array.from({ length: n }, () => (Math.floor(r() * 8001) - 4000) / 8);
    const fsum = cuda.toDevice(new Float32Array(1));
    const dsum = cuda.toDevice(new Float64Array(1));
    const fex = cuda.toDevice(Float32Array.from([-3]));
    mod.getFunction('atomics_float').configure(Math.ceil(n / 256), 256)(cuda.toDevice(x), cuda.toDevice(y), n, fsum, dsum, fex);
    expect((fsum.copyToHost() as Float32Array)[0]).to.equal(x.reduce((s, v) => s + v, 0));
    expect((dsum.copyToHost() as Float64Array)[0]).to.equal(y.reduce((s, v) => s + v, 0));
    expect((fex.copyToHost() as Float32Array)[0]).to.equal(1.5);
  });
});

describeEachDevice('RawKernel: scalar arguments by C type', () => {
  const scalars = new RawKernel(SCALARS, 'scalars');
  const run = (vals: unknown[]) => {
    const out = gp.zeros(12, 'float64');
    const wide = gp.zeros(2, 'int64');
    const uwide = gp.zeros(2, 'uint64');
    scalars(1, 1, [out, wide, uwide, ...(vals as number[])]);
    return {
      out: Array.from(out.copyToHost() as Float64Array),
      wide: Array.from(wide.copyToHost() as BigInt64Array),
      uwide: Array.from(uwide.copyToHost() as BigUint64Array),
    };
  };

  it('writes the extremes of every type exactly', () => {
    const r = run([-128, -128, 255, -32768, 65535, -2147483648, 4294967295, -(2n ** 63n), 2n ** 63n - 1n, 2n ** 64n - 1n, 2 ** 53, 0.1, Math.PI, true, 127, 65535]);
    expect(r.out).to.deep.equal([-128, -128, 255, -32768, 65535, -2147483648, 4294967295, Math.fround(0.1), Math.PI, 1, 127, 65535]);
    expect(r.wide).to.deep.equal([-(2n ** 63n), 2n ** 63n - 1n]);
    expect(r.uwide).to.deep.equal([2n ** 64n - 1n, 2n ** 53n]);
  });

  it('takes random in-range values, as numbers, bigints and typed scalars', () => {
    const g = rng(21);
    const int = (lo: number, hi: number) => lo + Math.floor(g() * (hi - lo + 1));
    for (let k = 0; k < 20; k++) {
      const v = [
        int(-128, 127), int(-128, 127), int(0, 255), int(-32768, 32767), int(0, 65535),
        int(-2147483648, 2147483647), int(0, 4294967295),
        BigInt(int(-(2 ** 31), 2 ** 31)) * 4294967296n + BigInt(int(0, 2 ** 32 - 1)),
        int(-(2 ** 52), 2 ** 52),
        BigInt(int(0, 2 ** 31)) * 4294967296n * 2n + BigInt(int(0, 2 ** 32 - 1)),
        int(0, 2 ** 52),
        (g() - 0.5) * 1e6, (g() - 0.5) * 1e300, g() < 0.5, int(-128, 127), int(0, 65535),
      ] as (number | bigint | boolean)[];
      const typed = k % 2 === 0;
      const args = typed ? [...v.slice(0, 5), gp.int32(v[5] as number), gp.uint32(v[6] as number), ...v.slice(7, 11), gp.float32(v[11] as number), gp.float64(v[12] as number), gp.bool_(v[13] as boolean), ...v.slice(14)] : v;
      const r = run(args);
      expect(r.out, `case ${k}`).to.deep.equal([
        v[0], v[1], v[2], v[3], v[4], v[5], v[6], Math.fround(v[11] as number), v[12], v[13] ? 1 : 0, v[14], v[15],
      ]);
      expect(r.wide).to.deep.equal([BigInt(v[7] as bigint), BigInt(v[8] as number)]);
      expect(r.uwide).to.deep.equal([BigInt(v[9] as bigint), BigInt(v[10] as number)]);
    }
  });

  it('refuses values that do not fit, naming the parameter', () => {
    const base: unknown[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false, 0, 0];
    const withArg = (k: number, v: unknown) => base.map((x, i) => (i === k ? v : x));
    const out = gp.zeros(12, 'float64');
    const wide = gp.zeros(2, 'int64');
    const uwide = gp.zeros(2, 'uint64');
    const call = (vals: unknown[]) => () => scalars(1, 1, [out, wide, uwide, ...(vals as number[])]);
    expect(call(withArg(5, 2 ** 31))).to.throw(RangeError, /argument 'i' \(int i\) needs an integer in int32 range \[-2147483648, 2147483647\], got the number 2147483648/);
    expect(call(withArg(5, 1.5))).to.throw(TypeError, /argument 'i' \(int i\) needs an integer, got the number 1.5/);
    expect(call(withArg(5, '3'))).to.throw(TypeError, /argument 'i' \(int i\) needs an integer, got a string/);
    expect(call(withArg(5, true))).to.throw(TypeError, /argument 'i'.*needs a number, got the boolean true/);
    expect(call(withArg(5, gp.float32(2)))).to.throw(TypeError, /argument 'i'.*needs an integer, got a float32 scalar/);
    expect(call(withArg(6, -1))).to.throw(RangeError, /argument 'u' \(unsigned u\)/);
    expect(call(withArg(2, 256))).to.throw(RangeError, /argument 'uc'/);
    expect(call(withArg(8, 2 ** 63))).to.throw(RangeError, /argument 'll' \(long long ll\)/);
    expect(call(withArg(8, 2n ** 63n))).to.throw(RangeError, /argument 'll'/);
    expect(call(withArg(9, -1n))).to.throw(RangeError, /argument 'ull'/);
    expect(call(withArg(13, 2))).to.throw(TypeError, /argument 'b' \(bool b\) needs a boolean/);
    expect(call(withArg(11, 'x'))).to.throw(TypeError, /argument 'f' \(float f\) needs a number, got a string/);
    expect(call(withArg(11, gp.complex64({ re: 1, im: 1 })))).to.throw(TypeError, /argument 'f'/);
    expect(call(withArg(0, gp.zeros(1, 'int8')))).to.throw(TypeError, /argument 'c' \(char c\) needs an integer, got an int8 GpuArray/);
  });
});

describeEachDevice('RawKernel: checks before launching', () => {
  const vecAdd = new RawModule({ code: SEED }).getFunction('vec_add');
  const a = () => gp.zeros(4, 'float32');

  it('checks arity', () => {
    expect(() => vecAdd(1, 4, [a(), a(), a()])).to.throw(TypeError, /vec_add takes 4 arguments \(a, b, c, n\), got 3/);
    expect(() => vecAdd.configure(1, 4)(a(), a(), a(), 4, 5)).to.throw(TypeError, /takes 4 arguments.*got 5/);
    expect(() => vecAdd(1, 4, a() as unknown as [])).to.throw(TypeError, /arguments must be passed as an array/);
  });

  it('checks array dtypes against the declared pointer types', () => {
    expect(() => vecAdd(1, 4, [a(), gp.zeros(4, 'float64'), a(), 4])).to.throw(
      TypeError,
      "vec_add: argument 'b' (const float* b) needs a float32 GpuArray, got a float64 GpuArray",
    );
    expect(() => vecAdd(1, 4, [a(), a(), 4, 4])).to.throw(TypeError, /argument 'c' \(float\* c\) needs a float32 GpuArray, got the number 4/);
    const gone = a();
    gone.dispose();
    expect(() => vecAdd(1, 4, [a(), a(), gone, 4])).to.throw(Error, /after dispose/);
  });

  it('checks the grid and the block', () => {
    const args = [a(), a(), a(), 4] as const;
    expect(() => vecAdd(1, 1025, [...args])).to.throw(RangeError, /block x = 1025 is out of range \[1, 1024\]/);
    expect(() => vecAdd(1, [32, 32, 2], [...args])).to.throw(RangeError, /a block of 2048 threads \(32 x 32 x 2\) exceeds the device's limit of 1024/);
    expect(() => vecAdd(0, 32, [...args])).to.throw(RangeError, /grid x = 0/);
    expect(() => vecAdd([1, 65536], 32, [...args])).to.throw(RangeError, /grid y = 65536/);
    expect(() => vecAdd(1.5, 32, [...args])).to.throw(TypeError, /grid x must be an integer/);
    expect(() => vecAdd([1, 1, 1, 1], 32, [...args])).to.throw(TypeError, /grid must be a number or an array of 1 to 3/);
    expect(() => vecAdd.configure(1, [1, 1, 65])).to.throw(RangeError, /block z = 65/);
    expect(() => vecAdd(1, 32, [...args], { sharedMem: -1 })).to.throw(RangeError, /sharedMem/);
  });

  if (DEVICE_SPECS.length > 1) {
    it('refuses arrays on two devices', () => {
      const [d0, d1] = DEVICE_SPECS;
      const here = gp.currentDevice().spec;
      try {
        gp.useDevice(d0);
        const x = a();
        gp.useDevice(d1);
        const y = a();
        expect(() => vecAdd(1, 4, [x, y, y, 4])).to.throw(TypeError, /argument 'b'.* is on/);
      } finally {
        gp.useDevice(here);
      }
    });
  }
});

describeEachDevice('RawKernel: sources', () => {
  it('finds the kernel by name or says why not', () => {
    expect(() => RawKernel(SEED, 'vec_sub')).to.throw(TypeError, /no extern "C" __global__ kernel named 'vec_sub' in the source \(found: vec_add, scale/);
    expect(() => RawKernel('__global__ void k(float* x) { }', 'k')).to.throw(TypeError, /not declared extern "C"/);
    expect(() => RawKernel('extern "C" __global__ void k(Params p) { }', 'k')).to.throw(TypeError, /kernel 'k': parameter 'p' has type 'Params'/);
    expect(() => RawKernel(SEED, 'vec_add', [1 as unknown as string])).to.throw(TypeError, /options must be an array of strings/);
  });

  it('a kernel that does not compile throws CompileError with the log and the numbered source', () => {
    const k = RawKernel('extern "C" __global__ void broken(float* x) {\n  x[0] = undefined_name;\n}\n', 'broken');
    let err: unknown = null;
    try {
      k(1, 1, [gp.zeros(1, 'float32')]);
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(CompileError);
    const ce = err as CompileError;
    expect(ce.log).to.match(/undefined_name/);
    expect(ce.message).to.match(/compile of kernel 'broken' failed/);
    expect(ce.message).to.include('2 |   x[0] = undefined_name;');
  });

  it('compiler options reach the compiler', () => {
    const k = RawKernel('extern "C" __global__ void fill(int* x) { x[threadIdx.x] = VALUE; }', 'fill', { options: ['-DVALUE=42'] });
    const x = gp.zeros(8, 'int32');
    k.compile();
    k(1, 8, [x]);
    expect(Array.from(x.copyToHost() as Int32Array)).to.deep.equal(new Array(8).fill(42));
    expect(k.options).to.deep.equal(['-DVALUE=42']);
    expect(k.name).to.equal('fill');
    expect(k.numArgs).to.equal(1);
    expect(k instanceof RawKernel).to.equal(true);
  });

  it('-D and -U options named like the template parameters of gpuarray\'s headers (N, T, NDIM) touch only the source', () => {
    const src = `extern "C" __global__ void fill_n(T* x) {
  const int i = threadIdx.x;
#ifdef GONE
  x[i] = -1;
#else
  if (i < N) x[i] = (T)(SQ(i) + NDIM);
#endif
}`;
    const k = RawKernel(src, 'fill_n', { options: ['-DN=5', '-D', 'T=int', '--define-macro=NDIM', '-DSQ(a)=((a)*(a))', '-DGONE', '-UGONE', '-DI=int', '-DF=1'] });
    const x = gp.zeros(8, 'int32');
    k(1, 8, [x]);
    expect(Array.from(x.copyToHost() as Int32Array)).to.deep.equal([1, 2, 5, 10, 17, 0, 0, 0]);
  });

  const BLOCK_SUM = `extern "C" __global__ void block_sum(const int* x, int* out) {
    __shared__ int part[256];
    part[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
      if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
      __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = part[0];
  }`;

  it('shared memory and barriers run on every backend', () => {
    const x = gp.arange(512, 'int32');
    const out = gp.zeros(2, 'int32');
    RawKernel(BLOCK_SUM, 'block_sum')(2, 256, [x, out]);
    expect(Array.from(out.copyToHost() as Int32Array)).to.deep.equal([(255 * 256) / 2, (256 * 767) / 2]);
  });
});

describeEachDevice('RawModule', () => {
  const code = `
    extern "C" __global__ void add_one(int* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1; }
    extern "C" __global__ void mul_by(int* x, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= k; }
    struct P { int a; };
    extern "C" __global__ void takes_struct(P p, int* x) { x[0] = p.a; }
  `;

  it('compiles once and hands out its kernels', () => {
    const m = new RawModule({ code });
    expect(m.kernelNames).to.deep.equal(['add_one', 'mul_by', 'takes_struct']);
    m.compile();
    const addOne = m.getFunction('add_one');
    expect(m.getFunction('add_one')).to.equal(addOne);
    const x = gp.asarray(Int32Array.from([1, 2, 3, 4, 5]));
    addOne(1, 32, [x, 5]);
    m.getFunction('mul_by').configure(1, 32)(x, 5, -3);
    expect(Array.from(x.copyToHost() as Int32Array)).to.deep.equal([-6, -9, -12, -15, -18]);
    expect(() => m.getFunction('takes_struct')).to.throw(TypeError, /kernel 'takes_struct': parameter 'p' has type 'P'/);
    expect(() => m.getFunction('nope')).to.throw(TypeError, /no extern "C" __global__ kernel named 'nope'/);
  });

  it('takes its code as a string too', () => {
    const m = new RawModule(code, ['-DUNUSED=1']);
    expect(m.options).to.deep.equal(['-DUNUSED=1']);
    expect(() => new RawModule({} as { code: string })).to.throw(TypeError, /expected \{code/);
  });
});
