// numpy.isdtype (NumPy 2, the array API's): whether a dtype is of a kind.
import { DType, SCALAR_TYPE_DTYPE, ScalarType, dtype as toDType, dtypes, isScalarType } from './dtype.js';

/** The kind names numpy.isdtype knows. */
export type IsdtypeKindName = 'bool' | 'signed integer' | 'unsigned integer' | 'integral' | 'real floating' | 'complex floating' | 'numeric';

/** The dtypes each kind name stands for. */
const KINDS: Record<IsdtypeKindName, (d: DType) => boolean> = {
  bool: (d) => d === dtypes.bool,
  'signed integer': (d) => d.kind === 'i',
  'unsigned integer': (d) => d.kind === 'u',
  integral: (d) => d.kind === 'i' || d.kind === 'u',
  'real floating': (d) => d.kind === 'f',
  'complex floating': (d) => d.kind === 'c',
  numeric: (d) => d.kind !== 'b',
};

/** A dtype kind of numpy.isdtype: one of its names, a dtype, or a list of either. */
export type IsdtypeKind = IsdtypeKindName | DType | readonly (IsdtypeKindName | DType)[];

/**
 * numpy.isdtype: whether `dtype` is of `kind`, a name ('bool', 'signed integer', 'unsigned
 * integer', 'integral', 'real floating', 'complex floating', 'numeric'), a dtype (the same one),
 * or a list of those (any of them). bfloat16 counts as 'real floating'.
 * @example gp.isdtype(a.dtype, ['integral', 'real floating'])
 */
export function isdtype(dtypeArg: DType | ScalarType, kind: IsdtypeKind | string): boolean {
  const dtype = isScalarType(dtypeArg) ? dtypeArg[SCALAR_TYPE_DTYPE] : dtypeArg;
  if (!(dtype instanceof DType)) throw new TypeError(`dtype argument must be a gpuarray dtype (such as gp.dtypes.float32 or a.dtype), but it is ${typeof dtype === 'string' ? `the string '${dtype}'` : typeof dtype}`);
  const kinds: unknown[] = Array.isArray(kind) ? kind : [kind];
  // Every kind is checked (an unknown one raises) before any is matched, as NumPy's.
  const tests = kinds.map((k) => {
    if (k instanceof DType || isScalarType(k)) return (d: DType) => d === toDType(k);
    if (typeof k === 'string') {
      const test = KINDS[k as IsdtypeKindName];
      if (test === undefined) throw new RangeError(`kind argument is a string, but '${k}' is not a known kind name`);
      return test;
    }
    throw new TypeError(`kind argument must be comprised of gpuarray dtypes or strings only, but is ${k === null ? 'null' : typeof k}`);
  });
  return tests.some((test) => test(dtype));
}
