// A user's program: every public name of gpuarray, used through the installed package's types
// (strict, NodeNext and Bundler resolution) and run. test/consumer.test.ts checks that every
// runtime export of the package appears here as `gp.<name>` (or in the import line below).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as gp from 'gpuarray';
import { GpuArray, var as variance } from 'gpuarray';
import type {
  FlatIter,
  ByteswapOptions,
  FieldOffset,
  FieldOptions,
  FieldValue,
  ArrayEqualOptions,
  ArrayFlags,
  AxisLike,
  BackendInfo,
  BackendKind,
  CloseOptions,
  CParam,
  CudaDevice,
  CudaNamespace,
  DeviceInfo,
  DimLike,
  DTypeLike,
  DTypeName,
  ElementwiseCallOptions,
  ElementwiseKernelFn,
  ElementwiseKernelOptions,
  EventOptions,
  FloatMode,
  GraphOptions,
  Index,
  MemoryPool,
  NestedArray,
  PoolStats,
  PinnedMemoryPool,
  PrintOptions,
  RawArg,
  RawKernelFn,
  RawKernelOptions,
  RawLaunchOptions,
  RawModuleOptions,
  ReductionCallOptions,
  ReductionKernelFn,
  MatvecOptions,
  EinsumPath,
  ReductionKernelOptions,
  ReductionOptions,
  SliceObject,
  StreamOptions,
  UfuncReduce,
  UfuncReduceOptions,
  UfuncAccumulate,
  UfuncOuter,
  UfuncReduceat,
  UfuncReduceatIndices,
  UfuncReduceatOptions,
  UnwrapOptions,
  IsdtypeKind,
  IsdtypeKindName,
  FloatInfo,
  IntInfo,
  DTypeInfoArg,
  AlongAxisResult,
  PackbitsOptions,
  UnpackbitsOptions,
  Piece,
  PiecewiseConditions,
  FrombufferOptions,
  UfuncPairCallOptions,
  AngleOptions,
  ComplexPartArg,
  PairUfuncName,
  Communicator,
  CudaArrayInterface,
  DlpackDevice,
  InitOptions,
  IpcHandle,
  ReduceOp,
  ReduceOptions,
  ToDlpackOptions,
} from 'gpuarray';

/** Host values of a float array, compared to a JS reference with a relative tolerance. */
function near(a: GpuArray, want: readonly number[], what: string, rtol = 1e-12): void {
  const got = Array.from(a.toTypedArray() as Float64Array);
  assert.equal(got.length, want.length, what);
  got.forEach((g, i) => {
    const w = want[i];
    if (Number.isNaN(w)) assert.ok(Number.isNaN(g), `${what}[${i}]: ${g}, want NaN`);
    else assert.ok(Math.abs(g - w) <= rtol * Math.max(1, Math.abs(w)), `${what}[${i}]: ${g}, want ${w}`);
  });
}
const list = (a: GpuArray): unknown[] => a.toArray() as unknown[];

const x = gp.array([0.25, 0.5, 0.75]); // float64
const y = gp.array([2, 1.5, 0.5]);
const xs = [0.25, 0.5, 0.75];
const ys = [2, 1.5, 0.5];
const big = gp.array([1.5, 2, 3.5]); // >= 1 for arccosh
const bigs = [1.5, 2, 3.5];

// ---- element-wise: every ufunc as a function and as a method, against Math -------------------
type Unary = (v: number) => number;
const unary: [string, GpuArray, GpuArray, Unary][] = [
  ['negative', gp.negative(x), x.negative(), (v) => -v],
  ['positive', gp.positive(x), x.positive(), (v) => v],
  ['absolute', gp.absolute(gp.negative(x)), x.negative().absolute(), Math.abs],
  ['abs', gp.abs(gp.negative(x)), x.negative().abs(), Math.abs],
  ['sign', gp.sign(x), x.sign(), Math.sign],
  ['square', gp.square(x), x.square(), (v) => v * v],
  ['reciprocal', gp.reciprocal(x), x.reciprocal(), (v) => 1 / v],
  ['conjugate', gp.conjugate(x), x.conjugate(), (v) => v],
  ['conj', gp.conj(x), x.conj(), (v) => v],
  ['sqrt', gp.sqrt(x), x.sqrt(), Math.sqrt],
  ['cbrt', gp.cbrt(x), x.cbrt(), Math.cbrt],
  ['exp', gp.exp(x), x.exp(), Math.exp],
  ['exp2', gp.exp2(x), x.exp2(), (v) => 2 ** v],
  ['expm1', gp.expm1(x), x.expm1(), Math.expm1],
  ['log', gp.log(x), x.log(), Math.log],
  ['log2', gp.log2(x), x.log2(), Math.log2],
  ['log10', gp.log10(x), x.log10(), Math.log10],
  ['log1p', gp.log1p(x), x.log1p(), Math.log1p],
  ['sin', gp.sin(x), x.sin(), Math.sin],
  ['cos', gp.cos(x), x.cos(), Math.cos],
  ['tan', gp.tan(x), x.tan(), Math.tan],
  ['arcsin', gp.arcsin(x), x.arcsin(), Math.asin],
  ['arccos', gp.arccos(x), x.arccos(), Math.acos],
  ['arctan', gp.arctan(x), x.arctan(), Math.atan],
  ['asin', gp.asin(x), x.asin(), Math.asin],
  ['acos', gp.acos(x), x.acos(), Math.acos],
  ['atan', gp.atan(x), x.atan(), Math.atan],
  ['sinh', gp.sinh(x), x.sinh(), Math.sinh],
  ['cosh', gp.cosh(x), x.cosh(), Math.cosh],
  ['tanh', gp.tanh(x), x.tanh(), Math.tanh],
  ['arcsinh', gp.arcsinh(x), x.arcsinh(), Math.asinh],
  ['arctanh', gp.arctanh(x), x.arctanh(), Math.atanh],
  ['asinh', gp.asinh(x), x.asinh(), Math.asinh],
  ['atanh', gp.atanh(x), x.atanh(), Math.atanh],
  ['floor', gp.floor(y), y.floor(), Math.floor],
  ['ceil', gp.ceil(y), y.ceil(), Math.ceil],
  ['trunc', gp.trunc(y), y.trunc(), Math.trunc],
];
for (const [name, f, m, ref] of unary) {
  const src = ['floor', 'ceil', 'trunc'].includes(name) ? ys : ['absolute', 'abs'].includes(name) ? xs.map((v) => -v) : xs;
  near(f, src.map(ref), `gp.${name}`);
  near(m, src.map(ref), `a.${name}()`);
}
near(gp.arccosh(big), bigs.map(Math.acosh), 'gp.arccosh');
near(big.arccosh(), bigs.map(Math.acosh), 'a.arccosh()');
near(gp.acosh(big), bigs.map(Math.acosh), 'gp.acosh');
near(big.acosh(), bigs.map(Math.acosh), 'a.acosh()');
// rint rounds half to even, as NumPy.
assert.deepEqual(list(gp.rint(gp.array([0.5, 1.5, 2.5]))), [0, 2, 2]);
assert.deepEqual(list(gp.array([0.5, 1.5, -2.5]).rint()), [0, 2, -2]);

type Binary = (a: number, b: number) => number;
const binary: [string, GpuArray, GpuArray, Binary][] = [
  ['add', gp.add(x, y), x.add(y), (a, b) => a + b],
  ['subtract', gp.subtract(x, y), x.subtract(y), (a, b) => a - b],
  ['multiply', gp.multiply(x, y), x.multiply(y), (a, b) => a * b],
  ['divide', gp.divide(x, y), x.divide(y), (a, b) => a / b],
  ['trueDivide', gp.trueDivide(x, y), x.trueDivide(y), (a, b) => a / b],
  ['floorDivide', gp.floorDivide(y, x), y.floorDivide(x), (a, b) => Math.floor(a / b)],
  ['remainder', gp.remainder(y, x), y.remainder(x), (a, b) => a - Math.floor(a / b) * b],
  ['mod', gp.mod(y, x), y.mod(x), (a, b) => a - Math.floor(a / b) * b],
  ['power', gp.power(x, y), x.power(y), Math.pow],
  ['pow', gp.pow(x, y), x.pow(y), Math.pow],
  ['arctan2', gp.arctan2(x, y), x.arctan2(y), Math.atan2],
  ['atan2', gp.atan2(x, y), x.atan2(y), Math.atan2],
  ['hypot', gp.hypot(x, y), x.hypot(y), Math.hypot],
  ['maximum', gp.maximum(x, y), x.maximum(y), Math.max],
  ['minimum', gp.minimum(x, y), x.minimum(y), Math.min],
  ['fmax', gp.fmax(x, y), x.fmax(y), Math.max],
  ['fmin', gp.fmin(x, y), x.fmin(y), Math.min],
];
for (const [name, f, m, ref] of binary) {
  const want = xs.map((v, i) => (['floorDivide', 'remainder', 'mod'].includes(name) ? ref(ys[i], v) : ref(v, ys[i])));
  near(f, want, `gp.${name}`);
  near(m, want, `a.${name}(b)`);
}
near(x.multiply(2), [0.5, 1, 1.5], 'a.multiply(2)');
near(gp.clip(y, 0.75, 1.75), [1.75, 1.5, 0.75], 'gp.clip');
near(y.clip(0.75, 1.75), [1.75, 1.5, 0.75], 'a.clip');
near(gp.where(gp.greater(y, 1), x, y), [0.25, 0.5, 0.5], 'gp.where');

