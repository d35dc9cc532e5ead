// gp.linalg's functions built from the others (multiDot, cond, tensorsolve, tensorinv) and NumPy 2's
// array-API names (vectorNorm, matrixNorm, svdvals, vecdot, matvec, vecmat, matrixTranspose,
// linalg.outer/trace/diagonal), against values computed with NumPy 2.4.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectClose, values } from './reduction-reference.js';

describeEachDevice('linalg: multiDot, cond, tensorsolve, tensorinv', () => {
  it('multiDot: any chain order gives a @ b @ c; 1-D ends drop their axes; errors', () => {
    const a = gp.array([[1, 2, 0], [0, 1, 3]], 'float64');
    const b = gp.array([[1, 0], [2, 1], [0, 4]], 'float64');
    const c = gp.array([[2, 1], [1, 1]], 'float64');
    expect(values(gp.linalg.multiDot([a, b, c]))).to.deep.equal([12, 7, 17, 15]);
    const r = gp.linalg.multiDot([gp.array([1, 1], 'float64'), a, b, gp.array([1, -1], 'float64')]);
    expect(r.shape).to.deep.equal([]);
    expect(values(r)).to.deep.equal([-8]);
    const out = gp.zeros([2, 2]);
    expect(gp.linalg.multiDot([a, b, c], { out })).to.equal(out);
    expect(values(out)).to.deep.equal([12, 7, 17, 15]);
    expect(() => gp.linalg.multiDot([a])).to.throw(RangeError, 'at least two');
    expect(() => gp.linalg.multiDot([a, gp.ones([2, 3, 2]), c])).to.throw(gp.LinAlgError, 'two-dimensional');
  });

  it("multiDot's out: the 2-D product (1-D ends a row and a column), its exact dtype, C-contiguous (NumPy's dot)", () => {
    const a = gp.array([[1, 2], [3, 4]], 'float64');
    const i = gp.array([[1, 2], [3, 4]], 'int64');
    // np.linalg.multi_dot([i, i, i], out=np.zeros((2, 2))): ValueError, the product is int64.
    expect(() => gp.linalg.multiDot([i, i, i], { out: gp.zeros([2, 2]) })).to.throw(RangeError, /not acceptable/);
    expect(() => gp.linalg.multiDot([a, i, i], { out: gp.zeros([2, 2], 'float32') })).to.throw(RangeError, /not acceptable/);
    expect(() => gp.linalg.multiDot([a, i, i], { out: gp.zeros([2, 2]).T })).to.throw(RangeError, /not acceptable/);
    // A 1-D last operand: out is (2, 1), not (2,); NumPy returns it raveled.
    const v = gp.array([1, 2], 'int64');
    expect(() => gp.linalg.multiDot([a, i, v], { out: gp.zeros([2]) })).to.throw(RangeError);
    const col = gp.zeros([2, 1]);
    const r = gp.linalg.multiDot([a, i, v], { out: col });
    expect(r.shape).to.deep.equal([2]);
    expect(values(r)).to.deep.equal([27, 59]);
    expect(values(col)).to.deep.equal([27, 59]);
    const one = gp.zeros([1, 1]);
    expect(values(gp.linalg.multiDot([gp.array([1, 2], 'float64'), i, i, v], { out: one }))).to.deep.equal([145]);
    expect(values(one)).to.deep.equal([145]);
  });

  it('cond: 2-norm from the singular values, other ords through inv; singular matrices give inf', () => {
    const sq = gp.array([[2, 1], [1, 3]], 'float64');
    expectClose(values(gp.linalg.cond(sq)), [2.6180339887498953], 1e-13, 0);
    expectClose(values(gp.linalg.cond(sq, -2)), [0.3819660112501051], 1e-13, 0);
    expectClose(values(gp.linalg.cond(sq, 1)), [3.2], 1e-13, 0);
    expectClose(values(gp.linalg.cond(sq, 'fro')), [3], 1e-13, 0);
    // NumPy: cond(st, 1) = [inf, 2.] (a singular matrix in the stack).
    const st = gp.array([[[1, 2], [2, 4]], [[2, 0], [0, 1]]], 'float64');
    expect(values(gp.linalg.cond(st, 1))).to.deep.equal([Infinity, 2]);
    expect(gp.linalg.cond(gp.array([[1, 2], [3, 4]], 'float32')).dtype.name).to.equal('float32');
    expect(() => gp.linalg.cond(gp.zeros([0, 0]))).to.throw(gp.LinAlgError, 'empty');
    expect(() => gp.linalg.cond(gp.ones([2, 3]), 1)).to.throw(gp.LinAlgError);
  });

  it('tensorsolve and tensorinv reshape to one matrix problem', () => {
    const a = gp.eye(6).reshape([2, 3, 6]);
    const ia = gp.linalg.tensorinv(gp.multiply(a, 2));
    expect(ia.shape).to.deep.equal([6, 2, 3]);
    expect((values(ia) as number[]).reduce((s, v) => s + v, 0)).to.equal(3);
    const x = gp.linalg.tensorsolve(gp.multiply(gp.eye(6), 4).reshape([6, 2, 3]), gp.arange(6, 'float64'));
    expect(x.shape).to.deep.equal([2, 3]);
    expectClose(values(x), [0, 0.25, 0.5, 0.75, 1, 1.25], 1e-15, 0);
    expect(() => gp.linalg.tensorinv(a, { ind: 0 })).to.throw(RangeError, 'ind');
    expect(() => gp.linalg.tensorsolve(gp.ones([2, 3]), gp.ones([2]))).to.throw(gp.LinAlgError);
  });
});

