// NumPy repr/str of arrays. Every expected string below was printed by NumPy 2.4 (default print
// options unless a case sets some) for the same values; the float formatter is a port of NumPy's
// Dragon4, so the digits must match exactly.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { formatPositional, formatScientific } from '../lib/core/dragon4.js';
import { describeEachDevice } from './helpers.js';

type Case = [title: string, make: () => gp.GpuArray, options: Partial<gp.PrintOptions>, repr: string, str: string];

const CASES: Case[] = [
  ["float32 vector", () => gp.array([2, 3, 4], 'float32'), {}, "array([2., 3., 4.], dtype=float32)", "[2. 3. 4.]"],
  ["padding to align columns", () => gp.arange(1, 14, 3, 'float32'), {}, "array([ 1.,  4.,  7., 10., 13.], dtype=float32)", "[ 1.  4.  7. 10. 13.]"],
  ["float32 prints its own shortest digits", () => gp.array([0.1, 0.2, 0.3], 'float32'), {}, "array([0.1, 0.2, 0.3], dtype=float32)", "[0.1 0.2 0.3]"],
  ["float32 value seen as float64", () => gp.array([0.1], 'float32').astype('float64'), {}, "array([0.1])", "[0.1]"],
  ["float64 maxprec 8", () => gp.array([1 / 3, 2 / 3, 1.5]), {}, "array([0.33333333, 0.66666667, 1.5       ])", "[0.33333333 0.66666667 1.5       ]"],
  ["ragged fractions pad right", () => gp.array([1.5, 2.25, -3]), {}, "array([ 1.5 ,  2.25, -3.  ])", "[ 1.5   2.25 -3.  ]"],
  ["scientific: small values", () => gp.array([1e-5, 1, 1000]), {}, "array([1.e-05, 1.e+00, 1.e+03])", "[1.e-05 1.e+00 1.e+03]"],
  ["scientific: ratio above 1e3", () => gp.array([0.5, 1234.5]), {}, "array([5.0000e-01, 1.2345e+03])", "[5.0000e-01 1.2345e+03]"],
  ["scientific: float64 from 1e8", () => gp.array([1e8, 1], 'float64'), {}, "array([1.e+08, 1.e+00])", "[1.e+08 1.e+00]"],
  ["float32 switches at 1e6 (NumPy 2.3+)", () => gp.array([1e6, 2], 'float32'), {}, "array([1.e+06, 2.e+00], dtype=float32)", "[1.e+06 2.e+00]"],
  ["float32 below 1e6 stays positional", () => gp.array([999999, 2000], 'float32'), {}, "array([999999.,   2000.], dtype=float32)", "[999999.   2000.]"],
  ["float16 switches at 1e3", () => gp.array([1000, 1], 'float16'), {}, "array([1.e+03, 1.e+00], dtype=float16)", "[1.e+03 1.e+00]"],
  ["float16 digits", () => gp.array([0.1, 3.14159, 65504], 'float16'), {}, "array([1.00e-01, 3.14e+00, 6.55e+04], dtype=float16)", "[1.00e-01 3.14e+00 6.55e+04]"],
  ["nan and inf", () => gp.array([NaN, Infinity, -Infinity, 1.5]), {}, "array([ nan,  inf, -inf,  1.5])", "[ nan  inf -inf  1.5]"],
  ["only nan", () => gp.array([NaN, NaN], 'float32'), {}, "array([nan, nan], dtype=float32)", "[nan nan]"],
  ["negative zero", () => gp.array([-0, 0, 1], 'float64'), {}, "array([-0.,  0.,  1.])", "[-0.  0.  1.]"],
  ["nan with scientific", () => gp.array([NaN, 1e-7, 1]), {}, "array([   nan, 1.e-07, 1.e+00])", "[   nan 1.e-07 1.e+00]"],
  ["int64 needs no dtype", () => gp.array([1, -20, 300]), {}, "array([  1, -20, 300])", "[  1 -20 300]"],
  ["int8", () => gp.array([-128, 0, 127], 'int8'), {}, "array([-128,    0,  127], dtype=int8)", "[-128    0  127]"],
  ["uint64 max", () => gp.array([0n, 18446744073709551615n], 'uint64'), {}, "array([                   0, 18446744073709551615], dtype=uint64)", "[                   0 18446744073709551615]"],
  ["int64 min", () => gp.array([-9223372036854775808n, 5n]), {}, "array([-9223372036854775808,                    5])", "[-9223372036854775808                    5]"],
  ["bools", () => gp.array([true, false]), {}, "array([ True, False])", "[ True False]"],
  ["complex64", () => gp.array([{ re: 1, im: 2 }, { re: 3, im: -4 }], 'complex64'), {}, "array([1.+2.j, 3.-4.j], dtype=complex64)", "[1.+2.j 3.-4.j]"],
  ["complex128 mixed widths", () => gp.array([{ re: 1.5, im: 0 }, { re: -2, im: 0.25 }, { re: 0, im: -100 }]), {}, "array([ 1.5  +0.j  , -2.   +0.25j,  0. -100.j  ])", "[ 1.5  +0.j   -2.   +0.25j  0. -100.j  ]"],
  ["complex with nan", () => gp.array([{ re: NaN, im: 1 }, { re: 1, im: Infinity }]), {}, "array([nan +1.j,  1.+infj])", "[nan +1.j  1.+infj]"],
  ["2-d", () => gp.arange(12).reshape(3, 4), {}, "array([[ 0,  1,  2,  3],\n       [ 4,  5,  6,  7],\n       [ 8,  9, 10, 11]])", "[[ 0  1  2  3]\n [ 4  5  6  7]\n [ 8  9 10 11]]"],
  ["3-d float32", () => gp.arange(24, 'float32').reshape(2, 3, 4), {}, "array([[[ 0.,  1.,  2.,  3.],\n        [ 4.,  5.,  6.,  7.],\n        [ 8.,  9., 10., 11.]],\n\n       [[12., 13., 14., 15.],\n        [16., 17., 18., 19.],\n        [20., 21., 22., 23.]]], dtype=float32)", "[[[ 0.  1.  2.  3.]\n  [ 4.  5.  6.  7.]\n  [ 8.  9. 10. 11.]]\n\n [[12. 13. 14. 15.]\n  [16. 17. 18. 19.]\n  [20. 21. 22. 23.]]]"],
  ["4-d blank lines", () => gp.arange(16).reshape(2, 2, 2, 2), {}, "array([[[[ 0,  1],\n         [ 2,  3]],\n\n        [[ 4,  5],\n         [ 6,  7]]],\n\n\n       [[[ 8,  9],\n         [10, 11]],\n\n        [[12, 13],\n         [14, 15]]]])", "[[[[ 0  1]\n   [ 2  3]]\n\n  [[ 4  5]\n   [ 6  7]]]\n\n\n [[[ 8  9]\n   [10 11]]\n\n  [[12 13]\n   [14 15]]]]"],
  ["line wrapping", () => gp.linspace(0, 1, 30), {}, "array([0.        , 0.03448276, 0.06896552, 0.10344828, 0.13793103,\n       0.17241379, 0.20689655, 0.24137931, 0.27586207, 0.31034483,\n       0.34482759, 0.37931034, 0.4137931 , 0.44827586, 0.48275862,\n       0.51724138, 0.55172414, 0.5862069 , 0.62068966, 0.65517241,\n       0.68965517, 0.72413793, 0.75862069, 0.79310345, 0.82758621,\n       0.86206897, 0.89655172, 0.93103448, 0.96551724, 1.        ])", "[0.         0.03448276 0.06896552 0.10344828 0.13793103 0.17241379\n 0.20689655 0.24137931 0.27586207 0.31034483 0.34482759 0.37931034\n 0.4137931  0.44827586 0.48275862 0.51724138 0.55172414 0.5862069\n 0.62068966 0.65517241 0.68965517 0.72413793 0.75862069 0.79310345\n 0.82758621 0.86206897 0.89655172 0.93103448 0.96551724 1.        ]"],
  ["wrapping with dtype suffix", () => gp.arange(40, 'int16'), {}, "array([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16,\n       17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,\n       34, 35, 36, 37, 38, 39], dtype=int16)", "[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39]"],
  ["summarised 1-d", () => gp.arange(2000), {}, "array([   0,    1,    2, ..., 1997, 1998, 1999], shape=(2000,))", "[   0    1    2 ... 1997 1998 1999]"],
  ["summarised 2-d", () => gp.arange(3000).reshape(30, 100), {}, "array([[   0,    1,    2, ...,   97,   98,   99],\n       [ 100,  101,  102, ...,  197,  198,  199],\n       [ 200,  201,  202, ...,  297,  298,  299],\n       ...,\n       [2700, 2701, 2702, ..., 2797, 2798, 2799],\n       [2800, 2801, 2802, ..., 2897, 2898, 2899],\n       [2900, 2901, 2902, ..., 2997, 2998, 2999]], shape=(30, 100))", "[[   0    1    2 ...   97   98   99]\n [ 100  101  102 ...  197  198  199]\n [ 200  201  202 ...  297  298  299]\n ...\n [2700 2701 2702 ... 2797 2798 2799]\n [2800 2801 2802 ... 2897 2898 2899]\n [2900 2901 2902 ... 2997 2998 2999]]"],
  ["summarised 3-d float32", () => gp.arange(2400, 'float32').reshape(4, 3, 200), {}, "array([[[0.000e+00, 1.000e+00, 2.000e+00, ..., 1.970e+02, 1.980e+02,\n         1.990e+02],\n        [2.000e+02, 2.010e+02, 2.020e+02, ..., 3.970e+02, 3.980e+02,\n         3.990e+02],\n        [4.000e+02, 4.010e+02, 4.020e+02, ..., 5.970e+02, 5.980e+02,\n         5.990e+02]],\n\n       [[6.000e+02, 6.010e+02, 6.020e+02, ..., 7.970e+02, 7.980e+02,\n         7.990e+02],\n        [8.000e+02, 8.010e+02, 8.020e+02, ..., 9.970e+02, 9.980e+02,\n         9.990e+02],\n        [1.000e+03, 1.001e+03, 1.002e+03, ..., 1.197e+03, 1.198e+03,\n         1.199e+03]],\n\n       [[1.200e+03, 1.201e+03, 1.202e+03, ..., 1.397e+03, 1.398e+03,\n         1.399e+03],\n        [1.400e+03, 1.401e+03, 1.402e+03, ..., 1.597e+03, 1.598e+03,\n         1.599e+03],\n        [1.600e+03, 1.601e+03, 1.602e+03, ..., 1.797e+03, 1.798e+03,\n         1.799e+03]],\n\n       [[1.800e+03, 1.801e+03, 1.802e+03, ..., 1.997e+03, 1.998e+03,\n         1.999e+03],\n        [2.000e+03, 2.001e+03, 2.002e+03, ..., 2.197e+03, 2.198e+03,\n         2.199e+03],\n        [2.200e+03, 2.201e+03, 2.202e+03, ..., 2.397e+03, 2.398e+03,\n         2.399e+03]]], shape=(4, 3, 200), dtype=float32)", "[[[0.000e+00 1.000e+00 2.000e+00 ... 1.970e+02 1.980e+02 1.990e+02]\n  [2.000e+02 2.010e+02 2.020e+02 ... 3.970e+02 3.980e+02 3.990e+02]\n  [4.000e+02 4.010e+02 4.020e+02 ... 5.970e+02 5.980e+02 5.990e+02]]\n\n [[6.000e+02 6.010e+02 6.020e+02 ... 7.970e+02 7.980e+02 7.990e+02]\n  [8.000e+02 8.010e+02 8.020e+02 ... 9.970e+02 9.980e+02 9.990e+02]\n  [1.000e+03 1.001e+03 1.002e+03 ... 1.197e+03 1.198e+03 1.199e+03]]\n\n [[1.200e+03 1.201e+03 1.202e+03 ... 1.397e+03 1.398e+03 1.399e+03]\n  [1.400e+03 1.401e+03 1.402e+03 ... 1.597e+03 1.598e+03 1.599e+03]\n  [1.600e+03 1.601e+03 1.602e+03 ... 1.797e+03 1.798e+03 1.799e+03]]\n\n [[1.800e+03 1.801e+03 1.802e+03 ... 1.997e+03 1.998e+03 1.999e+03]\n  [2.000e+03 2.001e+03 2.002e+03 ... 2.197e+03 2.198e+03 2.199e+03]\n  [2.200e+03 2.201e+03 2.202e+03 ... 2.397e+03 2.398e+03 2.399e+03]]]"],
  ["summarised only along the long axis", () => gp.arange(1200).reshape(2, 600), {}, "array([[   0,    1,    2, ...,  597,  598,  599],\n       [ 600,  601,  602, ..., 1197, 1198, 1199]], shape=(2, 600))", "[[   0    1    2 ...  597  598  599]\n [ 600  601  602 ... 1197 1198 1199]]"],
  ["empty 1-d", () => gp.zeros([0]), {}, "array([], dtype=float64)", "[]"],
  ["empty 2-d", () => gp.zeros([0, 3], 'int32'), {}, "array([], shape=(0, 3), dtype=int32)", "[]"],
  ["empty bool", () => gp.zeros([2, 0], 'bool'), {}, "array([], shape=(2, 0), dtype=bool)", "[]"],
  ["0-d float64", () => gp.full([], 5, 'float64'), {}, "array(5.)", "5.0"],
  ["0-d float32", () => gp.full([], 0.1, 'float32'), {}, "array(0.1, dtype=float32)", "0.1"],
  ["0-d int32", () => gp.full([], -7, 'int32'), {}, "array(-7, dtype=int32)", "-7"],
  ["0-d bool", () => gp.full([], true), {}, "array(True)", "True"],
  ["0-d complex64", () => gp.full([], { re: 1.5, im: -2 }, 'complex64'), {}, "array(1.5-2.j, dtype=complex64)", "(1.5-2j)"],
  ["0-d pure imaginary", () => gp.full([], { re: 0, im: 3 }), {}, "array(0.+3.j)", "3j"],
  ["0-d large float64 str", () => gp.full([], 1e20, 'float64'), {}, "array(1.e+20)", "1e+20"],
  ["0-d float32 str cutoff", () => gp.full([], 1234567, 'float32'), {}, "array(1.234567e+06, dtype=float32)", "1.234567e+06"],
  ["transposed view", () => gp.arange(6, 'float32').reshape(2, 3).T, {}, "array([[0., 3.],\n       [1., 4.],\n       [2., 5.]], dtype=float32)", "[[0. 3.]\n [1. 4.]\n [2. 5.]]"],
  ["reversed summarised view", () => gp.arange(5000).slice('::-1'), {}, "array([4999, 4998, 4997, ...,    2,    1,    0], shape=(5000,))", "[4999 4998 4997 ...    2    1    0]"],
  ["option precision", () => gp.array([Math.PI, Math.E, 100]), {"precision": 3}, "array([  3.142,   2.718, 100.   ])", "[  3.142   2.718 100.   ]"],
  ["option floatmode fixed", () => gp.array([1, 2.5, 3.125]), {"floatmode": "fixed", "precision": 4}, "array([1.0000, 2.5000, 3.1250])", "[1.0000 2.5000 3.1250]"],
  ["option floatmode maxprec_equal", () => gp.array([1, 2.5, 3.125]), {"floatmode": "maxprec_equal"}, "array([1.000, 2.500, 3.125])", "[1.000 2.500 3.125]"],
  ["option floatmode unique", () => gp.array([Math.PI, 1]), {"floatmode": "unique"}, "array([3.141592653589793, 1.               ])", "[3.141592653589793 1.               ]"],
  ["option sign +", () => gp.array([1.5, -2, 0]), {"sign": "+"}, "array([+1.5, -2. , +0. ])", "[+1.5 -2.  +0. ]"],
  ["option sign space ints", () => gp.array([1, 22, 3]), {"sign": " "}, "array([  1,  22,   3])", "[  1  22   3]"],
  ["option suppress", () => gp.array([1e-10, 1, 2]), {"suppress": true}, "array([0., 1., 2.])", "[0. 1. 2.]"],
  ["option linewidth", () => gp.arange(20), {"linewidth": 30}, "array([ 0,  1,  2,  3,  4,\n        5,  6,  7,  8,  9,\n       10, 11, 12, 13, 14,\n       15, 16, 17, 18, 19])", "[ 0  1  2  3  4  5  6  7  8\n  9 10 11 12 13 14 15 16 17\n 18 19]"],
  ["option threshold and edgeitems", () => gp.arange(10), {"threshold": 5, "edgeitems": 2}, "array([0, 1, ..., 8, 9], shape=(10,))", "[0 1 ... 8 9]"],
  ["edgeitems 0: NumPy prints the last element", () => gp.arange(10), {"threshold": 5, "edgeitems": 0}, "array([..., 9], shape=(10,))", "[... 9]"],
  ["edgeitems 0 in 3-d", () => gp.arange(24).reshape(2, 3, 4), {"threshold": 5, "edgeitems": 0}, "array([...,\n\n       [...,\n        [..., 23]]], shape=(2, 3, 4))", "[...\n\n [...\n  [... 23]]]"],
  ["edgeitems 0 sizes columns by the whole axis (a[-0:])", () => gp.array([1.5, 100.25, -3, 7, 8, 9.5]), {"threshold": 5, "edgeitems": 0}, "array([...,   9.5 ], shape=(6,))", "[...   9.5 ]"],
  ["option nanstr/infstr", () => gp.array([NaN, -Infinity, 1]), {"nanstr": "NaN", "infstr": "Inf"}, "array([ NaN, -Inf,   1.])", "[ NaN -Inf   1.]"],
  ["legacy 2.2: float32 cutoff 1e8", () => gp.array([1e6, 2], 'float32'), {"legacy": "2.2"}, "array([1.e+06, 2.e+00], dtype=float32)", "[1.e+06 2.e+00]"],
  ["legacy 2.1: no shape in summary", () => gp.arange(2000), {"legacy": "2.1"}, "array([   0,    1,    2, ..., 1997, 1998, 1999])", "[   0    1    2 ... 1997 1998 1999]"],
];

