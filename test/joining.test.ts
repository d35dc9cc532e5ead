// Joining and splitting against host references: concatenate (axes of both signs, axis null,
// out, dtype, NumPy's promotion, empty inputs, 0-d refusal, non-contiguous views), stack and the
// *stack helpers, block, the split family, unstack, append, concat.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { HostNd, ravel, size, unravel } from './indexing-reference.js';

const num = (xs: ArrayLike<number | bigint | boolean>) => Array.from(xs, Number);
const vals = (a: GpuArray) => num(a.toTypedArray() as Float64Array);
const host = (a: GpuArray): HostNd => ({ shape: [...a.shape], data: vals(a) });

/** Host concatenate along axis: the independent reference. */
function refConcat(xs: HostNd[], axis: number): HostNd {
  const shape = [...xs[0].shape];
  shape[axis] = xs.reduce((s, x) => s + x.shape[axis], 0);
  const data: number[] = [];
  for (let f = 0; f < size(shape); f++) {
    const idx = unravel(f, shape);
    let k = 0;
    let at = idx[axis];
    while (at >= xs[k].shape[axis]) at -= xs[k++].shape[axis];
    const own = [...idx];
    own[axis] = at;
    data.push(xs[k].data[ravel(own, xs[k].shape)]);
  }
  return { shape, data };
}

/** Nested values with int64 (bigint) elements as numbers, to compare with literals. */
const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());

