// The NumPy element-wise surface as data: one line per ufunc (name, inputs, type chars, C body).
// Type chars are NumPy's: ? bool, b/B int8/uint8, h/H int16, i/I int32, l/L int64, e/f/d
// float16/32/64, F/D complex64/128. Each input type char t makes the loop 't..t->out(t)'; a
// bracketed group such as [lL] is one loop with those input types (mixed int64/uint64).
import { dtype } from '../core/dtype.js';
import { Ufunc, UfuncLoop, UfuncOptions } from './ufunc.js';

const INT = 'bBhHiIlL';
const FLT = 'efd';
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
  /** Output type: '?' for predicates, or a map from input char (complex abs -> real). */
  out?: '?' | Record<string, string>;
  /** Bodies for particular input chars (bool add is logical or). */
  bodies?: Readonly<Record<string, string>>;
}

type Decl = readonly [name: string, nin: number, types: string, body: string, extra?: Extra];

// prettier-ignore
export const UFUNC_DECLS = [
  ['add',          2, ALL,       'out0 = in0 + in1',                    { bodies: { '?': 'out0 = in0 || in1' } }],
  ['subtract',     2, NUM,       'out0 = in0 - in1',                    { boolError: BOOL_SUBTRACT }],
  ['multiply',     2, ALL,       'out0 = in0 * in1',                    { bodies: { '?': 'out0 = in0 && in1' } }],
  ['divide',       2, FLT + CPX, 'out0 = in0 / in1',                    { intToFloat64: true }],
  ['floorDivide',  2, INT + FLT, 'out0 = gpa::floor_divide(in0, in1)'],
  ['remainder',    2, INT + FLT, 'out0 = gpa::remainder(in0, in1)'],
  ['power',        2, NUM,       'out0 = gpa::power(in0, in1)',         { noNegativeIntScalar: [1] }],
  ['arctan2',      2, FLT,       'out0 = atan2(in0, in1)'],
  ['hypot',        2, FLT,       'out0 = hypot(in0, in1)'],
  ['maximum',      2, ALL,       'out0 = gpa::maximum(in0, in1)'],
  ['minimum',      2, ALL,       'out0 = gpa::minimum(in0, in1)'],
  ['fmax',         2, ALL,       'out0 = gpa::fmax(in0, in1)'],
  ['fmin',         2, ALL,       'out0 = gpa::fmin(in0, in1)'],
  ['negative',     1, NUM,       'out0 = gpa::negative(in0)',           { boolError: BOOL_NEGATIVE }],
  ['positive',     1, NUM,       'out0 = in0',                          { boolError: NO_BOOL_LOOP }],
  ['absolute',     1, ALL,       'out0 = gpa::absolute(in0)',           { out: { F: 'f', D: 'd' } }],
  ['sign',         1, NUM,       'out0 = gpa::sign(in0)',               { boolError: NO_BOOL_LOOP }],
  ['square',       1, NUM,       'out0 = gpa::square(in0)'],
  ['reciprocal',   1, NUM,       'out0 = gpa::reciprocal(in0)'],
  ['conjugate',    1, NUM,       'out0 = in0',                          { bodies: { F: 'out0 = gpa::conj(in0)', D: 'out0 = gpa::conj(in0)' } }],
  ['sqrt',         1, FLT + CPX, 'out0 = sqrt(in0)'],
  ['cbrt',         1, FLT,       'out0 = cbrt(in0)'],
  ['exp',          1, FLT + CPX, 'out0 = exp(in0)'],
  ['exp2',         1, FLT + CPX, 'out0 = exp2(in0)'],
  ['expm1',        1, FLT + CPX, 'out0 = expm1(in0)'],
  ['log',          1, FLT + CPX, 'out0 = log(in0)'],
  ['log2',         1, FLT + CPX, 'out0 = log2(in0)'],
  ['log10',        1, FLT + CPX, 'out0 = log10(in0)'],
  ['log1p',        1, FLT + CPX, 'out0 = log1p(in0)'],
  ['sin',          1, FLT + CPX, 'out0 = sin(in0)'],
  ['cos',          1, FLT + CPX, 'out0 = cos(in0)'],
  ['tan',          1, FLT + CPX, 'out0 = tan(in0)'],
  ['arcsin',       1, FLT + CPX, 'out0 = asin(in0)'],
  ['arccos',       1, FLT + CPX, 'out0 = acos(in0)'],
  ['arctan',       1, FLT + CPX, 'out0 = atan(in0)'],
  ['sinh',         1, FLT + CPX, 'out0 = sinh(in0)'],
  ['cosh',         1, FLT + CPX, 'out0 = cosh(in0)'],
  ['tanh',         1, FLT + CPX, 'out0 = tanh(in0)'],
  ['arcsinh',      1, FLT + CPX, 'out0 = asinh(in0)'],
  ['arccosh',      1, FLT + CPX, 'out0 = acosh(in0)'],
  ['arctanh',      1, FLT + CPX, 'out0 = atanh(in0)'],
  ['floor',        1, REAL,      'out0 = floor(in0)',                   { bodies: IDENTITY_ON_INTS }],
  ['ceil',         1, REAL,      'out0 = ceil(in0)',                    { bodies: IDENTITY_ON_INTS }],
  ['trunc',        1, REAL,      'out0 = trunc(in0)',                   { bodies: IDENTITY_ON_INTS }],
  ['rint',         1, FLT + CPX, 'out0 = rint(in0)',                    { bodies: { F: 'out0 = gpa::rint(in0)', D: 'out0 = gpa::rint(in0)' } }],
  ['isnan',        1, ALL,       'out0 = gpa::is_nan(in0)',             { out: '?' }],
  ['isinf',        1, ALL,       'out0 = gpa::is_inf(in0)',             { out: '?' }],
  ['isfinite',     1, ALL,       'out0 = gpa::is_finite(in0)',          { out: '?' }],
  ['equal',        2, CMP,       'out0 = gpa::equal(in0, in1)',         { out: '?', comparison: 'eq' }],
  ['notEqual',     2, CMP,       'out0 = gpa::not_equal(in0, in1)',     { out: '?', comparison: 'ne' }],
  ['less',         2, CMP,       'out0 = gpa::less(in0, in1)',          { out: '?', comparison: 'lt' }],
  ['lessEqual',    2, CMP,       'out0 = gpa::less_equal(in0, in1)',    { out: '?', comparison: 'le' }],
  ['greater',      2, CMP,       'out0 = gpa::greater(in0, in1)',       { out: '?', comparison: 'gt' }],
  ['greaterEqual', 2, CMP,       'out0 = gpa::greater_equal(in0, in1)', { out: '?', comparison: 'ge' }],
  ['logicalAnd',   2, ALL,       'out0 = in0 && in1',                   { out: '?' }],
  ['logicalOr',    2, ALL,       'out0 = in0 || in1',                   { out: '?' }],
  ['logicalXor',   2, ALL,       'out0 = (bool)in0 != (bool)in1',       { out: '?' }],
  ['logicalNot',   1, ALL,       'out0 = !in0',                         { out: '?' }],
  ['bitwiseAnd',   2, '?' + INT, 'out0 = in0 & in1'],
  ['bitwiseOr',    2, '?' + INT, 'out0 = in0 | in1'],
  ['bitwiseXor',   2, '?' + INT, 'out0 = in0 ^ in1'],
  ['bitwiseNot',   1, '?' + INT, 'out0 = ~in0',                         { bodies: { '?': 'out0 = !in0' } }],
  ['leftShift',    2, INT,       'out0 = gpa::left_shift(in0, in1)'],
  ['rightShift',   2, INT,       'out0 = gpa::right_shift(in0, in1)'],
  ['clip',         3, ALL,       'out0 = gpa::clip(in0, in1, in2)'],
  ['where',        3, ALL,       'out0 = in0 ? in1 : in2',              { anyCastInputs: [0] }],
] as const satisfies readonly Decl[];

