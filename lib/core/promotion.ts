// NumPy 2 type promotion: the promote_types table and NEP 50 weak scalars (plain JS numbers
// take the array's dtype where their kind allows it; typed scalars such as float32(3) are strong).
import { DType, dtype as toDType, DTypeLike, dtypes, integerRange } from './dtype.js';
import { checkPositionalCount } from '../util/options.js';

/** Kind of a weak (untyped) scalar: JS boolean, integer-valued number or bigint, other number, complex. */
export type WeakKind = 'bool' | 'int' | 'float' | 'complex';

const category = (d: DType): number => ({ b: 0, i: 1, u: 1, f: 2, c: 3 })[d.kind];
const weakCategory: Record<WeakKind, number> = { bool: 0, int: 1, float: 2, complex: 3 };

const signedOfSize = (bytes: number): DType | undefined =>
  ({ 1: dtypes.int8, 2: dtypes.int16, 4: dtypes.int32, 8: dtypes.int64 })[bytes];
const complexOfFloat = (f: DType): DType => (f.itemsize <= 4 ? dtypes.complex64 : dtypes.complex128);
const floatOfComplex = (c: DType): DType => (c === dtypes.complex64 ? dtypes.float32 : dtypes.float64);

/** The smallest float that holds every value of an integer (or bool) dtype, as NumPy promotes. */
function floatForInteger(d: DType): DType {
  if (d.kind === 'b' || d.itemsize === 1) return dtypes.float16;
  if (d.itemsize === 2) return dtypes.float32;
  return dtypes.float64;
}

function promoteIntegers(a: DType, b: DType): DType {
  if (a.kind === b.kind) return a.itemsize >= b.itemsize ? a : b;
  const [s, u] = a.kind === 'i' ? [a, b] : [b, a];
  if (s.itemsize > u.itemsize) return s;
  return signedOfSize(u.itemsize * 2) ?? dtypes.float64; // uint64 + int64 -> float64, as NumPy
}

/**
 * A dtype NumPy lacks (bfloat16) with another, as NumPy promotes a legacy user dtype: the
 * smallest dtype both cast to safely, which is `s` itself for the 1-byte integers (and bool,
 * handled before) and otherwise what `s.bits.promotesAs` (float32) gives with `o`.
 */
function viaStandIn(s: DType, o: DType): DType | undefined {
  const as = s.bits?.promotesAs;
  if (as === undefined) return undefined;
  if (o.isInteger && o.itemsize === 1) return s;
  return promoteTypes(dtypes[as], o);
}

/** numpy.promote_types(a, b): DTypes or dtype names ('int8'). */
export function promoteTypes(x: DTypeLike, y: DTypeLike): DType {
  checkPositionalCount('promoteTypes', arguments, 2);
  const a = x instanceof DType ? x : toDType(x, 'promoteTypes: first dtype');
  const b = y instanceof DType ? y : toDType(y, 'promoteTypes: second dtype');
  if (a === b) return a;
  if (a.kind === 'b') return b;
  if (b.kind === 'b') return a;
  const viaA = viaStandIn(a, b) ?? viaStandIn(b, a);
  if (viaA) return viaA;
  const ca = category(a);
  const cb = category(b);
  if (ca === 1 && cb === 1) return promoteIntegers(a, b);
  // At least one inexact: work on the float parts.
  const floatPart = (d: DType) => (d.kind === 'c' ? floatOfComplex(d) : d.kind === 'f' ? d : floatForInteger(d));
  const f = floatPart(a).itemsize >= floatPart(b).itemsize ? floatPart(a) : floatPart(b);
  return ca === 3 || cb === 3 ? complexOfFloat(f) : f;
}

/** NumPy's "safe" casting: every value of `from` is representable in `to`. */
export function canCastSafely(from: DTypeLike, to: DTypeLike): boolean {
  const t = to instanceof DType ? to : toDType(to, 'canCast: to');
  return promoteTypes(from instanceof DType ? from : toDType(from, 'canCast: from'), t) === t;
}

/** NumPy's kind order for same_kind casting: b < u < i < f < c. */
export const KIND_ORDER = { b: 0, u: 1, i: 2, f: 3, c: 4 } as const;

/**
 * NumPy's "same_kind" casting (ufunc and reduction outputs, copyto, put): safe casts, and casts
 * within a kind or towards a higher one (int64 -> uint64 is not one).
 */
export function canCastSameKind(from: DType, to: DType): boolean {
  return canCastSafely(from, to) || KIND_ORDER[from.kind] <= KIND_ORDER[to.kind];
}

/**
 * NumPy's casting rules: 'no' and 'equiv' allow only the same dtype, 'safe' only casts that keep
 * every value, 'same_kind' also casts within a kind (float64 to float32), 'unsafe' any cast.
 */
export type Casting = 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';
const CASTINGS: readonly Casting[] = ['no', 'equiv', 'safe', 'same_kind', 'unsafe'];

/** NumPy's TypeError for a cast `casting` refuses (`what`: 'array data' or 'scalar'). */
export function castingError(from: DType, to: DType, casting: Casting, what = 'array data'): TypeError {
  return new TypeError(`Cannot cast ${what} from dtype('${from.name}') to dtype('${to.name}') according to the rule '${casting}'`);
}

