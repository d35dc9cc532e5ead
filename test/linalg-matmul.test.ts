// matmul against a naive host reference (float64 / complex128 / BigInt with wrap-around): every
// dtype, NumPy's result dtypes, 1-D operands, batched and broadcast batches, empty dimensions,
// transposed and non-contiguous operands, out=, errors; sizes that cross the kernel's blocks.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { einsumRef, expectTensor, host, sample, upload } from './linalg-reference.js';
import { values } from './reduction-reference.js';

const ALL: gp.DTypeName[] = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'];

function rand(shape: number[], dt: gp.DTypeLike, seed: number, lim = 4): gp.GpuArray {
  const d = gp.dtype(dt);
  const n = shape.reduce((p, v) => p * v, 1);
  return upload(sample(n, d, rng(seed), lim), d, shape);
}

describeEachDevice('linalg: matmul', () => {
  for (const dt of ALL) {
    it(`${dt}: 2-D product equals the host reference, dtype kept`, () => {
      const d = gp.dtype(dt);
      const a = rand([5, 7], d, 1);
      const b = rand([7, 3], d, 2);
      const c = gp.matmul(a, b);
      expectTensor(c, einsumRef('ik,kj->ij', [host(a), host(b)], d), d, dt);
      // The method form is the same function.
      expectTensor(a.matmul(b), einsumRef('ik,kj->ij', [host(a), host(b)], d), d, `${dt} method`);
    });
  }

  it('integer products wrap as NumPy does (int8, uint8, int32, int64, uint64)', () => {
    for (const [dt, lim] of [
      ['int8', 120],
      ['uint8', 250],
      ['int32', 2_000_000_000],
      ['int64', 2 ** 52],
      ['uint64', 2 ** 52],
    ] as const) {
      const d = gp.dtype(dt);
      const a = rand([3, 9], d, 3, lim);
      const b = rand([9, 4], d, 4, lim);
      expectTensor(gp.matmul(a, b), einsumRef('ik,kj->ij', [host(a), host(b)], d), d, dt);
    }
    // A hand-checked case: 100*2 + 100*1 = 300 = 44 (mod 256) in int8.
    const r = gp.matmul(gp.array([[100, 100]], 'int8'), gp.array([[2], [1]], 'int8'));
    expect(values(r)).to.deep.equal([44]);
  });

  it('bool is OR of ANDs; mixed dtypes promote as NumPy (int8@uint8 -> int16, int32@float32 -> float64, bool@int8 -> int8)', () => {
    const a = gp.array([[true, false], [false, false]]);
    const b = gp.array([[false, true], [true, true]]);
    expect(gp.matmul(a, b).toArray()).to.deep.equal([[false, true], [false, false]]);
    for (const [x, y, want] of [
      ['int8', 'uint8', 'int16'],
      ['int32', 'float32', 'float64'],
      ['bool', 'int8', 'int8'],
      ['float16', 'complex64', 'complex64'],
    ] as const) {
      const p = rand([4, 6], x, 5);
      const q = rand([6, 2], y, 6);
      expectTensor(gp.matmul(p, q), einsumRef('ik,kj->ij', [host(p), host(q)], gp.dtype(want)), gp.dtype(want), `${x}@${y}`);
    }
  });

  it('1-D operands: (k)@(k,n), (m,k)@(k), (k)@(k) -> 0-d, and (k)@(b,k,n)', () => {
    const d = gp.dtype('float64');
    const v = rand([5], d, 7);
    const m = rand([5, 3], d, 8);
    const mt = rand([4, 5], d, 9);
    const bt = rand([2, 5, 3], d, 10);
    expectTensor(gp.matmul(v, m), einsumRef('k,kj->j', [host(v), host(m)], d), d, 'v@m');
    expectTensor(gp.matmul(mt, v), einsumRef('ik,k->i', [host(mt), host(v)], d), d, 'm@v');
    expectTensor(gp.matmul(v, v), einsumRef('k,k->', [host(v), host(v)], d), d, 'v@v');
    expectTensor(gp.matmul(v, bt), einsumRef('k,bkj->bj', [host(v), host(bt)], d), d, 'v@batch');
  });

  it('batched and broadcast batches: (2,1,4,3)@(5,3,2) -> (2,5,4,2); (3,4,6)@(6,2) ', () => {
    for (const dt of ['float32', 'int16', 'complex128'] as const) {
      const d = gp.dtype(dt);
      const a = rand([2, 1, 4, 3], d, 11);
      const b = rand([5, 3, 2], d, 12);
      expectTensor(gp.matmul(a, b), einsumRef('xyik,zkj->xzij', [host(a), host(b)], d), d, `${dt} broadcast`);
      const p = rand([3, 4, 6], d, 13);
      const q = rand([6, 2], d, 14);
      expectTensor(gp.matmul(p, q), einsumRef('bik,kj->bij', [host(p), host(q)], d), d, `${dt} batch@matrix`);
    }
  });

  it('transposed, column-major, strided and non-contiguous batch operands', () => {
    const d = gp.dtype('float64');
    const big = rand([6, 8, 10], d, 15);
    const at = rand([7, 5], d, 17).T; // (5,7) column-major
    const bt = rand([3, 7], d, 18).T; // (7,3) column-major
    expectTensor(gp.matmul(at, bt), einsumRef('ik,kj->ij', [host(at), host(bt)], d), d, 'T@T');
    const stepped = big.slice(1, '::2', '::3'); // (4, 4): neither stride is 1 -> copied
    const s2 = big.slice(2, '1::2', '::2').T; // (5, 4)
    expectTensor(gp.matmul(stepped, s2.T), einsumRef('ik,kj->ij', [host(stepped), host(s2.T)], d), d, 'stepped');
    const sub = big.slice(':', ':3', '2:7'); // (6,3,5), rows with unit stride, ld 10
    const rhs = rand([5, 4], d, 19);
    expectTensor(gp.matmul(sub, rhs), einsumRef('bik,kj->bij', [host(sub), host(rhs)], d), d, 'submatrix batch');
    const perm = big.transpose([1, 0, 2]); // batch dims with a stride that is not the matrix size
    const r2 = rand([10, 2], d, 20);
    expectTensor(gp.matmul(perm, r2), einsumRef('bik,kj->bij', [host(perm), host(r2)], d), d, 'permuted batch');
    const b4 = rand([2, 3, 4, 5], d, 21).transpose([1, 0, 2, 3]); // (3,2,4,5): batch dims not collapsible
    const r4 = rand([5, 2], d, 22);
    expectTensor(gp.matmul(b4, r4), einsumRef('xyik,kj->xyij', [host(b4), host(r4)], d), d, 'uncollapsible batch');
  });

  it('empty dimensions: m = 0, n = 0, batch 0, and k = 0 (zeros)', () => {
    const d = gp.dtype('float32');
    expect(gp.matmul(gp.zeros([0, 3], d), gp.ones([3, 4], d)).shape).to.deep.equal([0, 4]);
    expect(gp.matmul(gp.ones([2, 3], d), gp.ones([3, 0], d)).shape).to.deep.equal([2, 0]);
    expect(gp.matmul(gp.ones([0, 2, 3], d), gp.ones([3, 4], d)).shape).to.deep.equal([0, 2, 4]);
    const z = gp.matmul(gp.ones([2, 0], 'int32'), gp.ones([0, 3], 'int32'));
    expect(z.shape).to.deep.equal([2, 3]);
    expect(z.toArray()).to.deep.equal([[0, 0, 0], [0, 0, 0]]);
  });

  it('sizes that cross the kernel blocks (k > 256, m > 96, n > 32) in float64, float32 and int32', () => {
    for (const dt of ['float64', 'float32', 'int32'] as const) {
      const d = gp.dtype(dt);
      const a = rand([101, 300], d, 23);
      const b = rand([300, 37], d, 24);
      expectTensor(gp.matmul(a, b), einsumRef('ik,kj->ij', [host(a), host(b)], d), d, dt);
    }
    // Non-integer float64 data.
    const r = rng(25);
    const x = gp.array(Array.from({ length: 40 * 33 }, () => r() - 0.5)).reshape([40, 33]);
    const y = gp.array(Array.from({ length: 33 * 29 }, () => r() * 3)).reshape([33, 29]);
    expectTensor(gp.matmul(x, y), einsumRef('ik,kj->ij', [host(x), host(y)], gp.dtype('float64')), gp.dtype('float64'), 'random');
  });

  it('out=: written in place (contiguous), through a strided view, cast to its dtype; wrong shapes refused', () => {
    const d = gp.dtype('float32');
    const a = rand([3, 4], d, 26);
    const b = rand([4, 2], d, 27);
    const want = einsumRef('ik,kj->ij', [host(a), host(b)], d);
    const out = gp.empty([3, 2], d);
    expect(gp.matmul(a, b, { out })).to.equal(out);
    expectTensor(out, want, d, 'contiguous out');
    const wide = gp.zeros([3, 4], 'float64');
    const view = wide.slice(':', '::2');
    gp.matmul(a, b, { out: view });
    expectTensor(view, want, gp.dtype('float64'), 'strided float64 out');
    expect(() => gp.matmul(a, b, { out: gp.empty([2, 3], d) })).to.throw(RangeError, /shape/);
    // out aliasing an operand: the product of the old values, as NumPy.
    const sq = rand([3, 3], 'float64', 28);
    const before = einsumRef('ik,kj->ij', [host(sq), host(sq)], gp.dtype('float64'));
    gp.matmul(sq, sq, { out: sq });
    expectTensor(sq, before, gp.dtype('float64'), 'aliased out');
  });

  it('errors as NumPy: a 0-d operand and a core-dimension mismatch are value errors (RangeError)', () => {
    expect(() => gp.matmul(gp.array(3), gp.ones([2, 2]))).to.throw(RangeError, /does not have enough dimensions/);
    expect(() => gp.matmul(gp.ones([2, 3]), gp.ones([4, 2]))).to.throw(RangeError, /mismatch in its core dimension 0.*size 4 is different from 3/);
    expect(() => gp.matmul(gp.ones([2, 2, 3]), gp.ones([3, 3, 2]))).to.throw(RangeError);
    // NumPy's same_kind casting: a float64 product into an int32 out, or float64 inputs computed as int32, are UFuncTypeErrors.
    const f = gp.ones([2, 2], 'float64');
    expect(() => gp.matmul(f, f, { out: gp.zeros([2, 2], 'int32') })).to.throw(TypeError, /output from dtype\('float64'\) to dtype\('int32'\)/);
    expect(() => gp.matmul(f, f, { dtype: 'int32' })).to.throw(TypeError, /input 0/);
    // dot's out must be exactly the result's dtype (NumPy's ValueError 'output array is not acceptable').
    expect(() => gp.dot(f, f, { out: gp.zeros([2, 2], 'int64') })).to.throw(RangeError, /not acceptable/);
    const i = gp.ones([2, 2], 'int32');
    expect(values(gp.matmul(i, i, { out: gp.zeros([2, 2], 'float32') }))).to.deep.equal([2, 2, 2, 2]);
    expect(gp.matmul(f, f, { dtype: 'float32' }).dtype.name).to.equal('float32');
  });

  it('host data operands are accepted (nested arrays)', () => {
    expect(gp.matmul([[1, 2], [3, 4]], [[5], [6]]).toArray()).to.deep.equal([[17n], [39n]]);
  });
});
