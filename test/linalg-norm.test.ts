// gp.linalg.norm against host computations of NumPy's definitions: vector ords along an axis,
// matrix ords over two, the flattened default, keepdims, integer and complex inputs, errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectClose, values } from './reduction-reference.js';

describeEachDevice('linalg: norm', () => {
  // x[i, j] = (i*4 + j) - 5, shape (3, 4)
  const data = Array.from({ length: 12 }, (_, i) => i - 5);
  const rows = [0, 1, 2].map((i) => data.slice(4 * i, 4 * i + 4));
  const cols = [0, 1, 2, 3].map((j) => rows.map((r) => r[j]));
  const vnorm = (v: number[], p: number) =>
    p === Infinity ? Math.max(...v.map(Math.abs)) : p === -Infinity ? Math.min(...v.map(Math.abs)) : p === 0 ? v.filter((x) => x !== 0).length : v.reduce((s, x) => s + Math.abs(x) ** p, 0) ** (1 / p);

  it('the default: the 2-norm of everything, any number of dimensions; integers as float64', () => {
    const x = gp.array(data, 'int32').reshape([3, 2, 2]);
    const n = gp.linalg.norm(x);
    expect(n.dtype.name).to.equal('float64');
    expectClose(values(n), [Math.sqrt(data.reduce((s, v) => s + v * v, 0))], 1e-15, 0);
    expect(gp.linalg.norm(x, { keepdims: true }).shape).to.deep.equal([1, 1, 1]);
  });

  it('vector ords along an axis (2, 1, inf, -inf, 0, 3, 0.5), float32 kept', () => {
    const x = gp.array(data, 'float32').reshape([3, 4]);
    for (const p of [2, 1, Infinity, -Infinity, 0, 3, 0.5]) {
      const n1 = gp.linalg.norm(x, p, 1);
      expect(n1.dtype.name).to.equal('float32');
      expectClose(values(n1), rows.map((r) => vnorm(r, p)), 1e-6, 1e-6, `ord ${p} axis 1`);
      const n0 = gp.linalg.norm(x, { ord: p, axis: 0, keepdims: true });
      expect(n0.shape).to.deep.equal([1, 4]);
      expectClose(values(n0), cols.map((c) => vnorm(c, p)), 1e-6, 1e-6, `ord ${p} axis 0`);
    }
    expectClose(values(gp.linalg.norm(gp.array(data, 'float64'), 1)), [vnorm(data, 1)], 0, 0, '1-D ord 1');
  });

  it("matrix ords: 'fro', 1, -1, inf, -inf; batched over a leading axis", () => {
    const x = gp.array(data, 'float64').reshape([3, 4]);
    const colSums = cols.map((c) => c.reduce((s, v) => s + Math.abs(v), 0));
    const rowSums = rows.map((r) => r.reduce((s, v) => s + Math.abs(v), 0));
    expectClose(values(gp.linalg.norm(x, 'fro')), [Math.sqrt(data.reduce((s, v) => s + v * v, 0))], 1e-15, 0);
    expectClose(values(gp.linalg.norm(x, 1)), [Math.max(...colSums)], 0, 0);
    expectClose(values(gp.linalg.norm(x, -1)), [Math.min(...colSums)], 0, 0);
    expectClose(values(gp.linalg.norm(x, Infinity)), [Math.max(...rowSums)], 0, 0);
    expectClose(values(gp.linalg.norm(x, -Infinity)), [Math.min(...rowSums)], 0, 0);
    const b = gp.array([...data, ...data.map((v) => 2 * v)], 'float64').reshape([2, 3, 4]);
    const nb = gp.linalg.norm(b, { ord: 1, axis: [1, 2] });
    expect(nb.shape).to.deep.equal([2]);
    expectClose(values(nb), [Math.max(...colSums), 2 * Math.max(...colSums)], 0, 0);
    expect(gp.linalg.norm(b, { ord: Infinity, axis: [-2, -1], keepdims: true }).shape).to.deep.equal([2, 1, 1]);
  });

  it('complex inputs give their real dtype', () => {
    const z = gp.array([{ re: 3, im: 4 }, { re: 0, im: 1 }], 'complex64');
    const n = gp.linalg.norm(z);
    expect(n.dtype.name).to.equal('float32');
    expectClose(values(n), [Math.sqrt(26)], 1e-6, 0);
    expectClose(values(gp.linalg.norm(z, Infinity)), [5], 0, 0);
  });

  it('errors: bad ords, too many dimensions with an ord', () => {
    const x = gp.ones([2, 2, 2]);
    expect(() => gp.linalg.norm(x, 2)).to.throw(RangeError, /Improper number of dimensions/);
    expect(() => gp.linalg.norm(gp.ones([3]), 'fro')).to.throw(RangeError, /Invalid norm order/);
    expect(() => gp.linalg.norm(gp.ones([2, 2]), 3)).to.throw(RangeError, /Invalid norm order for matrices/);
    expect(() => gp.linalg.norm(gp.ones([2, 2]), { axis: [0, 0] })).to.throw(RangeError, /Duplicate axes/);
  });

  it("matrix ords 2, -2, 'nuc' from the singular values; batched over the other axes, keepdims", () => {
    // Rows (3, 0, 0), (0, 0, -2), (0, 4, 0): singular values 4, 3, 2.
    const m = [[3, 0, 0], [0, 0, -2], [0, 4, 0]];
    const x = gp.array(m, 'float64');
    expectClose(values(gp.linalg.norm(x, 2)), [4], 1e-14, 0);
    expectClose(values(gp.linalg.norm(x, -2)), [2], 1e-14, 0);
    expectClose(values(gp.linalg.norm(x, 'nuc')), [9], 1e-14, 0);
    // The same matrices along axes (0, 2) of a (3, 2, 3) array, the second one doubled.
    const b = gp.array([m, m.map((r) => r.map((v) => 2 * v))], 'float32').transpose([1, 0, 2]);
    const n = gp.linalg.norm(b, { ord: 2, axis: [0, 2] });
    expect(n.shape).to.deep.equal([2]);
    expect(n.dtype.name).to.equal('float32');
    expectClose(values(n), [4, 8], 1e-6, 0);
    const k = gp.linalg.norm(b, { ord: 'nuc', axis: [0, 2], keepdims: true });
    expect(k.shape).to.deep.equal([1, 2, 1]);
    expectClose(values(k), [9, 18], 1e-6, 0);
    const z = gp.array([[{ re: 0, im: 3 }, 0], [0, { re: 4, im: 0 }]], 'complex128');
    expectClose(values(gp.linalg.norm(z, -2)), [3], 1e-14, 0);
  });
  it('norm(x, ord, {axis, keepdims}); the inf-norm of an empty vector is 0; unknown options throw', () => {
    // NumPy: norm(x, 1, axis=1) for x = arange(12).reshape(3, 4) - 5 gives [14, 4, 18].
    const x = gp.array(data, 'float64').reshape([3, 4]);
    expect(values(gp.linalg.norm(x, 1, { axis: 1 }))).to.deep.equal([14, 4, 18]);
    const k = gp.linalg.norm(x, Infinity, { axis: -2, keepdims: true });
    expect(k.shape).to.deep.equal([1, 4]);
    expect(values(k)).to.deep.equal([5, 4, 5, 6]);
    expect(values(gp.linalg.norm(x, 'fro', { axis: [1, 0] }))).to.deep.equal([Math.sqrt(146)]);
    // NumPy's max(..., initial=0): norm(zeros(0), inf) is 0.0 (and norm(zeros((2, 0)), inf, axis=1) is [0, 0]).
    expect(values(gp.linalg.norm(gp.zeros([0]), Infinity))).to.deep.equal([0]);
    expect(values(gp.linalg.norm(gp.zeros([2, 0]), Infinity, { axis: 1 }))).to.deep.equal([0, 0]);
    expect(() => gp.linalg.norm(gp.zeros([0]), -Infinity)).to.throw(RangeError);
    expect(() => gp.linalg.norm(x, 2, { axes: 1 } as never)).to.throw(TypeError, /axes/);
    expect(() => gp.linalg.norm(x, { ord: 1, keepdim: true } as never)).to.throw(TypeError, /keepdim/);
    expect(() => gp.linalg.norm(x, 'foo' as never)).to.throw(RangeError);
  });

  it("matrix ords 1, inf, 2 of matrices with no rows or columns are 0 (NumPy's initial=0); -1, -inf, -2 refuse; 'f' is 'fro'", () => {
    // NumPy 2.4: norm(zeros((0, 3)), ord) is 0.0 for 1, inf, 2, 'nuc' over either axis order;
    // matrix_norm(zeros((2, 0, 0)), ord=1) is [0, 0]; ord -1 over (-1, 0), -inf over (0, 1) and -2 raise ValueError.
    const e = gp.zeros([0, 3]);
    for (const ord of [1, Infinity, 2, 'nuc'] as const) {
      for (const axis of [[0, 1], [-1, 0]] as [number, number][]) expect(values(gp.linalg.norm(e, ord, { axis }))).to.deep.equal([0]);
    }
    expect(values(gp.linalg.matrixNorm(gp.zeros([2, 0, 0]), { ord: 1 }))).to.deep.equal([0, 0]);
    expect(gp.linalg.matrixNorm(gp.zeros([2, 3, 0]), { ord: Infinity, keepdims: true }).shape).to.deep.equal([2, 1, 1]);
    expect(() => gp.linalg.norm(e, -1, { axis: [-1, 0] })).to.throw(RangeError);
    expect(() => gp.linalg.norm(e, -Infinity, { axis: [0, 1] })).to.throw(RangeError);
    expect(() => gp.linalg.norm(e, -2)).to.throw(RangeError);
    // np.linalg.norm(x, 'f') == np.linalg.norm(x, 'fro') == sqrt(146).
    const x = gp.array(data, 'float64').reshape([3, 4]);
    expect(values(gp.linalg.norm(x, 'f'))).to.deep.equal([Math.sqrt(146)]);
  });
});
