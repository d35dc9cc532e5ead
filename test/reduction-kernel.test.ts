// ReductionKernel with CuPy's semantics (map / reduce with a and b / post-map, identity,
// placeholders, reduce_type, _J, scalars, raw inputs, broadcasting, axis/keepdims/out), its
// errors, and the engine's layout planning (row or column walk, vector loads, collapsing).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { planReduction } from '../lib/kernel/reduction-plan.js';
import { describeEachDevice, rng } from './helpers.js';
import { intData, reduceRef, values } from './reduction-reference.js';

describeEachDevice('ReductionKernel', () => {
  const l2norm = gp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm');

  it("CuPy's L2 norm example, over axes, keepdims and a given output", () => {
    const r = rng(1);
    const data = intData(6 * 50, 9, r);
    const a = gp.array(data, 'float32').reshape([6, 50]);
    const host = values(a) as number[];
    const want1 = reduceRef([6, 50], host, 1, false, (v) => Math.sqrt(v.reduce<number>((s, x) => s + (x as number) ** 2, 0))).data;
    expect(values(l2norm(a, { axis: 1 }) as gp.GpuArray)).to.deep.equal(want1.map(Math.fround));
    const k = l2norm(a, { axis: -1, keepdims: true }) as gp.GpuArray;
    expect(k.shape).to.deep.equal([6, 1]);
    const full = l2norm(a) as gp.GpuArray;
    expect(full.shape).to.deep.equal([]);
    expect(values(full)[0]).to.be.closeTo(Math.sqrt(host.reduce((s, x) => s + x * x, 0)), 1e-3);
    const out = gp.zeros([50], 'float32');
    expect(l2norm(a, { axis: 0, out })).to.equal(out);
    expect(values(out)).to.deep.equal(reduceRef([6, 50], host, 0, false, (v) => Math.fround(Math.sqrt(v.reduce<number>((s, x) => s + (x as number) ** 2, 0)))).data);
    const pos = gp.zeros([6], 'float32');
    l2norm(a, pos, { axis: 1 });
    expect(values(pos)).to.deep.equal(want1.map(Math.fround));
    // The placeholder binds per call: float64 is another specialisation of the same kernel.
    expect(values(l2norm(gp.array([3, 4], 'float64')) as gp.GpuArray)).to.deep.equal([5]);
  });

  it('reduce_type sets the accumulator (int8 data summed in long long)', () => {
    const s = gp.ReductionKernel('int8 x', 'int64 y', 'x', 'a + b', 'y = a', '0', 'sum8', { reduce_type: 'long long' });
    expect(values(s(gp.array([100, 100, 100, 100], 'int8')) as gp.GpuArray)).to.deep.equal([400n]);
    const narrow = gp.ReductionKernel('int8 x', 'int64 y', 'x', 'a + b', 'y = a', '0', 'sum8n', { reduceType: 'signed char' });
    expect(values(narrow(gp.array([100, 100, 100, 100], 'int8')) as gp.GpuArray)).to.deep.equal([BigInt.asIntN(8, 400n)]);
    expect(s.reduceType).to.equal('long long');
    expect(narrow.reduceType).to.equal('signed char');
  });

  it('several inputs broadcast together; scalars and _J in the map', () => {
    const dot = gp.ReductionKernel('T x, T w, T scale', 'T y', 'x * w * scale', 'a + b', 'y = a', '0', 'wdot');
    const x = gp.array([[1, 2, 3], [4, 5, 6]], 'float64');
    const w = gp.array([1, 10, 100], 'float64');
    expect(values(dot(x, w, 2, { axis: 1 }) as gp.GpuArray)).to.deep.equal([642, 1308]);
    expect(values(dot(x, w, 0.5, { axis: 0 }) as gp.GpuArray)).to.deep.equal([2.5, 35, 450]);
    const idx = gp.ReductionKernel('T x', 'int64 y', '_J', 'a + b', 'y = a', '0', 'index_sum', { reduceType: 'long long' });
    const m = gp.zeros([3, 7, 5], 'float32');
    expect(values(idx(m, { axis: 1 }) as gp.GpuArray)).to.deep.equal(new Array(15).fill(21n));
    expect(values(idx(m, { axis: [0, 2] }) as gp.GpuArray)).to.deep.equal(new Array(7).fill(BigInt((15 * 14) / 2)));
    expect(values(idx(m.transpose(2, 1, 0)) as gp.GpuArray)).to.deep.equal([BigInt((105 * 104) / 2)]);
  });

  it("_in_ind.size() / _out_ind.size() give the input and output sizes (CuPy's mean)", () => {
    const mean = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a / (_in_ind.size() / _out_ind.size())', '0', 'my_mean');
    const a = gp.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 'float64').reshape([3, 4]);
    expect(values(mean(a, { axis: 1 }) as gp.GpuArray)).to.deep.equal([2.5, 6.5, 10.5]);
    expect(values(mean(a, { axis: 0 }) as gp.GpuArray)).to.deep.equal([5, 6, 7, 8]);
    expect(values(mean(a) as gp.GpuArray)).to.deep.equal([6.5]);
  });

  it('_J is the C-order index of the element among the reduced ones (argmax by hand)', () => {
    const pre = 'struct MaxAt { float v; long long i; };\n__device__ MaxAt pick(MaxAt p, MaxAt q) { return (q.v > p.v || (q.v == p.v && q.i < p.i)) ? q : p; }';
    const argmax = gp.ReductionKernel('float32 x', 'int64 y', 'MaxAt{x, _J}', 'pick(a, b)', 'y = a.i', 'MaxAt{-1e30f, 0}', 'my_argmax', { reduceType: 'MaxAt', preamble: pre });
    const r = rng(4);
    const data = intData(8 * 9 * 10, 1000, r);
    const a = gp.array(data, 'float32').reshape([8, 9, 10]).transpose(1, 2, 0);
    const host = values(a);
    const ref = (axis: number | number[] | null) =>
      reduceRef(a.shape, host, axis, false, (v) => {
        let best = 0;
        v.forEach((x, i) => ((x as number) > (v[best] as number) ? (best = i) : 0));
        return BigInt(best);
      }).data;
    for (const axis of [0, 1, 2, [0, 2], null]) expect(values(argmax(a, { axis }) as gp.GpuArray), JSON.stringify(axis)).to.deep.equal(ref(axis));
  });

  it('identity null: empty reductions throw, others use the value-initialised start', () => {
    const mx = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', null, 'noident');
    expect(values(mx(gp.array([1, 2, 3], 'int32')) as gp.GpuArray)).to.deep.equal([6]);
    expect(() => mx(gp.zeros([0], 'int32'))).to.throw(RangeError, /zero-size array to reduction operation noident which has no identity/);
    expect(() => mx(gp.zeros([0, 2], 'int32'), { axis: 0 })).to.throw(RangeError);
    expect((mx(gp.zeros([0, 2], 'int32'), { axis: 1 }) as gp.GpuArray).shape).to.deep.equal([0]);
    const withIdent = gp.ReductionKernel('T x', 'T y', 'x', 'a * b', 'y = a', 1, 'prod1');
    expect(values(withIdent(gp.zeros([0], 'float64')) as gp.GpuArray)).to.deep.equal([1]);
  });

  it('raw inputs are CArrays; of several outputs the first is returned, as CuPy, the others written where passed', () => {
    const k = gp.ReductionKernel('T x, raw T table', 'T y', 'x * table[1]', 'a + b', 'y = a', '0', 'rawk');
    expect(values(k(gp.array([1, 2, 3], 'float32'), gp.array([10, 100, 1000], 'float32')) as gp.GpuArray)).to.deep.equal([600]);
    const two = gp.ReductionKernel('T x', 'T s, T twice', 'x', 'a + b', 's = a; twice = a * 2', '0', 'two_outs');
    const x = gp.array([[1, 2], [3, 4]], 'int32');
    const res = two(x, { axis: 0 });
    expect(res).to.be.instanceOf(gp.GpuArray);
    expect(values(res)).to.deep.equal([4, 6]);
    const s = gp.zeros([2], 'int32');
    const twice = gp.zeros([2], 'int32');
    expect(two(x, s, twice, { axis: 0 })).to.equal(s);
    expect(values(s)).to.deep.equal([4, 6]);
    expect(values(twice)).to.deep.equal([8, 12]);
  });

  it('float16 data: placeholders are the storage type, the reduce type converts', () => {
    const k = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'h_sum', { reduceType: 'float' });
    const s = k(gp.ones([3000], 'float16')) as gp.GpuArray;
    expect(s.dtype.name).to.equal('float16');
    expect(values(s)).to.deep.equal([3000]);
  });

  it('refuses bad definitions and calls before launching, and points compile errors at the expression', () => {
    expect(() => gp.ReductionKernel('T x', 'T a', 'x', 'a + b', 'a = a', '0', 'k')).to.throw(TypeError, /'a'/);
    expect(() => gp.ReductionKernel('T x', '', 'x', 'a + b', '', '0', 'k')).to.throw(TypeError, /output/);
    expect(() => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'bad name')).to.throw(TypeError);
    expect(() => gp.ReductionKernel('T x', 'raw T y', 'x', 'a + b', 'y = a', '0', 'k')).to.throw(TypeError, /raw/);
    expect(() => l2norm()).to.throw(TypeError, /number of arguments/);
    expect(() => l2norm(gp.zeros([2], 'float32'), gp.zeros([], 'float64'))).to.throw(TypeError, /type mismatch/);
    expect(() => l2norm(gp.zeros([2, 3], 'float32'), { axis: 2 })).to.throw(RangeError, /out of bounds/);
    expect(() => l2norm(gp.zeros([2, 3], 'float32'), { axis: 1, out: gp.zeros([3], 'float32') })).to.throw(RangeError, /shape/);
    const broken = gp.ReductionKernel('T x', 'T y', 'x *+ undefined_name', 'a + b', 'y = a', '0', 'broken');
    let err: unknown;
    try {
      broken(gp.zeros([4], 'float32'));
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(gp.CompileError);
    expect((err as Error).message).to.match(/map expression: x \*\+ undefined_name/);
  });
});

