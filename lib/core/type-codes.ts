// NumPy's one-letter type codes as its helpers read them: numpy.mintypecode and numpy.typename.
import { DType, SCALAR_TYPE_DTYPE, ScalarType, isScalarType } from './dtype.js';
import { checkPositionalCount } from '../util/options.js';

/** NumPy's _typecodes_by_elsize: codes from the largest element to the smallest. */
const BY_ELSIZE = 'GDFgdfQqLlIiHhBb?';

/** numpy.typename's descriptions. */
const NAMES: Record<string, string> = {
  S1: 'character', '?': 'bool', B: 'unsigned char', D: 'complex double precision', G: 'complex long double precision',
  F: 'complex single precision', I: 'unsigned integer', H: 'unsigned short', L: 'unsigned long integer', O: 'object',
  Q: 'unsigned long long integer', S: 'string', U: 'unicode', V: 'void', b: 'signed char', d: 'double precision',
  g: 'long precision', f: 'single precision', i: 'integer', h: 'short', l: 'long integer', q: 'long long integer',
};

/**
 * numpy.typecodes: NumPy's type-code strings by kind, exactly as NumPy 2.4's (so with the codes of
 * types gp lacks: 'g'/'G' long double, 'c' character, 'M'/'m' datetimes, 'S'/'U'/'V'/'O'), for
 * `mintypecode`'s typeset and tests on `dtype.char`. Frozen.
 * @example gp.mintypecode(['f', 'D'], gp.typecodes.AllFloat) // 'D'
 */
export const typecodes: Readonly<Record<'Character' | 'Integer' | 'UnsignedInteger' | 'Float' | 'Complex' | 'AllInteger' | 'AllFloat' | 'Datetime' | 'All', string>> = Object.freeze({
  Character: 'c',
  Integer: 'bhilqnp',
  UnsignedInteger: 'BHILQNP',
  Float: 'efdg',
  Complex: 'FDG',
  AllInteger: 'bBhHiIlLqQnNpP',
  AllFloat: 'efdgFDG',
  Datetime: 'Mm',
  All: '?bhilqnpBHILQNPefdgFDGSUVOMm',
});

/** What mintypecode takes for each type: a code, a dtype, or anything with a dtype (an array). */
export type TypeCodeLike = string | DType | ScalarType | { dtype: DType };

const codeOf = (t: TypeCodeLike): string => (typeof t === 'string' ? t : t instanceof DType ? t.char : isScalarType(t) ? t[SCALAR_TYPE_DTYPE].char : t.dtype.char);

/**
 * numpy.mintypecode(typechars, typeset?, default?): the code of `typeset` ('GDFgdf') with the
 * smallest element that the given types (codes, dtypes or arrays; a string is its characters) in
 * it can all be safely cast to ('D' for 'F' with 'd'); `default` ('d') when none is in `typeset`.
 * @example gp.mintypecode(['d', 'f', 'S']) // 'd'
 */
export function mintypecode(typechars: Iterable<TypeCodeLike>, typeset: string | { typeset?: string; default?: string } = 'GDFgdf', fallback = 'd'): string {
  checkPositionalCount('mintypecode', arguments, 1, 3);
  if (typeof typeset === 'object') {
    fallback = typeset.default ?? fallback;
    typeset = typeset.typeset ?? 'GDFgdf';
  }
  const set = typeset;
  const found = new Set([...typechars].map(codeOf).filter((c) => set.includes(c)));
  if (found.size === 0) return fallback;
  if (found.has('F') && found.has('d')) return 'D';
  return [...found].sort((a, b) => BY_ELSIZE.indexOf(a) - BY_ELSIZE.indexOf(b))[0];
}

/**
 * numpy.typename(char): NumPy's description of a type code ('d': 'double precision').
 * @example gp.typename('Q') // 'unsigned long long integer'
 */
export function typename(char: string): string {
  checkPositionalCount('typename', arguments, 1);
  const name = NAMES[char];
  if (name === undefined) throw new RangeError(`typename: unknown type code ${JSON.stringify(char)}`);
  return name;
}
