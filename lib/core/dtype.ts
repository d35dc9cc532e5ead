// dtypes with NumPy's names, their C types in kernels, their host TypedArrays, and the policy of
// the dtypes stored as raw bits (float16, bfloat16): code asks the dtype instead of naming one.
import { bfloat16BitsFromNumber, float16BitsFromNumber, numberFromBfloat16Bits, numberFromFloat16Bits } from './float-bits.js';

/** The NumPy names of the dtypes gpuarray supports. */
export type DTypeName =
  | 'bool'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64'
  | 'float16'
  | 'float32'
  | 'float64'
  | 'complex64'
  | 'complex128'
  | 'bfloat16';

/** NumPy's kind characters: b bool, i signed, u unsigned, f float, c complex. */
export type DTypeKind = 'b' | 'i' | 'u' | 'f' | 'c';

/** The TypedArray a dtype exports to (float16 as Float32Array or raw Uint16Array bits; complex as interleaved floats). */
export type HostTypedArray =
  | Uint8Array
  | Int8Array
  | Int16Array
  | Int32Array
  | BigInt64Array
  | Uint16Array
  | Uint32Array
  | BigUint64Array
  | Float32Array
  | Float64Array;

/** The constructor of a dtype's host TypedArray. */
export type TypedArrayCtor = {
  new (length: number): HostTypedArray;
  new (buffer: ArrayBufferLike, byteOffset?: number, length?: number): HostTypedArray;
  readonly BYTES_PER_ELEMENT: number;
};

/** A scalar kernel argument's slot: how a value of the dtype is written into the argument block. */
export type ArgSlot = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'u64' | 'f32' | 'f64';

/**
 * How a dtype that C and JS have no arithmetic type for (float16, bfloat16) is stored, computed
 * and converted. Kernels hold it as `ctype` (from `header`) and compute in `compute`.
 */
export interface BitsPolicy {
  /** The kernel header that defines `ctype` ("gpuarray/float16.h"). */
  readonly header: string;
  /** The dtype arithmetic, accumulation and comparisons run in (float32). */
  readonly compute: DTypeName;
  /**
   * Whether a double converts to the storage type directly (one rounding, as NumPy's float16),
   * rather than through `compute` (bfloat16: through float, as ml_dtypes).
   */
  readonly directFromDouble: boolean;
  /** JS number -> storage bits, rounded to nearest even. */
  readonly toBits: (x: number) => number;
  /** Storage bits -> JS number (exact). */
  readonly fromBits: (bits: number) => number;
  /** The format's mantissa (fraction) and exponent widths in bits: printing's Dragon4 and finfo. */
  readonly mantissaBits: number;
  readonly exponentBits: number;
  /** The TypedArray toTypedArray gives (Float32Array: every value is exact there). */
  readonly exportArray: TypedArrayCtor;
  /**
   * A dtype NumPy does not have promotes as `promotesAs` with every other dtype, except those
   * that cast to it safely (bool, int8, uint8 for bfloat16), which give it (ml_dtypes' rules).
   */
  readonly promotesAs?: DTypeName;
}

/** A dtype's ArgSlot from its kind and storage bits per value (bool and dtypes held as bits: unsigned). */
function argSlotOf(kind: DTypeKind, bits: number, heldAsBits: boolean): ArgSlot {
  if (kind === 'b') return 'u8';
  if (heldAsBits || kind === 'u') return `u${bits}` as ArgSlot;
  return `${kind === 'i' ? 'i' : 'f'}${bits}` as ArgSlot;
}

/**
 * A data type (NumPy `numpy.dtype`): its name, kind (`b` bool, `i` signed, `u` unsigned, `f` float,
 * `c` complex), size in bytes and the C types kernels use. One instance per dtype, so `===`
 * compares them. Get one with `gp.dtype('float32')` or `gp.dtypes.float32`.
 *
 * @example gp.dtype('int16').itemsize // 2
 */
export class DType {
  /** Position in allDTypes: a small number for fast specialisation keys (kernel/elementwise.ts packs it in 4 bits: 16 dtypes at most). */
  index = -1;