// Predicates and comparisons give bool arrays.
const nanInf = gp.array([NaN, Infinity, 1]);
assert.deepEqual(list(gp.isnan(nanInf)), [true, false, false]);
assert.deepEqual(list(nanInf.isnan()), [true, false, false]);
assert.deepEqual(list(gp.isinf(nanInf)), [false, true, false]);
assert.deepEqual(list(nanInf.isinf()), [false, true, false]);
assert.deepEqual(list(gp.isfinite(nanInf)), [false, false, true]);
assert.deepEqual(list(nanInf.isfinite()), [false, false, true]);
const cmp: [string, GpuArray, GpuArray, (a: number, b: number) => boolean][] = [
  ['equal', gp.equal(x, 0.5), x.equal(0.5), (a, b) => a === b],
  ['notEqual', gp.notEqual(x, 0.5), x.notEqual(0.5), (a, b) => a !== b],
  ['less', gp.less(x, 0.5), x.less(0.5), (a, b) => a < b],
  ['lessEqual', gp.lessEqual(x, 0.5), x.lessEqual(0.5), (a, b) => a <= b],
  ['greater', gp.greater(x, 0.5), x.greater(0.5), (a, b) => a > b],
  ['greaterEqual', gp.greaterEqual(x, 0.5), x.greaterEqual(0.5), (a, b) => a >= b],
];
for (const [name, f, m, ref] of cmp) {
  assert.equal(f.dtype.name, 'bool', name);
  assert.deepEqual(list(f), xs.map((v) => ref(v, 0.5)), `gp.${name}`);
  assert.deepEqual(list(m), xs.map((v) => ref(v, 0.5)), `a.${name}`);
}
const p = gp.array([true, true, false]);
const q = gp.array([true, false, false]);
assert.deepEqual(list(gp.logicalAnd(p, q)), [true, false, false]);
assert.deepEqual(list(p.logicalAnd(q)), [true, false, false]);
assert.deepEqual(list(gp.logicalOr(p, q)), [true, true, false]);
assert.deepEqual(list(p.logicalOr(q)), [true, true, false]);
assert.deepEqual(list(gp.logicalXor(p, q)), [false, true, false]);
assert.deepEqual(list(p.logicalXor(q)), [false, true, false]);
assert.deepEqual(list(gp.logicalNot(p)), [false, false, true]);
assert.deepEqual(list(p.logicalNot()), [false, false, true]);

const i = gp.array([12, 10, 7], 'int32');
const j = gp.array([10, 6, 1], 'int32');
const ints: [string, GpuArray, GpuArray, number[]][] = [
  ['bitwiseAnd', gp.bitwiseAnd(i, j), i.bitwiseAnd(j), [8, 2, 1]],
  ['bitwiseOr', gp.bitwiseOr(i, j), i.bitwiseOr(j), [14, 14, 7]],
  ['bitwiseXor', gp.bitwiseXor(i, j), i.bitwiseXor(j), [6, 12, 6]],
  ['bitwiseNot', gp.bitwiseNot(i), i.bitwiseNot(), [-13, -11, -8]],
  ['invert', gp.invert(i), i.invert(), [-13, -11, -8]],
  ['bitwiseInvert', gp.bitwiseInvert(i), i.bitwiseInvert(), [-13, -11, -8]],
  ['leftShift', gp.leftShift(i, 2), i.leftShift(2), [48, 40, 28]],
  ['rightShift', gp.rightShift(i, 1), i.rightShift(1), [6, 5, 3]],
  ['bitwiseLeftShift', gp.bitwiseLeftShift(i, 2), i.bitwiseLeftShift(2), [48, 40, 28]],
  ['bitwiseRightShift', gp.bitwiseRightShift(i, 1), i.bitwiseRightShift(1), [6, 5, 3]],
];
for (const [name, f, m, want] of ints) {
  assert.equal(f.dtype.name, 'int32', name);
  assert.deepEqual(list(f), want, `gp.${name}`);
  assert.deepEqual(list(m), want, `a.${name}`);
}
// out= and NumPy's promotion: int8 + a weak Python int stays int8.
const out = gp.zeros(3);
x.add(y, { out });
near(out, [2.25, 2, 1.25], 'out=');
assert.equal(gp.add(gp.array([1, 2], 'int8'), 1).dtype.name, 'int8');
assert.equal(gp.ufuncs.get('add')?.nin, 2);
assert.ok(gp.ufuncs.get('sin') instanceof gp.Ufunc);

// More of NumPy's ufuncs: angles, logs of sums, float bit steps, exponents, integer division.
near(gp.degrees(gp.array([Math.PI])), [180], 'gp.degrees');
near(gp.rad2deg(gp.array([Math.PI / 2])), [90], 'gp.rad2deg');
near(gp.radians(gp.array([180])).multiply(1), [Math.PI], 'gp.radians');
near(gp.deg2rad(gp.array([90])), [Math.PI / 2], 'gp.deg2rad');
near(gp.logaddexp(x, y), xs.map((v, i) => Math.log(Math.exp(v) + Math.exp(ys[i]))), 'gp.logaddexp');
near(x.logaddexp2(y), xs.map((v, i) => Math.log2(2 ** v + 2 ** ys[i])), 'a.logaddexp2');
near(gp.logaddexp2(x, y), xs.map((v, i) => Math.log2(2 ** v + 2 ** ys[i])), 'gp.logaddexp2');
near(gp.copysign(y, -1), [-2, -1.5, -0.5], 'gp.copysign');
near(gp.nextafter(gp.array([1]), 2), [1 + 2 ** -52], 'gp.nextafter');
near(gp.spacing(gp.array([1, -1])), [2 ** -52, -(2 ** -52)], 'gp.spacing');
near(gp.fabs(gp.array([-2.5, 0.5])), [2.5, 0.5], 'gp.fabs');
near(gp.ldexp(x, gp.array([1, 2, 3], 'int32')), [0.5, 2, 6], 'gp.ldexp');
const [mant, expo] = gp.frexp(gp.array([8, 0.75]));
near(mant, [0.5, 0.75], 'gp.frexp mantissa');
assert.equal(expo.dtype.name, 'int32');
const [frac, whole] = gp.modf(gp.array([2.5, -1.25]));
near(frac, [0.5, -0.25], 'gp.modf');
near(whole, [2, -1], 'gp.modf');
const [quot, rem] = gp.divmod(gp.array([7, -7], 'int32'), 3);
assert.deepEqual([list(quot), list(rem)], [[2, -3], [1, 2]]);
assert.deepEqual(list(gp.fmod(gp.array([7, -7], 'int32'), 3)), [1, -1]);
assert.deepEqual(list(gp.gcd(i, j)), [2, 2, 1]);
assert.deepEqual(list(gp.lcm(i, j)), [60, 30, 7]);
near(gp.heaviside(gp.array([-1, 0, 2]), 0.5), [0, 0.5, 1], 'gp.heaviside');
assert.deepEqual(list(gp.signbit(gp.array([-0, 0, -1], 'float64'))), [true, false, true]);
near(gp.floatPower(gp.array([2], 'int8'), -1), [0.5], 'gp.floatPower');
// Complex parts: views (a.real / a.imag as NumPy's properties) and numpy.angle.
const zc = gp.array([{ re: 3, im: 4 }, { re: -1, im: 0 }]);
near(gp.real(zc), [3, -1], 'gp.real');
near(gp.imag(zc), [4, 0], 'gp.imag');
near(zc.real, [3, -1], 'a.real');
near(zc.imag, [4, 0], 'a.imag');
near(gp.angle(zc, { deg: true }), [(Math.atan2(4, 3) * 180) / Math.PI, 180], 'gp.angle');
// ufunc methods on the functions: reduce (as sum, with its dtypes), accumulate, outer, at.
assert.equal(gp.add.reduce(gp.array([1, 2, 3], 'int8'), { initial: 4 }).toArray(), 10n);
assert.deepEqual(list(gp.maximum.accumulate(gp.array([1, 3, 2], 'int8'))), [1, 3, 3]);
assert.deepEqual(list(gp.multiply.outer(gp.array([1, 2], 'int32'), gp.array([3, 4], 'int32'))), [[3, 4], [6, 8]]);
const reduceAdd: UfuncReduce = gp.add.reduce;
const outerOptions: UfuncPairCallOptions = {};
const [oq, orr] = gp.divmod.outer(i, j, outerOptions);
assert.equal(oq.shape.length + orr.shape.length + reduceAdd(i).ndim, 4);
const angleOptions: AngleOptions = { deg: false };
const part: ComplexPartArg = 2;
const accumulate: UfuncAccumulate = gp.add.accumulate;
const outer: UfuncOuter = gp.add.outer;
const reduceOptions: UfuncReduceOptions = { axis: null, keepdims: true };
const pairName: PairUfuncName = 'frexp';
assert.equal(gp.angle(part, angleOptions).toArray(), 0);
assert.equal(accumulate(i).size + outer(i, j).size + gp.logicalOr.reduce(i, reduceOptions).size, 13);
assert.equal(gp.ufuncs.get(pairName)?.nout, 2);
// reduce, accumulate and reduceat on every binary ufunc: NumPy's left-to-right folds.
const reduceat: UfuncReduceat = gp.subtract.reduceat;
const segments: UfuncReduceatIndices = [0, 2];
const reduceatOptions: UfuncReduceatOptions = { axis: 0, dtype: 'int64' };
assert.deepEqual(list(reduceat(gp.array([5, 1, 2, 7], 'int8'), segments, reduceatOptions)), [4n, -5n]);
assert.equal(gp.subtract.reduce(gp.array([10, 3, 2], 'int8')).toArray(), 5);
assert.equal(gp.bitwiseOr.reduce(gp.array([1, 2, 4], 'uint8'), { axis: null }).toArray(), 7);
assert.deepEqual(list(gp.power.accumulate(gp.array([2, 3, 2], 'int32'))), [2, 8, 64]);
assert.equal(gp.ufuncs.get('bitwiseAnd')?.identity, -1);

