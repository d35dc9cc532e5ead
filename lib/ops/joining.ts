// Joining (NumPy's concatenate, stack, *stack, block, append): strided copies, each input copied
// by the element-wise engine's assign kernel into its view of the output (splitting.ts splits).
import { DType, DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { checkDense, shapeString } from '../core/shape.js';
import { ElementwiseKernel, ElementwiseKernelFn } from '../kernel/elementwise-kernel.js';
import { mixedDevices } from '../kernel/elementwise.js';
import { canCastBy, castingOf, resultType, type Casting } from '../core/promotion.js';
import { isComplexLike, weakKindOf } from '../core/host-data.js';
import { axisOf, bindArgs, build, commonDType, copyInto, isJsScalar, isOptions, owned, sliceAxis, toArray } from './array-args.js';
import { atleast1d, atleast2d, atleast3d } from './views.js';
import { readOptions, checkPositionalCount } from '../util/options.js';

/** Options of gp.concatenate and gp.stack (numpy.concatenate's keyword arguments); `out` and `dtype` exclude each other. */
export interface ConcatenateOptions {
  /** The axis to join along (default 0); null flattens every input first. */
  axis?: number | null;
  /** An array of the result's shape to write into (and return); inputs are cast to its dtype. */
  out?: GpuArray;
  /** The result's dtype (default: the inputs' common dtype). */
  dtype?: DTypeLike;
  /** NumPy's casting rule for the inputs into the result (default 'same_kind'). */
  casting?: Casting;
}

export type { Casting };

function checkCast(from: DType, to: DType, casting: Casting): void {
  if (!canCastBy(from, to, casting)) throw new TypeError(`Cannot cast array data from dtype('${from.name}') to dtype('${to.name}') according to the rule '${casting}'`);
}

/** Arguments as GpuArrays, plus the ones made here (to dispose). */
function arraysOf(fn: string, xs: readonly unknown[]): { arrays: GpuArray[]; made: GpuArray[] } {
  if (!Array.isArray(xs) && !(typeof xs === 'object' && xs !== null && Symbol.iterator in xs)) {
    throw new TypeError(`${fn}: expected a sequence of arrays`);
  }
  if (Array.isArray(xs)) checkDense(fn, 'the sequence of arrays', xs);
  // A GpuArray is a sequence of its first-axis views, as NumPy's concatenate(a 2-D array): those are made here.
  const list = [...xs];
  const views = xs instanceof GpuArray;
  if (list.length === 0) throw new RangeError('need at least one array to concatenate');
  const made: GpuArray[] = [];
  const arrays = list.map((x) => {
    const a = toArray(x, `${fn} input`);
    if (views || owned(x, a)) made.push(a);
    return a;
  });
  return { arrays, made };
}

const disposeAll = (xs: readonly GpuArray[]) => xs.forEach((a) => a.dispose());

/** concatenate's and stack's parameters after the arrays: NumPy's `axis` and `out` by position, or one options object. */
export type ConcatenateArg = number | null | GpuArray | ConcatenateOptions | undefined;

/** NumPy's (arrays, axis=0, out=None, *, dtype=None, casting='same_kind'): out None is none. */
function parseOptions(fn: string, args: readonly unknown[]): ConcatenateOptions {
  const o = bindArgs(fn, args, ['axis', 'out'], ['dtype', 'casting']) as ConcatenateOptions & { out?: GpuArray | null };
  if (o.out === null) delete o.out;
  if (o.out !== undefined && o.dtype !== undefined) throw new TypeError(`${fn}() only takes \`out\` or \`dtype\` as an argument, but both were provided.`);
  return o;
}

/** Up to this many output elements (launch-bound sizes: a copy of 64K elements takes about a launch's time), k inputs are joined by one launch. */
const ONE_LAUNCH_MAX = 1 << 16;
const ONE_LAUNCH_INPUTS = 8;
const joinKernels = new Map<number, ElementwiseKernelFn>();

/**
 * The kernel joining k inputs of one dtype in one launch: each output element finds its input
 * from the cumulative ends along the axis (index math in the loop's own width).
 */
function joinKernel(k: number): ElementwiseKernelFn {
  let f = joinKernels.get(k);
  if (f === undefined) {
    const params = Array.from({ length: k }, (_, j) => `raw T x${j}, int64 e${j}`).join(', ');
    const lines = [
      'typedef decltype(i) _I;',
      'const _I _in = (_I)inner, _q = i % _in, _t = i / _in, _r = _t % (_I)total, _o = _t / (_I)total;',
    ];
    for (let j = 0; j < k; j++) {
      const start = j === 0 ? '0' : `(_I)e${j - 1}`;
      const cond = j === k - 1 ? '' : `if (_r < (_I)e${j}) `;
      lines.push(`${j > 0 ? 'else ' : ''}${cond}out0 = x${j}[(_o * ((_I)e${j} - ${start}) + (_r - ${start})) * _in + _q];`);
    }
    f = ElementwiseKernel(`${params}, int64 inner, int64 total`, 'T out0', lines.join('\n'), `gpa_join${k}`);
    joinKernels.set(k, f);
  }
  return f;
}

/** Join in one launch when the sizes are launch-bound and every input has the output's dtype. */
function oneLaunch(arrays: readonly GpuArray[], ax: number, out: GpuArray): boolean {
  if (arrays.length < 2 || arrays.length > ONE_LAUNCH_INPUTS || out.size > ONE_LAUNCH_MAX || out.size === 0) return false;
  if (arrays.some((a) => a.dtype !== out.dtype)) return false;
  let inner = 1;
  for (let d = ax + 1; d < out.ndim; d++) inner *= out.shape[d];
  let end = 0;
  const args: (GpuArray | number)[] = [];
  for (const a of arrays) {
    end += a.shape[ax];
    args.push(a, end);
  }
  joinKernel(arrays.length)(...args, inner, out.shape[ax], out);
  return true;
}

/** Check shapes, allocate (or check) the output, and copy each input into its part of it. */
function join(arrays: readonly GpuArray[], axis: number, outOpt: GpuArray | undefined, dtypeOpt: DTypeLike | undefined, castingOpt?: Casting): GpuArray {
  const casting = castingOf(castingOpt);
  const first = arrays[0];
  const nd = first.ndim;
  if (nd === 0) throw new RangeError('zero-dimensional arrays cannot be concatenated');
  const ax = axisOf(axis, nd);
  let total = 0;
  arrays.forEach((a, k) => {
    if (a.ndim !== nd) {
      throw new RangeError(
        `all the input array dimensions except for the concatenation axis must match exactly, but along dimension 0, the array at index 0 has ${nd} dimension(s) and the array at index ${k} has ${a.ndim} dimension(s)`,
      );
    }
    for (let d = 0; d < nd; d++) {
      if (d !== ax && a.shape[d] !== first.shape[d]) {
        throw new RangeError(
          `all the input array dimensions except for the concatenation axis must match exactly, but along dimension ${d}, the array at index 0 has size ${first.shape[d]} and the array at index ${k} has size ${a.shape[d]}`,
        );
      }
    }
    if (a.device !== first.device) throw mixedDevices('concatenate', first.device, a.device);
    total += a.shape[ax];
  });
  const shape = [...first.shape];
  shape[ax] = total;
  const fill = (out: GpuArray) => {
    if (oneLaunch(arrays, ax, out)) return;
    let at = 0;
    for (const a of arrays) {
      const n = a.shape[ax];
      if (n > 0) {
        const part = sliceAxis(out, ax, at, at + n);
        try {
          copyInto(part, a);
        } finally {
          part.dispose();
        }
      }
      at += n;
    }
  };
  if (outOpt !== undefined) {
    if (!(outOpt instanceof GpuArray)) throw new TypeError('concatenate: out must be a GpuArray');
    if (outOpt.ndim !== nd || outOpt.shape.some((d, i) => d !== shape[i])) throw new RangeError(`Output array is the wrong shape: expected ${shapeString(shape)}, got ${shapeString(outOpt.shape)}`);
    for (const a of arrays) {
      checkCast(a.dtype, outOpt.dtype, casting);
    }
    fill(outOpt);
    return outOpt;
  }
  // NumPy checks `casting` against the result dtype even when it is the inputs' common one
  // (casting='no' refuses int32 joined with int64).
  const d: DType = dtypeOpt !== undefined ? toDType(dtypeOpt) : commonDType(arrays);
  for (const a of arrays) checkCast(a.dtype, d, casting);
  return build(shape, d, fill, first.device);
}

/**
 * numpy.concatenate((a1, a2, ...), axis=0, out=None, dtype=None): join along an existing axis;
 * `axis: null` flattens the inputs first. The result dtype is NumPy's promotion of the inputs.
 */
export function concatenate(arrays: readonly unknown[] | GpuArray, ...args: ConcatenateArg[]): GpuArray {
  const o = parseOptions('concatenate', args);
  const { arrays: xs, made } = arraysOf('concatenate', arrays as readonly unknown[]);
  const flat: GpuArray[] = [];
  try {
    if (o.dtype === undefined && o.out === undefined && Array.isArray(arrays)) o.dtype = castWeakScalars(arrays, xs, made) ?? undefined;
    if (o.axis === null) {
      for (const a of xs) flat.push(a.reshape([a.size]));
      return join(flat, 0, o.out, o.dtype, o.casting);
    }
    return join(xs, o.axis ?? 0, o.out, o.dtype, o.casting);
  } finally {
    disposeAll(flat);
    disposeAll(made);
  }
}

/**
 * NumPy's concatenate takes a Python scalar in its list as weak (NEP 50): beside an array,
 * concatenate((int8 array, 2), axis=None) is int8 and (int8 array, 2.5) float64, each scalar put
 * into that dtype whatever the casting rule (300 wraps to 44 in int8, as NumPy). Replaces each
 * scalar's array in `xs` by its cast (kept in `made`) and gives the dtype; null when the list holds
 * no scalar, or nothing else.
 */
function castWeakScalars(list: readonly unknown[], xs: GpuArray[], made: GpuArray[]): DType | null {
  const weak = list.map((x) => (isJsScalar(x) || isComplexLike(x) ? weakKindOf(x) : null));
  if (weak.every((k) => k === null) || weak.every((k) => k !== null)) return null;
  const d = resultType(
    xs.filter((_, i) => weak[i] === null).map((a) => a.dtype),
    weak.filter((k) => k !== null),
  );
  xs.forEach((a, i) => {
    if (weak[i] !== null && a.dtype !== d) made.push((xs[i] = a.astype(d)));
  });
  return d;
}

/** numpy.concat: NumPy 2's name for concatenate (the same arguments and result). */
export const concat = concatenate;

/** numpy.stack: join along a new axis (all inputs of one shape). */
export function stack(arrays: readonly unknown[], ...args: ConcatenateArg[]): GpuArray {
  const o = parseOptions('stack', args);
  const { arrays: xs, made } = arraysOf('stack', arrays);
  const expanded: GpuArray[] = [];
  try {
    const s0 = xs[0].shape;
    for (const a of xs) if (a.ndim !== s0.length || a.shape.some((d, i) => d !== s0[i])) throw new RangeError('all input arrays must have the same shape');
    if (o.axis === null) throw new TypeError('stack: axis must be an integer, got null');
    const ax = axisOf(o.axis ?? 0, s0.length + 1);
    for (const a of xs) expanded.push(a.expandDims(ax));
    return join(expanded, ax, o.out, o.dtype, o.casting);
  } finally {
    disposeAll(expanded);
    disposeAll(made);
  }
}

type StackOptions = { dtype?: DTypeLike; casting?: Casting };

function stackWith(fn: string, arrays: readonly unknown[], prep: (a: GpuArray) => GpuArray, axisOf: (first: GpuArray) => number, options?: StackOptions): GpuArray {
  const o = readOptions<StackOptions>(fn, options, ['dtype', 'casting']);
  const { arrays: xs, made } = arraysOf(fn, arrays);
  const prepped: GpuArray[] = [];
  try {
    for (const a of xs) prepped.push(prep(a));
    return join(prepped, axisOf(prepped[0]), undefined, o.dtype, o.casting);
  } finally {
    disposeAll(prepped);
    disposeAll(made);
  }
}

/** A view that is a new object (so it can be disposed independently of its source). */
const same = (a: GpuArray) => a.reshape(a.shape as number[]);

/** numpy.vstack: rows (1-D inputs become 1 x N). */
export const vstack = (arrays: readonly unknown[], o?: StackOptions) => stackWith('vstack', arrays, (a) => atleast2d(a) as GpuArray, () => 0, o);
/** numpy.hstack: columns (1-D inputs join along axis 0). */
export const hstack = (arrays: readonly unknown[], o?: StackOptions) =>
  stackWith('hstack', arrays, (a) => atleast1d(a) as GpuArray, (f) => (f.ndim === 1 ? 0 : 1), o);
/** numpy.dstack: along the third axis (inputs made at least 3-D). */
export const dstack = (arrays: readonly unknown[], o?: StackOptions) => stackWith('dstack', arrays, (a) => atleast3d(a) as GpuArray, () => 2, o);
/** numpy.column_stack: 1-D inputs become columns; 2-D inputs join as hstack does. */
export const columnStack = (arrays: readonly unknown[], o?: StackOptions) =>
  stackWith('columnStack', arrays, (a) => (a.ndim < 2 ? a.reshape([a.size, 1]) : same(a)), () => 1, o);
/** numpy.row_stack: NumPy's deprecated alias of vstack (NumPy 2.4 still has it, with a DeprecationWarning). @deprecated Use `vstack`. */
export const rowStack = vstack;

/** numpy.append: values joined to the end; without an axis both are flattened first. */
export function append(arr: unknown, values: unknown, axis?: number | null | { axis?: number | null }): GpuArray {
  checkPositionalCount('append', arguments, 2, 3);
  const ax = isOptions(axis) ? (axis as { axis?: number | null }).axis : (axis as number | null | undefined);
  // NumPy ravels both first (asanyarray): a JS scalar here is strong (append(int32 array, 3) is
  // int64), unlike concatenate's weak one.
  const strong = (x: unknown) => (isJsScalar(x) || isComplexLike(x) ? [x] : x);
  if (ax === null || ax === undefined) return concatenate([strong(arr), strong(values)], null);
  return concatenate([arr, values], ax);
}

/** numpy.block: nested lists of arrays joined innermost-last-axis first. */
export function block(arrays: unknown): GpuArray {
  checkPositionalCount('block', arguments, 1);
  // numpy.block takes no keywords: any option is a TypeError (it was ignored).
  readOptions('block', arguments[1], []);
  const depthOf = (x: unknown): number => (Array.isArray(x) ? (x.length === 0 ? (() => { throw new RangeError('Lists cannot be empty'); })() : 1 + depthOf(x[0])) : 0);
  const depth = depthOf(arrays);
  const made: GpuArray[] = [];
  const leaves: GpuArray[] = [];
  const collect = (x: unknown, level: number): void => {
    if (Array.isArray(x)) {
      if (level === depth) throw new RangeError('List depths are mismatched');
      x.forEach((y) => collect(y, level + 1));
      return;
    }
    if (level !== depth) throw new RangeError('List depths are mismatched');
    const a = toArray(x, 'block input');
    if (owned(x, a)) made.push(a);
    leaves.push(a);
  };
  try {
    collect(arrays, 0);
    const nd = Math.max(depth, ...leaves.map((a) => a.ndim));
    let next = 0;
    const rec = (x: unknown, level: number): GpuArray => {
      if (!Array.isArray(x)) {
        const a = leaves[next++];
        const shape = [...new Array(nd - a.ndim).fill(1), ...a.shape];
        return a.reshape(shape);
      }
      const parts = x.map((y) => rec(y, level + 1));
      try {
        return concatenate(parts, -(depth - level));
      } finally {
        disposeAll(parts);
      }
    };
    return rec(arrays, 0);
  } finally {
    disposeAll(made);
  }
}