  constructor(
    readonly name: DTypeName,
    readonly kind: DTypeKind,
    readonly itemsize: number,
    /** NumPy's one-letter type code (as in loop signatures 'ff->f'). */
    readonly char: string,
    /** The C type in generated kernels. */
    readonly ctype: string,
    /** The C type arithmetic runs in (float16 computes in float). */
    readonly computeCtype: string,
    /**
     * The TypedArray that holds this dtype's raw bytes on the host (Uint16Array for float16,
     * interleaved Float32/64Array for complex; bool as Uint8Array).
     */
    readonly storageArray: TypedArrayCtor,
    /** Elements of `storageArray` per array element (2 for complex). */
    readonly storagePerItem: number,
    /** Storage/compute policy of a dtype held as raw bits (float16, bfloat16); null for the others. */
    readonly bits: BitsPolicy | null = null,
  ) {
    this.argSlot = argSlotOf(kind, (itemsize / storagePerItem) * 8, bits !== null);
  }

  /** How a scalar kernel argument of this dtype is written (dtypes held as bits: their raw bits). Set once: every launch reads it. */
  readonly argSlot: ArgSlot;

  /** Whether NumPy itself has this dtype (bfloat16 is ml_dtypes'). */
  get inNumPy(): boolean {
    return this.bits?.promotesAs === undefined;
  }
  /** The dtype arithmetic runs in (float16 and bfloat16: float32; others: themselves). */
  get compute(): DType {
    return this.bits === null ? this : dtypes[this.bits.compute];
  }
  /** The kernel header a kernel touching this dtype includes, or null (complex: complex.h). */
  get header(): string | null {
    return this.bits !== null ? this.bits.header : this.kind === 'c' ? 'gpuarray/complex.h' : null;
  }
  /**
   * The C type a value being cast to this dtype is held in before the store: the storage type
   * itself where a double converts to it in one rounding (float16), else the compute type.
   */
  get castCtype(): string {
    return this.bits?.directFromDouble ? this.ctype : this.computeCtype;
  }
  /** The TypedArray `toTypedArray` gives (float16/bfloat16 values as Float32Array). */
  get exportArray(): TypedArrayCtor {
    return this.bits?.exportArray ?? this.storageArray;
  }
  /** A JS number as a value of this float dtype holds it (rounded to float32/float16/bfloat16). */
  round(x: number): number {
    if (this.bits !== null) return this.bits.fromBits(this.bits.toBits(x));
    return this.itemsize === 4 && this.kind === 'f' ? Math.fround(x) : x;
  }

  /** Whether this is complex64 or complex128. */
  get isComplex(): boolean {
    return this.kind === 'c';
  }
  /** Whether this is float16, float32, float64 or bfloat16. */
  get isFloat(): boolean {
    return this.kind === 'f';
  }
  /** Whether this is a signed or unsigned integer dtype. */
  get isInteger(): boolean {
    return this.kind === 'i' || this.kind === 'u';
  }
  /** Whether this is bool. */
  get isBool(): boolean {
    return this.kind === 'b';
  }
  /** True for dtypes whose host values are bigint (int64, uint64). */
  get isBigInt(): boolean {
    return this.itemsize === 8 && this.isInteger;
  }