// ---- reductions: function and method --------------------------------------------------------
const m2 = gp.array(
  [
    [1, 5, 3],
    [4, 2, 6],
  ],
  'float64',
);
assert.equal(gp.sum(m2).toArray(), 21);
assert.deepEqual(list(m2.sum(0)), [5, 7, 9]);
assert.deepEqual(list(gp.sum(m2, { axis: 1, keepdims: true })), [[9], [12]]);
assert.equal(gp.prod(m2).toArray(), 720);
assert.equal(m2.prod().toArray(), 720);
assert.equal(gp.max(m2).toArray(), 6);
assert.equal(m2.max().toArray(), 6);
assert.equal(gp.amax(m2).toArray(), 6);
assert.equal(gp.min(m2).toArray(), 1);
assert.equal(m2.min().toArray(), 1);
assert.equal(gp.amin(m2).toArray(), 1);
assert.equal(gp.argmax(m2).toArray(), 5n);
assert.equal(m2.argmax().toArray(), 5n);
assert.equal(gp.argmin(m2).toArray(), 0n);
assert.equal(m2.argmin().toArray(), 0n);
assert.equal(gp.mean(m2).toArray(), 3.5);
assert.equal(m2.mean().toArray(), 3.5);
near(gp.var(m2), [35 / 12], 'gp.var');
near(variance(m2), [35 / 12], 'var import');
near(m2.var(), [35 / 12], 'a.var()');
near(gp.std(m2, { ddof: 1 }), [Math.sqrt(3.5)], 'gp.std ddof');
near(m2.std(), [Math.sqrt(35 / 12)], 'a.std()');
assert.equal(gp.all(p).toArray(), false);
assert.equal(p.all().toArray(), false);
assert.equal(gp.any(p).toArray(), true);
assert.equal(p.any().toArray(), true);
assert.equal(gp.countNonzero(p).toArray(), 2n);
const withNan = gp.array([1, NaN, 3]);
assert.equal(gp.nansum(withNan).toArray(), 4);
assert.equal(gp.nanmax(withNan).toArray(), 3);
assert.equal(gp.nanmin(withNan).toArray(), 1);
const axis: AxisLike = [0, 1];
const ropts: ReductionOptions = { axis, keepdims: false };
assert.equal(gp.sum(m2, ropts).toArray(), 21);
assert.equal(gp.arrayEqual(m2, m2.copy()), true);
const eqOpts: ArrayEqualOptions = { equalNan: true };
assert.equal(gp.arrayEqual(withNan, withNan, eqOpts), true);
const closeOpts: CloseOptions = { rtol: 1e-5 };
assert.equal(gp.allclose(x, x.add(1e-9), closeOpts), true);
assert.deepEqual(list(gp.isclose(x, gp.array([0.25, 0.6, 0.75]))), [true, false, true]);

// ---- creation, dtypes, scalars, promotion ---------------------------------------------------
const dt: DTypeLike = 'float32';
const dn: DTypeName = 'int16';
assert.deepEqual(list(gp.arange(3, dt)), [0, 1, 2]);
assert.equal(gp.empty([2, 2], dn).shape.join('x'), '2x2');
assert.deepEqual(list(gp.zeros(2)), [0, 0]);
assert.deepEqual(list(gp.ones(2, 'int8')), [1, 1]);
assert.deepEqual(list(gp.full(2, 7.5)), [7.5, 7.5]);
assert.deepEqual(gp.emptyLike(m2).shape, [2, 3]);
assert.deepEqual(list(gp.zerosLike(x)), [0, 0, 0]);
assert.deepEqual(list(gp.onesLike(x)), [1, 1, 1]);
assert.deepEqual(list(gp.fullLike(x, 4)), [4, 4, 4]);
assert.deepEqual(list(gp.linspace(0, 1, 3)), [0, 0.5, 1]);
assert.deepEqual(list(gp.logspace(0, 2, 3)), [1, 10, 100]);
assert.deepEqual(list(gp.geomspace(1, 100, 3)), [1, 10, 100]);
assert.deepEqual(list(gp.fromfunction((i: GpuArray) => i.multiply(2), [3])), [0, 2, 4]);
assert.deepEqual(list(gp.round(gp.array([1.26, 2.5]), 1)), [1.3, 2.5]);
assert.deepEqual(list(gp.around(gp.array([15, 25]), -1)), [20n, 20n]);
assert.deepEqual(list(gp.nanToNum(gp.array([NaN, 1.5]))), [0, 1.5]);
assert.deepEqual(list(gp.isposinf(gp.array([Infinity, 1]))), [true, false]);
assert.deepEqual(list(gp.isneginf(gp.array([-Infinity, 1]))), [true, false]);
assert.deepEqual(gp.reshape(gp.arange(6), [2, 3], { order: 'F' }).shape, [2, 3]);
assert.deepEqual(list(gp.ravel(gp.arange(4).reshape(2, 2), 'F')), [0n, 2n, 1n, 3n]);
assert.deepEqual(gp.transpose(gp.zeros([2, 3])).shape, [3, 2]);
assert.deepEqual(gp.permuteDims(gp.zeros([2, 3, 4]), [2, 0, 1]).shape, [4, 2, 3]);
assert.deepEqual(gp.squeeze(gp.zeros([1, 3])).shape, [3]);
assert.deepEqual(gp.expandDims(gp.zeros([3]), 0).shape, [1, 3]);
assert.deepEqual(gp.broadcastTo(gp.zeros([3]), [2, 3]).shape, [2, 3]);
assert.deepEqual(list(gp.copy(gp.arange(2))), [0n, 1n]);
assert.equal(gp.astype(gp.arange(2), 'float32').dtype.name, 'float32');
assert.ok(gp.ascontiguousarray(gp.zeros([2, 3]).T).flags.cContiguous);
assert.deepEqual([gp.ndim(m2), gp.shape(m2), gp.size(m2)], [2, [2, 3], 6]);
assert.deepEqual(list(gp.array([1], 'float32').view('int32')), [1065353216]);
// ndarray.byteswap / getfield / setfield: bytes reversed, a field of each element viewed and written.
assert.deepEqual(list(gp.array([1, 256], 'int16').byteswap()), [256, 1]);
const bsOptions: ByteswapOptions = { inplace: true };
const fieldOf = gp.array([0x10002], 'int32');
assert.equal(fieldOf.byteswap(bsOptions), fieldOf);
const fieldOptions: FieldOptions = { dtype: 'int16', offset: 2 };
const fieldOffset: FieldOffset = gp.int64(0);
const fieldValue: FieldValue = [3];
fieldOf.setfield(fieldValue, 'int16', fieldOffset);
assert.deepEqual(list(fieldOf.getfield(fieldOptions)), [512]);
assert.deepEqual(list(gp.eye(2)), [
  [1, 0],
  [0, 1],
]);
assert.deepEqual(list(gp.identity(2, 'int32')), [
  [1, 0],
  [0, 1],
]);
assert.equal(gp.asarray(x), x);
assert.equal(gp.dtype('float32'), gp.dtypes.float32);
assert.ok(gp.dtypes.float32 instanceof gp.DType);
assert.equal(gp.promoteTypes(gp.dtype('int8'), gp.dtype('uint8')).name, 'int16');
assert.equal(gp.resultType([gp.dtypes.int8], ['int']).name, 'int8');
assert.equal(gp.resultType(gp.int8, 1.5).name, 'float64');
// Scalar types stand for dtypes (np.float32); NumPy's C-named aliases and constants.
const sc = gp.zeros(2, gp.float32);
assert.equal(sc.dtype.name, 'float32');
assert.deepEqual(
  [gp.half, gp.single, gp.double, gp.csingle, gp.cdouble, gp.byte, gp.ubyte, gp.short, gp.ushort, gp.intc, gp.uintc, gp.long, gp.ulong, gp.longlong, gp.ulonglong, gp.intp, gp.uintp, gp.int_, gp.uint, gp.bool].map((t) => gp.dtype(t).name),
  ['float16', 'float32', 'float64', 'complex64', 'complex128', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'int64', 'uint64', 'int64', 'uint64', 'int64', 'uint64', 'bool'],
);
assert.ok(gp.pi === Math.PI && gp.e === Math.E && gp.inf === Infinity && Number.isNaN(gp.nan) && gp.eulerGamma > 0.57 && typeof gp.littleEndian === 'boolean');
assert.ok(sc instanceof gp.ndarray);
assert.equal(gp.zerosLike(sc, 'int8').dtype.name, 'int8');
const p1d = new gp.poly1d([1, 2, 3]);
assert.equal(p1d(0.5).item(), 4.25);
assert.equal(String(p1d.deriv()), ' \n2 x + 2');
assert.equal(p1d.multiply(p1d).order, 4);
assert.deepEqual(new gp.broadcast(gp.arange(3).reshape(3, 1), gp.arange(2)).shape, [3, 2]);
assert.equal(gp.canCast(gp.dtypes.int8, gp.dtypes.float32), true);
assert.equal(gp.canCast('uint16', 'int8', 'same_kind'), true);
const flatOf = gp.arange(6, 'float32').reshape(2, 3);
const fi: FlatIter = flatOf.flat;
fi.set('1:3', [7]);
flatOf.flat = flatOf.flat.get('...');
assert.deepEqual([...fi], [0, 7, 7, 3, 4, 5]);
assert.ok(fi instanceof gp.flatiter && gp.add instanceof gp.ufunc && !(gp.sum instanceof gp.ufunc));
assert.equal(gp.rowStack([[1], [2]]).shape[0], 2);
assert.equal(gp.typecodes.AllFloat, 'efdgFDG');
const firstScalarType: gp.ScalarType = gp.ScalarType[0];
assert.equal(gp.dtype(firstScalarType).name, 'bool');
assert.equal(gp.arrayStr(flatOf.flat.get([1, 4]), null, 2, { suppressSmall: true }), '[7. 4.]');
const scalars = [
  gp.bool_(true),
  gp.int8(1),
  gp.int16(1),
  gp.int32(1),
  gp.int64(1n),
  gp.uint8(1),
  gp.uint16(1),
  gp.uint32(1),
  gp.uint64(1n),
  gp.float16(1),
  gp.float32(1),
  gp.float64(1),
  gp.complex64(1),
  gp.complex128(1),
  gp.bfloat16(1),
];
assert.ok(scalars.every((s) => s instanceof gp.Scalar));
assert.equal(gp.add(gp.array([1], 'int8'), gp.int16(1)).dtype.name, 'int16');
assert.deepEqual(gp.broadcastShapes([2, 1], [3]), [2, 3]);