describeEachDevice('linalg: NumPy 2 array-API functions', () => {
  // Made in before(), on the device this run uses (the describe body runs before any device is current).
  let x: gp.GpuArray;
  before(() => {
    x = gp.subtract(gp.arange(24, 'float64').reshape([2, 3, 4]), 10);
  });

  it('vectorNorm over axis tuples with keepdims; matrixNorm; svdvals', () => {
    const v = gp.linalg.vectorNorm(x, { axis: [0, 2], keepdims: true });
    expect(v.shape).to.deep.equal([1, 3, 1]);
    expectClose(values(v), [18.65475810617763, 17.776388834631177, 23.2379000772445], 1e-13, 0);
    expect(values(gp.linalg.vectorNorm(x, { ord: 1 }))).to.deep.equal([146]);
    expect(values(gp.linalg.matrixNorm(x, { ord: 1 }))).to.deep.equal([18, 27]);
    expect(gp.linalg.matrixNorm(x, { keepdims: true }).shape).to.deep.equal([2, 1, 1]);
    expectClose(values(gp.linalg.svdvals(gp.array([[3, 0], [0, -4]], 'float64'))), [4, 3], 1e-14, 0);
    expect(() => gp.linalg.vectorNorm(x, { ord: 'fro' as never })).to.throw(RangeError);
    expect(() => gp.linalg.matrixNorm(gp.ones([3]))).to.throw(RangeError);
  });

  it('vecdot conjugates the first operand; matvec, vecmat; matrixTranspose; linalg.outer/trace/diagonal', () => {
    const z = gp.array([{ re: 1, im: 2 }, { re: 3, im: -1 }], 'complex128');
    const w = gp.array([{ re: 2, im: -1 }, { re: 0, im: 1 }], 'complex128');
    const zw = gp.vecdot(z, w).toArray() as { re: number; im: number };
    expect([zw.re, zw.im]).to.deep.equal([-1, -2]);
    expect(values(gp.linalg.vecdot(x, gp.array([1, 0, -1, 2], 'float64')))).to.deep.equal([-16, -8, 0, 8, 16, 24]);
    expect(() => gp.vecdot(x, gp.ones([3]))).to.throw(RangeError);
    const m = gp.array([[{ re: 0, im: 1 }, 2], [3, 4]], 'complex128');
    const mv = gp.matvec(m, w).toArray() as { re: number; im: number }[];
    expect(mv.map((c) => [c.re, c.im])).to.deep.equal([[1, 4], [6, 1]]);
    const vm = gp.vecmat(w, m).toArray() as { re: number; im: number }[];
    expect(vm.map((c) => [c.re, c.im])).to.deep.equal([[-1, -1], [4, -2]]);
    expect(gp.matrixTranspose(x).shape).to.deep.equal([2, 4, 3]);
    expect(() => gp.linalg.matrixTranspose(gp.ones([3]))).to.throw(RangeError);
    expect(() => gp.linalg.outer(gp.ones([2, 2]), gp.ones([2]))).to.throw(RangeError, 'one-dimensional');
    expect(gp.linalg.outer(gp.ones([2]), gp.ones([3])).shape).to.deep.equal([2, 3]);
    // NumPy 2: linalg.outer(x1, x2, /) and linalg.tensordot(x1, x2, /, *, axes=2).
    expect(() => (gp.linalg.outer as (...a: unknown[]) => unknown)(gp.ones([2]), gp.ones([3]), null)).to.throw(TypeError, 'outer() takes 2 positional arguments but 3 were given');
    expect(() => (gp.linalg.tensordot as (...a: unknown[]) => unknown)(gp.ones([2, 2]), gp.ones([2, 2]), 1)).to.throw(TypeError, 'tensordot() takes 2 positional arguments but 3 were given');
    const td = gp.linalg.tensordot(gp.arange(4, 'float64').reshape(2, 2), gp.arange(4, 'float64').reshape(2, 2), { axes: 1 });
    expect(td.toArray()).to.deep.equal([[2, 3], [6, 11]]); // np.linalg.tensordot(a, a, axes=1)
    expect(gp.linalg.tensordot(gp.ones([2, 3]), gp.ones([2, 3])).toArray()).to.equal(6); // axes=2: a full contraction, 0-d
    // Their keyword-only arguments: a null (None) by position is NumPy's TypeError, as any extra.
    const e3 = gp.eye(3);
    const v = gp.ones([3]);
    const L = gp.linalg as unknown as Record<string, (...a: unknown[]) => unknown>;
    const refused: [string, unknown[], string][] = [
      ['cross', [v, v, null], 'cross() takes 2 positional arguments but 3 were given'],
      ['diagonal', [e3, null], 'diagonal() takes 1 positional argument but 2 were given'],
      ['trace', [e3, null], 'trace() takes 1 positional argument but 2 were given'],
      ['matrixNorm', [e3, null], 'matrixNorm() takes 1 positional argument but 2 were given'],
      ['vectorNorm', [v, null], 'vectorNorm() takes 1 positional argument but 2 were given'],
      ['cholesky', [e3, null], 'cholesky() takes 1 positional argument but 2 were given'],
      ['multiDot', [[e3, e3], null], 'multiDot() takes 1 positional argument but 2 were given'],
      ['matmul', [e3, e3, null], 'matmul() takes 2 positional arguments but 3 were given'],
    ];
    for (const [name, args, message] of refused) expect(() => L[name](...args), name).to.throw(TypeError, message);
    expect(() => L.matmul(e3, e3, { out: gp.empty([3, 3]) })).to.throw(TypeError, /unknown option 'out'/); // no ufunc keywords
    expect((gp.linalg.matmul(gp.arange(4, 'float64').reshape(2, 2), gp.ones([2])) as gp.GpuArray).toArray()).to.deep.equal([1, 5]);
    // np.linalg.trace(x, offset=1) = [-12, 24]; np.linalg.diagonal(x, offset=-1) = [[-6, -1], [6, 11]].
    expect(values(gp.linalg.trace(x, { offset: 1 }))).to.deep.equal([-12, 24]);
    expect(values(gp.linalg.diagonal(x, { offset: -1 }))).to.deep.equal([-6, -1, 6, 11]);
  });

  it("vecdot keeps the operands' common dtype (a gufunc): bool stays bool, int8 with uint8 is int16", () => {
    // np.linalg.vecdot([[T, F, T], [F, F, T]], [[F, T, F], [T, T, T]]) = [False, True] (bool);
    // np.vecdot(int8 [[100, -3], [1, 2]], uint8 [[2, 1], [200, 3]]) = [197, 206] (int16).
    const p = gp.array([[true, false, true], [false, false, true]]);
    const q = gp.array([[false, true, false], [true, true, true]]);
    const b = gp.linalg.vecdot(p, q);
    expect(b.dtype.name).to.equal('bool');
    expect(b.toArray()).to.deep.equal([false, true]);
    const i = gp.vecdot(gp.array([[100, -3], [1, 2]], 'int8'), gp.array([[2, 1], [200, 3]], 'uint8'));
    expect(i.dtype.name).to.equal('int16');
    expect(values(i)).to.deep.equal([197, 206]);
    expect(gp.linalg.vecdot(gp.ones([2, 3], 'float32'), gp.ones([3], 'float16')).dtype.name).to.equal('float32');
  });

  it('linalg.cross takes 3-element vectors only (NumPy 2), along axis', () => {
    // np.linalg.cross([1, 2, 3], [4, 5, 6]) = [-3, 6, -3]; with axis=0 over columns the same per column.
    expect(values(gp.linalg.cross(gp.array([1, 2, 3], 'float64'), gp.array([4, 5, 6], 'float64')))).to.deep.equal([-3, 6, -3]);
    const c = gp.linalg.cross(gp.array([[1, 0], [2, 0], [3, 1]], 'int64'), gp.array([[4, 1], [5, 0], [6, 0]], 'int64'), { axis: 0 });
    expect(c.shape).to.deep.equal([3, 2]);
    expect(values(c)).to.deep.equal([-3n, 0n, 6n, 1n, -3n, 0n]);
    expect(() => gp.linalg.cross(gp.array([1, 2], 'float64'), gp.array([3, 4], 'float64'))).to.throw(RangeError, '3-dimensional vectors');
    expect(() => gp.linalg.cross(gp.ones([3]), gp.ones([2]))).to.throw(RangeError, 'but they are 3 and 2');
    expect(() => gp.linalg.cross(gp.ones([3]), gp.ones([3]), { axisa: 0 } as never)).to.throw(TypeError, /unknown option/);
    // gp.cross keeps NumPy's numpy.cross: 2-element vectors give the z component.
    expect(values(gp.cross(gp.array([1, 2], 'float64'), gp.array([3, 4], 'float64')))).to.deep.equal([-2]);
  });
});