  /** The dtype's NumPy name, `float32`. */
  toString(): string {
    return this.name;
  }
  /** What `console.log(d)` shows. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `dtype('${this.name}')`;
  }
}

const mk = (
  name: DTypeName,
  kind: DTypeKind,
  size: number,
  ch: string,
  ctype: string,
  arr: TypedArrayCtor,
  per = 1,
  compute = ctype,
  bits: BitsPolicy | null = null,
) => new DType(name, kind, size, ch, ctype, compute, arr, per, bits);

/** Every dtype by name (`gp.dtypes.float32`): NumPy's fourteen (bool and the numeric types) and ml_dtypes' bfloat16. */
export const dtypes = {
  bool: mk('bool', 'b', 1, '?', 'bool', Uint8Array),
  int8: mk('int8', 'i', 1, 'b', 'signed char', Int8Array),
  uint8: mk('uint8', 'u', 1, 'B', 'unsigned char', Uint8Array),
  int16: mk('int16', 'i', 2, 'h', 'short', Int16Array),
  uint16: mk('uint16', 'u', 2, 'H', 'unsigned short', Uint16Array),
  int32: mk('int32', 'i', 4, 'i', 'int', Int32Array),
  uint32: mk('uint32', 'u', 4, 'I', 'unsigned int', Uint32Array),
  int64: mk('int64', 'i', 8, 'l', 'long long', BigInt64Array),
  uint64: mk('uint64', 'u', 8, 'L', 'unsigned long long', BigUint64Array),
  // prettier-ignore
  float16: mk('float16', 'f', 2, 'e', 'float16', Uint16Array, 1, 'float', {
    header: 'gpuarray/float16.h', compute: 'float32', directFromDouble: true, mantissaBits: 10, exponentBits: 5,
    toBits: float16BitsFromNumber, fromBits: numberFromFloat16Bits, exportArray: Float32Array,
  }),
  float32: mk('float32', 'f', 4, 'f', 'float', Float32Array),
  float64: mk('float64', 'f', 8, 'd', 'double', Float64Array),
  complex64: mk('complex64', 'c', 8, 'F', 'complex<float>', Float32Array, 2),
  complex128: mk('complex128', 'c', 16, 'D', 'complex<double>', Float64Array, 2),
  // Not NumPy's: ml_dtypes' bfloat16 (type code 'E'), promoting as ml_dtypes registers it.
  // prettier-ignore
  bfloat16: mk('bfloat16', 'f', 2, 'E', 'bfloat16', Uint16Array, 1, 'float', {
    header: 'gpuarray/bfloat16.h', compute: 'float32', directFromDouble: false, mantissaBits: 7, exponentBits: 8,
    toBits: bfloat16BitsFromNumber, fromBits: numberFromBfloat16Bits, exportArray: Float32Array, promotesAs: 'float32',
  }),
} as const satisfies Record<DTypeName, DType>;

/** Every dtype in NumPy's type-code order (bool, ints by size, floats, complex), then bfloat16. */
export const allDTypes: readonly DType[] = [
  dtypes.bool,
  dtypes.int8,
  dtypes.uint8,
  dtypes.int16,
  dtypes.uint16,
  dtypes.int32,
  dtypes.uint32,
  dtypes.int64,
  dtypes.uint64,
  dtypes.float16,
  dtypes.float32,
  dtypes.float64,
  dtypes.complex64,
  dtypes.complex128,
  dtypes.bfloat16,
];

allDTypes.forEach((d, i) => (d.index = i));
const byChar = new Map(allDTypes.map((d) => [d.char, d]));
const aliases: Record<string, DType> = {
  bool_: dtypes.bool,
  int_: dtypes.int64,
  float: dtypes.float64,
  double: dtypes.float64,
  half: dtypes.float16,
  single: dtypes.float32,
  int: dtypes.int64,
  intp: dtypes.int64,
  uintp: dtypes.uint64,
  byte: dtypes.int8,
  ubyte: dtypes.uint8,
  short: dtypes.int16,
  ushort: dtypes.uint16,
  intc: dtypes.int32,
  uintc: dtypes.uint32,
  longlong: dtypes.int64,
  ulonglong: dtypes.uint64,
  complex: dtypes.complex128,
  cfloat: dtypes.complex128,
  csingle: dtypes.complex64,
  cdouble: dtypes.complex128,
  // NumPy 2 on 64-bit Linux: long and uint are 64 bits; q/Q (long long) and p/P (intp) codes.
  long: dtypes.int64,
  ulong: dtypes.uint64,
  uint: dtypes.uint64,
  q: dtypes.int64,
  Q: dtypes.uint64,
  p: dtypes.int64,
  P: dtypes.uint64,
};

/** NumPy's array-protocol type strings ('f4', '<i8', '|b1', '=c16'): little-endian or native only. */
const typeString = (d: string): DType | undefined => {
  const m = /^[<=|]?([biufc])(\d+)$/.exec(d);
  if (m === null) return undefined;
  return allDTypes.find((t) => t.kind === m[1] && t.itemsize === Number(m[2]));
};

/** Anything `gp.dtype()` accepts: a DType, a NumPy name (`float32`), an alias (`double`) or a one-letter code (`f`). */
export type DTypeLike = DType | DTypeName | string | ScalarType;

/** Where a scalar type (`gp.float32`, the function that makes float32 scalars) keeps its dtype. */
export const SCALAR_TYPE_DTYPE: unique symbol = Symbol('gpuarray.scalarTypeDType');

/**
 * A scalar type such as `gp.float32` (NumPy's `np.float32`): it makes typed scalars
 * (`gp.float32(3)`) and stands for its dtype wherever one is taken (`gp.zeros(3, gp.float32)`).
 */
export interface ScalarType {
  /** A typed scalar of this type: its value rounded to the dtype (NumPy's `np.float32(3)`). */
  (value: number | bigint | boolean | { re: number; im: number }): unknown;
  /** The dtype this scalar type stands for. */
  readonly [SCALAR_TYPE_DTYPE]: DType;
}

/**
 * numpy.ScalarType: the scalar types NumPy's tuple lists that gp has, in its order, as a frozen JS
 * array (NumPy's also holds Python's int, float, complex, bool, bytes, str and memoryview, and the
 * types gp lacks: long double, datetimes, strings, object, void; ml_dtypes' bfloat16 is not in
 * it). The same name as the interface above, as in NumPy; scalar.ts fills it once the types exist.
 * @example gp.ScalarType.includes(gp.float32) // true
 */
export const ScalarType: readonly ScalarType[] = [];

/** Whether `v` is a scalar type (`gp.float32`), which stands for its dtype. */
export const isScalarType = (v: unknown): v is ScalarType => typeof v === 'function' && (v as Partial<ScalarType>)[SCALAR_TYPE_DTYPE] instanceof DType;

/** Whether `v` names a dtype by itself: a DType, a string (checked when resolved) or a scalar type. */
export const isDTypeLike = (v: unknown): v is DTypeLike => typeof v === 'string' || v instanceof DType || isScalarType(v);

const own = <V>(table: Record<string, V>, key: string): V | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/**
 * Resolve a dtype name, alias or one-letter code; unknown names are a TypeError. Only the tables'
 * own keys count ('__proto__', 'constructor' or 'toString' are unknown dtypes, not Object's
 * members). `what` names the argument in the message (e.g. "sum: dtype").
 */
export function dtype(d: DTypeLike, what = 'dtype'): DType {
  if (d instanceof DType) return d;
  if (isScalarType(d)) return d[SCALAR_TYPE_DTYPE];
  if (typeof d === 'string') {
    const r = own(dtypes as Record<string, DType>, d) ?? own(aliases, d) ?? byChar.get(d) ?? typeString(d);
    if (r) return r;
  }
  const shown = typeof d === 'string' ? JSON.stringify(d) : typeof d === 'bigint' ? `${d}n` : typeof d === 'object' && d !== null ? 'an object' : typeof d === 'function' ? 'a function' : String(d);
  throw new TypeError(`${what} must be a dtype name or DType; got unknown dtype ${shown} (expected one of ${allDTypes.map((x) => x.name).join(', ')})`);
}

/** The dtype NumPy gives a TypedArray's elements. */
export function dtypeOfTypedArray(a: ArrayBufferView): DType {
  if (a instanceof Float32Array) return dtypes.float32;
  if (a instanceof Float64Array) return dtypes.float64;
  if (a instanceof Int8Array) return dtypes.int8;
  if (a instanceof Uint8Array || a instanceof Uint8ClampedArray) return dtypes.uint8;
  if (a instanceof Int16Array) return dtypes.int16;
  if (a instanceof Uint16Array) return dtypes.uint16;
  if (a instanceof Int32Array) return dtypes.int32;
  if (a instanceof Uint32Array) return dtypes.uint32;
  if (a instanceof BigInt64Array) return dtypes.int64;
  if (a instanceof BigUint64Array) return dtypes.uint64;
  throw new TypeError(`unsupported host array type ${a.constructor.name}`);
}

/** Integer range of an integer dtype, as bigints. */
export function integerRange(d: DType): { min: bigint; max: bigint } {
  const bits = BigInt(d.itemsize * 8);
  if (d.kind === 'u') return { min: 0n, max: (1n << bits) - 1n };
  if (d.kind === 'i') return { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n };
  if (d.kind === 'b') return { min: 0n, max: 1n };
  throw new TypeError(`${d.name} is not an integer dtype`);
}
