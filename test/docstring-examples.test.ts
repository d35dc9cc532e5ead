// Differences found by running NumPy 2.4's docstring examples through gpuarray and comparing with
// NumPy's own results (each expected value below is what NumPy printed for the call named).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const num = (xs: unknown) => (xs as unknown[]).map(Number);

describeEachDevice('NumPy docstring examples', () => {
  it('isposinf/isneginf write into out, by position or option (np.isneginf docstring)', () => {
    const x = gp.array([-Infinity, 0, Infinity]);
    // np.isneginf(x, y) with y = np.array([2, 2, 2]) -> array([1, 0, 0]), and y is that array
    const y = gp.array([2, 2, 2]);
    const r = gp.isneginf(x, y);
    expect(r).to.equal(y);
    expect(r.dtype.name).to.equal('int64');
    expect(num(y.toArray())).to.deep.equal([1, 0, 0]);
    // np.isposinf(x, out=z) -> array([0, 0, 1])
    const z = gp.array([2, 2, 2]);
    expect(gp.isposinf(x, { out: z })).to.equal(z);
    expect(num(z.toArray())).to.deep.equal([0, 0, 1]);
    // np.isposinf(x, 1) raises TypeError: return arrays must be of ArrayType
    expect(() => gp.isposinf(x, 1 as never)).to.throw(TypeError);
    [x, y, z].forEach((a) => a.dispose());
  });

  it('binaryRepr/baseRepr take integer typed scalars and 0-d integer arrays (np.invert docstring)', () => {
    // x = np.invert(np.array(13, dtype=np.uint8)); np.binary_repr(x, width=8) -> '11110010'
    const x = gp.invert(gp.array(13, 'uint8'));
    expect(gp.binaryRepr(x, { width: 8 })).to.equal('11110010');
    expect(gp.binaryRepr(gp.uint8(242), 8)).to.equal('11110010');
    // np.binary_repr(np.uint64(2**64 - 1)) -> 64 ones; np.base_repr(np.array(5, dtype=np.uint64), 16) -> '5'
    expect(gp.binaryRepr(gp.uint64(2n ** 64n - 1n))).to.equal('1'.repeat(64));
    const five = gp.array(5, 'uint64');
    expect(gp.baseRepr(five, 16)).to.equal('5');
    // np.binary_repr(True) -> '1' (a Python bool is an int)
    expect(gp.binaryRepr(true)).to.equal('1');
    // np.binary_repr(np.True_), np.binary_repr(np.float64(3)), np.binary_repr(np.array([5])): TypeError
    expect(() => gp.binaryRepr(gp.bool(true) as never)).to.throw(TypeError);
    expect(() => gp.binaryRepr(gp.float64(3) as never)).to.throw(TypeError);
    const v = gp.array([5]);
    expect(() => gp.binaryRepr(v)).to.throw(TypeError);
    [x, five, v].forEach((a) => a.dispose());
  });

  it("array takes NumPy's order (np.isfortran docstring)", () => {
    // np.isfortran(np.array([[1, 2, 3], [4, 5, 6]], order='F')) -> True; order='C' -> False
    const f = gp.array([[1, 2, 3], [4, 5, 6]], { order: 'F' });
    expect(gp.isfortran(f)).to.equal(true);
    expect(f.toArray()).to.deep.equal([[1n, 2n, 3n], [4n, 5n, 6n]]);
    const c = gp.array([[1, 2, 3], [4, 5, 6]], { order: 'C' });
    expect(gp.isfortran(c)).to.equal(false);
    // np.isfortran(np.array([1, 2], order='F')) -> False (1-D: C-contiguous too)
    const one = gp.array([1, 2], { order: 'F' });
    expect(gp.isfortran(one)).to.equal(false);
    // 'K' and 'A' keep an F-ordered array's layout: np.isfortran(np.array(f, order='K')) -> True
    const k = gp.array(f, { order: 'K' });
    expect(gp.isfortran(k)).to.equal(true);
    expect(gp.isfortran(gp.array(f, { order: 'A', dtype: 'float32' }))).to.equal(true);
    expect(gp.isfortran(gp.array(f, { order: 'C' }))).to.equal(false);
    // np.array(c, copy=False, order='F') -> ValueError: Unable to avoid copy ...
    expect(() => gp.array(c, { copy: false, order: 'F' })).to.throw(RangeError);
    // np.array(f, copy=None, order='F') is f itself
    expect(gp.array(f, { copy: null, order: 'F' })).to.equal(f);
    // np.array([1], order='X') -> ValueError
    expect(() => gp.array([1], { order: 'X' as never })).to.throw(RangeError);
    [f, c, one, k].forEach((a) => a.dispose());
  });

  it('arange takes typed scalars and 0-d arrays as bounds (np.arange(3.0) in several docstrings)', () => {
    const cases: [() => gp.GpuArray, string, number[]][] = [
      // np.arange(np.float64(3)) -> array([0., 1., 2.]) (float64); np.arange(np.float32(3)) too
      [() => gp.arange(gp.float64(3)), 'float64', [0, 1, 2]],
      [() => gp.arange(gp.float32(3)), 'float64', [0, 1, 2]],
      // np.arange(np.int8(3)) -> array([0, 1, 2]) (int64)
      [() => gp.arange(gp.int8(3)), 'int64', [0, 1, 2]],
      // np.arange(0, np.float32(1.5), 0.5) -> array([0. , 0.5, 1. ])
      [() => gp.arange(0, gp.float32(1.5), 0.5), 'float64', [0, 0.5, 1]],
      // np.arange(np.int32(1), 5, np.int8(2)) -> array([1, 3])
      [() => gp.arange(gp.int32(1), 5, gp.int8(2)), 'int64', [1, 3]],
      // np.arange(np.array(3)) -> array([0, 1, 2]); np.arange(np.array(2.5, np.float32)) -> array([0., 1., 2.])
      [() => gp.arange(gp.array(3)), 'int64', [0, 1, 2]],
      [() => gp.arange(gp.array(2.5, 'float32')), 'float64', [0, 1, 2]],
      // np.arange(np.float64(3), dtype='float32') -> float32 [0, 1, 2]
      [() => gp.arange(gp.float64(3), 'float32'), 'float32', [0, 1, 2]],
    ];
    for (const [f, dt, want] of cases) {
      const r = f();
      expect(r.dtype.name).to.equal(dt);
      expect(num(r.toArray())).to.deep.equal(want);
      r.dispose();
    }
    // np.arange(np.array([3])) -> TypeError: only 0-dimensional arrays can be converted to Python scalars
    const v = gp.array([3]);
    expect(() => gp.arange(v)).to.throw(TypeError);
    v.dispose();
  });

  it('the scans take a scalar as a 0-d array (np.nancumsum(1) docstring)', () => {
    // np.nancumsum(1) -> array([1]); np.cumprod(True) -> array([1]); np.nancumprod(2.5) -> array([2.5])
    // np.cumsum(np.float32(2)) -> array([2.], dtype=float32); np.cumulative_sum(3, include_initial=True) -> array([0, 3])
    const cases: [() => gp.GpuArray, string, number[]][] = [
      [() => gp.nancumsum(1), 'int64', [1]],
      [() => gp.cumsum(3), 'int64', [3]],
      [() => gp.cumprod(true), 'int64', [1]],
      [() => gp.nancumprod(2.5), 'float64', [2.5]],
      [() => gp.cumsum(gp.float32(2)), 'float32', [2]],
      [() => gp.cumulativeSum(3, { includeInitial: true }), 'int64', [0, 3]],
      [() => gp.cumulativeProd(2.5), 'float64', [2.5]],
    ];
    for (const [f, dt, want] of cases) {
      const r = f();
      expect(r.dtype.name).to.equal(dt);
      expect(num(r.toArray())).to.deep.equal(want);
      r.dispose();
    }
  });

  it('a typed scalar converts another as NumPy casts (np.format_float_scientific docstring)', () => {
    // np.float32(np.float64(1.23e24)) -> np.float32(1.23e+24)
    expect(gp.float32(gp.float64(1.23e24)).value).to.equal(Math.fround(1.23e24));
    // np.int8(np.float64(3.7)) -> 3; np.int8(np.int64(300)) -> 44; np.uint8(np.int16(-1)) -> 255
    expect(gp.int8(gp.float64(3.7)).value).to.equal(3);
    expect(gp.int8(gp.int64(300)).value).to.equal(44);
    expect(gp.uint8(gp.int16(-1)).value).to.equal(255);
    // np.int64(np.uint64(2**64 - 1)) -> -1; np.int32(np.float64(-2.9)) -> -2
    expect(gp.int64(gp.uint64(2n ** 64n - 1n)).value).to.equal(-1n);
    expect(gp.int32(gp.float64(-2.9)).value).to.equal(-2);
    // np.float64(np.complex128(1+2j)) -> 1.0 (ComplexWarning); np.complex64(np.float64(3.7)) -> (3.7+0j)
    expect(gp.float64(gp.complex128(1, 2)).value).to.equal(1);
    expect(gp.complex64(gp.float64(3.7)).value).to.deep.equal({ re: Math.fround(3.7), im: 0 });
    // np.bool_(np.complex64(1j)) -> True; np.float16(np.float64(65520)) -> inf
    expect(gp.bool(gp.complex64(0, 1)).value).to.equal(1);
    expect(gp.float16(gp.float64(65520)).value).to.equal(Infinity);
  });

  it('isclose/allclose take real typed scalars as rtol and atol (np.isclose docstring)', () => {
    // np.isclose([1e-100, 1e-7], [0.0, 0.0], atol=np.float64(0.0)) -> array([False, False])
    const r = gp.isclose([1e-100, 1e-7], [0, 0], { atol: gp.float64(0) as never });
    expect(r.toArray()).to.deep.equal([false, false]);
    r.dispose();
    // np.isclose([1e-10, 1e-10], [1e-20, 0.999999e-10], np.float32(1e-5), np.float64(0.0)) -> array([False, True])
    const q = gp.isclose([1e-10, 1e-10], [1e-20, 0.999999e-10], gp.float32(1e-5), gp.float64(0));
    expect(q.toArray()).to.deep.equal([false, true]);
    q.dispose();
    // np.allclose([1e-8], [0.0], atol=np.float32(1e-7)) -> True
    expect(gp.allclose([1e-8], [0], { atol: gp.float32(1e-7) as never })).to.equal(true);
  });

  it('polyint takes k in the options after m by position (np.polyint docstring)', () => {
    // P = np.polyint(np.poly1d([1, 1, 1]), 3, k=[6, 5, 3]) -> P.coeffs [1/60, 1/24, 1/6, 3, 5, 3]; np.polyder(P, 2)(0) -> 6.0
    const want = [1 / 60, 1 / 24, 1 / 6, 3, 5, 3];
    const p = new gp.poly1d([1, 1, 1]);
    const P = gp.polyint(p, 3, { k: [6, 5, 3] });
    expect(P).to.be.instanceOf(gp.poly1d);
    (P.coeffs.toArray() as number[]).forEach((v, i) => expect(v).to.be.closeTo(want[i], 1e-15));
    const q = gp.polyint([1, 1, 1], 3, { k: [6, 5, 3] });
    (q.toArray() as number[]).forEach((v, i) => expect(v).to.be.closeTo(want[i], 1e-15));
    // np.polyint([1, 1, 1], 2, [1, 2], m=2) -> TypeError: got multiple values for argument 'm'
    expect(() => (gp.polyint as (...a: unknown[]) => unknown)([1, 1, 1], 2, [1, 2], { m: 2 })).to.throw(TypeError);
    q.dispose();
  });

  it('size takes axis by option and a list of axes (np.size docstring)', () => {
    const a = gp.zeros([2, 3]);
    // np.size(a, axis=1) -> 3; np.size(a, axis=0) -> 2; np.size(a, axis=(0, 1)) -> 6; np.size(a, ()) -> 1
    expect(gp.size(a, { axis: 1 })).to.equal(3);
    expect(gp.size(a, { axis: 0 })).to.equal(2);
    expect(gp.size(a, { axis: [0, 1] })).to.equal(6);
    expect(gp.size(a, [-1])).to.equal(3);
    expect(gp.size(a, [])).to.equal(1);
    // np.size(a, (0, 0)) -> ValueError: repeated axis; np.size(a, 2) -> AxisError
    expect(() => gp.size(a, [0, 0])).to.throw(RangeError);
    expect(() => gp.size(a, 2)).to.throw(RangeError);
    a.dispose();
  });

  it("array's default order 'K' keeps an F-contiguous array's layout (np.array(f))", () => {
    const f = gp.asfortranarray(gp.arange(6).reshape(2, 3));
    // np.array(f).flags.f_contiguous -> True; np.array(f, dtype=np.float32) too; np.array(f).ravel('K') -> [0 3 1 4 2 5]
    const a = gp.array(f);
    const b = gp.array(f, 'float32');
    const c = gp.array(f, { dtype: 'float32' });
    expect([gp.isfortran(a), gp.isfortran(b), gp.isfortran(c)]).to.deep.equal([true, true, true]);
    const r = a.ravel('K');
    expect(num(r.toArray())).to.deep.equal([0, 3, 1, 4, 2, 5]);
    [f, a, b, c, r].forEach((x) => x.dispose());
  });
});