// ---- views -----------------------------------------------------------------------------------
const r = gp.arange(12, 'float64').reshape(3, 4);
const idx: Index[] = ['1:', gp.newaxis, '::2'];
const so: SliceObject = { start: 0, stop: 2 };
assert.deepEqual(r.slice(...idx).shape, [2, 1, 2]);
assert.deepEqual(r.slice(so).shape, [2, 4]);
assert.deepEqual(r.T.shape, [4, 3]);
assert.deepEqual(r.transpose().shape, [4, 3]);
assert.deepEqual(r.slice(null).squeeze().shape, [3, 4]);
assert.deepEqual(r.expandDims(0).shape, [1, 3, 4]);
assert.deepEqual(gp.arange(3).broadcastTo([2, 3]).shape, [2, 3]);
assert.equal(r.ravel().size, 12);
const flags: ArrayFlags = r.flags;
assert.equal(flags.cContiguous, true);
assert.equal(r.astype('int32').dtype.name, 'int32');
const nested: NestedArray = r.slice(0).toArray();
assert.deepEqual(nested, [0, 1, 2, 3]);
assert.equal(gp.asnumpy(r).shape.join(','), '3,4');

// ---- kernels: typed results ------------------------------------------------------------------
const ekOpts: ElementwiseKernelOptions = { preamble: '' };
const saxpy = gp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy', { preamble: '' });
const loose = gp.ElementwiseKernel('T a', 'T b', 'b = a', 'loose_opts', ekOpts);
assert.ok(loose(x) instanceof GpuArray); // options not known statically: the run-time union
const z: GpuArray = saxpy(gp.float32(3), gp.arange(5, 'float32'), gp.ones(5, 'float32'));
assert.equal(z.str(), '[ 1.  4.  7. 10. 13.]');
const callOpts: ElementwiseCallOptions = { blockSize: 128 };
assert.equal(saxpy(gp.float32(1), gp.arange(2, 'float32'), gp.ones(2, 'float32'), callOpts).size, 2);
const sumDiff = gp.ElementwiseKernel('T a, T b', 'T s, T d', 's = a + b; d = a - b', 'sum_diff');
const [s, d]: [GpuArray, GpuArray] = sumDiff(x, y);
near(s, [2.25, 2, 1.25], 'sum_diff s');
near(d, [-1.75, -1, 0.25], 'sum_diff d');
const tuple1 = gp.ElementwiseKernel('T a', 'T b', 'b = a * 2', 'twice', { returnTuple: true });
const [tw]: [GpuArray] = tuple1(x);
near(tw, [0.5, 1, 1.5], 'returnTuple');
const fillK = gp.ElementwiseKernel('T v', 'T o', 'o = v', 'fill_o', { noReturn: true });
const target = gp.zeros(3);
const nothing: undefined = fillK(2, target);
assert.equal(nothing, undefined);
near(target, [2, 2, 2], 'noReturn');
const typedK: ElementwiseKernelFn<GpuArray> = gp.ElementwiseKernel('T a', 'T b', 'b = -a', 'neg_k');
near(typedK(x), [-0.25, -0.5, -0.75], 'ElementwiseKernelFn<GpuArray>');

const rkOpts: ReductionKernelOptions = { reduceType: 'double' };
const l2 = gp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm', rkOpts);
const rcall: ReductionCallOptions = { axis: 1 };
const norms: GpuArray = l2(m2, rcall);
near(norms, [Math.sqrt(35), Math.sqrt(56)], 'ReductionKernel');
const minmax = gp.ReductionKernel('T x', 'T lo, T hi', 'x', 'a + b', 'lo = a; hi = a * 2', '0', 'two_out');
// As CuPy: the first output is returned, the others are written into the arrays passed.
const hi = gp.zeros([]);
const lo: GpuArray = minmax(m2, gp.zeros([]), hi);
assert.equal(lo.toArray(), 21);
assert.equal(hi.toArray(), 42);
// Result types follow the declarations: each marked line must fail to type-check (never run).
const mustNotCompile = () => {
  // @ts-expect-error a kernel with one output returns a GpuArray, not a tuple (a GpuArray iterates, as NumPy's)
  const notATuple: [GpuArray] = saxpy(gp.float32(1), x, x);
  // @ts-expect-error a noReturn kernel returns nothing
  fillK(2, target).str();
  // @ts-expect-error a two-output reduction returns its first output (CuPy's), not a pair
  const notAPair: [GpuArray, GpuArray] = minmax(m2);
  return [notATuple, notAPair];
};
void mustNotCompile;
const rkFn: ReductionKernelFn<GpuArray> = l2;
assert.equal(rkFn.kernelName, 'l2norm');

const rawOpts: RawKernelOptions = { options: ['-DSCALE=2'] };
const scale: RawKernelFn = gp.RawKernel(
  `extern "C" __global__ void scale(const double* a, double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = SCALE * a[i];
}`,
  'scale',
  rawOpts,
);
const params: readonly CParam[] = scale.params;
assert.equal(params.length, 3);
const grid: DimLike = [1];
const launch: RawLaunchOptions = { sharedMem: 0 };
const rawArgs: RawArg[] = [x, target, 3];
scale(grid, [32], rawArgs, launch);
near(target, [0.5, 1, 1.5], 'RawKernel');
const modOpts: RawModuleOptions = {
  code: `extern "C" __global__ void inc(double* a, int n) { int i = threadIdx.x; if (i < n) a[i] += 1; }`,
};
const mod = new gp.RawModule(modOpts);
mod.getFunction('inc').configure(1, 32)(target, 3);
near(target, [1.5, 2, 2.5], 'RawModule');

