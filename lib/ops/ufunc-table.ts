// The NumPy element-wise surface as data: one line per ufunc (name, inputs, type chars, C body,
// options with the `doc` column).
// Type chars are NumPy's: ? bool, b/B int8/uint8, h/H int16, i/I int32, l/L int64, e/f/d
// float16/32/64, E bfloat16 (ml_dtypes' code; after e, so no NumPy dtype's loop changes), F/D
// complex64/128. Each input type char t makes the loop 't..t->out(t)'; a
// bracketed group such as [lL] is one loop with those input types (mixed int64/uint64).
import { dtype } from '../core/dtype.js';
import { Ufunc, UfuncLoop, UfuncOptions } from './ufunc.js';

const INT = 'bBhHiIlL';
const FLT = 'eEfd';
const CPX = 'FD';
const NUM = INT + FLT + CPX;
const ALL = '?' + NUM;
const REAL = '?' + INT + FLT;
/** Comparisons: every dtype plus NumPy's exact int64/uint64 loops ('lL', 'Ll'), tried before floats. */
const CMP = '?' + INT + '[lL][Ll]' + FLT + CPX;

// NumPy 2.1+ floor/ceil/trunc keep integer and bool dtypes.
const IDENTITY_ON_INTS = Object.fromEntries([...('?' + INT)].map((c) => [c, 'out0 = in0']));
const BOOL_SUBTRACT =
  'numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead';
const BOOL_NEGATIVE =
  'The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead';
/** NumPy resolves these uniformly: a bool input finds no loop instead of going to int8. */
const NO_BOOL_LOOP = 'no loop for bool inputs';

interface Extra extends UfuncOptions {
  /** Number of outputs (frexp, modf, divmod: 2); 1 when absent. */
  nout?: number;
  /** Output types: '?' for predicates, or a map from input char to the output chars (complex abs -> real, frexp 'e' -> 'ei'). */
  out?: '?' | Record<string, string>;
  /** Bodies for particular input chars (bool add is logical or). */
  bodies?: Readonly<Record<string, string>>;
  /** The doc column: one sentence on what it computes; the function's and method's doc comments and FEATURES.md row are generated from it (scripts/surface.ts). */
  doc?: string;
  /** A NumPy-compatibility note for the doc comment and FEATURES.md. */
  note?: string;
}

type Decl = readonly [name: string, nin: number, types: string, body: string, extra?: Extra];