describe('Dragon4 port (numpy.format_float_positional / format_float_scientific)', () => {
  const f32 = Math.fround;
  it('prints the shortest digits at each float precision', () => {
    expect(formatPositional(f32(Math.PI), 'float32')).to.equal('3.1415927');
    expect(formatPositional(Math.PI, 'float16')).to.equal('3.14');
    expect(formatPositional(0.3, 'float16')).to.equal('0.3');
    expect(formatPositional(0.1 + 0.2, 'float64')).to.equal('0.30000000000000004');
    expect(formatPositional(f32(16777217), 'float32')).to.equal('16777216.');
    expect(formatPositional(1e16, 'float64')).to.equal('10000000000000000.');
    expect(formatScientific(f32(Math.PI), 'float32')).to.equal('3.1415927e+00');
    expect(formatScientific(5e-324, 'float64')).to.equal('5.e-324');
    expect(formatPositional(5e-324, 'float64')).to.equal('0.' + '0'.repeat(323) + '5');
  });
  it('prints exact digits, cut off with unbiased rounding', () => {
    expect(formatPositional(0.3, 'float16', { unique: false, precision: 10 })).to.equal('0.3000488281');
    expect(formatScientific(f32(1.23e24), 'float32', { unique: false, precision: 15 })).to.equal('1.230000071797338e+24');
    expect(formatPositional(2.5, 'float64', { precision: 0 })).to.equal('2.');
    expect(formatPositional(3.5, 'float64', { precision: 0 })).to.equal('4.');
    expect(formatPositional(0.125, 'float64', { precision: 2 })).to.equal('0.12');
    expect(formatPositional(0.375, 'float64', { precision: 2, unique: false })).to.equal('0.38');
    expect(formatPositional(9.9999, 'float64', { precision: 2 })).to.equal('10.');
    expect(formatPositional(123.456, 'float64', { precision: 2, fractional: false })).to.equal('120.');
  });
  it('trims, pads and signs as NumPy', () => {
    expect(formatScientific(f32(1.23e24), 'float32', { expDigits: 4 })).to.equal('1.23e+0024');
    expect(formatPositional(1.5, 'float64', { padLeft: 4, padRight: 3 })).to.equal('   1.5  ');
    expect(formatScientific(-1.5, 'float64', { padLeft: 4, expDigits: 3 })).to.equal('  -1.5e+000');
    expect(formatPositional(1, 'float64', { trim: '-' })).to.equal('1');
    expect(formatPositional(1, 'float64', { trim: '0' })).to.equal('1.0');
    expect(formatPositional(1, 'float64', { trim: '.' })).to.equal('1.');
    expect(formatPositional(1, 'float64', { trim: 'k', minDigits: 3 })).to.equal('1.000');
    expect(formatScientific(100, 'float64', { trim: '-' })).to.equal('1e+02');
    expect(formatPositional(-0, 'float64')).to.equal('-0.');
    expect(formatPositional(NaN, 'float64')).to.equal('nan');
    expect(formatPositional(-Infinity, 'float64', { sign: true })).to.equal('-inf');
    expect(formatPositional(2, 'float64', { sign: true })).to.equal('+2.');
  });
});