// ---- cuda.*, streams, events, backends -------------------------------------------------------
const cu: CudaNamespace = gp.cuda;
assert.equal(typeof cu.isAvailable(), 'boolean');
const dev: CudaDevice = cu.getCurrentDevice();
assert.ok(dev.computeCapability instanceof gp.ComputeCapability);
assert.equal(typeof cu.deviceCount(), 'number');
const dA = cu.toDevice(Float32Array.from([1, 2, 3]));
const dB = cu.deviceArrayLike(dA);
const dC = cu.deviceArray([3], 'float32');
assert.deepEqual(dB.shape, dC.shape);
assert.deepEqual(Array.from(dA.copyToHost() as Float32Array), [1, 2, 3]);
const streamOpts: StreamOptions = { nonBlocking: true };
const stream = cu.stream(streamOpts);
const evOpts: EventOptions = { timing: true };
const e1 = new gp.Event(evOpts).record(stream);
const e2 = cu.event().record(stream);
e2.synchronize();
assert.ok(gp.getElapsedTime(e1, e2) >= 0);
assert.ok(cu.eventElapsedTime(e1, e2) >= 0);
assert.ok(cu.defaultStream() instanceof gp.Stream);
stream.synchronize();
cu.synchronize();
// The current stream, awaited results, graphs.
const prevStream: gp.Stream = stream.use();
assert.equal(cu.getCurrentStream(), stream);
prevStream.use();
const onStream = gp.withStream(stream, () => dA.multiply(2));
await stream.done();
assert.deepEqual(await onStream.toArrayAsync(), [2, 4, 6]);
assert.equal(await onStream.itemAsync(2), 6);
assert.deepEqual(Array.from((await onStream.toTypedArrayAsync()) as Float32Array), [2, 4, 6]);
assert.equal(await dA.setAsync([1, 2, 3]), dA);
assert.equal(await gp.arrayEqualAsync(onStream, dA.add(dA)), true);
assert.equal(await gp.allcloseAsync(onStream, dA.multiply(2)), true);
const graphOpts: GraphOptions = {};
const graph: gp.Graph<GpuArray> = cu.graph(() => dA.add(1), graphOpts);
assert.ok(graph instanceof cu.Graph && graph.nodeCount >= 1);
dA.set([5, 6, 7]);
graph.launch();
assert.deepEqual(graph.output.toArray(), [6, 7, 8]);
graph.dispose();
assert.throws(() => cu.graph(() => dA.toArray()), gp.StreamCaptureError);
stream.beginCapture();
assert.ok(stream.isCapturing());
gp.add(dA, 1, { out: dA });
const manual = stream.endCapture();
cu.synchronize(); // the non-blocking stream does not wait for the default stream's copies
manual.launch(stream);
stream.synchronize();
assert.deepEqual(dA.toArray(), [6, 7, 8]);
manual.dispose();
const backend: BackendInfo = gp.getBackend();
const kind: BackendKind = backend.kind;
assert.ok(gp.availableDeviceSpecs().includes(backend.spec));
const info: DeviceInfo = gp.currentDevice().backend.device;
assert.equal(typeof info.name, 'string');
assert.equal(gp.useDevice(backend.spec).backend.kind, kind);

// ---- printing, memory, lifetimes -------------------------------------------------------------
assert.equal(gp.arrayRepr(gp.arange(3, 'float32')), 'array([0., 1., 2.], dtype=float32)');
assert.equal(gp.arrayStr(gp.arange(3, 'float64')), '[0. 1. 2.]');
assert.equal(gp.array2string(gp.arange(2, 'float64'), { separator: ', ' }), '[0., 1.]');
const mode: FloatMode = 'maxprec';
const po: PrintOptions = gp.getPrintoptions();
assert.equal(po.floatmode, mode);
assert.equal(gp.printoptions({ precision: 2 }, () => gp.arrayStr(gp.array([1 / 3]))), '[0.33]');
gp.setPrintoptions({ precision: po.precision });
const pool: MemoryPool = gp.getMemoryPool();
const stats: PoolStats = pool.stats();
assert.ok(stats.usedBytes >= 0);
// Pinned host memory: upload from it, download into it.
const pinned = gp.cuda.pinnedArray(4, 'float32') as Float32Array;
pinned.set([1.5, 2.5, 3.5, 4.5]);
const fromPinned = gp.asarray(pinned);
const backInto = fromPinned.multiply(2).toTypedArray({ out: gp.cuda.pinnedArray([2, 2], 'float32') });
assert.deepEqual(Array.from(backInto as Float32Array), [3, 5, 7, 9]);
const pinnedPool: PinnedMemoryPool = gp.getPinnedMemoryPool();
assert.ok(pinnedPool.usedBytes() >= 16 && pinnedPool.totalBytes() >= pinnedPool.usedBytes());
const kept = gp.scope(() => {
  const tmp = gp.arange(4, 'float64');
  return gp.keep(tmp.add(1));
});
assert.deepEqual(list(kept), [1, 2, 3, 4]);
{
  using u = gp.arange(2);
  assert.equal(u.size, 2);
}

// ---- linear algebra ----------------------------------------------------------------------------
const mm = gp.arange(4, 'float64').reshape(2, 2);
assert.deepEqual(gp.matmul(mm, mm).toArray(), [[2, 3], [6, 11]]);
assert.deepEqual(mm.matmul(mm).toArray(), [[2, 3], [6, 11]]);
assert.deepEqual(gp.dot(mm, mm).toArray(), [[2, 3], [6, 11]]);
assert.equal(gp.vdot(mm, mm).item(), 14);
assert.deepEqual(gp.inner(mm, mm).toArray(), [[1, 3], [3, 13]]);
assert.deepEqual(gp.outer(gp.arange(2, 'float64'), gp.arange(2, 'float64')).toArray(), [[0, 0], [0, 1]]);
assert.deepEqual(gp.tensordot(mm, mm, 1).toArray(), [[2, 3], [6, 11]]);
assert.deepEqual(gp.einsum('ij,jk->ik', mm, mm).toArray(), [[2, 3], [6, 11]]);
const [ePath, eText]: [EinsumPath, string] = gp.einsumPath('ij,jk,kl->il', mm, mm, mm, { optimize: 'optimal' });
assert.deepEqual(ePath, ['einsum_path', [0, 1], [0, 1]]);
assert.ok(eText.includes('Complete contraction:  ij,jk,kl->il'));
assert.deepEqual(gp.einsum('ij,jk,kl->il', mm, mm, mm, { optimize: ePath }).toArray(), [[6, 11], [22, 39]]);
assert.deepEqual(gp.kron(gp.ones(1, 'float64'), gp.arange(2, 'float64')).toArray(), [0, 1]);
assert.equal(gp.trace(mm).item(), 3);
assert.deepEqual(gp.diagonal(mm).toArray(), [0, 3]);
assert.deepEqual(gp.cross(gp.array([1, 0, 0], 'float64'), gp.array([0, 1, 0], 'float64')).toArray(), [0, 0, 1]);
assert.deepEqual(gp.vecdot(gp.array([1, 2], 'float64'), gp.array([3, 4], 'float64')).toArray(), 11);
assert.deepEqual(gp.matvec(gp.eye(2), gp.array([3, 4], 'float64')).toArray(), [3, 4]);
const mvOpts: MatvecOptions = { out: gp.zeros([2], 'float32'), dtype: 'float32' };
assert.equal(gp.matvec(gp.eye(2), gp.array([3, 4], 'float64'), mvOpts), mvOpts.out);
assert.deepEqual(gp.vecmat(gp.array([3, 4], 'float64'), gp.eye(2)).toArray(), [3, 4]);
assert.deepEqual(gp.matrixTranspose(gp.arange(6, 'float64').reshape(2, 3)).shape, [3, 2]);
assert.equal(gp.linalg.norm(gp.array([3, 4], 'float64')).item(), 5);

// ---- FFT and random numbers -----------------------------------------------------------------------
const spectrum = gp.fft.fft(gp.array([1, 0, 0, 0], 'float64'));
assert.equal(spectrum.dtype.name, 'complex128');
const roundTrip = list(gp.fft.irfft(gp.fft.rfft(gp.array([1, 2, 3, 4], 'float64')))) as number[];
assert.ok(roundTrip.every((v, i) => Math.abs(v - (i + 1)) < 1e-12));
// numpy.polynomial: a callable series class and the module functions (lowest power first).
const series = new gp.polynomial.Polynomial([1, 2, 3]);
assert.equal(series(2).item(), 17);
const fitted: gp.polynomial.Polynomial = gp.polynomial.Polynomial.fit([0, 1, 2], [1, 3, 5], 1);
assert.equal(fitted.convert().coef.size, 2);
assert.deepEqual(list(gp.polynomial.chebyshev.cheb2poly([1, 2, 3])), [-2, 2, 6]);
// numpy.emath: the complex square root of a negative real.
assert.equal(gp.emath.sqrt(-4).dtype.name, 'complex128');
const rng = gp.random.defaultRng(42);
const u = rng.random(1000);
assert.ok(list(u).every((v) => typeof v === 'number' && v >= 0 && v < 1));
assert.deepEqual(list(gp.random.defaultRng(42).random(1000)), list(u));
assert.equal(rng.vonmises(0, 1, 5).size + gp.random.vonmises(0, 1, 3).size, 8);
const rs = new gp.random.RandomState(3);
assert.deepEqual(list(rs.rand(4)), list(new gp.random.RandomState(3).rand(4)));
assert.equal(rs.poisson(2, [2, 2]).dtype.name, 'int64');
rs.setState(rs.getState({ legacy: false }));

