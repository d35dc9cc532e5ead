// Issue 13, host input: the scalar arguments of ElementwiseKernel / ReductionKernel calls are
// checked against the dtype their parameter resolves to before anything is launched. A JS Array,
// a TypedArray or a string is a TypeError (it used to become NaN or 0); an integer out of the
// parameter's range is a RangeError (it used to wrap: 2**40+5 -> 5 in int32, -1 -> uint64 max);
// a plain number bound to a placeholder follows NEP 50 (1000 next to int8 is an error, not -24).
// A raw array the body indexes as x[i] must hold the whole loop.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

const values = (a: unknown) => (a as gp.GpuArray).toArray();

describeEachDevice('adversarial: kernel scalar arguments', () => {
  const addT = gp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'adv_add_t');
  const addI32 = gp.ElementwiseKernel('int32 x, int32 y', 'int32 z', 'z = x + y', 'adv_add_i32');
  const addU64 = gp.ElementwiseKernel('uint64 x, uint64 y', 'uint64 z', 'z = x + y', 'adv_add_u64');
  const scaleI64 = gp.ElementwiseKernel('float64 x, int64 k', 'float64 z', 'z = x * (double)k', 'adv_scale_i64');
  const pick = gp.ElementwiseKernel('float32 x, bool flag', 'float32 z', 'z = flag ? x : -x', 'adv_pick');
  const rsum = gp.ReductionKernel('T x, T w', 'T y', 'x * w', 'a + b', 'y = a', '0', 'adv_wsum');
  const rscale = gp.ReductionKernel('T x, int32 k', 'T y', 'x * k', 'a + b', 'y = a', '0', 'adv_ksum');

  it('a JS Array, a TypedArray, a string or an object as a scalar input is a TypeError naming the input', () => {
    const a = gp.asarray([1, 2, 3], 'int32');
    for (const k of [addT, addI32]) {
      expect(() => k(a, [4, 5, 6] as never)).to.throw(TypeError, /input 'y'.*JS Array.*gp\.asarray/);
      expect(() => k(a, new Int32Array([4, 5, 6]) as never)).to.throw(TypeError, /input 'y'.*Int32Array/);
      expect(() => k(a, '4' as never)).to.throw(TypeError, /input 'y'.*string "4"/);
      expect(() => k(a, new Map() as never)).to.throw(TypeError, /input 'y'.*Map/);
    }
    // Arrays as the first input too (it is the one that binds T).
    expect(() => addT([1, 2] as never, a)).to.throw(TypeError, /input 'x'.*JS Array/);
    // Proper arguments still work.
    expect(values(addT(a, gp.asarray([4, 5, 6], 'int32')))).to.deep.equal([5, 7, 9]);
    expect(values(addI32(a, 10))).to.deep.equal([11, 12, 13]);
  });

  it('ReductionKernel refuses the same non-scalars', () => {
    const x = gp.asarray([1, 2, 3], 'float64');
    expect(() => rsum(x, [1, 2, 3] as never)).to.throw(TypeError, /adv_wsum: input 'w'.*JS Array/);
    expect(() => rsum(x, new Float64Array(3) as never)).to.throw(TypeError, /input 'w'.*Float64Array/);
    expect(() => rsum([1, 2, 3] as never, 2)).to.throw(TypeError, /input 'x'.*JS Array/);
    expect(() => rscale(x, '2' as never)).to.throw(TypeError, /input 'k'.*string/);
    expect(values(rsum(x, 2))).to.equal(12);
  });

  it('integers outside a declared parameter dtype are a RangeError, never wrapped', () => {
    const a = gp.asarray([1, 2, 3], 'int32');
    expect(() => addI32(a, 2 ** 40 + 5)).to.throw(RangeError, /input 'y'.*1099511627781.*int32/);
    expect(() => addI32(a, 2 ** 31)).to.throw(RangeError);
    expect(() => addI32(a, -(2 ** 31) - 1)).to.throw(RangeError);
    expect(() => addI32(a, 5000000000n)).to.throw(RangeError);
    const u = gp.asarray([1n, 2n], 'uint64');
    expect(() => addU64(u, -1)).to.throw(RangeError, /input 'y'.*-1.*uint64/);
    expect(() => addU64(u, -1n)).to.throw(RangeError);
    expect(() => addU64(u, 2n ** 64n)).to.throw(RangeError);
    const f = gp.asarray([1.5, -2], 'float64');
    expect(() => scaleI64(f, 2n ** 63n)).to.throw(RangeError, /input 'k'.*int64/);
    expect(() => rscale(f, 2 ** 31)).to.throw(RangeError, /adv_ksum: input 'k'.*int32/);
    // The edges of each range are fine.
    expect(values(addI32(gp.asarray([0, -1], 'int32'), 2 ** 31 - 1))).to.deep.equal([2147483647, 2147483646]);
    expect(values(addU64(gp.asarray([0n], 'uint64'), 2n ** 64n - 1n))).to.deep.equal([2n ** 64n - 1n]);
    expect(values(scaleI64(f, -(2n ** 62n)))).to.deep.equal([-1.5 * 2 ** 62, 2 ** 63]);
    expect(values(rscale(f, -3))).to.equal(1.5);
  });

  it('a plain number bound to a placeholder follows NEP 50: it must fit the bound dtype', () => {
    const i8 = gp.asarray([-100, 0, -127], 'int8');
    expect(() => addT(i8, 1000)).to.throw(RangeError, /input 'y'.*1000.*int8/);
    expect(() => addT(i8, -129)).to.throw(RangeError);
    expect(() => addT(i8, 128n)).to.throw(RangeError);
    expect(() => addT(gp.asarray([1], 'uint8'), -1)).to.throw(RangeError, /uint8/);
    expect(() => rsum(gp.asarray([1, 2], 'int16'), 40000)).to.throw(RangeError, /input 'w'.*int16/);
    // A non-integral number cannot become an integer dtype (NumPy: a float does not cast to int8).
    expect(() => addT(i8, 1.5)).to.throw(TypeError, /input 'y' is int8, it needs an integer/);
    expect(() => addT(i8, NaN)).to.throw(TypeError);
    // Within range the value is exact.
    expect(values(addT(i8, 127))).to.deep.equal([27, 127, 0]);
    // Arithmetic in the dtype wraps as NumPy's int8 does (-127 + -28 -> 101); only the argument is checked.
    expect(values(addT(i8, -28))).to.deep.equal([-128, -28, 101]);
  });

  it('typed scalars are checked by value: no wrapping, no float into an integer parameter', () => {
    const a = gp.asarray([1, 2], 'int32');
    const i8 = gp.ElementwiseKernel('int8 x, int8 y', 'int8 z', 'z = x + y', 'adv_add_i8');
    expect(() => i8(gp.asarray([1], 'int8'), gp.int32(1000))).to.throw(RangeError, /input 'y'.*int8/);
    expect(() => addI32(a, gp.float32(2))).to.throw(TypeError, /float32 scalar.*convert it explicitly/);
    expect(() => addI32(a, gp.complex64({ re: 1, im: 0 }))).to.throw(TypeError);
    expect(values(i8(gp.asarray([1], 'int8'), gp.int32(100)))).to.deep.equal([101]);
    expect(values(addI32(a, gp.int64(7n)))).to.deep.equal([8, 9]);
  });

  it('a bool parameter takes true/false (or 0/1); a complex value only a complex parameter', () => {
    const x = gp.asarray([1, 2], 'float32');
    expect(() => pick(x, 2)).to.throw(TypeError, /input 'flag' is bool/);
    expect(() => pick(x, -1n)).to.throw(TypeError);
    expect(() => addI32(gp.asarray([1], 'int32'), { re: 1, im: 2 })).to.throw(TypeError, /complex/);
    expect(values(pick(x, false))).to.deep.equal([-1, -2]);
    expect(values(pick(x, 1))).to.deep.equal([1, 2]);
  });
});