// prettier-ignore
export const UFUNC_DECLS = [
  ['add',          2, ALL,       'out0 = in0 + in1',                    { bodies: { '?': 'out0 = in0 || in1' }, doc: 'Add arguments element-wise (`x1 + x2`); on bool, logical or.' }],
  ['subtract',     2, NUM,       'out0 = in0 - in1',                    { boolError: BOOL_SUBTRACT, doc: 'Subtract arguments element-wise (`x1 - x2`).', note: 'bool operands are refused, as NumPy' }],
  ['multiply',     2, ALL,       'out0 = in0 * in1',                    { bodies: { '?': 'out0 = in0 && in1' }, doc: 'Multiply arguments element-wise (`x1 * x2`); on bool, logical and.' }],
  ['divide',       2, FLT + CPX, 'out0 = in0 / in1',                    { intToFloat64: true, doc: 'True division element-wise (`x1 / x2`); integer and bool inputs divide in float64.' }],
  ['floorDivide',  2, INT + FLT, 'out0 = gpa::floor_divide(in0, in1)', { doc: 'Largest integer not above the quotient, element-wise (Python\'s `//`).', note: 'integer division by zero gives 0, as CuPy' }],
  ['remainder',    2, INT + FLT, 'out0 = gpa::remainder(in0, in1)', { doc: 'Remainder of floor division element-wise, with the sign of the divisor (Python\'s `%`).', note: 'integer division by zero gives 0, as CuPy' }],
  ['fmod',         2, INT + FLT, 'out0 = gpa::fmod(in0, in1)', { doc: 'Remainder of truncated division element-wise, with the sign of the dividend (C\'s `fmod`).', note: 'integer division by zero gives 0, as NumPy (without its warning)' }],
  ['divmod',       2, INT + FLT, 'out0 = gpa::floor_divide(in0, in1); out1 = gpa::remainder(in0, in1)', { nout: 2, doc: 'Floor quotient and remainder element-wise in one pass: `[floorDivide(x1, x2), remainder(x1, x2)]`.', note: 'integer division by zero gives [0, 0], as NumPy (without its warning)' }],
  ['power',        2, NUM,       'out0 = gpa::power(in0, in1)',         { noNegativeIntScalar: [1], doc: 'First array raised to the powers of the second, element-wise (`x1 ** x2`).', note: 'negative integer exponents: RangeError for scalars, CuPy\'s 0/±1 for arrays' }],
  ['floatPower',   2, 'dD',      'out0 = gpa::power(in0, in1)', { doc: 'First array raised to the powers of the second, element-wise, in float64 (complex128 for complex inputs).' }],
  ['arctan2',      2, FLT,       'out0 = atan2(in0, in1)', { doc: 'Arc tangent of `x1 / x2`, choosing the quadrant by the signs of both, element-wise.' }],
  ['hypot',        2, FLT,       'out0 = hypot(in0, in1)', { doc: '`sqrt(x1**2 + x2**2)` element-wise, without undue overflow.' }],
  ['logaddexp',    2, FLT,       'out0 = gpa::logaddexp(in0, in1)', { doc: '`log(exp(x1) + exp(x2))` element-wise, without overflow or underflow of the exponentials.' }],
  ['logaddexp2',   2, FLT,       'out0 = gpa::logaddexp2(in0, in1)', { doc: '`log2(2**x1 + 2**x2)` element-wise, without overflow or underflow of the powers.' }],
  ['copysign',     2, FLT,       'out0 = copysign(in0, in1)', { doc: 'The magnitude of `x1` with the sign bit of `x2`, element-wise.', note: 'float16 NaN signs: cuda\'s half-to-float conversion drops them (a negative NaN `x2` copies as positive; cpu keeps them, as NumPy)' }],
  ['nextafter',    2, 'efd',     'out0 = gpa::nextafter(in0, in1)', { bodies: { e: 'out0 = gpa::nextafter_half(in0, in1)' }, doc: 'The next representable value after `x1` towards `x2`, element-wise, in the loop\'s float type.', note: 'float16 steps as NumPy\'s npy_half_nextafter' }],
  ['ldexp',        2, '[ei][fi][el][fl][di][dl]', 'out0 = gpa::ldexp(in0, in1)', { legacyWeakScalars: true, doc: '`x1 * 2**x2` element-wise, `x2` an integer exponent (int32 or int64; int64 exponents clamp to int32 as NumPy\'s).', note: 'float exponents are refused; loops chosen by NumPy\'s legacy rule for mixed loops' }],
  ['heaviside',    2, FLT,       'out0 = gpa::heaviside(in0, in1)', { doc: 'Heaviside step element-wise: 0 where `x1 < 0`, `x2` where `x1 == 0`, 1 where `x1 > 0`, NaN where `x1` is NaN.' }],
  ['gcd',          2, INT,       'out0 = gpa::gcd(in0, in1)', { boolError: NO_BOOL_LOOP, doc: 'Greatest common divisor of `|x1|` and `|x2|` element-wise (`gcd(0, 0) = 0`).', note: 'float inputs are refused (TypeError), as NumPy; gcd(MIN, 0) wraps to MIN, as NumPy' }],
  ['lcm',          2, INT,       'out0 = gpa::lcm(in0, in1)', { boolError: NO_BOOL_LOOP, doc: 'Lowest common multiple of `|x1|` and `|x2|` element-wise (0 when either is 0).', note: 'float inputs are refused (TypeError), as NumPy; wraps on overflow, as NumPy' }],
  ['maximum',      2, ALL,       'out0 = gpa::maximum(in0, in1)', { doc: 'Element-wise maximum; a NaN in either input gives NaN.', note: 'NaN rules as NumPy' }],
  ['minimum',      2, ALL,       'out0 = gpa::minimum(in0, in1)', { doc: 'Element-wise minimum; a NaN in either input gives NaN.', note: 'NaN rules as NumPy' }],
  ['fmax',         2, ALL,       'out0 = gpa::fmax(in0, in1)', { doc: 'Element-wise maximum ignoring NaN (NaN only when both are NaN).', note: 'NaN rules as NumPy' }],
  ['fmin',         2, ALL,       'out0 = gpa::fmin(in0, in1)', { doc: 'Element-wise minimum ignoring NaN (NaN only when both are NaN).', note: 'NaN rules as NumPy' }],
  ['negative',     1, NUM,       'out0 = gpa::negative(in0)',           { boolError: BOOL_NEGATIVE, doc: 'Numerical negative element-wise (`-x`).', note: 'bool operands are refused, as NumPy' }],
  ['positive',     1, NUM,       'out0 = in0',                          { boolError: NO_BOOL_LOOP, doc: 'Numerical positive element-wise (`+x`): a copy.' }],
  ['fabs',         1, FLT,       'out0 = fabs(in0)', { doc: 'Absolute value element-wise, for real floats (integers through a float loop; complex refused, as NumPy).' }],
  ['absolute',     1, ALL,       'out0 = gpa::absolute(in0)',           { out: { F: 'f', D: 'd' }, doc: 'Absolute value element-wise; complex gives its real magnitude.' }],
  ['sign',         1, NUM,       'out0 = gpa::sign(in0)',               { boolError: NO_BOOL_LOOP, doc: 'Sign element-wise: -1, 0 or 1 (NaN for NaN); complex `z / |z|`.', note: 'NumPy 2\'s complex sign' }],
  ['square',       1, NUM,       'out0 = gpa::square(in0)', { doc: 'Square element-wise (`x * x`).' }],
  ['reciprocal',   1, NUM,       'out0 = gpa::reciprocal(in0)', { doc: 'Reciprocal element-wise (`1 / x`); integers divide as integers.', note: "an integer 0 gives 0 (NumPy gives x86's result of its undefined 1 / 0: the minimum int32/int64, 0 for int8)" }],
  ['conjugate',    1, NUM,       'out0 = in0',                          { bodies: { F: 'out0 = gpa::conj(in0)', D: 'out0 = gpa::conj(in0)' }, doc: 'Complex conjugate element-wise; real inputs come back unchanged.', note: "the method `a.conj()` / `a.conjugate()` of a real or bool array is a view of it (NumPy's returns the array itself); the function is the ufunc (bool gives int8, as NumPy's)" }],
  ['sqrt',         1, FLT + CPX, 'out0 = sqrt(in0)', { doc: 'Non-negative square root element-wise.' }],
  ['cbrt',         1, FLT,       'out0 = cbrt(in0)', { doc: 'Cube root element-wise.' }],
  ['exp',          1, FLT + CPX, 'out0 = exp(in0)', { doc: 'Exponential `e**x` element-wise.' }],
  ['exp2',         1, FLT + CPX, 'out0 = exp2(in0)', { doc: '`2**x` element-wise.' }],
  ['expm1',        1, FLT + CPX, 'out0 = expm1(in0)', { doc: '`exp(x) - 1` element-wise, accurate near 0.' }],
  ['log',          1, FLT + CPX, 'out0 = log(in0)', { doc: 'Natural logarithm element-wise.' }],
  ['log2',         1, FLT + CPX, 'out0 = log2(in0)', { doc: 'Base-2 logarithm element-wise.' }],
  ['log10',        1, FLT + CPX, 'out0 = log10(in0)', { doc: 'Base-10 logarithm element-wise.' }],
  ['log1p',        1, FLT + CPX, 'out0 = log1p(in0)', { doc: '`log(1 + x)` element-wise, accurate near 0.' }],
  ['sin',          1, FLT + CPX, 'out0 = sin(in0)', { doc: 'Sine element-wise (radians).' }],
  ['cos',          1, FLT + CPX, 'out0 = cos(in0)', { doc: 'Cosine element-wise (radians).' }],
  ['tan',          1, FLT + CPX, 'out0 = tan(in0)', { doc: 'Tangent element-wise (radians).' }],
  ['arcsin',       1, FLT + CPX, 'out0 = asin(in0)', { doc: 'Inverse sine element-wise.' }],
  ['arccos',       1, FLT + CPX, 'out0 = acos(in0)', { doc: 'Inverse cosine element-wise.' }],
  ['arctan',       1, FLT + CPX, 'out0 = atan(in0)', { doc: 'Inverse tangent element-wise.' }],
  ['sinh',         1, FLT + CPX, 'out0 = sinh(in0)', { doc: 'Hyperbolic sine element-wise.' }],
  ['cosh',         1, FLT + CPX, 'out0 = cosh(in0)', { doc: 'Hyperbolic cosine element-wise.' }],
  ['tanh',         1, FLT + CPX, 'out0 = tanh(in0)', { doc: 'Hyperbolic tangent element-wise.' }],
  ['arcsinh',      1, FLT + CPX, 'out0 = asinh(in0)', { doc: 'Inverse hyperbolic sine element-wise.' }],
  ['arccosh',      1, FLT + CPX, 'out0 = acosh(in0)', { doc: 'Inverse hyperbolic cosine element-wise.' }],
  ['arctanh',      1, FLT + CPX, 'out0 = atanh(in0)', { doc: 'Inverse hyperbolic tangent element-wise.' }],
  ['spacing',      1, 'efd',     'out0 = gpa::spacing(in0)', { bodies: { e: 'out0 = gpa::spacing_half(in0)' }, doc: 'Distance from x to the next representable value away from zero, element-wise (NaN for infinities and NaN).', note: 'float16 as NumPy\'s npy_half_spacing (always positive); bfloat16 through the float32 loop' }],
  ['degrees',      1, FLT,       'out0 = gpa::degrees(in0)', { doc: 'Radians to degrees element-wise (`x * (180 / pi)`).' }],
  ['rad2deg',      1, FLT,       'out0 = gpa::degrees(in0)', { doc: 'Radians to degrees element-wise (`x * (180 / pi)`), as `degrees`.' }],
  ['radians',      1, FLT,       'out0 = gpa::radians(in0)', { doc: 'Degrees to radians element-wise (`x * (pi / 180)`).' }],
  ['deg2rad',      1, FLT,       'out0 = gpa::radians(in0)', { doc: 'Degrees to radians element-wise (`x * (pi / 180)`), as `radians`.' }],
  ['floor',        1, REAL,      'out0 = floor(in0)',                   { bodies: IDENTITY_ON_INTS, doc: 'Floor element-wise: the largest integer not above x.', note: 'integer inputs keep their dtype (NumPy ≥ 2.1)' }],
  ['ceil',         1, REAL,      'out0 = ceil(in0)',                    { bodies: IDENTITY_ON_INTS, doc: 'Ceiling element-wise: the smallest integer not below x.', note: 'integer inputs keep their dtype (NumPy ≥ 2.1)' }],
  ['trunc',        1, REAL,      'out0 = trunc(in0)',                   { bodies: IDENTITY_ON_INTS, doc: 'Truncate element-wise towards zero.', note: 'integer inputs keep their dtype (NumPy ≥ 2.1)' }],
  ['rint',         1, FLT + CPX, 'out0 = rint(in0)',                    { bodies: { F: 'out0 = gpa::rint(in0)', D: 'out0 = gpa::rint(in0)' }, doc: 'Round element-wise to the nearest integer, halves to even.' }],
  ['frexp',        1, FLT,       'int _e; out0 = gpa::frexp(in0, _e); out1 = _e', { nout: 2, out: { e: 'ei', E: 'Ei', f: 'fi', d: 'di' }, doc: 'Mantissa and exponent element-wise, `x = m * 2**e` with `0.5 <= |m| < 1`: `[m, e]`, `e` int32 (0 for zero, infinities and NaN).' }],
  ['modf',         1, FLT,       'out0 = gpa::modf(in0, out1)', { nout: 2, doc: 'Fractional and integral parts element-wise, both with the sign of x: `[fraction, integral]`.' }],
  ['signbit',      1, FLT,       'out0 = signbit(in0)', { out: '?', doc: 'Whether the sign bit is set element-wise (true for -0.0 and negative NaN).', note: 'float16 negative NaN: false on cuda, whose half-to-float conversion drops a NaN\'s sign (true on cpu, as NumPy)' }],
  ['isnan',        1, ALL,       'out0 = gpa::is_nan(in0)',             { out: '?', doc: 'Test element-wise for NaN.' }],
  ['isinf',        1, ALL,       'out0 = gpa::is_inf(in0)',             { out: '?', doc: 'Test element-wise for positive or negative infinity.' }],
  ['isfinite',     1, ALL,       'out0 = gpa::is_finite(in0)',          { out: '?', doc: 'Test element-wise for finiteness (not infinity, not NaN).' }],
  ['equal',        2, CMP,       'out0 = gpa::equal(in0, in1)',         { out: '?', comparison: 'eq', doc: '`x1 == x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['notEqual',     2, CMP,       'out0 = gpa::not_equal(in0, in1)',     { out: '?', comparison: 'ne', doc: '`x1 != x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['less',         2, CMP,       'out0 = gpa::less(in0, in1)',          { out: '?', comparison: 'lt', doc: '`x1 < x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['lessEqual',    2, CMP,       'out0 = gpa::less_equal(in0, in1)',    { out: '?', comparison: 'le', doc: '`x1 <= x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['greater',      2, CMP,       'out0 = gpa::greater(in0, in1)',       { out: '?', comparison: 'gt', doc: '`x1 > x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['greaterEqual', 2, CMP,       'out0 = gpa::greater_equal(in0, in1)', { out: '?', comparison: 'ge', doc: '`x1 >= x2` element-wise.', note: 'int64 vs uint64 exact; out-of-range Python ints as NumPy 2' }],
  ['logicalAnd',   2, ALL,       'out0 = in0 && in1',                   { out: '?', truthScalars: true, doc: 'Truth value of `x1 AND x2` element-wise.' }],
  ['logicalOr',    2, ALL,       'out0 = in0 || in1',                   { out: '?', truthScalars: true, doc: 'Truth value of `x1 OR x2` element-wise.' }],
  ['logicalXor',   2, ALL,       'out0 = (bool)in0 != (bool)in1',       { out: '?', truthScalars: true, doc: 'Truth value of `x1 XOR x2` element-wise.' }],
  ['logicalNot',   1, ALL,       'out0 = !in0',                         { out: '?', truthScalars: true, doc: 'Truth value of `NOT x` element-wise.' }],
  ['bitwiseAnd',   2, '?' + INT, 'out0 = in0 & in1', { doc: 'Bitwise AND element-wise (`x1 & x2`).' }],
  ['bitwiseOr',    2, '?' + INT, 'out0 = in0 | in1', { doc: 'Bitwise OR element-wise (`x1 | x2`).' }],
  ['bitwiseXor',   2, '?' + INT, 'out0 = in0 ^ in1', { doc: 'Bitwise XOR element-wise (`x1 ^ x2`).' }],
  ['bitwiseNot',   1, '?' + INT, 'out0 = ~in0',                         { bodies: { '?': 'out0 = !in0' }, doc: 'Bitwise NOT element-wise (`~x`); on bool, logical not.' }],
  ['bitwiseCount', 1, INT,       'out0 = gpa::bitwise_count(in0)', { out: { b: 'B', B: 'B', h: 'B', H: 'B', i: 'B', I: 'B', l: 'B', L: 'B' }, doc: 'The number of one bits in the absolute value of `x` element-wise (NumPy 2), as uint8.' }],
  ['leftShift',    2, INT,       'out0 = gpa::left_shift(in0, in1)', { doc: 'Shift the bits of `x1` left by `x2` element-wise (`x1 << x2`).', note: 'shifts past the width give 0, as NumPy' }],
  ['rightShift',   2, INT,       'out0 = gpa::right_shift(in0, in1)', { doc: 'Shift the bits of `x1` right by `x2` element-wise (`x1 >> x2`, arithmetic for signed types).', note: 'shifts past the width as NumPy' }],
  ['clip',         3, ALL,       'out0 = gpa::clip(in0, in1, in2)', { doc: 'Limit the values to `[a_min, a_max]` element-wise; a null bound leaves that side open, as does a Python-int bound beyond an integer dtype (NumPy >= 2.1); `gp.clip(a, { min, max })` also.', note: 'NaN rules as NumPy; `{min, max}` keyword bounds; integer bounds beyond the dtype leave that side open; `out` by position in the function and the method (`a.clip(lo, hi, out)`)' }],
  ['where',        3, ALL,       'out0 = in0 ? in1 : in2',              { anyCastInputs: [0], doc: 'Elements of `x2` where `condition` is true, else of `x3` (the three broadcast together).', note: 'function only (NumPy has no ndarray.where)' }],
] as const satisfies readonly Decl[];

// Every row carries the doc column (a row without its options object would not type-check here).
UFUNC_DECLS satisfies readonly (readonly [string, number, string, string, { readonly doc: string }])[];

/** NumPy's other names for the same ufuncs (the second group: NumPy 2's array-API names). */
export const UFUNC_ALIASES = {
  abs: 'absolute',
  mod: 'remainder',
  trueDivide: 'divide',
  invert: 'bitwiseNot',
  conj: 'conjugate',
  pow: 'power',
  acos: 'arccos',
  acosh: 'arccosh',
  asin: 'arcsin',
  asinh: 'arcsinh',
  atan: 'arctan',
  atanh: 'arctanh',
  atan2: 'arctan2',
  bitwiseInvert: 'bitwiseNot',
  bitwiseLeftShift: 'leftShift',
  bitwiseRightShift: 'rightShift',
} as const;

/** ufunc.reduce: the reduction (lib/ops/reductions.ts) each ufunc's reduce runs, with its dtype rules. */
export const UFUNC_REDUCTIONS = {
  add: 'sum',
  multiply: 'prod',
  maximum: 'max',
  minimum: 'min',
  fmax: 'nanmax',
  fmin: 'nanmin',
  logicalAnd: 'all',
  logicalOr: 'any',
} as const;
/** numpy.ufunc.identity of the binary ufuncs that have one (the others' is null): reorderable reductions start from it. */
export const UFUNC_IDENTITIES: Partial<Record<string, number | boolean>> = {
  add: 0,
  multiply: 1,
  bitwiseAnd: -1,
  bitwiseOr: 0,
  bitwiseXor: 0,
  logicalAnd: true,
  logicalOr: false,
  logicalXor: false,
  gcd: 0,
  hypot: 0,
  logaddexp: -Infinity,
  logaddexp2: -Infinity,
};
/** ufunc.accumulate: the ufuncs the device-wide scan runs (lib/ops/prefix-scan.ts). */
export const UFUNC_SCANS = ['add', 'multiply', 'maximum', 'minimum'] as const;
/** ufunc.at: the ufuncs with an atomic scatter (lib/ops/take-put.ts). */
export const UFUNC_AT = ['add', 'subtract', 'multiply', 'maximum', 'minimum'] as const;

/** The name of every ufunc of the table. */
export type UfuncName = (typeof UFUNC_DECLS)[number][0];
/** NumPy's other names for ufuncs (`abs`, `mod`, `trueDivide`, ...). */
export type UfuncAliasName = keyof typeof UFUNC_ALIASES;
type DeclOf<N extends UfuncName> = Extract<(typeof UFUNC_DECLS)[number], readonly [N, ...unknown[]]>;
export type UnaryUfuncName = { [N in UfuncName]: DeclOf<N>[1] extends 1 ? N : never }[UfuncName];
export type BinaryUfuncName = { [N in UfuncName]: DeclOf<N>[1] extends 2 ? N : never }[UfuncName];
/** The ufuncs of two outputs (`frexp`, `modf`, `divmod`): they return a pair of arrays. */
export type PairUfuncName = { [N in UfuncName]: DeclOf<N>[4] extends { readonly nout: 2 } ? N : never }[UfuncName];

/** The loop signatures of a types string: 'ef' -> ['e', 'f'], '[lL]' -> ['lL']. */
function loopTokens(types: string): string[] {
  return [...types.matchAll(/\[([^\]]+)\]|(.)/g)].map((m) => m[1] ?? m[2]);
}

function buildLoops(decl: Decl): UfuncLoop[] {
  const [name, nin, types, body, extra = {}] = decl;
  return loopTokens(types).map((tok) => {
    const c = tok[0];
    const nout = extra.nout ?? 1;
    const outChars = extra.out === '?' ? '?'.repeat(nout) : (extra.out?.[c] ?? c.repeat(nout));
    // where's condition input is bool in every loop; its values come from any dtype.
    const ins = Array.from({ length: nin }, (_, k) => (name === 'where' && k === 0 ? dtype('?') : dtype(tok.length > 1 ? tok[k] : c)));
    return { ins, outs: [...outChars].map((o) => dtype(o)), body: (tok.length === 1 && extra.bodies?.[c]) || body };
  });
}

/** Every ufunc of the table by name, as a `Ufunc` (exported as `gp.ufuncs`). @example gp.ufuncs.get('sin')!.nin // 1 */
export const UFUNCS: ReadonlyMap<UfuncName, Ufunc> = new Map(
  UFUNC_DECLS.map((d) => {
    const decl = d as Decl;
    const identity = UFUNC_IDENTITIES[d[0]];
    return [d[0], new Ufunc(d[0], d[1], decl[4]?.nout ?? 1, buildLoops(decl), { ...decl[4], ...(identity === undefined ? {} : { identity }) })];
  }),
);
