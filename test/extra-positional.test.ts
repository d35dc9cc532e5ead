// NumPy raises TypeError for more positional arguments than a function takes (`np.sinc(x, 1)`:
// "sinc() takes 1 positional argument but 2 were given"), where a JS function drops them
// silently. One call per function with one argument beyond NumPy's positional maximum (earlier
// optional positions left out as undefined, NumPy's defaults); the expected message is Python's
// wording, NumPy's own for its Python-level functions (camelCase name). NumPy's C functions and
// methods raise TypeError in other words, noted beside their rows.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const A = () => gp.array([0.5, 0.25, 1]);
const Mat = () => gp.array([
  [2, 1],
  [1, 3],
]);
const I = () => gp.array([1, 0, 2]);

// [namespace.name, the arguments, the TypeError's message]
const CASES: [string, () => unknown[], string][] = [
  ['gp.angle', () => [A(), undefined, 7], 'angle() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.append', () => [A(), A(), undefined, 7], 'append() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.argwhere', () => [A(), 7], 'argwhere() takes 1 positional argument but 2 were given'],
  ['gp.array', () => [A(), undefined, 7], 'array() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.arrayEquiv', () => [A(), A(), 7], 'arrayEquiv() takes 2 positional arguments but 3 were given'],
  ['gp.arraySplit', () => [A(), 1, undefined, 7], 'arraySplit() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.asanyarray', () => [A(), undefined, undefined, 7], 'asarray() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.asarray', () => [A(), undefined, undefined, 7], 'asarray() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.asarrayChkfinite', () => [A(), undefined, undefined, 7], 'asarrayChkfinite() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.ascontiguousarray', () => [A(), undefined, 7], 'ascontiguousarray() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.asfortranarray', () => [A(), undefined, 7], 'asfortranarray() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.bartlett', () => [3, 7], 'bartlett() takes 1 positional argument but 2 were given'],
  ['gp.baseRepr', () => [3, undefined, undefined, 7], 'baseRepr() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.binaryRepr', () => [3, undefined, 7], 'binaryRepr() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.bincount', () => [I(), undefined, undefined, 7], 'bincount() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.blackman', () => [3, 7], 'blackman() takes 1 positional argument but 2 were given'],
  ['gp.block', () => [A(), 7], 'block() takes 1 positional argument but 2 were given'],
  ['gp.broadcastTo', () => [I(), 3, undefined, 7], 'broadcastTo() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.convolve', () => [A(), A(), undefined, 7], 'convolve() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.copy', () => [A(), undefined, undefined, 7], 'copy() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.copyto', () => [A(), A(), undefined, undefined, 7], 'copyto() takes from 2 to 4 positional arguments but 5 were given'],
  ['gp.correlate', () => [A(), A(), undefined, 7], 'correlate() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.diag', () => [A(), undefined, 7], 'diag() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.diagIndices', () => [3, undefined, 7], 'diagIndices() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.diagIndicesFrom', () => [Mat(), 7], 'diagIndicesFrom() takes 1 positional argument but 2 were given'],
  ['gp.diagflat', () => [A(), undefined, 7], 'diagflat() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.digitize', () => [Mat(), gp.array([1, 2]), undefined, 7], 'digitize() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.empty', () => [I(), undefined, undefined, 7], 'empty() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.expandDims', () => [A(), 1, 7], 'expandDims() takes 2 positional arguments but 3 were given'],
  ['gp.extract', () => [A(), A(), 7], 'extract() takes 2 positional arguments but 3 were given'],
  ['gp.fillDiagonal', () => [Mat(), Mat(), undefined, 7], 'fillDiagonal() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.finfo', () => [A(), 7], 'finfo() takes 1 positional argument but 2 were given'], // NumPy (C): finfo.__new__() takes 2 positional arguments but 3 were given
  ['gp.fix', () => [A(), undefined, 7], 'fix() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.flatnonzero', () => [A(), 7], 'flatnonzero() takes 1 positional argument but 2 were given'],
  ['gp.flip', () => [A(), undefined, 7], 'flip() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.fliplr', () => [Mat(), 7], 'fliplr() takes 1 positional argument but 2 were given'],
  ['gp.flipud', () => [A(), 7], 'flipud() takes 1 positional argument but 2 were given'],
  ['gp.full', () => [I(), 3, undefined, undefined, 7], 'full() takes from 2 to 4 positional arguments but 5 were given'],
  ['gp.getPrintoptions', () => [7], 'getPrintoptions() takes 0 positional arguments but 1 was given'],
  ['gp.hamming', () => [3, 7], 'hamming() takes 1 positional argument but 2 were given'],
  ['gp.hanning', () => [3, 7], 'hanning() takes 1 positional argument but 2 were given'],
  ['gp.hsplit', () => [A(), 1, 7], 'hsplit() takes 2 positional arguments but 3 were given'],
  ['gp.i0', () => [A(), 7], 'i0() takes 1 positional argument but 2 were given'],
  ['gp.identity', () => [3, undefined, 7], 'identity() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.iinfo', () => [Mat(), 7], 'iinfo() takes 1 positional argument but 2 were given'], // NumPy (C): iinfo.__init__() takes 2 positional arguments but 3 were given
  ['gp.imag', () => [A(), 7], 'imag() takes 1 positional argument but 2 were given'],
  ['gp.indices', () => [[2, 2], undefined, undefined, 7], 'indices() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.inner', () => [A(), A(), 7], 'inner() takes 2 positional arguments but 3 were given'],
  ['gp.iscomplex', () => [A(), 7], 'iscomplex() takes 1 positional argument but 2 were given'],
  ['gp.iscomplexobj', () => [A(), 7], 'iscomplexobj() takes 1 positional argument but 2 were given'],
  ['gp.isfortran', () => [A(), 7], 'isfortran() takes 1 positional argument but 2 were given'],
  ['gp.isreal', () => [A(), 7], 'isreal() takes 1 positional argument but 2 were given'],
  ['gp.isrealobj', () => [A(), 7], 'isrealobj() takes 1 positional argument but 2 were given'],
  ['gp.isscalar', () => [undefined, 7], 'isscalar() takes 1 positional argument but 2 were given'],
  ['gp.iterable', () => [undefined, 7], 'iterable() takes 1 positional argument but 2 were given'],
  ['gp.kaiser', () => [1, 2, 7], 'kaiser() takes 2 positional arguments but 3 were given'],
  ['gp.kron', () => [A(), A(), 7], 'kron() takes 2 positional arguments but 3 were given'],
  ['gp.lexsort', () => [A(), undefined, 7], 'lexsort() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.matrixTranspose', () => [Mat(), 7], 'matrixTranspose() takes 1 positional argument but 2 were given'],
  ['gp.matvec', () => [Mat(), Mat(), undefined, 7], 'matvec() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.mayShareMemory', () => [undefined, undefined, undefined, 7], 'mayShareMemory() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.minScalarType', () => [A(), 7], 'minScalarType() takes 1 positional argument but 2 were given'],
  ['gp.mintypecode', () => [A(), undefined, undefined, 7], 'mintypecode() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.moveaxis', () => [A(), undefined, undefined, 7], 'moveaxis() takes 3 positional arguments but 4 were given'],
  ['gp.ndim', () => [A(), 7], 'ndim() takes 1 positional argument but 2 were given'],
  ['gp.nonzero', () => [A(), 7], 'nonzero() takes 1 positional argument but 2 were given'],
  ['gp.ones', () => [I(), undefined, undefined, 7], 'ones() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.outer', () => [A(), A(), undefined, 7], 'outer() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.packbits', () => [Mat(), undefined, undefined, 7], 'packbits() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.permuteDims', () => [A(), undefined, 7], 'permuteDims() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.place', () => [A(), A(), A(), 7], 'place() takes 3 positional arguments but 4 were given'],
  ['gp.poly', () => [A(), 7], 'poly() takes 1 positional argument but 2 were given'],
  ['gp.polyadd', () => [A(), A(), 7], 'polyadd() takes 2 positional arguments but 3 were given'],
  ['gp.polyder', () => [A(), undefined, 7], 'polyder() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.polydiv', () => [A(), A(), 7], 'polydiv() takes 2 positional arguments but 3 were given'],
  ['gp.polymul', () => [A(), A(), 7], 'polymul() takes 2 positional arguments but 3 were given'],
  ['gp.polysub', () => [A(), A(), 7], 'polysub() takes 2 positional arguments but 3 were given'],
  ['gp.polyval', () => [A(), A(), 7], 'polyval() takes 2 positional arguments but 3 were given'],
  ['gp.putmask', () => [A(), A(), A(), 7], 'putmask() takes 3 positional arguments but 4 were given'],
  ['gp.ravel', () => [A(), undefined, 7], 'ravel() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.real', () => [A(), 7], 'real() takes 1 positional argument but 2 were given'],
  ['gp.realIfClose', () => [A(), undefined, 7], 'realIfClose() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.repeat', () => [A(), 1, undefined, 7], 'repeat() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.require', () => [A(), undefined, undefined, 7], 'require() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.reshape', () => [I(), 3, undefined, 7], 'reshape() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.resize', () => [A(), 1, 7], 'resize() takes 2 positional arguments but 3 were given'],
  ['gp.roll', () => [A(), 1, undefined, 7], 'roll() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.rollaxis', () => [Mat(), 1, undefined, 7], 'rollaxis() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.roots', () => [A(), 7], 'roots() takes 1 positional argument but 2 were given'],
  ['gp.rot90', () => [Mat(), undefined, undefined, 7], 'rot90() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.shape', () => [A(), 7], 'shape() takes 1 positional argument but 2 were given'],
  ['gp.sharesMemory', () => [undefined, undefined, undefined, 7], 'sharesMemory() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.sinc', () => [A(), 7], 'sinc() takes 1 positional argument but 2 were given'],
  ['gp.sortComplex', () => [A(), 7], 'sortComplex() takes 1 positional argument but 2 were given'],
  ['gp.split', () => [A(), 1, undefined, 7], 'split() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.squeeze', () => [A(), undefined, 7], 'squeeze() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.takeAlongAxis', () => [I(), I(), undefined, 7], 'takeAlongAxis() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.tensordot', () => [Mat(), Mat(), undefined, 7], 'tensordot() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.tile', () => [A(), 1, 7], 'tile() takes 2 positional arguments but 3 were given'],
  ['gp.transpose', () => [A(), undefined, 7], 'transpose() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.tril', () => [A(), undefined, 7], 'tril() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.trilIndices', () => [3, undefined, undefined, 7], 'trilIndices() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.trilIndicesFrom', () => [Mat(), undefined, 7], 'trilIndicesFrom() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.trimZeros', () => [A(), undefined, undefined, 7], 'trimZeros() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.triu', () => [A(), undefined, 7], 'triu() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.triuIndices', () => [3, undefined, undefined, 7], 'triuIndices() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.triuIndicesFrom', () => [Mat(), undefined, 7], 'triuIndicesFrom() takes from 1 to 2 positional arguments but 3 were given'],
  ['gp.union1d', () => [A(), A(), 7], 'union1d() takes 2 positional arguments but 3 were given'],
  ['gp.uniqueAll', () => [A(), 7], 'uniqueAll() takes 1 positional argument but 2 were given'],
  ['gp.uniqueCounts', () => [A(), 7], 'uniqueCounts() takes 1 positional argument but 2 were given'],
  ['gp.uniqueInverse', () => [A(), 7], 'uniqueInverse() takes 1 positional argument but 2 were given'],
  ['gp.uniqueValues', () => [A(), 7], 'uniqueValues() takes 1 positional argument but 2 were given'],
  ['gp.unravelIndex', () => [I(), 3, undefined, 7], 'unravelIndex() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.vander', () => [A(), undefined, undefined, 7], 'vander() takes from 1 to 3 positional arguments but 4 were given'],
  ['gp.vdot', () => [A(), A(), 7], 'vdot() takes 2 positional arguments but 3 were given'],
  ['gp.vecdot', () => [A(), A(), undefined, 7], 'vecdot() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.vecmat', () => [Mat(), Mat(), undefined, 7], 'vecmat() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.vsplit', () => [Mat(), 1, 7], 'vsplit() takes 2 positional arguments but 3 were given'],
  ['gp.zeros', () => [I(), undefined, undefined, 7], 'zeros() takes from 1 to 3 positional arguments but 4 were given'],
  ['linalg.norm', () => [A(), undefined, undefined, undefined, 7], 'norm() takes from 1 to 4 positional arguments but 5 were given'],
  ['linalg.det', () => [Mat(), 7], 'det() takes 1 positional argument but 2 were given'],
  ['linalg.slogdet', () => [Mat(), 7], 'slogdet() takes 1 positional argument but 2 were given'],
  ['linalg.inv', () => [Mat(), 7], 'inv() takes 1 positional argument but 2 were given'],
  ['linalg.solve', () => [Mat(), Mat(), 7], 'solve() takes 2 positional arguments but 3 were given'],
  ['linalg.matrixPower', () => [Mat(), 1, 7], 'matrixPower() takes 2 positional arguments but 3 were given'],
  ['linalg.qr', () => [Mat(), undefined, 7], 'qr() takes from 1 to 2 positional arguments but 3 were given'],
  ['linalg.svd', () => [Mat(), undefined, undefined, undefined, 7], 'svd() takes from 1 to 4 positional arguments but 5 were given'],
  ['linalg.eigh', () => [Mat(), undefined, 7], 'eigh() takes from 1 to 2 positional arguments but 3 were given'],
  ['linalg.eigvalsh', () => [Mat(), undefined, 7], 'eigvalsh() takes from 1 to 2 positional arguments but 3 were given'],
  ['linalg.eig', () => [Mat(), 7], 'eig() takes 1 positional argument but 2 were given'],
  ['linalg.eigvals', () => [Mat(), 7], 'eigvals() takes 1 positional argument but 2 were given'],
  ['linalg.lstsq', () => [Mat(), Mat(), undefined, 7], 'lstsq() takes from 2 to 3 positional arguments but 4 were given'],
  ['linalg.cond', () => [Mat(), undefined, 7], 'cond() takes from 1 to 2 positional arguments but 3 were given'],
  ['linalg.svdvals', () => [Mat(), 7], 'svdvals() takes 1 positional argument but 2 were given'],
  ['linalg.matrixTranspose', () => [Mat(), 7], 'matrixTranspose() takes 1 positional argument but 2 were given'],
  ['linalg.tensorsolve', () => [Mat(), gp.array([1, 2]), undefined, 7], 'tensorsolve() takes from 2 to 3 positional arguments but 4 were given'],
  ['linalg.tensorinv', () => [3, undefined, 7], 'tensorinv() takes from 1 to 2 positional arguments but 3 were given'],
  ['fft.fftfreq', () => [3, undefined, undefined, 7], 'fftfreq() takes from 1 to 3 positional arguments but 4 were given'],
  ['fft.fftshift', () => [A(), undefined, 7], 'fftshift() takes from 1 to 2 positional arguments but 3 were given'],
  ['fft.ifftshift', () => [A(), undefined, 7], 'ifftshift() takes from 1 to 2 positional arguments but 3 were given'],
  ['fft.rfftfreq', () => [3, undefined, undefined, 7], 'rfftfreq() takes from 1 to 3 positional arguments but 4 were given'],
  ['random.bytes', () => [3, 7], 'bytes() takes 1 positional argument but 2 were given'], // NumPy (C): bytes() takes exactly 1 positional argument (2 given)
  ['random.defaultRng', () => [undefined, 7], 'defaultRng() takes from 0 to 1 positional arguments but 2 were given'], // NumPy (C): default_rng() takes at most 1 positional argument (2 given)
  ['random.getBitGenerator', () => [7], 'getBitGenerator() takes 0 positional arguments but 1 was given'], // NumPy (C): get_bit_generator() takes no arguments (1 given)
  ['random.getState', () => [undefined, 7], 'getState() takes from 0 to 1 positional arguments but 2 were given'], // NumPy (C): get_state() takes at most 1 positional argument (2 given)
  ['random.seed', () => [undefined, 7], 'seed() takes from 0 to 1 positional arguments but 2 were given'], // NumPy (C): seed() takes at most 1 positional argument (2 given)
  ['method.squeeze', () => [undefined, 7], 'squeeze() takes from 0 to 1 positional arguments but 2 were given'],
  ['method.ravel', () => [undefined, 7], 'ravel() takes from 0 to 1 positional arguments but 2 were given'],
  ['method.flatten', () => [undefined, 7], 'flatten() takes from 0 to 1 positional arguments but 2 were given'],
  ['method.copy', () => [undefined, 7], 'copy() takes from 0 to 1 positional arguments but 2 were given'],
  ['method.fill', () => [3, 7], 'fill() takes 1 positional argument but 2 were given'], // NumPy (C): fill() takes exactly 1 argument (2 given)
  ['method.tolist', () => [7], 'tolist() takes 0 positional arguments but 1 was given'], // NumPy (C): function takes exactly 0 arguments (1 given)
  ['method.tobytes', () => [undefined, 7], 'tobytes() takes from 0 to 1 positional arguments but 2 were given'], // NumPy (C): tobytes() takes at most 1 argument (2 given)
  ['method.put', () => [Mat(), Mat(), undefined, 7], 'put() takes from 2 to 3 positional arguments but 4 were given'], // NumPy (C): put() takes at most 3 arguments (4 given)
  ['method.repeat', () => [I(), undefined, 7], 'repeat() takes from 1 to 2 positional arguments but 3 were given'], // NumPy (C): repeat() takes at most 2 arguments (3 given)
  ['method.nonzero', () => [7], 'nonzero() takes 0 positional arguments but 1 was given'], // NumPy (C): function takes exactly 0 arguments (1 given)
  ['gp.applyOverAxes', () => [(a: gp.GpuArray, axis: number) => gp.sum(a, axis, null, null, true), Mat(), [0], 7], 'applyOverAxes() takes 3 positional arguments but 4 were given'],
  ['gp.astype', () => [A(), 'float32', 7], 'astype() takes 2 positional arguments but 3 were given'],
  ['gp.dsplit', () => [gp.zeros([2, 2, 2]), 2, 7], 'dsplit() takes 2 positional arguments but 3 were given'],
  ['gp.frombuffer', () => [new Float64Array([1, 2]), undefined, undefined, undefined, 7], 'frombuffer() takes from 1 to 4 positional arguments but 5 were given'], // NumPy (C): frombuffer() takes at most 4 positional arguments (5 given)
  ['gp.fromiter', () => [[1, 2], 'float64', undefined, 7], 'fromiter() takes from 2 to 3 positional arguments but 4 were given'], // NumPy (C): fromiter() takes at most 3 positional arguments (4 given)
  ['gp.issubdtype', () => ['float64', 'float64', 7], 'issubdtype() takes 2 positional arguments but 3 were given'],
  ['gp.maskIndices', () => [3, gp.triu, undefined, 7], 'maskIndices() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.promoteTypes', () => ['int8', 'int16', 7], 'promoteTypes() takes 2 positional arguments but 3 were given'],
  ['gp.put', () => [A(), [0], [1], undefined, 7], 'put() takes from 3 to 4 positional arguments but 5 were given'],
  ['gp.putAlongAxis', () => [A(), I(), A(), 0, 7], 'putAlongAxis() takes 4 positional arguments but 5 were given'],
  ['gp.ravelMultiIndex', () => [[gp.array([0, 1]), gp.array([1, 0])], [2, 2], undefined, undefined, 7], 'ravelMultiIndex() takes from 2 to 4 positional arguments but 5 were given'],
  ['gp.select', () => [[gp.array([true, false])], [gp.array([1, 2])], undefined, 7], 'select() takes from 2 to 3 positional arguments but 4 were given'],
  ['gp.swapaxes', () => [Mat(), 0, 1, 7], 'swapaxes() takes 3 positional arguments but 4 were given'],
  ['gp.typename', () => ['d', 7], 'typename() takes 1 positional argument but 2 were given'],
  ['gp.unpackbits', () => [gp.array([7], 'uint8'), undefined, undefined, undefined, 7], 'unpackbits() takes from 1 to 4 positional arguments but 5 were given'],
  ['method.swapaxes', () => [0, 1, 7], 'swapaxes() takes 2 positional arguments but 3 were given'], // NumPy (C): swapaxes() takes exactly 2 arguments (3 given)
  ['method.partition', () => [[2, 2], undefined, undefined, undefined, 7], 'partition() takes at most 3 positional arguments after the array arguments (4 given)'],
  ['method.argpartition', () => [[2, 2], undefined, undefined, undefined, 7], 'argpartition() takes at most 3 positional arguments after the array arguments (4 given)'],
];