/** NumPy's other names for the same ufuncs. */
export const UFUNC_ALIASES = {
  abs: 'absolute',
  mod: 'remainder',
  trueDivide: 'divide',
  invert: 'bitwiseNot',
  conj: 'conjugate',
  pow: 'power',
} as const;

export type UfuncName = (typeof UFUNC_DECLS)[number][0];
export type UfuncAliasName = keyof typeof UFUNC_ALIASES;
type DeclOf<N extends UfuncName> = Extract<(typeof UFUNC_DECLS)[number], readonly [N, ...unknown[]]>;
export type UnaryUfuncName = { [N in UfuncName]: DeclOf<N>[1] extends 1 ? N : never }[UfuncName];
export type BinaryUfuncName = { [N in UfuncName]: DeclOf<N>[1] extends 2 ? N : never }[UfuncName];

/** The loop signatures of a types string: 'ef' -> ['e', 'f'], '[lL]' -> ['lL']. */
function loopTokens(types: string): string[] {
  return [...types.matchAll(/\[([^\]]+)\]|(.)/g)].map((m) => m[1] ?? m[2]);
}

function buildLoops(decl: Decl): UfuncLoop[] {
  const [name, nin, types, body, extra = {}] = decl;
  return loopTokens(types).map((tok) => {
    const c = tok[0];
    const outChar = extra.out === '?' ? '?' : (extra.out?.[c] ?? c);
    // where's condition input is bool in every loop; its values come from any dtype.
    const ins = Array.from({ length: nin }, (_, k) => (name === 'where' && k === 0 ? dtype('?') : dtype(tok.length > 1 ? tok[k] : c)));
    return { ins, outs: [dtype(outChar)], body: (tok.length === 1 && extra.bodies?.[c]) || body };
  });
}

export const UFUNCS: ReadonlyMap<UfuncName, Ufunc> = new Map(
  UFUNC_DECLS.map((d) => {
    const decl = d as Decl;
    return [d[0], new Ufunc(d[0], d[1], 1, buildLoops(decl), decl[4] ?? {})];
  }),
);
