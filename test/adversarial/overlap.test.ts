// Issue 13, silent wrong results: assignment from a source that overlaps the destination reads
// from a copy as NumPy does (a[1:] = a[:-1] used to give all zeros), a broadcast view (several
// elements in one memory location, read-only in NumPy) is refused as an output, and gp.scope
// frees what it allocated when reading its result throws.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

const iota = (n: number) => Array.from({ length: n }, (_, i) => i);

describeEachDevice('adversarial: assignment from an overlapping source', () => {
  it('a[1:] = a[:-1] shifts right (not a smear of a[0])', () => {
    const a = gp.asarray(iota(8), 'float32');
    a.slice('1:').set(a.slice(':-1'));
    expect(a.toArray()).to.deep.equal([0, 0, 1, 2, 3, 4, 5, 6]);
    const b = gp.asarray(iota(8), 'int64');
    b.slice('2:').set(b.slice(':-2'));
    expect(b.toArray()).to.deep.equal([0n, 1n, 0n, 1n, 2n, 3n, 4n, 5n]);
    // A view assigned to itself, or to a disjoint part of its buffer, needs no copy.
    const c = gp.asarray(iota(6), 'float32');
    c.set(c);
    c.slice(':3').set(c.slice('3:'));
    expect(c.toArray()).to.deep.equal([3, 4, 5, 3, 4, 5]);
  });

  it('a[:-1] = a[1:] shifts left, and a long shift is right on every element', () => {
    const a = gp.asarray(iota(8), 'int32');
    a.slice(':-1').set(a.slice('1:'));
    expect(a.toArray()).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 7]);
    const n = 1 << 17;
    const big = gp.asarray(Float32Array.from(iota(n)));
    big.slice('3:').set(big.slice(':-3'));
    const host = big.toTypedArray() as Float32Array;
    const want = Float32Array.from(iota(n), (i) => (i < 3 ? i : i - 3));
    expect(host.every((v, i) => v === want[i])).to.equal(true);
  });

  it('a[...] = a[::-1] reverses', () => {
    const a = gp.asarray(iota(9), 'float64');
    a.set(a.slice('::-1'));
    expect(a.toArray()).to.deep.equal([8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('a[...] = a.T transposes a square matrix; a cast through the copy keeps NumPy values', () => {
    const m = gp.asarray(iota(16), 'int16').reshape(4, 4);
    m.set(m.T);
    expect(m.toArray()).to.deep.equal([0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => c * 4 + r)));
    // Only the overlapping part is a view: a column copied into a row of the same matrix.
    const q = gp.asarray(iota(9), 'float32').reshape(3, 3);
    q.slice(0).set(q.slice(':', 2));
    expect(q.toArray()).to.deep.equal([[2, 5, 8], [3, 4, 5], [6, 7, 8]]);
  });
});

describeEachDevice('adversarial: a broadcast view is read-only', () => {
  const base = () => gp.asarray([5, 6, 7], 'float64');

  it('as a ufunc out= it is refused (NumPy: ValueError, output array is read-only), nothing written', () => {
    const b = base();
    const view = b.slice(':1').broadcastTo([4, 1]);
    expect(() => gp.add(gp.ones([4, 1]), 1, { out: view })).to.throw(RangeError, /add: output array is read-only/);
    const row = b.broadcastTo([2, 3]);
    expect(() => gp.multiply(gp.ones([2, 3]), 2, { out: row })).to.throw(RangeError, /read-only/);
    expect(b.toArray()).to.deep.equal([5, 6, 7]);
    // Even a broadcast that shares no element is read-only, as NumPy's broadcast_to.
    const one = b.slice(':1').broadcastTo([1, 1]);
    expect(() => gp.add(gp.ones([1, 1]), 1, { out: one })).to.throw(RangeError, /read-only/);
    expect(b.toArray()).to.deep.equal([5, 6, 7]);
  });

  it('as a reduction out=, an ElementwiseKernel or ReductionKernel output it is refused', () => {
    const b = base();
    const view = b.slice(':1').broadcastTo([3]);
    expect(() => gp.sum(gp.ones([2, 3]), { axis: 0, out: view })).to.throw(RangeError, /read-only/);
    const k = gp.ElementwiseKernel('T x', 'T y', 'y = x * 2', 'adv_double');
    expect(() => k(gp.ones(3), view)).to.throw(RangeError, /adv_double: output 'y' is read-only/);
    const r = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'adv_sum0');
    expect(() => r(gp.ones([2, 3]), { axis: 0, out: view })).to.throw(RangeError, /adv_sum0: output 'y' is read-only/);
    expect(b.toArray()).to.deep.equal([5, 6, 7]);
  });

  it('fill() and set() on it are refused (NumPy: assignment destination is read-only)', () => {
    const b = base();
    const view = b.slice('1:2').broadcastTo([2, 5]);
    expect(() => view.fill(0)).to.throw(RangeError, /assignment destination is read-only/);
    expect(() => view.set(gp.zeros([2, 5]))).to.throw(RangeError, /assignment destination is read-only/);
    expect(() => view.set(new Float64Array(10))).to.throw(RangeError, /read-only/);
    expect(b.toArray()).to.deep.equal([5, 6, 7]);
  });
});

describeEachDevice('adversarial: gp.scope and a result that throws when read', () => {
  it('a throwing getter on the returned object: the error comes out and everything allocated is freed', () => {
    const pool = gp.getMemoryPool();
    const before = pool.usedBytes();
    let inner: gp.GpuArray | null = null;
    expect(() =>
      gp.scope(() => {
        inner = gp.ones(1000);
        const kept = gp.zeros(10);
        return {
          kept,
          get bad(): never {
            throw new RangeError('getter says no');
          },
        };
      }),
    ).to.throw(RangeError, 'getter says no');
    expect(inner!.disposed).to.equal(true);
    expect(pool.usedBytes()).to.equal(before);
  });

  it('a Proxy result whose traps throw: the same', () => {
    const pool = gp.getMemoryPool();
    const before = pool.usedBytes();
    const trap = () => {
      throw new TypeError('trap');
    };
    expect(() =>
      gp.scope(() => {
        gp.arange(500);
        return new Proxy({}, { getPrototypeOf: trap, ownKeys: trap, get: trap });
      }),
    ).to.throw(TypeError, 'trap');
    expect(pool.usedBytes()).to.equal(before);
  });
});