/** `namespace.name` called with `args`, untyped (the calls are the ones the types refuse); `method.x` is A().x(...args). */
function invoke(key: string, args: unknown[]): unknown {
  const [ns, name] = key.split('.');
  const loose = (o: unknown) => (o as Record<string, (...a: unknown[]) => unknown>)[name];
  if (ns === 'method') return loose(A()).apply(A(), args);
  const owner = ns === 'gp' ? gp : (gp as unknown as Record<string, unknown>)[ns];
  return loose(owner)(...args);
}

describeEachDevice('extra positional arguments are a TypeError, as NumPy', () => {
  for (const [name, call, message] of CASES) {
    it(name, () => {
      gp.scope(() => {
        const args = call();
        expect(() => invoke(name, args)).to.throw(TypeError, message);
      });
    });
  }

  it('keeps the conventions: omitted (undefined) arguments, a trailing options object, ufunc out by position', () => {
    gp.scope(() => {
      // np.sinc([0, 0.5]) = [1, 0.63661977]; np.angle(1j, True) = 90.0; np.fft.fftfreq(4, 0.5) = [0, 0.5, -1, -0.5].
      expect((invoke('gp.sinc', [gp.array([0, 0.5]), undefined]) as gp.GpuArray).toArray()).to.deep.equal([1, 0.6366197723675814]);
      expect((invoke('gp.sinc', [gp.array([0, 0.5]), {}]) as gp.GpuArray).toArray()).to.deep.equal([1, 0.6366197723675814]);
      expect(gp.angle(gp.array([{ re: 0, im: 1 }]), { deg: true }).toArray()).to.deep.equal([90]);
      expect((invoke('gp.angle', [gp.array([{ re: 0, im: 1 }]), true, {}]) as gp.GpuArray).toArray()).to.deep.equal([90]);
      expect(gp.fft.fftfreq(4, 0.5).toArray()).to.deep.equal([0, 0.5, -1, -0.5]);
      expect(gp.fft.fftfreq(4, { d: 0.5 }).toArray()).to.deep.equal([0, 0.5, -1, -0.5]);
      const out = gp.zeros(3);
      expect(gp.add(A(), A(), out)).to.equal(out);
      expect(out.toArray()).to.deep.equal([1, 0.5, 2]);
      // A callback that JS hands (value, index, array) is NumPy's call with three arguments.
      expect(() => [A()].map(gp.sinc as (x: gp.GpuArray) => gp.GpuArray)).to.throw(TypeError, 'sinc() takes 1 positional argument but 3 were given');
      expect([A()].map((x) => gp.sinc(x).shape)).to.deep.equal([[3]]);
    });
  });

  it("a.partition and a.argpartition take NumPy's axis and kind by position", () => {
    gp.scope(() => {
      // b = np.array([[3., 1, 2], [0, 5, 4]]); b.partition(1, 0) -> [[0, 1, 2], [3, 5, 4]];
      // np.array([3., 1, 2]).argpartition(1, -1, 'introselect') -> [1, 2, 0].
      const b = gp.array([
        [3, 1, 2],
        [0, 5, 4],
      ], 'float64');
      b.partition(1, 0);
      expect(b.toArray()).to.deep.equal([
        [0, 1, 2],
        [3, 5, 4],
      ]);
      expect(gp.array([3, 1, 2], 'float64').argpartition(1, -1, 'introselect').toArray()).to.deep.equal([1n, 2n, 0n]);
      expect(() => gp.array([3, 1, 2]).partition(1, null)).to.throw(TypeError);
    });
  });
});