describe('reduction planning (layouts, no device)', () => {
  const f32 = (strides: number[], ptr = 0) => ({ ptr, itemsize: 4, strides: strides.map((s) => s * 4) });
  const opts = { reduceDims: true, reorderReduced: true };

  it('C-contiguous rows reduce with the row walk and 16-byte loads; columns with the column walk', () => {
    const rows = planReduction([64, 1000], [false, true], [f32([1000, 1])], [f32([1])], opts);
    expect(rows).to.include({ variant: 'row', vec: 4, nOut: 64, nRed: 1000, index: 'int' });
    expect(rows.redShape).to.deep.equal([1000]);
    const cols = planReduction([64, 1000], [true, false], [f32([1000, 1])], [f32([1])], opts);
    expect(cols).to.include({ variant: 'col', vec: 4, nOut: 1000, nRed: 64 });
    const full = planReduction([64, 1000], [true, true], [f32([1000, 1])], [f32([])], opts);
    expect(full).to.include({ variant: 'row', vec: 4, nOut: 1, nRed: 64000 });
    expect(full.redShape).to.deep.equal([64000]);
  });

  it('collapses contiguous dims, sorts by the input strides, never copies a transposed input', () => {
    // (4, 5, 6) over axes 0 and 2: the reduced dims are not adjacent in memory.
    const p = planReduction([4, 5, 6], [true, false, true], [f32([30, 6, 1])], [f32([1])], opts);
    expect(p.redShape).to.deep.equal([4, 6]);
    expect(p).to.include({ variant: 'row', vec: 1 });
    // A transposed C array summed over its first axis is a contiguous row reduction.
    const t = planReduction([1000, 64], [true, false], [f32([1, 1000])], [f32([1])], opts);
    expect(t).to.include({ variant: 'row', vec: 4 });
    // (8, 16, 32) over the last two axes: one reduced run of 512.
    const m = planReduction([8, 16, 32], [false, true, true], [f32([512, 32, 1])], [f32([1])], opts);
    expect(m.redShape).to.deep.equal([512]);
    // With _J in use the reduced dims keep their C order.
    const j = planReduction([1000, 64], [true, true], [f32([1, 1000])], [f32([])], { reduceDims: true, reorderReduced: false });
    expect(j.redShape).to.deep.equal([1000, 64]);
  });

  it('the input moving the most bytes leads (a broadcast float64 mean does not turn an int8 column walk into rows)', () => {
    const x = { ptr: 0, itemsize: 1, strides: [64, 1] };
    const mean = { ptr: 0, itemsize: 8, strides: [0, 8] };
    const p = planReduction([100, 64], [true, false], [x, mean], [f32([1])], opts);
    expect(p.variant).to.equal('col');
    expect(p.modes).to.deep.equal(['v', 'v']);
  });

  it('vector loads need alignment and vector-multiple strides', () => {
    expect(planReduction([64, 1000], [false, true], [f32([1000, 1], 4)], [f32([1])], opts).vec).to.equal(1);
    expect(planReduction([64, 1001], [false, true], [f32([1001, 1])], [f32([1])], opts).vec).to.equal(1);
    expect(planReduction([1001, 6], [true, false], [f32([6, 1])], [f32([1])], opts).vec).to.equal(1);
    // A broadcast input (stride 0 along the run) rides along as a constant.
    const b = planReduction([64, 1000], [false, true], [f32([1000, 1]), f32([1, 0])], [f32([1])], opts);
    expect(b.vec).to.equal(4);
    expect(b.modes).to.deep.equal(['v', 'b']);
  });

  it('64-bit indexing only past 2^31 elements or offsets', () => {
    expect(planReduction([2 ** 16, 2 ** 14], [false, true], [f32([2 ** 14, 1])], [f32([1])], opts).index).to.equal('int');
    expect(planReduction([2 ** 17, 2 ** 15], [false, true], [f32([2 ** 15, 1])], [f32([1])], opts).index).to.equal('long long');
  });
});
