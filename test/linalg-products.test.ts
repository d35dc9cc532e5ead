// dot, vdot, inner, outer, tensordot, kron, trace, diagonal, cross against host references
// (the naive einsum of linalg-reference.ts, or values derived by hand from NumPy's rules).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { einsumRef, expectTensor, host, sample, upload } from './linalg-reference.js';
import { values } from './reduction-reference.js';

function rand(shape: number[], dt: gp.DTypeLike, seed: number): gp.GpuArray {
  const d = gp.dtype(dt);
  return upload(sample(shape.reduce((p, v) => p * v, 1), d, rng(seed)), d, shape);
}

describeEachDevice('linalg: dot, vdot, inner, outer, tensordot', () => {
  const f = gp.dtype('float64');

  it('dot: scalars, 1-D.1-D, 2-D.2-D, N-D.1-D, N-D.M-D (last axis of a with second-to-last of b)', () => {
    const v = rand([4], f, 1);
    const w = rand([4], f, 2);
    const m = rand([3, 4], f, 3);
    const n = rand([4, 5], f, 4);
    const t = rand([2, 3, 4], f, 5);
    const u = rand([6, 4, 2], f, 6);
    expectTensor(gp.dot(v, w), einsumRef('i,i->', [host(v), host(w)], f), f, 'v.w');
    expectTensor(gp.dot(m, n), einsumRef('ik,kj->ij', [host(m), host(n)], f), f, 'm.n');
    expectTensor(gp.dot(t, v), einsumRef('abk,k->ab', [host(t), host(v)], f), f, 't.v');
    expectTensor(gp.dot(t, u), einsumRef('abk,ckd->abcd', [host(t), host(u)], f), f, 't.u');
    expectTensor(gp.dot(v, u), einsumRef('k,ckd->cd', [host(v), host(u)], f), f, 'v.u');
    expectTensor(m.dot(n), einsumRef('ik,kj->ij', [host(m), host(n)], f), f, 'method');
    expect(values(gp.dot(gp.array(3), v))).to.deep.equal(values(v).map((x) => 3 * (x as number)));
    expect(() => gp.dot(t, rand([5, 2], f, 7))).to.throw(RangeError, /not aligned/);
  });

  it('vdot conjugates its first operand and flattens both; sizes must match', () => {
    const c = gp.dtype('complex128');
    const a = rand([2, 3], c, 8);
    const b = rand([3, 2], c, 9);
    const ha = host(a);
    const conjA = { shape: [6], data: ha.data.map((z) => ({ re: (z as { re: number }).re, im: -(z as { im: number }).im })) };
    expectTensor(gp.vdot(a, b), einsumRef('i,i->', [conjA, { shape: [6], data: host(b).data }], c), c, 'vdot');
    expect(values(gp.vdot(gp.array([1, 2, 3], 'int32'), gp.array([4, 5, 6], 'int32')))).to.deep.equal([32]);
    expect(() => gp.vdot(gp.ones([3]), gp.ones([4]))).to.throw(RangeError, /same size/);
  });

  it('inner sums over the last axes; outer takes the flattened product', () => {
    const a = rand([2, 3, 4], f, 10);
    const b = rand([5, 4], f, 11);
    expectTensor(gp.inner(a, b), einsumRef('ijk,lk->ijl', [host(a), host(b)], f), f, 'inner');
    expect(() => gp.inner(a, rand([4, 3], f, 12))).to.throw(RangeError, /not aligned/);
    const x = rand([2, 2], 'int16', 13);
    const y = rand([3], 'int16', 14);
    const o = gp.outer(x, y);
    expectTensor(o, einsumRef('i,j->ij', [{ shape: [4], data: host(x).data }, host(y)], gp.dtype('int16')), gp.dtype('int16'), 'outer');
  });

  it('tensordot with a count and with axis lists, in int32 and complex64', () => {
    for (const dt of ['int32', 'complex64'] as const) {
      const d = gp.dtype(dt);
      const a = rand([3, 4, 5], d, 15);
      const b = rand([4, 5, 2], d, 16);
      expectTensor(gp.tensordot(a, b), einsumRef('ijk,jkl->il', [host(a), host(b)], d), d, `${dt} axes=2`);
      expectTensor(gp.tensordot(a, b, 0), einsumRef('ijk,lmn->ijklmn', [host(a), host(b)], d), d, `${dt} axes=0`);
      const c = rand([5, 3, 6], d, 17);
      expectTensor(gp.tensordot(a, c, [[0, 2], [1, 0]]), einsumRef('ijk,kil->jl', [host(a), host(c)], d), d, `${dt} axis lists`);
    }
    expect(() => gp.tensordot(gp.ones([2, 3]), gp.ones([4, 3]), [[1], [0]])).to.throw(RangeError, /shape-mismatch/);
    // axes as NumPy's keyword, in the options object; malformed axes are a TypeError, not a crash.
    const ta = gp.arange(24, 'float64').reshape([2, 3, 4]);
    const tb = gp.arange(40, 'float64').reshape([2, 4, 5]);
    expect(gp.tensordot(ta, tb, { axes: [[0, 2], [0, 1]] }).toArray()).to.deep.equal(gp.tensordot(ta, tb, [[0, 2], [0, 1]]).toArray());
    expect(gp.tensordot(ta.slice(0), tb.slice(0), { axes: 1 }).slice(0).toArray()).to.deep.equal([70, 76, 82, 88, 94]);
    expect(() => gp.tensordot(ta, tb, { axis: 1 } as never)).to.throw(TypeError, /axis/);
    // A negative count sums over no axis, as NumPy's (the outer product); a fraction is a TypeError.
    const outer = gp.tensordot(gp.array([1, 2]), gp.array([3, 4, 5]), -1);
    expect([outer.shape, outer.toArray()]).to.deep.equal([[2, 3], [[3n, 4n, 5n], [6n, 8n, 10n]]]);
    expect(() => gp.tensordot(ta, tb, 1.5)).to.throw(TypeError, /integer/);
    expect(() => gp.tensordot(ta, tb, [[0, 2]] as never)).to.throw(TypeError, /axes/);
  });
});