// ---- joining, rearranging and indexing -------------------------------------------------------------
const r3 = gp.arange(3, 'int32');
assert.deepEqual(list(gp.concatenate([r3, r3])), [0, 1, 2, 0, 1, 2]);
assert.deepEqual(list(gp.concat([r3, r3])), [0, 1, 2, 0, 1, 2]);
assert.deepEqual(gp.unstack(gp.stack([r3, r3]), { axis: 1 }).map(list), [[0, 0], [1, 1], [2, 2]]);
assert.deepEqual(gp.stack([r3, r3]).shape, [2, 3]);
assert.deepEqual(gp.vstack([r3, r3]).shape, [2, 3]);
assert.deepEqual(gp.hstack([r3, r3]).shape, [6]);
assert.deepEqual(gp.dstack([r3, r3]).shape, [1, 3, 2]);
assert.deepEqual(gp.columnStack([r3, r3]).shape, [3, 2]);
assert.deepEqual(gp.block([r3, r3]).shape, [6]);
assert.equal(gp.split(gp.arange(4), 2).length, 2);
assert.equal(gp.arraySplit(gp.arange(5), 2).length, 2);
assert.equal(gp.hsplit(gp.arange(4), 2).length, 2);
assert.equal(gp.vsplit(gp.zeros([2, 2]), 2).length, 2);
assert.equal(gp.dsplit(gp.zeros([1, 1, 2]), 2).length, 2);
assert.deepEqual(list(gp.append(r3, 3)), [0n, 1n, 2n, 3n]); // NumPy: int32 with a Python int appended is int64
assert.deepEqual(gp.atleast1d(gp.array(1)).shape, [1]);
assert.deepEqual(gp.atleast2d(r3).shape, [1, 3]);
assert.deepEqual(gp.atleast3d(r3).shape, [1, 3, 1]);
assert.equal(gp.broadcastArrays(r3, gp.zeros([2, 1], 'int32')).length, 2);
assert.deepEqual(list(gp.flip(r3)), [2, 1, 0]);
assert.deepEqual(gp.fliplr(gp.zeros([2, 3])).shape, [2, 3]);
assert.deepEqual(gp.flipud(gp.zeros([2, 3])).shape, [2, 3]);
assert.deepEqual(gp.rot90(gp.zeros([2, 3])).shape, [3, 2]);
assert.deepEqual(gp.swapaxes(gp.zeros([2, 3]), 0, 1).shape, [3, 2]);
assert.deepEqual(gp.moveaxis(gp.zeros([2, 3, 4]), 0, -1).shape, [3, 4, 2]);
assert.deepEqual(gp.rollaxis(gp.zeros([2, 3, 4]), 2).shape, [4, 2, 3]);
assert.deepEqual(list(gp.tile(r3, 2)), [0, 1, 2, 0, 1, 2]);
assert.deepEqual(list(gp.repeat(r3, 2)), [0, 0, 1, 1, 2, 2]);
assert.deepEqual(list(gp.roll(r3, 1)), [2, 0, 1]);
assert.deepEqual(list(gp.pad(r3, 1)), [0, 0, 1, 2, 0]);
assert.deepEqual(gp.resize(r3, [2, 3]).shape, [2, 3]);
assert.deepEqual(list(gp.trimZeros(gp.array([0, 1, 0], 'int32'))), [1]);
assert.deepEqual(gp.diag(r3).shape, [3, 3]);
assert.deepEqual(gp.diagflat(r3).shape, [3, 3]);
assert.deepEqual(gp.tri(2).toArray(), [[1, 0], [1, 1]]);
assert.deepEqual(gp.tril(gp.ones([2, 2])).toArray(), [[1, 0], [1, 1]]);
assert.deepEqual(gp.triu(gp.ones([2, 2])).toArray(), [[1, 1], [0, 1]]);
assert.equal(gp.meshgrid(r3, r3).length, 2);
assert.deepEqual(gp.indices([2, 3]).shape, [2, 2, 3]);
assert.equal(gp.ix_(r3, r3).length, 2);
assert.deepEqual(gp.vander(r3).shape, [3, 3]);
// NumPy's index helpers: np.unravel_index(7, (2, 4)) == (1, 3); np.tril_indices(2) == ([0, 1, 1], [0, 0, 1]).
assert.deepEqual(gp.unravelIndex(7, [2, 4]), [1, 3]);
assert.deepEqual(gp.unravelIndex([7, 2], [2, 4]).map((x) => list(x).map(Number)), [[1, 0], [3, 2]]);
assert.deepEqual(gp.trilIndices(2).map((x) => list(x).map(Number)), [[0, 1, 1], [0, 0, 1]]);
assert.deepEqual(gp.triuIndices(2).map((x) => list(x).map(Number)), [[0, 0, 1], [0, 1, 1]]);
assert.deepEqual(gp.diagIndices(2).map((x) => list(x).map(Number)), [[0, 1], [0, 1]]);
const fd = gp.zeros([2, 2], 'int32');
gp.fillDiagonal(fd, 7);
assert.deepEqual(fd.toArray(), [[7, 0], [0, 7]]);
assert.deepEqual(list(gp.take(r3, [2, 0])), [2, 0]);
assert.deepEqual(list(gp.takeAlongAxis(r3, gp.array([1], 'int64'), -1)), [1]);
const w = gp.zeros(3, 'int32');
gp.put(w, [0], 5);
gp.putAlongAxis(w, gp.array([1], 'int64'), 6, -1);
gp.putmask(w, gp.array([false, false, true]), 7);
assert.deepEqual(list(w), [5, 6, 7]);
gp.place(w, gp.array([true, false, false]), [9]);
assert.deepEqual(list(gp.extract(gp.array([true, false, true]), w)), [9, 7]);
assert.deepEqual(list(gp.compress([true, false, true], w)), [9, 7]);
assert.deepEqual(list(gp.choose(gp.array([0, 1, 0], 'int64'), [r3, w])), [0, 6, 2]);
assert.deepEqual(list(gp.select([gp.array([true, false, true])], [r3], -1)), [0, -1, 2]); // NumPy 2.4: a JS number default is weak, int32 choices stay int32
const dst = gp.zeros(3, 'int32');
gp.copyto(dst, r3);
assert.deepEqual(list(dst), [0, 1, 2]);
assert.deepEqual(list(gp.nonzero(r3)[0]), [1n, 2n]); // int64 indices
assert.deepEqual(list(gp.flatnonzero(r3)), [1n, 2n]);
assert.deepEqual(gp.argwhere(r3).shape, [2, 1]);
assert.deepEqual(list((await gp.nonzeroAsync(r3))[0]), [1n, 2n]);
assert.deepEqual(list(r3.slice(gp.array([true, false, true]))), [0, 2]);
assert.throws(() => r3.slice([7]), gp.IndexError);
assert.ok(new gp.KernelError('k', 'cpu', 'boom') instanceof Error);