describeEachDevice('adversarial: raw arrays and the loop size', () => {
  const copyRaw = gp.ElementwiseKernel('raw T x', 'raw T y', 'y[i] = x[i] * 2', 'adv_raw_copy');
  const addRaw = gp.ElementwiseKernel('T x, raw T t', 'T z', 'z = x + t[i]', 'adv_raw_add');
  const lookup = gp.ElementwiseKernel('raw T table', 'raw T y', 'y[i] = table[i % 3]', 'adv_raw_lookup');

  it("an all-raw kernel whose size exceeds a raw array indexed as x[i] is a RangeError, before launching", () => {
    const x = gp.asarray([1, 2, 3], 'float32');
    const y = gp.asarray([7, 7, 7, 7, 7, 7, 7, 7], 'float32');
    expect(() => copyRaw(x, y, { size: 100 })).to.throw(RangeError, /raw argument 'x' has 3 elements.*x\[i\].*99/);
    expect(() => copyRaw(x, y, { size: 4 })).to.throw(RangeError, /'x'/);
    expect(() => copyRaw(y, x, { size: 8 })).to.throw(RangeError, /raw argument 'y' has 3 elements/);
    expect(values(y)).to.deep.equal([7, 7, 7, 7, 7, 7, 7, 7]); // nothing was launched
    copyRaw(x, y, { size: 3 });
    expect(values(y)).to.deep.equal([2, 4, 6, 7, 7, 7, 7, 7]);
    // Not indexed by i alone: its extent is the body's business (CuPy's raw semantics).
    const t = gp.asarray([1, 2, 3], 'float32');
    const out = gp.zeros(7, 'float32');
    lookup(t, out, { size: 7 });
    expect(values(out)).to.deep.equal([1, 2, 3, 1, 2, 3, 1]);
  });

  it('a raw array indexed as t[i] shorter than the broadcast loop is a RangeError', () => {
    const x = gp.asarray([10, 20, 30, 40], 'float64');
    expect(() => addRaw(x, gp.asarray([1, 2], 'float64'))).to.throw(RangeError, /raw argument 't' has 2 elements/);
    expect(values(addRaw(x, gp.asarray([1, 2, 3, 4, 5], 'float64')))).to.deep.equal([11, 22, 33, 44]);
  });

  it('a body that reads the raw array\'s extent itself guards x[i] (valid in CuPy): no RangeError', () => {
    const guarded = gp.ElementwiseKernel('raw float32 x', 'float32 z', 'z = (i < x.size()) ? x[i] : -1', 'adv_raw_guarded');
    expect(values(guarded(gp.asarray([1, 2], 'float32'), gp.zeros(4, 'float32')))).to.deep.equal([1, 2, -1, -1]);
    const byShape = gp.ElementwiseKernel('raw float32 x', 'float32 z', 'z = i < x.shape()[0] ? x[i] : 0', 'adv_raw_guarded_shape');
    expect(values(byShape(gp.asarray([5], 'float32'), gp.zeros(3, 'float32')))).to.deep.equal([5, 0, 0]);
  });

  it('a raw 2-d array takes an index array of any integer type (CuPy\'s template), or a braced list', () => {
    const m = gp.asarray([[1, 2, 3], [4, 5, 6]], 'float32').T; // strided: shape 3 x 2
    const pick = (index: string, name: string) =>
      values(gp.ElementwiseKernel('raw float32 m', 'float32 z', `${index}; z = m[idx]`, name)(m, gp.zeros(6, 'float32')));
    const want = [1, 4, 2, 5, 3, 6];
    expect(pick('int idx[2] = {(int)(i / 2), (int)(i % 2)}', 'adv_carray_int')).to.deep.equal(want);
    expect(pick('const unsigned short idx[2] = {(unsigned short)(i / 2), (unsigned short)(i % 2)}', 'adv_carray_u16')).to.deep.equal(want);
    expect(pick('long long idx[2] = {i / 2, i % 2}', 'adv_carray_i64')).to.deep.equal(want);
    const braced = gp.ElementwiseKernel('raw float32 m', 'float32 z', 'z = m[{i / 2, (int)(i % 2)}]', 'adv_carray_braced');
    expect(values(braced(m, gp.zeros(6, 'float32')))).to.deep.equal(want);
  });

  it('parameters may be named n (only i and C keywords are taken), as in CuPy', () => {
    const scale = gp.ElementwiseKernel('float32 x, int32 n', 'float32 z', 'z = x * n', 'adv_param_n');
    expect(values(scale(gp.asarray([1, 2, 3], 'float32'), 4))).to.deep.equal([4, 8, 12]);
    const sumN = gp.ReductionKernel('T x, int32 n', 'T y', 'x * n', 'a + b', 'y = a', '0', 'adv_red_param_n');
    expect(values(sumN(gp.asarray([[1, 2], [3, 4]], 'float32'), 2, { axis: 1 }))).to.deep.equal([6, 14]);
    expect(() => gp.ElementwiseKernel('float32 i', 'float32 z', 'z = i', 'adv_param_i')).to.throw(TypeError, /'i'.*reserved/);
    expect(() => gp.ElementwiseKernel('float32 _x', 'float32 z', 'z = _x', 'adv_param_u')).to.throw(TypeError, /'_x'.*reserved/);
  });
});
