// Differences found by running NumPy tutorial and handbook programs side by side with NumPy 2.4
// (Moore's law fits, image SVDs, printing, integer and promotion rules, statistics, sorting,
// sets, ...). Each case hard-codes what NumPy 2.4 gave for the same call.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('programs in NumPy style', () => {
  it('result_type of several dtypes is NumPy sequence promotion, not a left fold', () => {
    const a = gp.array([1], 'int8');
    const b = gp.array([2], 'uint8');
    const c = gp.array([3], 'float16');
    // np.result_type(np.int8, np.uint8, np.float16) -> float16 (float16 absorbs both integers)
    expect(gp.resultType('int8', 'uint8', 'float16').name).to.equal('float16');
    expect(gp.resultType(a, b, c).name).to.equal('float16');
    // np.result_type(np.int32, np.uint32, np.float32) -> float64; (np.int8, np.uint8, np.int16) -> int16
    expect(gp.resultType('int32', 'uint32', 'float32').name).to.equal('float64');
    expect(gp.resultType('int8', 'uint8', 'int16').name).to.equal('int16');
    // np.concatenate / np.stack / np.einsum('i,i,i->i') / np.diff(b, prepend=a, append=c): float16
    expect(gp.concatenate([a, b, c]).dtype.name).to.equal('float16');
    expect(gp.stack([a, b, c]).dtype.name).to.equal('float16');
    const e = gp.einsum('i,i,i->i', a, b, c);
    expect(e.dtype.name).to.equal('float16');
    expect(e.toArray()).to.deep.equal([6]);
    const d = gp.diff(b, { prepend: a, append: c });
    expect(d.dtype.name).to.equal('float16');
    expect(d.toArray()).to.deep.equal([1, 1]);
    // np.array([a, b, c]) promotes pairwise while discovering: float32 (unchanged)
    expect(gp.array([a, b, c]).dtype.name).to.equal('float32');
  });

  it('cov and corrcoef of complex data keep the diagonal imaginary zeros positive', () => {
    const parts = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map((z) => z as { re: number; im: number });
    // np.cov(np.array([1+1j, 2, 3-1j])) -> array(2.+0.j)
    const c = gp.cov(gp.array([{ re: 1, im: 1 }, 2, { re: 3, im: -1 }]));
    expect(c.toString()).to.equal('array(2.+0.j)');
    // np.corrcoef([[1+1j, 2, 3-1j], [0.5j, 1, 2+2j]]): the diagonal is 1.+0.j
    const r = parts(gp.corrcoef(gp.array([[{ re: 1, im: 1 }, 2, { re: 3, im: -1 }], [{ re: 0, im: 0.5 }, 1, { re: 2, im: 2 }]])));
    for (const k of [0, 3]) expect(Object.is(r[k].im, 0), `[${k}]`).to.equal(true);
    expect(r[1].im).to.be.closeTo(-0.85732141, 1e-8);
    // np.cov(np.array([[3, 0, 7, 7], [1, 9, 2, 0]], complex)): every imaginary part +0.0
    const real = parts(gp.cov(gp.array([[3, 0, 7, 7], [1, 9, 2, 0]], 'complex128')));
    for (const [k, z] of real.entries()) expect(Object.is(z.im, 0), `[${k}]`).to.equal(true);
  });

  it("printoptions take legacy '1.25' and '1.21' (arrays print as with '2.1')", () => {
    const big = gp.arange(1001).divide(3);
    // with np.printoptions(legacy='1.25'): repr(np.arange(1001) / 3) has no shape=(1001,)
    const r = gp.printoptions({ legacy: '1.25' }, () => big.toString());
    expect(r).to.equal('array([  0.        ,   0.33333333,   0.66666667, ..., 332.66666667,\n       333.        , 333.33333333])');
    // with np.printoptions(legacy='1.21'): str(np.array([1e-9, 1.0, 123456.0], np.float32))
    const f = gp.array([1e-9, 1.0, 123456.0], 'float32');
    expect(gp.printoptions({ legacy: '1.21' }, () => f.str())).to.equal('[1.00000e-09 1.00000e+00 1.23456e+05]');
    expect(() => gp.setPrintoptions({ legacy: '1.13' as never })).to.throw(TypeError);
  });

  it('isclose and allclose keep a JS scalar weak, as NumPy keeps a Python scalar', () => {
    const x = gp.array([0.1, 1e8], 'float32');
    const z = { rtol: 0, atol: 0 };
    // np.isclose(np.array([0.1, 1e8], np.float32), 0.1, rtol=0, atol=0) -> [True, False] (float32 compare)
    expect(gp.isclose(x, 0.1, z).toArray()).to.deep.equal([true, false]);
    // np.isclose(x, 100000001, rtol=0, atol=0) -> [False, True]; the scalar first: the same
    expect(gp.isclose(x, 100000001, z).toArray()).to.deep.equal([false, true]);
    expect(gp.isclose(100000001, x, z).toArray()).to.deep.equal([false, true]);
    expect(gp.allclose(x.slice('1:'), 100000001, z)).to.equal(true);
    // np.isclose(np.array([1.5, -2], np.float32), 1e300) -> [True, True] (the tolerance overflows
    // to inf in float32, isfinite(1e300) is taken in double)
    expect(gp.isclose(gp.array([1.5, -2], 'float32'), 1e300).toArray()).to.deep.equal([true, true]);
    // a float64 array b stays strong: np.isclose(x, np.array(100000001.0), rtol=0, atol=0) -> [False, False]
    expect(gp.isclose(x, gp.array(100000001, 'float64'), z).toArray()).to.deep.equal([false, false]);
    // np.isclose(np.array([1, 3], np.int8), 3 + 0j) -> [False, True]
    expect(gp.isclose(gp.array([1, 3], 'int8'), { re: 3, im: 0 }).toArray()).to.deep.equal([false, true]);
  });

  it('where refuses a bigint past the 64-bit integers beside an integer array (NumPy OverflowError)', () => {
    const c = gp.array([true, false]);
    // np.where(c, np.array([1, 2], np.int8), 2**64) -> OverflowError; 2**64 - 1 wraps to -1
    expect(() => gp.where(c, gp.array([1, 2], 'int8'), 2n ** 64n)).to.throw(RangeError);
    expect(() => gp.where(c, -(2n ** 63n) - 1n, gp.array([1, 2], 'uint64'))).to.throw(RangeError);
    expect(gp.where(c, gp.array([1, 2], 'int8'), 2n ** 64n - 1n).toArray()).to.deep.equal([1, -1]);
    // np.where(c, np.array([1, 2], np.float32), 2**70) -> float32 [1, 1.1805916e+21]
    expect(gp.where(c, gp.array([1, 2], 'float32'), 2n ** 70n).dtype.name).to.equal('float32');
  });

  it('full and fullLike cast a float fill past the 64-bit integers into integers unsafely', () => {
    const i8 = gp.full(3, 1e300, 'int8');
    const u64 = gp.full(1, -1e20, 'uint64');
    const i32 = gp.fullLike(gp.zeros(2, 'int32'), 1e300);
    // The values are the backend's float -> integer conversion of an out-of-range value (x86's
    // on cpu, as NumPy's there; saturated on cuda, as CuPy's): only the dtypes are NumPy's rule.
    expect([i8.dtype.name, u64.dtype.name, i32.dtype.name]).to.deep.equal(['int8', 'uint64', 'int32']);
    // a JS integer out of range stays NumPy's OverflowError for a Python int: np.full(3, 1000, np.int8)
    expect(() => gp.full(3, 1000, 'int8')).to.throw(RangeError);
  });

  it('a null print option is NumPy\'s None: the current value', () => {
    const x = gp.array([1.123456789, 2]);
    // with np.printoptions(precision=3): np.set_printoptions(precision=None) keeps 3 -> '[1.123 2.   ]'
    const s = gp.printoptions({ precision: 3 }, () => {
      gp.setPrintoptions({ precision: null, threshold: null, sign: null, floatmode: null, legacy: null } as never);
      return [x.str(), gp.array2string(x, { precision: null, linewidth: null } as never)];
    });
    expect(s).to.deep.equal(['[1.123 2.   ]', '[1.123 2.   ]']);
    expect(gp.getPrintoptions().precision).to.equal(8);
  });

  it('typed scalars as values: a reduction\'s initial, nanToNum\'s replacements, pad\'s constants', () => {
    const a = gp.array([1, 2, 3], 'int8');
    // np.max(a, initial=np.float32(5.5)) -> np.int8(5); np.sum(a, initial=np.int64(100)) -> np.int64(106)
    expect(gp.max(a, { initial: gp.float32(5.5) }).item()).to.equal(5);
    expect(gp.sum(a, { initial: gp.int64(100) }).item()).to.equal(106n);
    // np.nan_to_num(np.array([np.nan, -np.inf]), nan=np.int8(3), neginf=np.float32(-0.5)) -> [3., -0.5]
    expect(gp.nanToNum(gp.array([NaN, -Infinity]), { nan: gp.int8(3), neginf: gp.float32(-0.5) }).toArray()).to.deep.equal([3, -0.5]);
    // np.pad(a, 1, constant_values=np.int8(-1)) -> [-1, 1, 2, 3, -1]
    expect(gp.pad(a, 1, { constantValues: gp.int8(-1) }).toArray()).to.deep.equal([-1, 1, 2, 3, -1]);
  });
});
