// The option and result types of GpuArray's methods, apart from the class so that the modules
// holding its method bodies (view-geometry.ts, array-order.ts, ...) need no import of gpu-array.ts
// for them. gpu-array.ts re-exports them.
import type { HostScalar } from './host-data.js';

/**
 * NumPy's `ndarray.flags`: C (row-major) and Fortran (column-major) contiguity, and whether the
 * array may be written (false for `broadcastTo`'s views, read-only sliding windows and every view
 * of them, as NumPy's).
 */
export interface ArrayFlags {
  readonly cContiguous: boolean;
  readonly fContiguous: boolean;
  /** Assignable as NumPy's: `a.flags.writeable = false` is `a.setflags({write: false})`. */
  writeable: boolean;
  /** Whether the array owns its memory (NumPy's OWNDATA: `base` is null). */
  readonly owndata: boolean;
  /** Whether every element lies at a multiple of the dtype's alignment (NumPy's ALIGNED; false for some dtype views). */
  readonly aligned: boolean;
}

/** Layout and writeability as a frozen value, one object shared by every array alike (the library's own reads). */
export interface LayoutFlags {
  readonly cContiguous: boolean;
  readonly fContiguous: boolean;
  readonly writeable: boolean;
}

/** Options of `setflags` (numpy.ndarray.setflags(write=None, align=None, uic=None)). */
export interface SetflagsOptions {
  write?: boolean | null;
  align?: boolean | null;
  uic?: boolean | null;
}

/** NumPy's memory order argument of reshape, ravel and flatten (which also take 'K', memory order). */
export type Order = 'C' | 'F' | 'A';
/** A copy's memory order (NumPy's `order` of `ndarray.copy` and `numpy.copy`): 'K' too. */
export type CopyOrder = 'C' | 'F' | 'A' | 'K';
/** Options of `reshape` / `ravel` / `flatten`. */
export interface ReshapeOptions {
  order?: Order;
}
/** Options of `reshape`: the order and NumPy 2.1's `copy` (true: always a copy; false: a view or RangeError; null/absent: a view when the strides allow). */
export interface ReshapeCopyOptions extends ReshapeOptions {
  copy?: boolean | null;
}
/** Options of `astype`: NumPy's `casting` rule (default 'unsafe') and `copy` (false: this array itself when the dtype is already the one asked for). */
export interface AstypeOptions {
  /** NumPy's memory order of the copy: 'F' as asked; 'C', and 'K' (the default) and 'A', give a C-ordered copy here. */
  order?: 'C' | 'F' | 'A' | 'K';
  casting?: 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';
  /** Accepted (no subclasses here). */
  subok?: boolean;
  copy?: boolean;
}

/** What follows astype's dtype: NumPy's order, casting, subok, copy by position, then the options. */
export type AstypeArg = 'C' | 'F' | 'A' | 'K' | AstypeOptions['casting'] | boolean | AstypeOptions | undefined;

/** Nested JS arrays of an array's values (toArray()). */
export type NestedArray = HostScalar | NestedArray[];