// ---- sorting, scans, sets and statistics -----------------------------------------------------------
const v = gp.array([3, 1, 2, 1], 'float64');
const nums = (a: GpuArray): number[] => {
  const t = a.toArray();
  return (Array.isArray(t) ? t : [t]).map(Number);
};
assert.deepEqual(nums(gp.sort(v)), [1, 1, 2, 3]);
assert.deepEqual(nums(gp.argsort(v)), [1, 3, 2, 0]);
assert.deepEqual(nums(gp.partition(v, 1)).slice(0, 2), [1, 1]);
assert.equal(gp.argpartition(v, 1).size, 4);
assert.deepEqual(nums(gp.lexsort([v])), [1, 3, 2, 0]);
assert.equal(gp.sortComplex(v).dtype.name, 'complex128');
assert.deepEqual(nums(gp.searchsorted(gp.sort(v), 2)), [2]);
assert.deepEqual(nums(gp.unique(v) as GpuArray), [1, 2, 3]);
assert.deepEqual(nums(gp.uniqueValues(v)), [1, 2, 3]);
assert.deepEqual(nums(gp.uniqueCounts(v).counts), [2, 1, 1]);
assert.equal(gp.uniqueInverse(v).inverseIndices.size, 4);
assert.equal(gp.uniqueAll(v).indices.size, 3);
assert.deepEqual(list(gp.isin(v, gp.array([1], 'float64'))), [false, true, false, true]);
assert.deepEqual(nums(gp.intersect1d(v, gp.array([2, 3, 9], 'float64'))), [2, 3]);
assert.deepEqual(nums(gp.union1d(v, gp.array([9], 'float64'))), [1, 2, 3, 9]);
assert.deepEqual(nums(gp.setdiff1d(v, gp.array([1], 'float64'))), [2, 3]);
assert.deepEqual(nums(gp.setxor1d(v, gp.array([1, 9], 'float64'))), [2, 3, 9]);
assert.deepEqual(nums(gp.cumsum(v)), [3, 4, 6, 7]);
assert.deepEqual(nums(gp.cumprod(v)), [3, 3, 6, 6]);
assert.deepEqual(nums(gp.nancumsum(v)), [3, 4, 6, 7]);
assert.deepEqual(nums(gp.nancumprod(v)), [3, 3, 6, 6]);
assert.deepEqual(nums(gp.cumulativeSum(v, { includeInitial: true })), [0, 3, 4, 6, 7]);
assert.deepEqual(nums(gp.cumulativeProd(v)), [3, 3, 6, 6]);
assert.deepEqual(nums(gp.diff(v)), [-2, 1, -1]);
assert.deepEqual(nums(gp.ediff1d(v)), [-2, 1, -1]);
assert.equal(gp.median(v).item(), 1.5);
assert.equal(gp.nanmedian(v).item(), 1.5);
assert.equal(gp.quantile(v, 0.5).item(), 1.5);
assert.equal(gp.nanquantile(v, 0.5).item(), 1.5);
assert.equal(gp.percentile(v, 50).item(), 1.5);
assert.equal(gp.nanpercentile(v, 50).item(), 1.5);
assert.equal(gp.ptp(v).item(), 2);
assert.equal((gp.average(v) as GpuArray).item(), 1.75);
assert.equal(gp.nanmean(v).item(), 1.75);
assert.ok(Math.abs(Number(gp.nanvar(v).item()) - 0.6875) < 1e-12);
assert.ok(Math.abs(Number(gp.nanstd(v).item()) - Math.sqrt(0.6875)) < 1e-12);
assert.equal(gp.nanprod(v).item(), 6);
assert.equal(Number(gp.nanargmax(v).item()), 0);
assert.equal(Number(gp.nanargmin(v).item()), 1);
assert.deepEqual(nums(gp.bincount(gp.array([0, 2, 2], 'int64'))), [1, 0, 2]);
const [hist] = gp.histogram(v, 2);
assert.deepEqual(nums(hist), [2, 2]);
assert.equal(gp.histogramBinEdges(v, 2).size, 3);
const unwrapOptions: UnwrapOptions = { period: 4 };
assert.deepEqual(nums(gp.unwrap(gp.array([0, 1, 5, 6], 'int32'), unwrapOptions)), [0, 1, 1, 2]);
const realKind: IsdtypeKindName = 'real floating';
const floats: IsdtypeKind = [realKind, 'complex floating'];
assert.equal(gp.isdtype(v.dtype, floats), true);
// dtype limits and type tests, NumPy's non-ufunc element-wise functions, iteration helpers.
const f32: DTypeInfoArg = 'float32';
const limits: FloatInfo = gp.finfo(f32);
const i8: IntInfo = gp.iinfo('int8');
assert.equal(limits.eps, 2 ** -23);
assert.equal(i8.min, -128);
const zTest = gp.array([{ re: 1, im: 0 }, { re: 0, im: 2 }]);
assert.deepEqual(gp.iscomplex(zTest).toArray(), [false, true]);
assert.deepEqual(gp.isreal(zTest).toArray(), [true, false]);
assert.equal(gp.iscomplexobj(zTest) && gp.isrealobj(v), true);
assert.equal(gp.realIfClose(gp.array([{ re: 2, im: 1e-20 }])).dtype.name, 'float64');
assert.equal(gp.commonType(gp.arange(3)).name, 'float64');
assert.equal(gp.minScalarType(300).name, 'uint16');
assert.equal(gp.isscalar(3) && !gp.isscalar(v), true);
assert.equal(gp.i0(gp.array([0])).item(), 1);
assert.equal(gp.sinc(gp.array([0])).item(), 1);
assert.deepEqual(nums(gp.fix(gp.array([-1.5, 1.5]))), [-1, 1]);
assert.deepEqual(nums(gp.bitwiseCount(gp.array([7], 'int32'))), [3]);
assert.equal(gp.arrayEquiv(gp.array([1, 2]), gp.array([[1, 2]])), true);
assert.equal(gp.asfortranarray(gp.ones([2, 2])).flags.fContiguous, true);
assert.equal(gp.asarrayChkfinite([1, 2]).size + gp.asanyarray([1]).size, 3);
assert.equal(gp.trilIndicesFrom(gp.ones([2, 2]))[0].size + gp.triuIndicesFrom(gp.ones([2, 2]))[0].size + gp.diagIndicesFrom(gp.ones([2, 2]))[0].size, 8);
const rowSum = (r: GpuArray): AlongAxisResult => r.sum();
assert.deepEqual(nums(gp.applyAlongAxis(rowSum, 1, gp.ones([2, 3]))), [3, 3]);
assert.equal([...gp.ndindex(2, 2)].length + [...gp.ndenumerate(gp.ones([3]))].length, 7);
const packOptions: PackbitsOptions = { bitorder: 'little' };
const unpackOptions: UnpackbitsOptions = { count: 3, bitorder: 'little' };
assert.deepEqual(nums(gp.unpackbits(gp.packbits(gp.array([1, 0, 1], 'uint8'), packOptions), unpackOptions)), [1, 0, 1]);
const [quotient, remainder] = gp.polydiv([1, 5, 6], [1, 2]);
assert.deepEqual([nums(quotient), nums(remainder)], [[1, 3], [0]]);
assert.deepEqual(nums(gp.poly([1, 2]) as GpuArray), [1, -3, 2]);
assert.deepEqual(nums(gp.roots([1, -3, 2])).map(Math.round).sort(), [1, 2]);
const gridRange: gp.GridRange = { start: 0, stop: 2 };
const concatItems: gp.ConcatItem[] = ['0:2', 5];
assert.deepEqual([nums(gp.r_(...concatItems)), gp.c_([1, 2], [3, 4]).shape], [[0, 1, 5], [2, 2]]);
const [openX] = gp.ogrid('0:2', '0:3') as GpuArray[];
assert.deepEqual([gp.mgrid(gridRange, '0:1:3j').shape, openX.shape, nums(gp.in1d([1, 2], [2]).astype('int8'))], [[2, 2, 3], [2, 1], [0, 1]]);
const vectorizeOptions: gp.VectorizeOptions = { otypes: 'd' };
assert.deepEqual(nums(gp.vectorize((v: number) => v + 1, vectorizeOptions)([1, 2]) as GpuArray), [2, 3]);
const windowOptions: gp.SlidingWindowViewOptions = { axis: 0 };
const stridedOptions: gp.AsStridedOptions = { shape: [2], strides: [8] };
assert.deepEqual([gp.lib.strideTricks.slidingWindowView(gp.arange(4), 2, windowOptions).shape, nums(gp.lib.strideTricks.asStrided(gp.arange(3), stridedOptions))], [[3, 2], [0, 1]]);
{
  const dir = mkdtempSync(join(tmpdir(), 'gp-consumer-'));
  const npyPath = join(dir, 'a.npy') as `${string}.npy`;
  const saveOptions: gp.SaveOptions = { allowPickle: false };
  gp.save(npyPath, gp.arange(6).reshape([2, 3]), saveOptions);
  const loadOptions: gp.LoadOptions = { maxHeaderSize: 10000 };
  assert.deepEqual(gp.load(npyPath, loadOptions).shape, [2, 3]);
  const npzPath = join(dir, 'b.npz') as `${string}.npz`;
  const named: gp.NamedArrays = { y: gp.ones([2]) };
  gp.savez(npzPath, gp.zeros([3]), named);
  gp.savezCompressed(join(dir, 'c.npz'), gp.zeros([3]));
  const archive: gp.NpzFile = gp.load(npzPath);
  assert.deepEqual([...archive.files].sort(), ['arr_0', 'y']);
  const txtOptions: gp.SavetxtOptions = { fmt: '%.1f', delimiter: ',' };
  gp.savetxt(join(dir, 'c.csv'), gp.array([[1, 2], [3, 4]], 'float64'), txtOptions);
  const readOptions: gp.LoadtxtOptions = { delimiter: ',' };
  assert.deepEqual(gp.loadtxt(join(dir, 'c.csv'), readOptions).toArray(), [[1, 2], [3, 4]]);
  const missing: gp.GenfromtxtMissing = { 1: 'N/A' };
  const filling: gp.GenfromtxtFilling = new Map<number, gp.GenfromtxtFill>([[1, 0]]);
  const widths: gp.GenfromtxtDelimiter = ',';
  const genOptions: gp.GenfromtxtOptions = { delimiter: widths, missingValues: missing, fillingValues: filling, loose: false };
  assert.deepEqual(gp.genfromtxt(['1,N/A', '3,4'], genOptions).toArray(), [[1, 0], [3, 4]]);
  assert.deepEqual(gp.genfromtxt(['1,2'], null, '#', ',').toArray(), [1n, 2n]);
  const rawPath = join(dir, 'd.bin');
  const tofileOptions: gp.TofileOptions = { sep: '' };
  gp.arange(3, 'int32').tofile(rawPath, tofileOptions);
  gp.tofile(gp.arange(3, 'int32'), join(dir, 'e.txt'), ' ');
  const fromfileOptions: gp.FromfileOptions = { dtype: 'int32', count: 2 };
  const fromstringOptions: gp.FromstringOptions = { sep: ',' };
  assert.deepEqual([nums(gp.fromfile(rawPath, fromfileOptions)), nums(gp.fromstring('4, 5', fromstringOptions))], [[0, 1], [4, 5]]);
  rmSync(dir, { recursive: true });
}
const sharedBase = gp.arange(10, 'float32');
const shareOptions: gp.SharesMemoryOptions = { maxWork: 1000 };
assert.deepEqual([gp.sharesMemory(sharedBase.slice('::2'), sharedBase.slice('1::2'), shareOptions), new gp.TooHardError('x').name], [false, 'TooHardError']);
assert.equal(gp.issubdtype(gp.ones([1], 'float32').dtype, gp.floating) && !gp.issubdtype('int8', gp.unsignedinteger), true);
const abstractTypes: gp.AbstractDType[] = [gp.generic, gp.number, gp.integer, gp.signedinteger, gp.inexact, gp.complexfloating];
assert.deepEqual(abstractTypes.map((t) => gp.issubdtype('complex64', t)), [true, true, false, false, true, true]);
const requireOptions: gp.RequireOptions = { dtype: 'float32', requirements: ['F', 'W'] };
assert.equal(gp.isfortran(gp.require(gp.ones([2, 2]), requireOptions)), true);
assert.deepEqual([gp.binaryRepr(-3, 4), gp.baseRepr(10, 16), gp.mintypecode('fd'), gp.typename('f')], ['1101', 'A', 'd', 'single precision']);
const positionalOptions: gp.FormatFloatPositionalOptions = { precision: 3, padRight: 0 };
const scientificOptions: gp.FormatFloatScientificOptions = { precision: 2, expDigits: 3 };
assert.deepEqual([gp.formatFloatPositional(3.14159, positionalOptions), gp.formatFloatScientific(1234.5, scientificOptions)], ['3.142', '1.23e+003']);
assert.equal(gp.iterable([1]) && gp.maskIndices(2, gp.triu).length === 2, true);
assert.deepEqual(gp.applyOverAxes((x, axis) => gp.sum(x, axis), gp.ones([2, 2]), [0]).shape, [1, 2]);
const whereOptions: gp.UfuncCallOptions = { out: gp.zeros([2]), where: [true, false], casting: 'same_kind', order: 'K' };
assert.deepEqual(nums(gp.divide(gp.array([4, 1], 'float64'), 2, whereOptions)), [2, 0]);
const [eigW, eigV] = gp.linalg.eig(gp.array([[2, 0], [0, 3]], 'float64'));
assert.deepEqual([nums(eigW), eigV.shape, gp.linalg.eigvals(gp.eye(2)).size], [[2, 3], [2, 2], 2]);
const pieceX = gp.array([-1, 2], 'float64');
const pieces: Piece[] = [(sel) => sel.negative(), 5];
const conditions: PiecewiseConditions = [pieceX.less(0)];
assert.deepEqual(nums(gp.piecewise(pieceX, conditions, pieces)), [1, 5]);
const bufferOptions: FrombufferOptions = { dtype: 'int16', offset: 2 };
assert.deepEqual(nums(gp.frombuffer(Int16Array.of(4, 5, 6), bufferOptions)), [5, 6]);
assert.deepEqual(nums(gp.fromiter(new Set([7, 8]), 'uint8')), [7, 8]);
assert.equal(gp.mayShareMemory(pieceX, pieceX.slice('1:')), true);
assert.equal(gp.histogram2d(v, v, 2)[0].size, 4);
assert.equal(gp.histogramdd([v, v], 2)[0].size, 4);
assert.deepEqual(nums(gp.digitize(v, gp.array([1.5, 2.5], 'float64'))), [2, 0, 1, 0]);
assert.deepEqual(nums(gp.convolve(gp.array([1, 1], 'float64'), gp.array([1, 2], 'float64'))), [1, 3, 2]);
assert.deepEqual(nums(gp.correlate(gp.array([1, 2], 'float64'), gp.array([1, 2], 'float64'))), [5]);
assert.equal(gp.cov(gp.stack([v, v])).size, 4);
assert.equal(gp.corrcoef(gp.stack([v, v])).size, 4);
assert.deepEqual(nums(gp.gradient(gp.array([1, 2, 4], 'float64')) as GpuArray), [1, 1.5, 2]);
assert.equal(gp.trapezoid(gp.array([1, 2, 3], 'float64')).item(), 4);
assert.throws(() => gp.linalg.inv(gp.zeros([2, 2])), gp.LinAlgError);