describeEachDevice('linalg: kron, diagonal, trace, cross', () => {
  it('kron of 2-D and of mixed-dimension operands', () => {
    const a = gp.array([[1, 2], [3, 4]], 'int32');
    const b = gp.array([[0, 5], [6, 7]], 'int32');
    expect(gp.kron(a, b).toArray()).to.deep.equal([
      [0, 5, 0, 10],
      [6, 7, 12, 14],
      [0, 15, 0, 20],
      [18, 21, 24, 28],
    ]);
    const v = gp.array([1, 10], 'float64');
    expect(gp.kron(v, gp.array([[1, 2]], 'float64')).toArray()).to.deep.equal([[1, 2, 10, 20]]);
  });

  it('diagonal is a view (offsets, axes) and trace sums it with NumPy dtypes', () => {
    const a = gp.arange(24).reshape([2, 3, 4]);
    // a[i, j, k] = 12 i + 4 j + k; diagonal(axis1=1, axis2=2, offset=1): a[i, t, t+1].
    const d = gp.diagonal(a, { offset: 1, axis1: 1, axis2: 2 });
    expect(d.shape).to.deep.equal([2, 3]);
    expect(values(d)).to.deep.equal([1n, 6n, 11n, 13n, 18n, 23n]);
    const m = gp.arange(12).astype('float32').reshape([3, 4]);
    expect(values(m.diagonal())).to.deep.equal([0, 5, 10]);
    expect(values(m.diagonal(-1))).to.deep.equal([4, 9]);
    expect(values(m.diagonal(5))).to.deep.equal([]);
    // A read-only view, as NumPy's; einsum's 'ii->i' is a writeable one, and writing through it changes the base.
    expect(m.diagonal().flags.writeable).to.equal(false);
    expect(() => m.diagonal().fill(-1)).to.throw(RangeError, /read-only/);
    expect(() => gp.linalg.diagonal(m).fill(-1)).to.throw(RangeError, /read-only/);
    gp.einsum('ii->i', m.slice(':', ':3')).fill(-1);
    expect(values(m).slice(0, 6)).to.deep.equal([-1, 1, 2, 3, 4, -1]);
    expect(values(gp.trace(gp.array([[1, 2], [3, 4]], 'int8')))).to.deep.equal([5n]);
    expect(gp.trace(gp.array([[1, 2], [3, 4]], 'int8')).dtype.name).to.equal('int64');
    expect(values(gp.array([[1, 2], [3, 4]], 'float32').trace(1))).to.deep.equal([2]);
    expect(values(gp.trace(a, 0, 0, 2))).to.deep.equal([13n, 21n, 29n]);
    expect(() => gp.diagonal(gp.ones([3]))).to.throw(RangeError);
  });

  it('cross of 3-vectors, 2-vectors and mixed, broadcast, with axisc', () => {
    expect(values(gp.cross([1, 0, 0], [0, 1, 0]))).to.deep.equal([0n, 0n, 1n]);
    const a = gp.array([[1, 2, 3], [4, 5, 6]], 'float64');
    const b = gp.array([7, 8, 9], 'float64');
    // (2*9-3*8, 3*7-1*9, 1*8-2*7) = (-6, 12, -6); (5*9-6*8, 6*7-4*9, 4*8-5*7) = (-3, 6, -3).
    expect(gp.cross(a, b).toArray()).to.deep.equal([[-6, 12, -6], [-3, 6, -3]]);
    expect(gp.cross(a, b, { axisc: 0 }).toArray()).to.deep.equal([[-6, -3], [12, 6], [-6, -3]]);
    expect(values(gp.cross(gp.array([1, 2], 'float64'), gp.array([3, 4], 'float64')))).to.deep.equal([-2]);
    // 2 x 3: a = (1, 2, 0): (2*6 - 0, 0 - 1*6, 1*5 - 2*4) = (12, -6, -3).
    expect(values(gp.cross(gp.array([1, 2], 'float64'), gp.array([4, 5, 6], 'float64')))).to.deep.equal([12, -6, -3]);
    expect(() => gp.cross(gp.ones([4]), gp.ones([3]))).to.throw(RangeError, /dimension must be 2 or 3/);
  });
});
