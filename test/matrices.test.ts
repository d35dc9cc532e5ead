// Matrices from vectors and grids: diag, diagflat, tri, tril, triu, meshgrid, indices, ix_, vander,
// against values derived from NumPy's definitions.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** Nested values with int64 (bigint) elements as numbers, to compare with literals. */
const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());

describeEachDevice('matrices from vectors', () => {
  it('diag builds from a vector and reads a diagonal (k of both signs, strided input)', () => {
    expect(list(gp.diag(gp.array([1, 2, 3])))).to.deep.equal([[1, 0, 0], [0, 2, 0], [0, 0, 3]]);
    expect(list(gp.diag(gp.array([1, 2]), -1))).to.deep.equal([[0, 0, 0], [1, 0, 0], [0, 2, 0]]);
    const m = gp.arange(12).reshape(3, 4);
    expect(list(gp.diag(m))).to.deep.equal([0, 5, 10]);
    expect(list(gp.diag(m, 2))).to.deep.equal([2, 7]);
    expect(list(gp.diag(m, -2))).to.deep.equal([8]);
    expect(list(gp.diag(m, 5))).to.deep.equal([]);
    expect(list(gp.diag(m.T, { k: 1 }))).to.deep.equal([4, 9]);
    expect(list(gp.diag(m.slice(':', '::-1')))).to.deep.equal([3, 6, 9]);
    expect(list(gp.diagflat(gp.array([[1, 2], [3, 4]])))).to.deep.equal([[1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 4]]);
    expect(list(gp.diagflat(gp.array([5]), 1))).to.deep.equal([[0, 5], [0, 0]]);
    expect(() => gp.diag(gp.zeros([2, 2, 2]))).to.throw(RangeError, /1- or 2-d/);
  });

  it('tri, tril, triu (k of both signs, stacks of matrices, 1-D input, every dtype kind)', () => {
    expect(list(gp.tri(3, 4, 1, 'int32'))).to.deep.equal([[1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]);
    expect(gp.tri(2).dtype.name).to.equal('float64');
    expect(list(gp.tri(2, { k: -1, dtype: 'bool' }))).to.deep.equal([[false, false], [true, false]]);
    const m = gp.arange(1, 13, 1, 'float32').reshape(3, 4);
    expect(list(gp.tril(m))).to.deep.equal([[1, 0, 0, 0], [5, 6, 0, 0], [9, 10, 11, 0]]);
    expect(list(gp.tril(m, -1))).to.deep.equal([[0, 0, 0, 0], [5, 0, 0, 0], [9, 10, 0, 0]]);
    expect(list(gp.triu(m, 1))).to.deep.equal([[0, 2, 3, 4], [0, 0, 7, 8], [0, 0, 0, 12]]);
    const stack = gp.arange(8).reshape(2, 2, 2);
    expect(list(gp.triu(stack))).to.deep.equal([[[0, 1], [0, 3]], [[4, 5], [0, 7]]]);
    expect(list(gp.tril(gp.array([1, 2, 3])))).to.deep.equal([[1, 0, 0], [1, 2, 0], [1, 2, 3]]);
    expect(() => gp.tril(gp.array(5))).to.throw(TypeError, /at least 1-d/);
    expect(() => gp.triu(gp.array(5))).to.throw(TypeError, /at least 1-d/);
    expect(list(gp.triu(m.T))).to.deep.equal([[1, 5, 9], [0, 6, 10], [0, 0, 11], [0, 0, 0]]);
    const c = gp.triu(gp.ones([2, 2], 'complex64'));
    expect((c.toArray() as { re: number }[][]).map((r) => r.map((z) => z.re))).to.deep.equal([[1, 1], [0, 1]]);
  });

  it('meshgrid (xy and ij, sparse), indices (dense and sparse), ix_', () => {
    const [X, Y] = gp.meshgrid(gp.array([1, 2, 3]), gp.array([4, 5]));
    expect(list(X)).to.deep.equal([[1, 2, 3], [1, 2, 3]]);
    expect(list(Y)).to.deep.equal([[4, 4, 4], [5, 5, 5]]);
    const [I, J] = gp.meshgrid(gp.array([1, 2, 3]), gp.array([4, 5]), { indexing: 'ij' });
    expect(I.shape).to.deep.equal([3, 2]);
    expect(list(J)).to.deep.equal([[4, 5], [4, 5], [4, 5]]);
    const sp = gp.meshgrid(gp.array([1, 2, 3]), gp.array([4, 5]), gp.array([6]), { sparse: true });
    expect(sp.map((x) => x.shape)).to.deep.equal([[1, 3, 1], [2, 1, 1], [1, 1, 1]]);
    expect(() => gp.meshgrid(gp.array([1]), { indexing: 'xx' as 'xy' })).to.throw(RangeError);
    const g = gp.indices([2, 3]) as GpuArray;
    expect(g.shape).to.deep.equal([2, 2, 3]);
    expect(list(g)).to.deep.equal([[[0, 0, 0], [1, 1, 1]], [[0, 1, 2], [0, 1, 2]]]);
    expect(g.dtype.name).to.equal('int64');
    const s = gp.indices([2, 3], { sparse: true }) as GpuArray[];
    expect(s.map((x) => x.shape)).to.deep.equal([[2, 1], [1, 3]]);
    // np.indices((2, 3), foo=1): an unknown keyword is a TypeError (the option was ignored).
    expect(() => gp.indices([2, 3], { foo: 1 } as never)).to.throw(TypeError, /unknown option 'foo'/);
    const [r, cIdx] = gp.ix_([0, 2], gp.array([true, false, true, true]));
    expect(r.shape).to.deep.equal([2, 1]);
    expect(list(cIdx)).to.deep.equal([[0, 2, 3]]);
    const a = gp.arange(12).reshape(3, 4);
    expect(list(a.slice(r, cIdx))).to.deep.equal([[0, 2, 3], [8, 10, 11]]);
  });

  it('vander: decreasing and increasing powers, N, NumPy dtype promotion', () => {
    expect(list(gp.vander(gp.array([1, 2, 3, 5])))).to.deep.equal([[1, 1, 1, 1], [8, 4, 2, 1], [27, 9, 3, 1], [125, 25, 5, 1]]);
    expect(list(gp.vander(gp.array([2, 3]), 3, true))).to.deep.equal([[1, 2, 4], [1, 3, 9]]);
    expect(gp.vander(gp.array([2, 3], 'int8'), { N: 2 }).dtype.name).to.equal('int64');
    expect(list(gp.vander(gp.array([0.5], 'float32'), 3))).to.deep.equal([[0.25, 0.5, 1]]);
    expect(gp.vander(gp.array([2]), 0).shape).to.deep.equal([1, 0]);
    // The options object after N, as NumPy's keyword (vander(x, 3, increasing=True)).
    expect(list(gp.vander(gp.array([2, 3]), 3, { increasing: true }))).to.deep.equal([[1, 2, 4], [1, 3, 9]]);
    expect(() => gp.vander(gp.array([2, 3]), 3, { increasing: true, bogus: 1 } as never)).to.throw(TypeError, /bogus/);
    expect(() => gp.vander(gp.array([2, 3]), 3, 'yes' as never)).to.throw(TypeError, /increasing/);
    // np.vander([1, 2], 2.5): TypeError; np.vander([1, 2], -1): ValueError
    expect(() => gp.vander(gp.array([2, 3]), 2.5)).to.throw(TypeError, /integer/);
    expect(() => gp.vander(gp.array([2, 3]), -1)).to.throw(RangeError, /non-negative/);
  });

  it('unravelIndex, trilIndices/triuIndices, diagIndices, fillDiagonal (NumPy 2.4 values)', () => {
    const all = (xs: GpuArray[]) => xs.map((x) => list(x));
    expect(gp.unravelIndex(22, [2, 3, 4])).to.deep.equal([1, 2, 2]);
    expect(gp.unravelIndex(5, [2, 3], { order: 'F' })).to.deep.equal([1, 2]);
    const u = gp.unravelIndex(gp.array([[0, 5], [3, 4]]), [2, 3]);
    expect([u[0].dtype.name, u[0].shape]).to.deep.equal(['int64', [2, 2]]);
    expect(all(u)).to.deep.equal([[[0, 1], [1, 1]], [[0, 2], [0, 1]]]);
    expect(all(gp.unravelIndex([1, 4], [2, 3], { order: 'F' }))).to.deep.equal([[1, 0], [0, 2]]);
    expect(() => gp.unravelIndex(6, [2, 3])).to.throw(RangeError, /out of bounds/);
    expect(() => gp.unravelIndex([-1], [2, 3])).to.throw(RangeError, /out of bounds/);
    expect(() => gp.unravelIndex(gp.array([1.0], 'float64'), [2, 3])).to.throw(TypeError, /int/);
    expect(all(gp.triuIndices(4, { k: 1 }))).to.deep.equal([[0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3]]);
    expect(all(gp.triuIndices(3, 1, 5))).to.deep.equal([[0, 0, 0, 0, 1, 1, 1, 2, 2], [1, 2, 3, 4, 2, 3, 4, 3, 4]]);
    expect(all(gp.trilIndices(4, -1, 2))).to.deep.equal([[1, 2, 2, 3, 3], [0, 0, 1, 0, 1]]);
    expect(all(gp.diagIndices(2, 3))).to.deep.equal([[0, 1], [0, 1], [0, 1]]);
    expect(() => gp.triuIndices(2.5)).to.throw(TypeError);
    // NumPy 2.4: a negative n or m is an empty triangle, a negative n or ndim of diag_indices no
    // indices (np.tril_indices(-2), np.tril_indices(2, 0, -1), np.triu_indices(-1, 2): two empty
    // int64 arrays; np.diag_indices(-1, 2): two empty arrays; np.diag_indices(2, -1) and (2, 0): ()).
    for (const r of [gp.trilIndices(-2), gp.trilIndices(2, 0, -1), gp.triuIndices(-1, 2), gp.diagIndices(-1, 2)]) {
      expect(r.map((x) => [x.dtype.name, x.shape])).to.deep.equal([['int64', [0]], ['int64', [0]]]);
    }
    expect(gp.diagIndices(2, -1)).to.deep.equal([]);
    expect(gp.diagIndices(2, 0)).to.deep.equal([]);
    const tall = gp.zeros([5, 3], 'int32');
    gp.fillDiagonal(tall, [1, 2]); // values used cyclically, as a.flat[...] = val
    expect(list(tall)).to.deep.equal([[1, 0, 0], [0, 2, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]]);
    const wrapped = gp.zeros([7, 3]);
    gp.fillDiagonal(wrapped, 9, { wrap: true });
    expect(list(wrapped)).to.deep.equal([[9, 0, 0], [0, 9, 0], [0, 0, 9], [0, 0, 0], [9, 0, 0], [0, 9, 0], [0, 0, 9]]);
    const cube = gp.zeros([3, 3, 3]);
    gp.fillDiagonal(cube, 1);
    expect([cube.sum().item(), cube.item(0), cube.item(13), cube.item(26)]).to.deep.equal([3, 1, 1, 1]);
    const view = gp.arange(9).reshape([3, 3]).T; // a transposed view is written through
    gp.fillDiagonal(view, -1);
    expect(list(view)).to.deep.equal([[-1, 3, 6], [1, -1, 7], [2, 5, -1]]);
    expect(() => gp.fillDiagonal(gp.zeros(3), 1)).to.throw(RangeError, /2-d/);
    expect(() => gp.fillDiagonal(gp.zeros([2, 3, 3]), 1)).to.throw(RangeError, /equal length/);
    // JS values convert as NumPy's a.flat[...] = val: range-checked (OverflowError there), even
    // where nothing is written; a GpuArray casts unsafely; floats truncate.
    expect(() => gp.fillDiagonal(gp.zeros([2, 0], 'uint64'), -1)).to.throw(RangeError, /out of bounds for uint64/);
    expect(() => gp.fillDiagonal(gp.zeros([2, 2], 'uint8'), [-1])).to.throw(RangeError, /out of bounds for uint8/);
    const u8 = gp.zeros([2, 2], 'uint8');
    gp.fillDiagonal(u8, gp.array([-1]));
    expect(list(u8)).to.deep.equal([[255, 0], [0, 255]]);
    const i32 = gp.zeros([2, 2], 'int32');
    gp.fillDiagonal(i32, [1.5, 2.5]);
    expect(list(i32)).to.deep.equal([[1, 0], [0, 2]]);
  });

  it('NumPy audit: tri with a negative size is empty', () => {
    expect(gp.tri(2, -3).shape).to.deep.equal([2, 0]);
    expect(gp.tri(-1, 3).shape).to.deep.equal([0, 3]);
    expect(() => gp.tri(2.5)).to.throw(TypeError);
  });

  it('fromfunction: float64 coordinates by default, dtype, a returned coordinate stays alive', () => {
    const a = gp.fromfunction((i, j) => i.add(j), [2, 3]);
    expect([a.dtype.name, a.toArray()]).to.deep.equal(['float64', [[0, 1, 2], [1, 2, 3]]]);
    const b = gp.fromfunction((i, j) => i.multiply(j), [2, 3], { dtype: 'int32' });
    expect([b.dtype.name, b.toArray()]).to.deep.equal(['int32', [[0, 0, 0], [0, 1, 2]]]);
    const c = gp.fromfunction((i) => i, [2, 2]);
    expect(c.toArray()).to.deep.equal([[0, 0], [1, 1]]);
    expect(() => gp.fromfunction((i) => i, [2], { order: 'C' } as never)).to.throw(TypeError, /unknown option/);
    for (const x of [a, b, c]) x.dispose();
  });
});