describeEachDevice('array repr/str', () => {
  for (const [title, make, options, repr, str] of CASES) {
    it(title, () => {
      const a = make();
      try {
        gp.printoptions(options, () => {
          expect(a.toString()).to.equal(repr);
          expect(a.str()).to.equal(str);
        });
      } finally {
        a.dispose();
      }
    });
  }

  it('summarises from the values shown only', () => {
    // A huge value hidden by '...' must not switch the shown ones to scientific notation.
    const a = gp.arange(500, 2500, 1, 'float64');
    const hidden = a.slice(1000);
    hidden.fill(1e10);
    expect(a.toString()).to.equal('array([ 500.,  501.,  502., ..., 2497., 2498., 2499.], shape=(2000,))');
    expect(a.str()).to.equal('[ 500.  501.  502. ... 2497. 2498. 2499.]');
    hidden.dispose();
    a.dispose();
  });

  it('downloads only the corners of a summarised array', () => {
    const a = gp.arange(1_000_000, 'float32').reshape(1000, 1000);
    const backend = a.device.backend;
    const orig = backend.copyDeviceToHost;
    let bytes = 0;
    backend.copyDeviceToHost = function (dst, src, n, stream) {
      bytes += n;
      return orig.call(this, dst, src, n, stream);
    };
    let s: string;
    try {
      s = a.toString();
    } finally {
      backend.copyDeviceToHost = orig;
      a.dispose();
    }
    expect(s).to.equal(
      'array([[0.00000e+00, 1.00000e+00, 2.00000e+00, ..., 9.97000e+02,\n' +
      '        9.98000e+02, 9.99000e+02],\n' +
      '       [1.00000e+03, 1.00100e+03, 1.00200e+03, ..., 1.99700e+03,\n' +
      '        1.99800e+03, 1.99900e+03],\n' +
      '       [2.00000e+03, 2.00100e+03, 2.00200e+03, ..., 2.99700e+03,\n' +
      '        2.99800e+03, 2.99900e+03],\n' +
      '       ...,\n' +
      '       [9.97000e+05, 9.97001e+05, 9.97002e+05, ..., 9.97997e+05,\n' +
      '        9.97998e+05, 9.97999e+05],\n' +
      '       [9.98000e+05, 9.98001e+05, 9.98002e+05, ..., 9.98997e+05,\n' +
      '        9.98998e+05, 9.98999e+05],\n' +
      '       [9.99000e+05, 9.99001e+05, 9.99002e+05, ..., 9.99997e+05,\n' +
      '        9.99998e+05, 9.99999e+05]], shape=(1000, 1000), dtype=float32)',
    );
    expect(bytes).to.equal(36 * 4);
  });

  it('is what toString, template strings, util.inspect and arrayRepr/arrayStr give', () => {
    const a = gp.array([1.5, -2], 'float32');
    expect(`${a}`).to.equal('array([ 1.5, -2. ], dtype=float32)');
    expect(inspect(a)).to.equal('array([ 1.5, -2. ], dtype=float32)');
    expect(inspect({ x: a })).to.equal('{ x: array([ 1.5, -2. ], dtype=float32) }');
    expect(gp.arrayRepr(a)).to.equal('array([ 1.5, -2. ], dtype=float32)');
    expect(gp.arrayStr(a)).to.equal('[ 1.5 -2. ]');
    expect(gp.arrayRepr(a, { precision: 0 })).to.equal('array([ 2., -2.], dtype=float32)');
    expect(gp.array2string(a, { separator: ', ' })).to.equal('[ 1.5, -2. ]');
    a.dispose();
    expect(a.toString()).to.equal('<disposed GpuArray shape=(2,) dtype=float32>');
  });

  it("takes NumPy's parameters of array_repr, array_str and array2string by position or name", () => {
    // NumPy 2.4's strings for the same calls.
    const a = gp.array([1e-8, 1.0, 123456.789]);
    const b = gp.arange(6, 'int8').reshape(2, 3);
    const c = gp.array([1.5, -2.25], 'float32');
    try {
      expect(gp.arrayRepr(a, 30)).to.equal('array([1.00000000e-08,\n       1.00000000e+00,\n       1.23456789e+05])');
      expect(gp.arrayRepr(a, null, 3, true)).to.equal('array([     0.   ,      1.   , 123456.789])');
      expect(gp.arrayStr(a, { precision: 2, suppressSmall: true })).to.equal('[     0.        1.   123456.79]');
      expect(gp.array2string(a, null, 4, true, ', ', 'x(', { suffix: ')' })).to.equal('[     0.   ,      1.   , 123456.789]');
      expect(gp.array2string(b, 10, { separator: ',' })).to.equal('[[0,1,2],\n [3,4,5]]');
      expect(gp.arrayRepr(c, { maxLineWidth: 20 })).to.equal('array([ 1.5 ,\n       -2.25],\n      dtype=float32)');
      expect(() => gp.arrayRepr(c, 20, { maxLineWidth: 20 })).to.throw(TypeError, /multiple values/);
      expect(() => gp.arrayRepr(c, { maxLineWidth: 20, linewidth: 30 })).to.throw(TypeError, /both/);
      expect(() => gp.array2string(c, { formatter: {} })).to.throw(TypeError, /formatter/);
      expect(() => gp.arrayStr(c, 1, 2, 3, 4)).to.throw(TypeError, /at most 3 positional/);
    } finally {
      for (const x of [a, b, c]) x.dispose();
    }
  });

  it('keeps print options until changed, and printoptions() restores them even on throw', () => {
    const defaults = gp.getPrintoptions();
    expect(defaults).to.deep.equal({
      precision: 8,
      threshold: 1000,
      edgeitems: 3,
      linewidth: 75,
      suppress: false,
      nanstr: 'nan',
      infstr: 'inf',
      sign: '-',
      floatmode: 'maxprec',
      legacy: false,
    });
    const a = gp.array([Math.PI]);
    try {
      gp.setPrintoptions({ precision: 2 });
      expect(a.toString()).to.equal('array([3.14])');
      expect(() => gp.printoptions({ precision: 4 }, () => {
        expect(a.toString()).to.equal('array([3.1416])');
        throw new Error('inside');
      })).to.throw('inside');
      expect(a.toString()).to.equal('array([3.14])');
    } finally {
      gp.setPrintoptions(defaults);
      a.dispose();
    }
    expect(gp.getPrintoptions()).to.deep.equal(defaults);
  });

  it('refuses bad print options', () => {
    expect(() => gp.setPrintoptions({ precision: -1 })).to.throw(RangeError, /precision/);
    // np.set_printoptions(precision=1.5) / precision='3': TypeError; sign='x', floatmode='exact': ValueError
    expect(() => gp.setPrintoptions({ precision: 1.5 })).to.throw(TypeError, /precision must be an integer/);
    expect(() => gp.setPrintoptions({ precision: '3' as unknown as number })).to.throw(TypeError, /precision must be an integer/);
    expect(() => gp.setPrintoptions({ sign: 'x' as '-' })).to.throw(RangeError, /sign/);
    expect(() => gp.setPrintoptions({ floatmode: 'exact' as 'fixed' })).to.throw(RangeError, /floatmode/);
    expect(() => gp.setPrintoptions({ legacy: '1.13' as '2.1' })).to.throw(TypeError, /legacy/);
    expect(() => gp.setPrintoptions({ colour: 1 } as Partial<gp.PrintOptions>)).to.throw(TypeError, /unknown option 'colour'/);
    expect(gp.getPrintoptions().precision).to.equal(8);
  });
});
