// numpy.finfo/iinfo and the type tests (iscomplex, isreal, iscomplexobj, isrealobj,
// real_if_close, common_type, min_scalar_type, isscalar) against NumPy 2.4's answers.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describe('finfo and iinfo', () => {
  it('float limits as NumPy (bfloat16 as ml_dtypes); complex gives its parts\'; integers refused', () => {
    const f32 = gp.finfo('float32');
    expect([f32.bits, f32.eps, f32.epsneg, f32.max, f32.min, f32.smallestNormal, f32.tiny, f32.smallestSubnormal]).to.deep.equal([32, 2 ** -23, 2 ** -24, 3.4028234663852886e38, -3.4028234663852886e38, 2 ** -126, 2 ** -126, 2 ** -149]);
    expect([f32.resolution, f32.precision, f32.iexp, f32.maxexp, f32.minexp, f32.negep, f32.nexp, f32.nmant, f32.machep]).to.deep.equal([1e-6, 6, 8, 128, -126, -24, 8, 23, -23]);
    const f64 = gp.finfo(gp.dtypes.float64);
    expect([f64.eps, f64.max, f64.smallestSubnormal, f64.resolution, f64.precision]).to.deep.equal([2.220446049250313e-16, 1.7976931348623157e308, 5e-324, 1e-15, 15]);
    const f16 = gp.finfo(gp.zeros([1], 'float16'));
    expect([f16.eps, f16.max, f16.smallestNormal, f16.smallestSubnormal, f16.precision, f16.minexp]).to.deep.equal([2 ** -10, 65504, 2 ** -14, 2 ** -24, 3, -14]);
    const bf = gp.finfo('bfloat16');
    expect([bf.eps, bf.max, bf.smallestNormal, bf.smallestSubnormal, bf.precision]).to.deep.equal([2 ** -7, 3.3895313892515355e38, 2 ** -126, 2 ** -133, 2]);
    expect(gp.finfo('complex64').dtype).to.equal(gp.dtypes.float32);
    expect(gp.finfo(1.5).dtype).to.equal(gp.dtypes.float64);
    expect(() => gp.finfo('int32')).to.throw(RangeError, /not inexact/);
  });

  it('integer limits: numbers, bigints for 64 bits; bool and floats refused', () => {
    const i8 = gp.iinfo('int8');
    expect([i8.bits, i8.min, i8.max, i8.kind]).to.deep.equal([8, -128, 127, 'i']);
    expect([gp.iinfo('uint16').max, gp.iinfo('int32').min]).to.deep.equal([65535, -2147483648]);
    expect([gp.iinfo('int64').min, gp.iinfo('uint64').max, gp.iinfo('uint64').kind]).to.deep.equal([-(2n ** 63n), 2n ** 64n - 1n, 'u']);
    expect(gp.iinfo(3).dtype).to.equal(gp.dtypes.int64);
    expect(() => gp.iinfo('float32')).to.throw(RangeError, /Invalid integer data type 'f'/);
    expect(() => gp.iinfo('bool')).to.throw(RangeError);
  });

  it('commonType, minScalarType and isscalar', () => {
    expect(gp.commonType(gp.arange(3), gp.ones(2, 'float32'))).to.equal(gp.dtypes.float64);
    expect(gp.commonType(gp.ones(2, 'float16'), gp.ones(2, 'float32'))).to.equal(gp.dtypes.float32);
    expect(gp.commonType(gp.ones(2, 'float16'))).to.equal(gp.dtypes.float16);
    expect(gp.commonType(gp.ones(2, 'float16'), gp.ones(2, 'complex64'))).to.equal(gp.dtypes.complex64);
    expect(gp.commonType(gp.ones(2, 'int8'), gp.ones(2, 'complex64'))).to.equal(gp.dtypes.complex128);
    expect(() => gp.commonType(gp.ones(2, 'bool'))).to.throw(TypeError, /non-numeric/);
    // np.min_scalar_type of 10, -129, 3.1, 2**40, 1e300, 1e40, -1e5 (a JS integer value is an int), 1+1j, True.
    const got = [10, -129, 3.1, 2 ** 40, 1e300, 1.5e40, -100000, { re: 1, im: 1 }, true].map((v) => gp.minScalarType(v).name);
    expect(got).to.deep.equal(['uint8', 'int16', 'float16', 'uint64', 'float64', 'float64', 'int32', 'complex64', 'bool']);
    expect(gp.minScalarType(2n ** 64n - 1n).name).to.equal('uint64');
    expect(gp.minScalarType(gp.ones(2, 'int16')).name).to.equal('int16');
    expect([3.1, 2n, true, 'a', { re: 1, im: 0 }, gp.float32(1)].map((v) => gp.isscalar(v))).to.deep.equal([true, true, true, true, true, true]);
    expect([gp.array(3), [1], null, undefined, {}].map((v) => gp.isscalar(v))).to.deep.equal([false, false, false, false, false]);
  });
});

describeEachDevice('iscomplex, isreal, iscomplexobj, isrealobj, realIfClose', () => {
  it('element-wise tests of the imaginary part, dtype tests of the object', () => {
    const z = gp.array([{ re: 1, im: 0 }, { re: 1, im: 2 }, { re: 0, im: -0 }]);
    expect(gp.iscomplex(z).toArray()).to.deep.equal([false, true, false]);
    expect(gp.isreal(z).toArray()).to.deep.equal([true, false, true]);
    expect(gp.iscomplex(gp.array([1, 2])).toArray()).to.deep.equal([false, false]);
    expect(gp.isreal([1, 2]).toArray()).to.deep.equal([true, true]);
    expect([gp.iscomplexobj(z), gp.iscomplexobj(gp.array([1])), gp.iscomplexobj({ re: 1, im: 0 }), gp.isrealobj([1, 2]), gp.isrealobj(z)]).to.deep.equal([true, false, true, true, false]);
  });

  it('realIfClose: the real part (a view) when every imaginary part is within tol machine epsilons', () => {
    const near = gp.array([{ re: 2.1, im: 4e-14 }, { re: 5.2, im: 3e-15 }]);
    expect(gp.realIfClose(near).dtype.name).to.equal('complex128'); // 4e-14 > 100 eps
    const r = gp.realIfClose(near, 1000);
    expect([r.dtype.name, r.toArray()]).to.deep.equal(['float64', [2.1, 5.2]]);
    expect(gp.realIfClose(near, { tol: 1e-13 }).dtype.name).to.equal('float64');
    const a = gp.array([1, 2]);
    expect(gp.realIfClose(a)).to.equal(a);
    expect(gp.realIfClose(gp.array([{ re: 1, im: 1e-3 }], 'complex64'), 1000).dtype.name).to.equal('complex64');
  });
});