/** A `where` mask must be bool: NumPy casts it to bool under 'safe', which only bool passes. */
export function assertBoolMask(mask: { readonly dtype: DType }, prefix = ''): void {
  if (mask.dtype !== dtypes.bool) {
    const e = castingError(mask.dtype, dtypes.bool, 'safe');
    throw prefix ? new TypeError(`${prefix}${e.message}`) : e;
  }
}

/** Whether `from` casts to `to` under `casting` (byte order is always native: 'no' is 'equiv'). */
export function canCastBy(from: DType, to: DType, casting: Casting): boolean {
  switch (casting) {
    case 'unsafe':
      return true;
    case 'same_kind':
      return canCastSameKind(from, to);
    case 'safe':
      return canCastSafely(from, to);
    default:
      return from === to;
  }
}

/** A `casting` option checked: one of NumPy's five rules, `fallback` when absent. */
export function castingOf(value: unknown, fallback: Casting = 'same_kind'): Casting {
  if (value === undefined) return fallback;
  if (!CASTINGS.includes(value as Casting)) throw new RangeError(`casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe', got ${String(value)}`);
  return value as Casting;
}

/** The dtype a weak scalar of `kind` takes next to a strong dtype `s` (NEP 50). */
export function promoteWeak(s: DType, kind: WeakKind): DType {
  if (weakCategory[kind] <= category(s)) return s;
  switch (kind) {
    case 'int':
      return dtypes.int64;
    case 'float':
      return dtypes.float64;
    case 'complex':
      return s.kind === 'f' ? complexOfFloat(s) : dtypes.complex128;
    default:
      return s;
  }
}

/** The dtype a lone weak scalar gets (no arrays around it): NumPy's defaults. */
export function defaultDTypeForWeak(kind: WeakKind): DType {
  return { bool: dtypes.bool, int: dtypes.int64, float: dtypes.float64, complex: dtypes.complex128 }[kind];
}

// NumPy's type numbers on LP64 Linux: a DType knows how to promote those with lower numbers
// (float16, numbered last, knows every builtin; bfloat16, a user dtype, comes after them all).
const TYPE_NUM: Record<string, number> = {
  bool: 0, int8: 1, uint8: 2, int16: 3, uint16: 4, int32: 5, uint32: 6, int64: 7, uint64: 8,
  float32: 11, float64: 12, complex64: 14, complex128: 15, float16: 23, bfloat16: 256,
};
const typeNum = (d: DType): number => TYPE_NUM[d.name] ?? 256;

/** NumPy's `cls.__common_dtype__(other)`: undefined (NotImplemented) where `other` knows more. */
const commonDirected = (cls: DType, other: DType): DType | undefined =>
  cls === other ? cls : typeNum(other) > typeNum(cls) ? undefined : promoteTypes(cls, other);

/** NumPy's reduce_dtypes_to_most_knowledgeable: moves the main DType to ds[0], clears the others it absorbs. */
function reduceToMostKnowledgeable(ds: (DType | null)[], length: number): DType | undefined {
  const half = length >> 1;
  let res: DType | undefined;
  for (let low = 0; low < half; low++) {
    const high = length - 1 - low;
    res = commonDirected(ds[low]!, ds[high]!);
    if (res === undefined) [ds[low], ds[high]] = [ds[high], ds[low]];
    else if (res === ds[low]) ds[high] = null;
  }
  return length === 2 ? res : reduceToMostKnowledgeable(ds, length - half);
}

/**
 * NumPy's PyArray_PromoteDTypeSequence (result_type, concatenate, stack, einsum, ...): every
 * dtype promoted with the most knowledgeable one, then those results folded, so the answer does
 * not depend on the order: int8, uint8 and float16 give float16 (float16 absorbs both), where
 * promoting pairwise from the left gives float32 (int16 first).
 */
export function promoteSequence(ds: readonly DType[]): DType {
  if (ds.length === 1) return ds[0];
  const work: (DType | null)[] = [...ds];
  let result = reduceToMostKnowledgeable(work, ds.length);
  const main = work[0]!;
  for (let i = result === undefined ? 1 : 2; i < work.length; i++) {
    const d = work[i];
    if (d === null) continue;
    const promotion = promoteTypes(main, d);
    result = result === undefined ? promotion : promoteTypes(result, promotion);
  }
  return result!;
}

/**
 * numpy.result_type over strong dtypes and weak scalar kinds. With no strong dtype the weak kinds
 * promote among themselves by category.
 */
export function resultType(strong: readonly DTypeLike[], weak: readonly WeakKind[] = []): DType {
  const ds = strong.map((x) => (x instanceof DType ? x : toDType(x, 'resultType: dtype')));
  const r = ds.length === 0 ? undefined : promoteSequence(ds);
  let w: WeakKind | undefined;
  for (const k of weak) if (w === undefined || weakCategory[k] > weakCategory[w]) w = k;
  if (r === undefined) {
    if (w === undefined) throw new TypeError('resultType needs at least one operand');
    return defaultDTypeForWeak(w);
  }
  return w === undefined ? r : promoteWeak(r, w);
}

/** NEP 50: a JS integer next to an integer array must fit that dtype (NumPy raises OverflowError). */
export function checkWeakIntegerFits(value: number | bigint, d: DType): void {
  if (!d.isInteger) return;
  const { min, max } = integerRange(d);
  const v = typeof value === 'bigint' ? value : BigInt(value);
  if (v < min || v > max) throw new RangeError(`integer ${value} out of bounds for ${d.name}`);
}
