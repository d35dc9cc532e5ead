// NumPy's abstract scalar types (np.generic, np.number, np.integer, np.floating, ...) as markers
// that numpy.issubdtype tests dtypes against: gpuarray has no scalar type hierarchy, so each is
// a name and the dtypes it stands above.
import { DType, DTypeLike, dtype as toDType } from './dtype.js';
import { checkPositionalCount } from '../util/options.js';

/** One of NumPy's abstract scalar types: `gp.floating`, `gp.integer`, ... (for `gp.issubdtype`). */
export class AbstractDType {
  constructor(
    /** NumPy's name for it ('floating', 'signedinteger', ...). */
    readonly name: string,
    private readonly covers: (d: DType) => boolean,
  ) {
    Object.freeze(this);
  }

  /** Whether `d` is one of its dtypes (bfloat16 counts as floating). */
  includes(d: DType): boolean {
    return this.covers(d);
  }

  /** NumPy's repr of the type ('numpy.floating'). */
  toString(): string {
    return `numpy.${this.name}`;
  }
}

/** numpy.generic: every dtype. */
export const generic = new AbstractDType('generic', () => true);
/** numpy.number: integers, floats and complex (not bool). */
export const number = new AbstractDType('number', (d) => d.kind !== 'b');
/** numpy.integer: signed and unsigned integers. */
export const integer = new AbstractDType('integer', (d) => d.kind === 'i' || d.kind === 'u');
/** numpy.signedinteger. */
export const signedinteger = new AbstractDType('signedinteger', (d) => d.kind === 'i');
/** numpy.unsignedinteger. */
export const unsignedinteger = new AbstractDType('unsignedinteger', (d) => d.kind === 'u');
/** numpy.inexact: floats and complex. */
export const inexact = new AbstractDType('inexact', (d) => d.kind === 'f' || d.kind === 'c');
/** numpy.floating: the real float dtypes. */
export const floating = new AbstractDType('floating', (d) => d.kind === 'f');
/** numpy.complexfloating: the complex dtypes. */
export const complexfloating = new AbstractDType('complexfloating', (d) => d.kind === 'c');

/**
 * numpy.issubdtype(arg1, arg2): whether the dtype `arg1` is `arg2` (a dtype or its name: the same
 * dtype) or lies under it (an abstract type: `gp.floating`, `gp.integer`, `gp.number`, ...).
 * @example gp.issubdtype(a.dtype, gp.floating)
 */
export function issubdtype(arg1: DTypeLike | AbstractDType, arg2: DTypeLike | AbstractDType): boolean {
  checkPositionalCount('issubdtype', arguments, 2);
  if (arg1 instanceof AbstractDType) {
    // An abstract type lies under another when every dtype of it does (floating under inexact).
    if (!(arg2 instanceof AbstractDType)) return false;
    const all = ['bool', 'int8', 'uint8', 'float32', 'complex64'].map((n) => toDType(n));
    return all.every((d) => !arg1.includes(d) || arg2.includes(d));
  }
  const d = toDType(arg1, 'issubdtype: arg1');
  return arg2 instanceof AbstractDType ? arg2.includes(d) : d === toDType(arg2, 'issubdtype: arg2');
}