// ---- interp, ravelMultiIndex, insert/delete, windows, polynomials ---------------------------
const interpOpts: gp.InterpOptions = { left: 0, right: 9 };
assert.deepEqual(nums(gp.interp([0.5, -1, 3], [0, 1, 2], [10, 20, 40], interpOpts)), [15, 0, 9]);
const ravelOpts: gp.RavelMultiIndexOptions = { mode: 'wrap' satisfies gp.RavelMode, order: 'C' };
assert.equal(gp.ravelMultiIndex([1, 5], [3, 4], ravelOpts), 5);
assert.deepEqual(nums(gp.ravelMultiIndex([[1, 2], [3, 0]], [3, 4])), [7, 8]);
const where2: gp.InsertDeleteIndex = '1:3';
assert.deepEqual(nums(gp.delete(gp.arange(5), where2)), [0, 3, 4]);
assert.deepEqual(nums(gp.insert(gp.arange(3), 1, 9)), [0, 9, 1, 2]);
assert.deepEqual(nums(gp.hanning(3)), [0, 1, 0]);
assert.equal(gp.hamming(4).size + gp.blackman(4).size + gp.bartlett(4).size + gp.kaiser(4, 5).size, 16);
assert.deepEqual(nums(gp.polyval([1, 2], [1, 2])), [3, 4]);
const polyintOpts: gp.PolyintOptions = { m: 1, k: 2 };
assert.deepEqual(nums(gp.polyint(gp.polyder([1, 2, 3]), polyintOpts)), [1, 2, 2]);
assert.deepEqual(nums(gp.polysub(gp.polyadd([1, 2], [1]), gp.polymul([1], [1, 3]))), [0, 0]);
const fitOpts = { full: true } as const satisfies gp.PolyfitOptions;
const [fit, , fitRank] = gp.polyfit([0, 1, 2], [1, 3, 5], 1, fitOpts);
assert.equal(fitRank, 2);
assert.ok(Math.abs(Number(fit.item(0)) - 2) < 1e-12);

// ---- fusion ----------------------------------------------------------------------------------
const hypot2 = gp.fuse((p: GpuArray, q: GpuArray, s: number) => gp.sqrt(p.multiply(p).add(q.multiply(q))).multiply(s).add(1), { name: 'hypot2' });
assert.deepEqual(nums(hypot2(gp.full(2, 3, 'float32'), gp.full(2, 4, 'float32'), 2)), [11, 11]);
const fusedSum = gp.fuse((p: GpuArray) => p.multiply(p).sum({ axis: 0 }));
assert.equal(fusedSum(gp.arange(4, 'float32')).item(), 14);
assert.equal(hypot2.traces + fusedSum.traces, 2);
const fuseOptions: gp.FuseOptions = { fallback: 'eager' };
const onHost = gp.fuse((p: GpuArray) => (Number(p.sum().item()) > 0 ? p : p.negative()), fuseOptions);
assert.deepEqual(nums(onHost(gp.full(2, 1, 'float32'))), [1, 1]);
assert.throws(() => gp.fuse((p: GpuArray) => p.add(Number(p.item(0))))(gp.ones(2)), gp.FusionError);
const fusedType: gp.FusedFunction<(p: GpuArray) => GpuArray> = gp.fuse((p: GpuArray) => p.add(1));
assert.equal(fusedType(gp.zeros(2)).size, 2);

// ---- errors ----------------------------------------------------------------------------------
assert.throws(() => gp.add(x, gp.zeros(2)), RangeError);
assert.throws(() => gp.dtype('float33' as DTypeName), TypeError);
const bad = gp.ElementwiseKernel('T a', 'T b', 'b = a +* ;', 'does_not_compile');
assert.throws(
  () => bad(x),
  (e: unknown) => e instanceof gp.CompileError && e.kernelName === 'does_not_compile',
);
assert.ok(new gp.CudaError('cuInit', 100, 'CUDA_ERROR_NO_DEVICE', 'no device') instanceof gp.NativeCallError);
assert.ok(new gp.OutOfMemoryError(8, 0, 0, null, 'limit') instanceof Error);
assert.ok(new gp.BackendUnavailableError('cuda', 'no driver') instanceof Error);
const disposed = gp.arange(2);
disposed.dispose();
assert.throws(() => disposed.add(1));

// ---- several devices, collectives, interop (issue 23) -------------------------------------------
const here0 = gp.cuda.Device(0);
assert.ok(here0 instanceof gp.cuda.Device);
assert.equal(here0.id, 0);
const moved = gp.withDevice(0, () => gp.arange(4, 'float32')).toDevice(0);
assert.equal(moved.device, here0);
const initOpts: InitOptions = { rank: 0, worldSize: 1 };
const comm: Communicator = gp.distributed.init(initOpts);
const op: ReduceOp = 'sum';
const redOpts: ReduceOptions = { op };
assert.deepEqual(Array.from(comm.allReduce(moved, redOpts).toTypedArray() as Float32Array), [0, 1, 2, 3]);
assert.equal(gp.distributed.getWorldSize(), 1);
assert.ok(comm instanceof gp.Communicator);
gp.distributed.destroy();
const solo = gp.nccl.NcclCommunicator.initAll(1);
assert.equal(solo.length, 1);
solo[0].destroy();
assert.equal(typeof gp.nccl.isAvailable(), 'boolean');
const dlOpts: ToDlpackOptions = { versioned: false };
const shared = gp.fromDlpack(moved.toDlpack(dlOpts));
const where: DlpackDevice = shared.dlpackDevice();
assert.equal(where[1], 0);
assert.ok(moved.toDlpack() instanceof gp.DlpackCapsule);
const cai: CudaArrayInterface = moved.cudaArrayInterface;
assert.deepEqual(gp.fromCudaArrayInterface(cai, { owner: moved }).toArray(), [0, 1, 2, 3]);
if (here0.kind === 'cuda') {
  const handle: IpcHandle = gp.cuda.ipcHandle(moved);
  assert.equal(handle.dtype, 'float32');
} else assert.throws(() => gp.cuda.openIpcHandle('{}'), TypeError);
assert.ok(new gp.NcclError('ncclAllReduce', 5, 'ncclInvalidUsage', 'usage') instanceof gp.NativeCallError);
assert.ok(new gp.DistributedError('rank 1 left') instanceof Error);

console.log(`consumer ok on ${backend.spec}`);
