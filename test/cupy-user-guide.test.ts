// CuPy's user guide on user-defined kernels (docs/source/user_guide/kernel.rst), its programs as
// written there (kernel sources verbatim; Python calls in their TypeScript form), on every backend.
// Expected values are the outputs the guide prints.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { ElementwiseKernel, RawKernel, RawModule, ReductionKernel } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number>);

describeEachDevice("CuPy's user guide: user-defined kernels", () => {
  const x = () => gp.arange(10, { dtype: 'float32' }).reshape(2, 5);
  const y = () => gp.arange(5, { dtype: 'float32' });
  const squaredDiffRows = [
    [0, 0, 0, 0, 0],
    [25, 25, 25, 25, 25],
  ];

  it('squared_diff: concrete types, broadcasting, a scalar, an explicit output', () => {
    const squaredDiff = ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = (x - y) * (x - y)', 'squared_diff');
    expect((squaredDiff(x(), y()) as gp.GpuArray).toArray()).to.deep.equal(squaredDiffRows);
    expect((squaredDiff(x(), 5) as gp.GpuArray).toArray()).to.deep.equal([
      [25, 16, 9, 4, 1],
      [0, 1, 4, 9, 16],
    ]);
    const z = gp.empty([2, 5], 'float32');
    const r = squaredDiff(x(), y(), z) as gp.GpuArray;
    expect(z.toArray()).to.deep.equal(squaredDiffRows);
    expect(r.toArray()).to.deep.equal(squaredDiffRows);
  });

  it('type-generic kernels: one placeholder, a typed local, several placeholders', () => {
    const generic = ElementwiseKernel('T x, T y', 'T z', 'z = (x - y) * (x - y)', 'squared_diff_generic');
    expect((generic(x(), y()) as gp.GpuArray).toArray()).to.deep.equal(squaredDiffRows);
    const withLocal = ElementwiseKernel(
      'T x, T y',
      'T z',
      `
        T diff = x - y;
        z = diff * diff;
    `,
      'squared_diff_generic',
    );
    const xi = gp.arange(10, { dtype: 'int64' }).reshape(2, 5);
    const r = withLocal(xi, gp.arange(5, { dtype: 'int64' })) as gp.GpuArray;
    expect(r.dtype.name).to.equal('int64');
    expect(r.toArray()).to.deep.equal(squaredDiffRows.map((row) => row.map(BigInt)));
    const superGeneric = ElementwiseKernel('X x, Y y', 'Z z', 'z = (x - y) * (x - y)', 'squared_diff_super_generic');
    const z = gp.empty([2, 5], 'float64');
    superGeneric(x(), gp.arange(5, { dtype: 'int32' }), z);
    expect(z.toArray()).to.deep.equal(squaredDiffRows);
  });

  it('raw argument specifiers: add_reverse indexes y by _ind.size() - i - 1', () => {
    const addReverse = ElementwiseKernel('T x, raw T y', 'T z', 'z = x + y[_ind.size() - i - 1]', 'add_reverse');
    const a = gp.arange(6, { dtype: 'float32' });
    const b = gp.array([1, 2, 4, 8, 16, 32], 'float32');
    expect(values(addReverse(a, b) as gp.GpuArray)).to.deep.equal([32, 17, 10, 7, 6, 6]);
  });

  it('reduction kernels: l2norm along axis 1', () => {
    const l2norm = ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm');
    const r = values(l2norm(x(), { axis: 1 }) as gp.GpuArray);
    expect(r[0]).to.equal(Math.fround(Math.sqrt(30)));
    expect(r[1]).to.be.closeTo(15.9687195, 1e-5);
  });

  it('raw kernels: my_add over a 5 x 5 grid', () => {
    const addKernel = RawKernel(
      String.raw`
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
`,
      'my_add',
    );
    const x1 = gp.arange(25, { dtype: 'float32' }).reshape(5, 5);
    const x2 = gp.arange(25, { dtype: 'float32' }).reshape(5, 5);
    const yy = gp.zeros([5, 5], 'float32');
    addKernel([5], [5], [x1, x2, yy]);
    expect(values(yy)).to.deep.equal(Array.from({ length: 25 }, (_, i) => 2 * i));
  });

  it('raw kernels on complex data: #include <cupy/complex.cuh> and complex<float> pointers', () => {
    const complexKernel = RawKernel(
      String.raw`
#include <cupy/complex.cuh>
extern "C" __global__
void my_func(const complex<float>* x1, const complex<float>* x2,
             complex<float>* y, float a) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + a * x2[tid];
}
`,
      'my_func',
    );
    const x1 = gp.arange(25, { dtype: 'complex64' }).reshape(5, 5);
    const x2 = gp.multiply(gp.arange(25, { dtype: 'complex64' }), gp.array({ re: 0, im: 1 }, 'complex64')).reshape(5, 5);
    const yy = gp.zeros([5, 5], 'complex64');
    complexKernel([5], [5], [x1, x2, yy, gp.float32(2.0)]);
    const expected: number[] = [];
    for (let i = 0; i < 25; i++) expected.push(i, 2 * i);
    expect(values(yy)).to.deep.equal(expected);
  });

  it('float2* and double2 pointers take complex64 and complex128 arrays', () => {
    const conj = RawKernel(
      String.raw`
extern "C" __global__ void conj2(const double2* in, double2* out, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) out[i] = make_double2(in[i].x, -in[i].y);
}`,
      'conj2',
    );
    const z = gp.array([{ re: 1, im: 2 }, { re: -3, im: 0.5 }, { re: 0, im: -1 }], 'complex128');
    const out = gp.empty([3], 'complex128');
    conj([1], [32], [z, out, 3]);
    expect(values(out)).to.deep.equal([1, -2, -3, -0.5, 0, 1]);
    expect(() => conj([1], [32], [gp.empty([3], 'complex64'), out, 3])).to.throw(TypeError, /complex128/);
  });

  it('raw modules: test_sum and test_multiply with backslash-continued signatures', () => {
    const loadedFromSource = String.raw`
extern "C"{

__global__ void test_sum(const float* x1, const float* x2, float* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const float* x1, const float* x2, float* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}`;
    const module = new RawModule({ code: loadedFromSource });
    const kerSum = module.getFunction('test_sum');
    const kerTimes = module.getFunction('test_multiply');
    const N = 10;
    const x1 = gp.arange(N ** 2, { dtype: 'float32' }).reshape(N, N);
    const x2 = gp.ones([N, N], 'float32');
    const yy = gp.zeros([N, N], 'float32');
    kerSum([N], [N], [x1, x2, yy, N ** 2]);
    expect(gp.allclose(yy, gp.add(x1, x2))).to.equal(true);
    kerTimes([N], [N], [x1, x2, yy, N ** 2]);
    expect(gp.allclose(yy, gp.multiply(x1, x2))).to.equal(true);
    expect(values(yy)[37]).to.equal(37);
  });

  it('raw modules: template kernels through nameExpressions', () => {
    const code = String.raw`
template<typename T>
__global__ void fx3(T* arr, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N) {
        arr[tid] = arr[tid] * 3;
    }
}
`;
    const nameExp = ['fx3<float>', 'fx3<double>'];
    const mod = new RawModule({ code, options: ['-std=c++11'], nameExpressions: nameExp });
    const kerFloat = mod.getFunction(nameExp[0]);
    const N = 10;
    let a = gp.arange(N, { dtype: 'float32' });
    kerFloat([1], [N], [a, N]);
    expect(values(a)).to.deep.equal([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    const kerDouble = mod.getFunction(nameExp[1]);
    a = gp.arange(N, { dtype: 'float64' });
    kerDouble([1], [N], [a, N]);
    expect(values(a)).to.deep.equal([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    // Each instantiation checks its own parameter types.
    expect(() => kerDouble([1], [N], [gp.arange(N, { dtype: 'float32' }), N])).to.throw(TypeError, /float64/);
    expect(() => mod.getFunction('fx3<int>')).to.throw(TypeError, /nameExpressions/);
    expect(() => mod.getFunction('fx3')).to.throw(TypeError, /template/);
  });

  it('raw modules: plain kernels in nameExpressions beside instantiations (CuPy\'s docstring: func1<int>, func2)', () => {
    const code = String.raw`
template <typename T> __global__ void fx3(T* x) { x[threadIdx.x] = (T)3 * x[threadIdx.x]; }
__global__ void twice(float* x) { x[threadIdx.x] *= 2; }
extern "C" __global__ void plus1(float* x) { x[threadIdx.x] += 1; }
`;
    const mod = new RawModule({ code, nameExpressions: ['fx3<float>', 'twice', 'plus1'] });
    expect(mod.kernelNames).to.deep.equal(['plus1', 'fx3<float>', 'twice']);
    const x = gp.array([1, 2, 3, 4], 'float32');
    mod.getFunction('fx3<float>')([1], [4], [x]);
    mod.getFunction('twice')([1], [4], [x]);
    mod.getFunction('plus1')([1], [4], [x]);
    expect(values(x)).to.deep.equal([7, 13, 19, 25]);
    expect(() => mod.getFunction('twice')([1], [4], [gp.zeros(4, 'float64')])).to.throw(TypeError, /float32/);
    expect(() => new RawModule({ code, nameExpressions: ['fx3'] })).to.throw(TypeError, /'fx3' is a template/);
    expect(() => new RawModule({ code, nameExpressions: ['nope'] })).to.throw(TypeError, /no extern "C" __global__ kernel named 'nope'/);
  });

  it('RawKernel takes its options as one string of options, as a command line', () => {
    const src = `extern "C" __global__ void put(int* out) { out[0] = X + Y; }`;
    const k = RawKernel(src, 'put', '-DX=40 -DY=2');
    expect(k.options).to.deep.equal(['-DX=40', '-DY=2']);
    const out = gp.zeros([1], 'int32');
    k([1], [1], [out]);
    expect(values(out)).to.deep.equal([42]);
    const m = new RawModule({ code: src, options: '-DX=1 -DY=1' });
    m.getFunction('put')([1], [1], [out]);
    expect(values(out)).to.deep.equal([2]);
  });
});