describeEachDevice('joining', () => {
  it('concatenate along every axis, positive and negative, of contiguous and strided inputs', () => {
    const a = gp.arange(1, 25, 1, 'float32').reshape(2, 3, 4);
    const bBase = gp.arange(100, 148, 1, 'float32').reshape(4, 3, 4);
    const b = bBase.slice('::2'); // (2, 3, 4), strided
    const c = gp.arange(200, 224, 1, 'float32').reshape(4, 3, 2).transpose(2, 1, 0); // (2, 3, 4), transposed
    for (const axis of [0, 1, 2, -1, -3]) {
      const got = gp.concatenate([a, b, c], axis);
      const want = refConcat([host(a), host(b), host(c)], (axis + 3) % 3);
      expect(got.shape).to.deep.equal(want.shape);
      expect(vals(got)).to.deep.equal(want.data);
      expect(got.dtype.name).to.equal('float32');
      got.dispose();
    }
    const flat = gp.concatenate([a, c], null);
    expect(flat.shape).to.deep.equal([48]);
    expect(vals(flat)).to.deep.equal([...vals(a), ...vals(c)]);
    const viaOptions = gp.concatenate([a, b], { axis: -2 });
    expect(viaOptions.shape).to.deep.equal([2, 6, 4]);
    [a, bBase, b, c, flat, viaOptions].forEach((x) => x.dispose());
  });

  it("concatenate promotes dtypes as NumPy, honours dtype and out, and joins empty inputs", () => {
    const i = gp.array(new Int32Array([1, 2]));
    const f = gp.array(new Float32Array([0.5]));
    const u = gp.array(new Uint8Array([7]));
    const b = gp.array([true]);
    expect(gp.concatenate([i, f]).dtype.name).to.equal('float64');
    expect(gp.concatenate([u, b]).dtype.name).to.equal('uint8');
    expect(gp.concatenate([u, i]).dtype.name).to.equal('int32');
    const r = gp.concatenate([i, f, u]);
    expect(vals(r)).to.deep.equal([1, 2, 0.5, 7]);
    const asF = gp.concatenate([i, u], { dtype: 'float32' });
    expect(asF.dtype.name).to.equal('float32');
    expect(() => gp.concatenate([f, i], { dtype: 'int32' })).to.throw(TypeError, /same_kind/);
    expect(list(gp.concatenate([f, i], { dtype: 'int32', casting: 'unsafe' }))).to.deep.equal([0, 1, 2]);
    expect(() => gp.concatenate([i, u], { dtype: 'int16', casting: 'safe' })).to.throw(TypeError, /'safe'/);
    expect(gp.stack([u, u], { dtype: 'uint16', casting: 'safe' }).shape).to.deep.equal([2, 1]);
    expect(() => gp.vstack([i, i], { dtype: 'int64', casting: 'no' })).to.throw(TypeError, /'no'/);
    const out = gp.zeros([3], 'float64');
    expect(gp.concatenate([i, f], { out })).to.equal(out);
    expect(vals(out)).to.deep.equal([1, 2, 0.5]);
    expect(() => gp.concatenate([i, f], { out: gp.zeros([4]) })).to.throw(RangeError, /wrong shape/);
    expect(() => gp.concatenate([i, f], { out, dtype: 'float64' })).to.throw(TypeError);
    const e = gp.zeros([0], 'int32');
    expect(vals(gp.concatenate([e, i, e]))).to.deep.equal([1, 2]);
    expect(gp.concatenate([gp.zeros([0, 3]), gp.ones([2, 3])]).shape).to.deep.equal([2, 3]);
    expect(gp.concatenate([gp.zeros([2, 0]), gp.zeros([2, 0])], 1).shape).to.deep.equal([2, 0]);
    [i, f, u, b, r, asF, out, e].forEach((x) => x.dispose());
  });

  it('concatenate in one launch (small, one dtype) and per input (large, many or mixed inputs) agree', () => {
    const parts = Array.from({ length: 9 }, (_, k) => gp.arange(k * 10, k * 10 + 6, 1, 'int32').reshape(2, 3));
    const want = (xs: GpuArray[], axis: number) => refConcat(xs.map(host), axis).data;
    for (const k of [2, 3, 8, 9]) {
      for (const axis of [0, 1]) {
        const got = gp.concatenate(parts.slice(0, k), axis);
        expect(vals(got), `k=${k} axis=${axis}`).to.deep.equal(want(parts.slice(0, k), axis));
        got.dispose();
      }
    }
    const strided = parts.map((p) => p.T);
    const gotT = gp.concatenate(strided.slice(0, 4), -1);
    expect(vals(gotT)).to.deep.equal(want(strided.slice(0, 4), 1));
    const n = 600_000;
    const big = [gp.arange(0, n, 1, 'float32'), gp.arange(n, 2 * n, 1, 'float32')];
    const joined = gp.concatenate(big);
    const v = joined.toTypedArray() as Float32Array;
    expect(v.length).to.equal(2 * n);
    expect([v[0], v[n - 1], v[n], v[2 * n - 1]]).to.deep.equal([0, n - 1, n, 2 * n - 1]);
    expect(v.every((x, i) => x === i)).to.equal(true);
    const out = gp.zeros([6, 3], 'int32').slice('::-1');
    gp.concatenate(parts.slice(0, 3), { out });
    expect(vals(out)).to.deep.equal(want(parts.slice(0, 3), 0));
    [...parts, ...strided, gotT, ...big, joined, out].forEach((x) => x.dispose());
  });

  it('concatenate refuses 0-d inputs, rank and shape mismatches, and no inputs', () => {
    expect(() => gp.concatenate([gp.array(1), gp.array(2)])).to.throw(RangeError, /zero-dimensional/);
    expect(() => gp.concatenate([gp.zeros([2, 3]), gp.zeros([3])])).to.throw(RangeError, /dimension/);
    expect(() => gp.concatenate([gp.zeros([2, 3]), gp.zeros([2, 4])])).to.throw(RangeError, /along dimension 1/);
    expect(() => gp.concatenate([gp.zeros([2, 3])], 2)).to.throw(RangeError);
    expect(() => gp.concatenate([])).to.throw(RangeError, /at least one array/);
  });

  it('stack and its helpers', () => {
    const a = gp.arange(1, 7, 1, 'int32').reshape(2, 3);
    const b = gp.arange(7, 13, 1, 'int32').reshape(2, 3);
    const s0 = gp.stack([a, b]);
    expect(s0.shape).to.deep.equal([2, 2, 3]);
    expect(vals(s0)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const s2 = gp.stack([a, b], -1);
    expect(s2.shape).to.deep.equal([2, 3, 2]);
    expect(vals(s2)).to.deep.equal([1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]);
    expect(() => gp.stack([a, gp.zeros([3, 2])])).to.throw(RangeError, /same shape/);
    expect(list(gp.stack([gp.array(1), gp.array(2)]))).to.deep.equal([1, 2]);
    expect(list(gp.vstack([gp.array([1, 2]), gp.array([3, 4])]))).to.deep.equal([[1, 2], [3, 4]]);
    expect(list(gp.hstack([gp.array([1, 2]), gp.array([3])]))).to.deep.equal([1, 2, 3]);
    expect(gp.hstack([a, b]).shape).to.deep.equal([2, 6]);
    expect(list(gp.dstack([gp.array([1, 2]), gp.array([3, 4])]))).to.deep.equal([[[1, 3], [2, 4]]]);
    expect(list(gp.columnStack([gp.array([1, 2]), gp.array([3, 4])]))).to.deep.equal([[1, 3], [2, 4]]);
    expect(list(gp.columnStack([a, gp.array([0, 0])]))).to.deep.equal([[1, 2, 3, 0], [4, 5, 6, 0]]);
    [a, b, s0, s2].forEach((x) => x.dispose());
  });

  it('block joins nested lists innermost along the last axis', () => {
    const A = gp.full([2, 2], 1, 'int32');
    const B = gp.full([2, 1], 2, 'int32');
    const C = gp.full([1, 3], 3, 'int32');
    expect(list(gp.block([[A, B], [C]]))).to.deep.equal([[1, 1, 2], [1, 1, 2], [3, 3, 3]]);
    expect(list(gp.block([gp.array([1, 2]), gp.array([3])]))).to.deep.equal([1, 2, 3]);
    expect(() => gp.block([[A], B])).to.throw(RangeError, /depths are mismatched/);
    // np.block([1, 2], dtype='float32'): block takes no keywords (TypeError); the option was ignored.
    expect(() => (gp.block as (...a: unknown[]) => unknown)([1, 2], { dtype: 'float32' })).to.throw(TypeError, /unknown option 'dtype'/);
  });

  it('split, arraySplit, hsplit, vsplit, dsplit give views; append flattens without an axis', () => {
    const x = gp.arange(12, 'int32');
    expect(gp.split(x, 3).map((p) => p.toArray())).to.deep.equal([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]);
    expect(() => gp.split(x, 5)).to.throw(RangeError, /equal division/);
    expect(gp.arraySplit(gp.arange(7), 3).map((p) => p.shape[0])).to.deep.equal([3, 2, 2]);
    expect(gp.split(x, [3, 5, 20]).map((p) => p.toArray())).to.deep.equal([[0, 1, 2], [3, 4], [5, 6, 7, 8, 9, 10, 11], []]);
    expect(gp.split(x, [-2]).map((p) => p.shape[0])).to.deep.equal([10, 2]);
    // Split points as an index array (np.split(x, starts[1:])) or a 0-d count (NumPy 2.4 values).
    expect(gp.split(gp.arange(7), gp.array([2, 5])).map((p) => p.shape[0])).to.deep.equal([2, 3, 2]);
    expect(gp.arraySplit(gp.arange(7), gp.array(3)).map((p) => p.shape[0])).to.deep.equal([3, 2, 2]);
    expect(gp.hsplit(x.reshape(2, 6), new Int32Array([1, 3])).map((p) => p.shape)).to.deep.equal([[2, 1], [2, 2], [2, 3]]);
    expect(() => gp.split(x, gp.array([2.5]))).to.throw(TypeError, /integers/);
    // A bigint count or split point (an int64 item(); NumPy's Python int): np.split(np.arange(6), 3),
    // np.split(np.arange(6), [1, 4]) and np.array_split(np.arange(5), 2).
    expect(gp.split(gp.arange(6), 3n).map((p) => p.shape[0])).to.deep.equal([2, 2, 2]);
    expect(gp.split(gp.arange(6), [1n, 4n]).map((p) => p.shape[0])).to.deep.equal([1, 3, 2]);
    expect(gp.arraySplit(gp.arange(5), 2n).map((p) => p.shape[0])).to.deep.equal([3, 2]);
    const m = x.reshape(2, 3, 2);
    const hs = gp.hsplit(m, 3);
    expect(hs.map((p) => p.shape)).to.deep.equal([[2, 1, 2], [2, 1, 2], [2, 1, 2]]);
    expect(hs[1].base).to.equal(x);
    expect(list(gp.vsplit(m, 2)[1])).to.deep.equal([[[6, 7], [8, 9], [10, 11]]]);
    expect(list(gp.dsplit(m, [1])[1])).to.deep.equal([[[1], [3], [5]], [[7], [9], [11]]]);
    expect(() => gp.vsplit(x, 2)).to.throw(RangeError, /2 or more/);
    expect(gp.split(m, 2, -1).map((p) => p.shape)).to.deep.equal([[2, 3, 1], [2, 3, 1]]);
    // NumPy reads ary.shape[axis]: an axis out of range is an IndexError there, as for a 0-d array.
    expect(() => gp.split(gp.arange(4), 2, 1)).to.throw(gp.IndexError);
    expect(() => gp.arraySplit(gp.arange(4), [1], -2)).to.throw(gp.IndexError);
    expect(() => gp.split(gp.array(5), 1)).to.throw(gp.IndexError);
    expect(list(gp.append(gp.array([[1, 2], [3, 4]]), [5, 6]))).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(list(gp.append(gp.array([[1, 2], [3, 4]]), [[5, 6]], 0))).to.deep.equal([[1, 2], [3, 4], [5, 6]]);
  });

  it("unstack gives views along an axis (NumPy 2.1); concat is NumPy 2's concatenate", () => {
    // A strided view (x.T) as input: the parts keep its strides, against the host reference.
    const x = gp.arange(24, 'float32').reshape(2, 3, 4);
    const t = x.transpose([2, 0, 1]); // shape [4, 2, 3]
    const ref = host(t);
    for (const axis of [0, 1, 2, -1, -3]) {
      const ax = axis < 0 ? axis + 3 : axis;
      const parts = gp.unstack(t, { axis });
      expect(parts.length, `axis ${axis}`).to.equal(t.shape[ax]);
      parts.forEach((p, i) => {
        const shape = t.shape.filter((_, d) => d !== ax);
        const want = Array.from({ length: size(shape) }, (_, f) => {
          const idx = unravel(f, shape);
          idx.splice(ax, 0, i);
          return ref.data[ravel(idx, ref.shape)];
        });
        expect(p.shape, `axis ${axis} part ${i}`).to.deep.equal(shape);
        expect(vals(p), `axis ${axis} part ${i}`).to.deep.equal(want);
        expect(p.base).to.equal(t.base);
      });
    }
    expect(gp.unstack(gp.arange(6).reshape(2, 3)).map(list)).to.deep.equal([[0, 1, 2], [3, 4, 5]]);
    expect(gp.unstack(gp.zeros([0, 3]))).to.deep.equal([]);
    expect(gp.unstack([[1, 2], [3, 4]], { axis: 1 }).map(list)).to.deep.equal([[1, 3], [2, 4]]);
    expect(() => gp.unstack(gp.array(5))).to.throw(RangeError, /at least 1-d/);
    expect(() => gp.unstack(gp.arange(4), { axis: 1 })).to.throw(RangeError, /out of bounds|axis/);
    expect(() => gp.unstack(gp.arange(4), 0 as never)).to.throw(TypeError, /keyword/);
    expect(gp.concat).to.equal(gp.concatenate);
    expect(list(gp.concat([gp.arange(2), gp.arange(3)]))).to.deep.equal([0, 1, 0, 1, 2]);
  });

  it('NumPy audit: casting against the common dtype, stack axis null, options objects, huge section counts', () => {
    const i32 = gp.array([1, 2], 'int32');
    // np.concatenate([int32, int64], casting='no') -> TypeError; same dtypes pass.
    expect(() => gp.concatenate([i32, gp.array([3], 'int64')], { casting: 'no' })).to.throw(TypeError, /rule 'no'/);
    expect(list(gp.concatenate([i32, i32], { casting: 'no' }))).to.deep.equal([1, 2, 1, 2]);
    expect(() => gp.stack([i32, i32], { axis: null as unknown as number })).to.throw(TypeError, /axis/);
    expect(() => gp.vstack([i32], NaN as never)).to.throw(TypeError, /options must be an object/);
    // np.array_split(np.zeros(0), 2**53) would be 2**53 views: refused, not a V8 abort.
    expect(() => gp.arraySplit(gp.zeros([0]), 2 ** 53)).to.throw(RangeError, /too many/);
  });
});

describeEachDevice('concatenate: JS scalars beside arrays are weak (NumPy 2, NEP 50)', () => {
  it('takes the arrays dtype where the kind allows, puts each scalar into it whatever the casting', () => {
    const a = gp.asarray([1, 2, 3], 'int8');
    const cases: [unknown, string, unknown[]][] = [
      // np.concatenate((int8 array, v), axis=None)
      [2, 'int8', [1, 2, 3, 2]],
      [2.5, 'float64', [1, 2, 3, 2.5]],
      [300, 'int8', [1, 2, 3, 44]],
      [true, 'int8', [1, 2, 3, 1]],
    ];
    for (const [v, dt, want] of cases) {
      const c = gp.concatenate([a, v as number], { axis: null });
      expect(c.dtype.name, String(v)).to.equal(dt);
      expect(c.toArray()).to.deep.equal(want);
      c.dispose();
    }
    const no = gp.concatenate([a, 2], { axis: null, casting: 'no' });
    expect(no.dtype.name).to.equal('int8');
    no.dispose();
    // Scalars alone are their default dtype (np.concatenate((2, 3), axis=None) is int64).
    const both = gp.concatenate([2, 3], { axis: null });
    expect(both.dtype.name).to.equal('int64');
    both.dispose();
    // append ravels its operands first (np.append(int8 array, 2) is int64): its scalars stay strong.
    const app = gp.append(a, 2);
    expect(app.dtype.name).to.equal('int64');
    app.dispose();
    a.dispose();
  });
});
