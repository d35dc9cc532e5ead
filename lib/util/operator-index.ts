// NumPy's operator.index and float() for the arguments NumPy reads as Python ints or floats: an
// integer typed scalar (gp.int64(2)) or 0-d integer array is an integer wherever NumPy takes one.
// Duck-typed, below core (the option binders in util/options.ts use it too).

// A GpuArray, a typed scalar.
export type ItemHolder = { ndim: number; item(): unknown; tolist(): unknown[] };
export const hasItem = (v: unknown): v is ItemHolder =>
  typeof v === 'object' && v !== null && typeof (v as ItemHolder).ndim === 'number' && typeof (v as ItemHolder).item === 'function' && typeof (v as ItemHolder).tolist === 'function';
export const isTypedScalar = (v: unknown): v is { value: unknown; dtype: object } => typeof v === 'object' && v !== null && 'value' in v && 'dtype' in v && !('shape' in v);

const bigintAsNumber = (d: unknown): unknown => (typeof d === 'bigint' ? Number(d) : d);

/**
 * NumPy's operator.index, wherever NumPy takes an integer (a length, an axis, a count): an integer
 * typed scalar (gp.int64(2)) or 0-d integer array is its value (a number, or a bigint for 64-bit
 * ones); a bool, float or complex typed scalar or 0-d array is NumPy's TypeError ("'numpy.float64'
 * object cannot be interpreted as an integer"); anything else (a JS number, bigint, boolean, list)
 * is returned as it is, for the caller's own check.
 */
export function operatorIndex(x: unknown): unknown {
  if (typeof x !== 'object' || x === null) return x;
  let kind: string;
  let value: unknown;
  if (isTypedScalar(x)) {
    kind = (x.dtype as { kind: string }).kind;
    value = x.value;
  } else if (hasItem(x) && x.ndim === 0 && 'dtype' in x) {
    kind = (x.dtype as { kind: string }).kind;
    if (kind === 'i' || kind === 'u') return x.item();
    throw new TypeError('only integer scalar arrays can be converted to a scalar index');
  } else return x;
  if (kind === 'i' || kind === 'u') return value;
  throw new TypeError(`'numpy.${(x.dtype as { name: string }).name}' object cannot be interpreted as an integer`);
}

/**
 * An integer typed scalar or 0-d integer array as its JS number, anything else as it is (the
 * option binders' quiet form of indexNumber: the function's own check refuses the rest).
 */
export function integerValue(x: unknown): unknown {
  const kind = dtypeKind(x);
  return kind === 'i' || kind === 'u' ? indexNumber(x) : x;
}

/** A real (bool, integer or float) typed scalar or 0-d array as its JS number, anything else as it is (NumPy's float(x)). */
export function realValue(x: unknown): unknown {
  const kind = dtypeKind(x);
  if (kind !== 'b' && kind !== 'i' && kind !== 'u' && kind !== 'f') return x;
  return Number(isTypedScalar(x) ? x.value : (x as ItemHolder).item());
}

/** The dtype kind of a 1-d array, else undefined. */
export function dtypeKind1d(x: unknown): string | undefined {
  return hasItem(x) && x.ndim === 1 && 'dtype' in x ? ((x as { dtype: { kind?: string } }).dtype ?? {}).kind : undefined;
}

/** The dtype kind of a typed scalar or 0-d array, else undefined. */
function dtypeKind(x: unknown): string | undefined {
  if (isTypedScalar(x) || (hasItem(x) && x.ndim === 0 && 'dtype' in x)) return ((x as { dtype: { kind?: string } }).dtype ?? {}).kind;
  return undefined;
}

/** A typed scalar or a GpuArray (a value, never an options object). */
export const isArrayValue = (x: unknown): boolean => isTypedScalar(x) || hasItem(x);

/**
 * One axis argument that is no list (a typed scalar, a GpuArray) as its JS number; an array of one
 * or more dimensions is no axis (NumPy's TypeError), never iterated as a list of axes.
 */
export function axisIndex(axis: unknown): unknown {
  const a = indexNumber(axis);
  if (hasItem(a)) throw new TypeError('axis must be integers, got array (only integer scalar arrays can be converted to a scalar index)');
  return a;
}

/** operatorIndex as a JS number (a bigint converted), for the callers that check lengths as numbers. */
export function indexNumber(x: unknown): unknown {
  return typeof x === 'number' ? x : bigintAsNumber(operatorIndex(x));
}
