// A NumPy ufunc over typed loops: picks the loop for the argument dtypes as NumPy 2 does (NEP 50
// weak scalars, safe casting), then runs the element-wise engine. One kernel definition per loop.
import { DType, dtype as toDType, DTypeLike, dtypes, integerRange } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike, weakKindOf } from '../core/host-data.js';
import { canCastBy, canCastSafely, castingOf, type Casting, checkWeakIntegerFits, KIND_ORDER, resultType, WeakKind } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { readOptions } from '../util/options.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import { BoundParam, ElementwiseDefinition, makeDefinition, runElementwise } from '../kernel/elementwise.js';
import { checkWritable, overlapsBadly } from '../kernel/overlap.js';
import { callMasked, fortranOutputs, orderOf, type UfuncOrder, type UfuncWhere } from './ufunc-where.js';

/** One typed loop of a ufunc: input and output dtypes and the C body. */
export interface UfuncLoop {
  ins: readonly DType[];
  outs: readonly DType[];
  body: string;
}

/** The comparison a ufunc makes, for NumPy's fixed results against out-of-range Python ints. */
export type ComparisonKind = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

/** How a ufunc departs from plain loop selection (the options column of the ufunc table). */
export interface UfuncOptions {
  /** Integer and bool inputs go to the float64 loop (true division). */
  intToFloat64?: boolean;
  /** Comparisons: an integer scalar outside the integer loop's range gives NumPy's fixed result. */
  comparison?: ComparisonKind;
  /** Inputs cast to their loop type whatever their dtype, and left out of promotion (where's condition). */
  anyCastInputs?: readonly number[];
  /** TypeError message when every input resolves to bool (NumPy refuses boolean `-`, sign, ...). */
  boolError?: string;
  /** Inputs where a negative integer scalar is refused in integer loops (NumPy: no negative integer powers). */
  noNegativeIntScalar?: readonly number[];
  /**
   * NumPy's legacy linear search for ufuncs whose loops mix input types (ldexp's 'fi', 'fl'): no
   * common promotion; a JS number casts to any loop type of its kind or above when an array
   * operand's kind is at least its own, else it is its default dtype (int64, float64).
   */
  legacyWeakScalars?: boolean;
  /** numpy.ufunc.identity: what a reduction of nothing gives, and what makes the ufunc's reductions reorderable. */
  identity?: number | boolean;
  /**
   * The logical ufuncs: a JS scalar operand stands for its truth value, as NumPy 2 takes their
   * operands straight to bool (1e-8 is true beside float16, 128 beside int8 is no overflow).
   */
  truthScalars?: boolean;
}

/** A JS scalar's truth value (NaN is true, as in C and NumPy); arrays and typed scalars as they are. */
function truthOf(a: UfuncArg): UfuncArg {
  if (typeof a === 'number') return a !== 0;
  if (typeof a === 'bigint') return a !== 0n;
  if (isComplexLike(a)) return a.re !== 0 || a.im !== 0;
  return a;
}

/** A ufunc operand: an array, a typed scalar (strong), or a JS number, bigint, boolean or complex (weak, NEP 50). */
export type UfuncArg = GpuArray | Scalar | HostScalar;

/** The keywords every ufunc call takes besides `out` (NumPy's `where`, `casting`, `order`, `dtype`). */
export interface UfuncKeywords {
  /** The outputs' dtype (NumPy's dtype=: every output's; the loop is picked as NumPy 2 does). */
  dtype?: DTypeLike;
  /**
   * A bool mask broadcast with the inputs: where it is false the output keeps its value (`out`'s
   * elements are left alone; without `out` those elements are unspecified, NumPy's uninitialised
   * memory, and a process warning says so once, as NumPy 2.4's UserWarning).
   */
  where?: UfuncWhere;
  /** NumPy's casting rule for the inputs into the loop and the loop's results into `out` (default 'same_kind'). */
  casting?: Casting;
  /** Memory order of the outputs allocated: 'C' (gpuarray's default), 'F', or 'K' and 'A', which follow F-ordered inputs (NumPy's default is 'K'). */
  order?: UfuncOrder;
}

/** The trailing options of a ufunc call: `out` and NumPy's keywords. */
export interface UfuncCallOptions extends UfuncKeywords {
  /** Where to write the result (the shape the inputs broadcast to; cast from the loop's output by `casting`); null: allocate. NumPy's one-array tuple `[out]` is taken too. */
  out?: GpuArray | null | readonly [GpuArray | null];
}

/** The trailing options of a ufunc with two outputs (`frexp`, `modf`, `divmod`): `out` is a pair, as NumPy's out tuple. */
export interface UfuncPairCallOptions extends UfuncKeywords {
  /** Where to write each result; a null entry allocates that one. */
  out?: readonly [GpuArray | null, GpuArray | null];
}

const CALL_OPTION_KEYS = ['out', 'dtype', 'where', 'casting', 'order'];


const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'Array' : typeof v === 'object' ? ((v as object).constructor?.name ?? 'object') : typeof v;

/** resolveCached's codes of the weak kinds, above every dtype index. */
const WEAK_CODE: Record<WeakKind, number> = { bool: 120, int: 121, float: 122, complex: 123 };

// As weakKindOf: an integer-valued number beyond the 64-bit integers (1e300) is a float.
const isWeakInt = (a: UfuncArg): a is number | bigint => typeof a === 'bigint' || (typeof a === 'number' && weakKindOf(a) === 'int');

interface Resolution {
  loop: UfuncLoop;
  params: BoundParam[];
}

/**
 * A NumPy ufunc (`numpy.ufunc`): a name, its arity and its typed loops (`types` lists them as
 * NumPy's `'ff->f'`). `call` picks the loop for the operands' dtypes as NumPy 2 does and runs it.
 * Every ufunc of the table is in `gp.ufuncs`; the usual entry points are `gp.add(a, b)` and `a.add(b)`.
 *
 * @example gp.ufuncs.get('add')!.types.includes('ff->f') // true
 */
export class Ufunc {
  private readonly defs = new Map<UfuncLoop, ElementwiseDefinition>();
  /** `out` not given: one null per output (shared, never written). */
  private readonly noOuts: readonly null[];
  /** Resolutions by argument kinds (dtype chars, weak kinds, dtype option): they depend on nothing else. */
  private readonly resolved = new Map<string, Resolution>();
  /** The same without a dtype option, by resolveCached's number key. */
  private readonly resolvedByCode = new Map<number, Resolution>();

  constructor(
    readonly name: string,
    readonly nin: number,
    readonly nout: number,
    readonly loops: readonly UfuncLoop[],
    readonly opts: UfuncOptions = {},
  ) {
    // Checked before the array below: new Ufunc('f', 1, 2 ** 31) would hang filling 2**31 slots.
    for (const [what, n] of [['nin', nin], ['nout', nout]] as const) {
      if (typeof n !== 'number') throw new TypeError(`Ufunc ${what} must be a number, not ${typeof n}`);
      if (!Number.isInteger(n) || n < 1 || n > 32) throw new RangeError(`Ufunc ${what} must be an integer in [1, 32], got ${n}`);
    }
    if (!Array.isArray(loops)) throw new TypeError('Ufunc loops must be an array');
    this.noOuts = Object.freeze(new Array<null>(nout).fill(null));
  }

  /** numpy.ufunc.identity: the value a reduce starts from (-1 for bitwiseAnd: every bit set), or null when the ufunc has none. */
  get identity(): number | boolean | null {
    return this.opts.identity ?? null;
  }

  /** Types as NumPy's ufunc.types: ['ff->f', ...] (bfloat16's loops left out, as NumPy lists no ml_dtypes user loop there). */
  get types(): string[] {
    return this.loops.filter((l) => [...l.ins, ...l.outs].every((d) => d.inNumPy)).map((l) => `${l.ins.map((d) => d.char).join('')}->${l.outs.map((d) => d.char).join('')}`);
  }

  /**
   * Run a ufunc of one output on `args` (NumPy `ufunc.__call__`): the loop for their dtypes by
   * NumPy 2's promotion, broadcasting, `options` `{out, dtype}`. Ufuncs of two outputs (`frexp`,
   * `modf`, `divmod`) run through `callAll`. @example gp.ufuncs.get('add')!.call([a, b])
   */
  call(args: readonly UfuncArg[], options?: UfuncCallOptions): GpuArray {
    if (this.nout !== 1) throw new TypeError(`${this.name} has ${this.nout} outputs: use callAll(), which returns them all`);
    return this.callAll(args, options)[0];
  }

  /**
   * Run the ufunc and return every output, in a JS array (NumPy's tuple for `frexp`, `modf`,
   * `divmod`); `options.out` is a pair of GpuArrays for those (null entries allocated), the
   * GpuArray for the others. @example const [q, r] = gp.ufuncs.get('divmod')!.callAll([a, b])
   */
  callAll(args: readonly UfuncArg[], options?: UfuncCallOptions | UfuncPairCallOptions): GpuArray[] {
    if (args.length !== this.nin) {
      throw new TypeError(`${this.name}() takes ${this.nin} input${this.nin === 1 ? '' : 's'}, got ${args.length}`);
    }
    args = this.operands(args);
    if (options instanceof GpuArray) throw new TypeError(`${this.name}: options must be an object like {out, dtype}, got ${describe(options)}`);
    let opts = readOptions<UfuncCallOptions | UfuncPairCallOptions>(this.name, options, CALL_OPTION_KEYS);
    // NumPy's out=(o,) for a ufunc of one output: the tuple's one array.
    if (this.nout === 1 && Array.isArray(opts.out) && opts.out.length === 1) opts = { ...opts, out: opts.out[0] as GpuArray | null };
    const casting = castingOf(opts.casting);
    const order = orderOf(this.name, opts.order);
    if (opts.where !== undefined && opts.where !== true) return callMasked(this, args, opts, casting, options);
    let outs = this.outsOf(opts.out ?? undefined);
    const { loop, params } = this.resolveCached(args, opts.dtype, casting);
    this.checkInputCasts(args, loop, casting, opts.dtype !== undefined);

    // Value checks, before anything is launched (an empty result has no element to refuse).
    const values: (GpuArray | HostScalar | null)[] = new Array(args.length + this.nout);
    const empty = args.some((a) => a instanceof GpuArray && a.size === 0);
    for (let k = 0; k < args.length; k++) {
      const a = args[k];
      if (a instanceof GpuArray) {
        values[k] = a;
        continue;
      }
      const fixed = this.scalarCheck(k, a, loop.ins[k], empty);
      if (fixed !== null) return [this.fixedComparison(args, fixed, outs[0] ?? undefined, casting)];
      values[k] = a instanceof Scalar ? (a.value as HostScalar) : a;
    }

    let anyOut = false;
    for (let j = 0; j < outs.length; j++) {
      const out = outs[j];
      if (out === null) continue;
      anyOut = true;
      checkWritable(`${this.name}: output array`, out);
      this.checkOutputCast(loop.outs[j], out.dtype, casting);
    }
    // Scalars only (add(1, 2)): 0-d results, as NumPy's scalar results.
    let allScalar = !anyOut;
    for (let k = 0; k < args.length && allScalar; k++) if (args[k] instanceof GpuArray) allScalar = false;
    const allocated: GpuArray[] = [];
    if (!anyOut && !allScalar && order !== 'C') {
      const fortran = fortranOutputs(args, loop.outs, order);
      if (fortran !== null) outs = fortran;
      allocated.push(...(fortran ?? []));
    }
    for (let j = 0; j < outs.length; j++) {
      let out = outs[j];
      if (out === null && allScalar) allocated.push((out = GpuArray.allocate([], loop.outs[j])));
      values[args.length + j] = out;
    }

    // An input that shares memory with an `out` without being it is read from a copy, as NumPy does.
    const copies: GpuArray[] = [];
    if (anyOut) {
      for (let k = 0; k < args.length; k++) {
        const a = values[k];
        if (a instanceof GpuArray && outs.some((o) => o !== null && overlapsBadly(a, o))) {
          const c = a.copy();
          copies.push(c);
          values[k] = c;
        }
      }
    }
    // Such a loop (float16, bfloat16: stored narrower than it computes) takes its inputs rounded to
    // its own dtype, as NumPy casts them into the loop: an input it cannot take safely (dtype=,
    // casting) is cast first (np.floor_divide(1., .1, dtype='float16') is 10, from 0.0999755859375).
    for (let k = 0; k < args.length; k++) {
      const a = values[k];
      const t = loop.ins[k];
      if (a instanceof GpuArray && a.dtype !== t && t.ctype !== t.computeCtype && !canCastSafely(a.dtype, t) && !(this.opts.anyCastInputs ?? []).includes(k)) {
        const c = a.astype(t);
        copies.push(c);
        values[k] = c;
      }
    }
    // A loop stored narrower than it computes (float16, bfloat16) rounds its results to its own
    // dtype before they are cast into an `out` of another dtype, as NumPy's loop stores them
    // (float16 1000 + 0.3 into float32 is 1000.5): through a temporary of the loop's dtype.
    const narrowed: [number, GpuArray][] = [];
    for (let j = 0; j < outs.length; j++) {
      const o = outs[j];
      const d = loop.outs[j];
      if (o !== null && o.dtype !== d && d.ctype !== d.computeCtype) {
        const t = GpuArray.allocate(o.shape, d, o.device);
        copies.push(t);
        narrowed.push([j, o]);
        values[args.length + j] = t;
      }
    }
    try {
      const results = runElementwise(this.definition(loop), params, values);
      for (const [j, o] of narrowed) {
        kernelHooks().assign(o, results[j]); // the cast into out, as NumPy's (unsafe)
        results[j] = o;
      }
      return results;
    } catch (e) {
      for (const a of allocated) a.dispose();
      throw e;
    } finally {
      for (const c of copies) c.dispose();
    }
  }

  /**
   * Whether gp.fuse may hand scalar operand `k`, as its call passes it, to a fused kernel that casts
   * it to loop dtype `d`: scalarCheck finds nothing, and a logical ufunc's JS scalar is already its
   * own truth value (false, true, 0 or 1; operands() converts any other in the eager call).
   */
  fusedScalarOk(k: number, a: Scalar | HostScalar, d: DType): boolean {
    if (this.opts.truthScalars && !(a instanceof Scalar) && typeof a !== 'boolean' && a !== 0 && a !== 1) return false;
    return this.scalarCheck(k, a, d) === null;
  }

  /** The operands as the loops take them: the logical ufuncs' JS scalars as their truth values. */
  operands<A>(args: readonly (A | UfuncArg)[]): (A | UfuncArg)[] {
    if (this.opts.truthScalars || this.opts.comparison !== undefined) this.checkLongScalars(args);
    return this.opts.truthScalars ? args.map((a) => truthOf(a as UfuncArg)) : [...args];
  }

  /**
   * A JS integer outside int64 beside arrays where NumPy converts it to a C long: NumPy's
   * OverflowError ("Python int too large to convert to C long") for the logical ufuncs whatever
   * the array's dtype, and for comparisons with bool operands (integer arrays compare such ints
   * exactly, see scalarCheck).
   */
  private checkLongScalars(args: readonly unknown[]): void {
    // The scalars first: most calls have none past int64, and this runs on every comparison.
    const long = args.find((a) => (typeof a === 'bigint' || (typeof a === 'number' && weakKindOf(a) === 'int')) && (BigInt(a) < -(2n ** 63n) || BigInt(a) >= 2n ** 63n));
    if (long === undefined) return;
    const typed = args.filter((x): x is GpuArray | Scalar => x instanceof GpuArray || x instanceof Scalar);
    if (typed.length === 0 || (this.opts.comparison !== undefined && !typed.every((x) => x.dtype.kind === 'b'))) return;
    throw new RangeError(`${this.name}: Python int too large to convert to C long (${BigInt(long as number | bigint)} is outside int64: NumPy's OverflowError)`);
  }

  /** NumPy's error for a dtype= no loop gives. */
  private noLoopFor(want: DType, ins: readonly DType[]): TypeError {
    return new TypeError(`No loop matching the specified signature and casting was found for ufunc ${this.name} (dtype=${want.name}, input types: ${ins.map((d) => d.name).join(', ')})`);
  }


  /**
   * NumPy's value checks of scalar operand `k` (a typed scalar or a JS value) against its loop
   * dtype `d`, before anything launches: a RangeError for negative integer powers and for JS
   * integers the loop dtype cannot hold; for a comparison with a JS integer outside the integer
   * loop's range, the result every element gets (NumPy 2 compares such ints exactly); else null.
   * gp.fuse runs the same checks on the scalars it passes to fused kernels (fusedScalarOk).
   * `empty`: the result has no elements, so no power is taken (NumPy raises from its loop, per
   * element).
   */
  scalarCheck(k: number, a: Scalar | HostScalar, d: DType, empty = false): boolean | null {
    const v = a instanceof Scalar ? (a.value as HostScalar) : a;
    if (!empty && this.opts.noNegativeIntScalar?.includes(k) && d.isInteger && (typeof v === 'number' || typeof v === 'bigint') && v < 0) {
      throw new RangeError('Integers to negative integer powers are not allowed.');
    }
    if (isWeakInt(a) && d.isInteger) {
      if (this.opts.comparison !== undefined) {
        const { min, max } = integerRange(d);
        const big = BigInt(a);
        if (big < min || big > max) {
          // In `args[0] OP args[1]`, is the right operand the larger one? (The scalar is above or below every element.)
          const above = big > max;
          const rightIsBigger = k === 1 ? above : !above;
          return { eq: false, ne: true, lt: rightIsBigger, le: rightIsBigger, gt: !rightIsBigger, ge: !rightIsBigger }[this.opts.comparison];
        }
      }
      checkWeakIntegerFits(a, d);
    }
    return null;
  }

  /**
   * The loop a call with these operands, `dtype` and `casting` runs (NumPy's resolution), its
   * inputs' casts checked: what a masked call (`where`) checks before computing.
   */
  loopFor(args: readonly UfuncArg[], dtypeOpt: DTypeLike | undefined, casting: Casting): UfuncLoop {
    const { loop } = this.resolveCached(args, dtypeOpt, casting);
    this.checkInputCasts(args, loop, casting, dtypeOpt !== undefined);
    return loop;
  }

  /** NumPy's output cast check: the loop's result `from` into an `out` of `to` under `casting`. */
  checkOutputCast(from: DType, to: DType, casting: Casting): void {
    if (!canCastBy(from, to, casting)) throw new TypeError(`Cannot cast ufunc '${this.name}' output from ${from.name} to ${to.name} with casting rule '${casting}'`);
  }

  /**
   * Each typed operand (arrays and typed scalars; weak JS scalars take the loop's type) must cast
   * to its loop input under `casting`. Loops found without `dtype` take their inputs safely, and
   * with it same_kind: only stricter rules can fail (the hot path checks nothing). `force`: check
   * whatever the rule (a loop picked by its output alone).
   */
  private checkInputCasts(args: readonly UfuncArg[], loop: UfuncLoop, casting: Casting, byDtype: boolean, force = false): void {
    if (!force && (casting === 'unsafe' || ((casting === 'same_kind' || casting === 'safe') && !byDtype))) return;
    // NumPy 2's logical ufuncs take any operands to bool whatever the rule (their loops cast to
    // bool themselves): np.logical_and(int8, float64, casting='no') is allowed.
    if (this.opts.truthScalars) return;
    const anyCast = this.opts.anyCastInputs ?? [];
    args.forEach((a, k) => {
      const t = loop.ins[k];
      if (anyCast.includes(k)) return;
      let from: DType;
      if (a instanceof GpuArray || a instanceof Scalar) from = a.dtype;
      else if (typeof a === 'boolean') from = dtypes.bool; // a Python bool is np.bool, not weak
      else {
        // A weak JS number goes into any loop of its kind or above (int8 under 'no' too), but not
        // below it (np.add(int8, 1.5, dtype='int8'): float64 to int8 under 'same_kind').
        if (casting === 'unsafe') return;
        from = resultType([], [weakKindOf(a as HostScalar)]);
        if (KIND_ORDER[t.kind] >= KIND_ORDER[from.kind === 'i' ? 'u' : from.kind]) return;
        throw new TypeError(`Cannot cast ufunc '${this.name}' input ${k} from ${from.name} to ${t.name} with casting rule '${casting}'`);
      }
      if (canCastBy(from, t, casting)) return;
      throw new TypeError(`Cannot cast ufunc '${this.name}' input ${k} from ${from.name} to ${t.name} with casting rule '${casting}'`);
    });
  }

  /** The `out` option as one entry per output (null: allocate), checked. */
  outsOf(out: unknown): readonly (GpuArray | null)[] {
    if (out === undefined || out === null) return this.noOuts;
    if (out instanceof GpuArray) {
      if (this.nout !== 1) throw new TypeError(`${this.name}: out must be a list of ${this.nout} arrays (null to allocate one), got a GpuArray`);
      return [out];
    }
    if (!Array.isArray(out) || this.nout === 1) throw new TypeError(`${this.name}: out must be a GpuArray, got ${describe(out)}`);
    if (out.length !== this.nout) throw new RangeError(`${this.name}: out must have one entry per output (${this.nout}), got ${out.length}`);
    return out.map((o: unknown) => {
      if (o === null || o === undefined) return null;
      if (!(o instanceof GpuArray)) throw new TypeError(`${this.name}: out must hold GpuArrays or null, got ${describe(o)}`);
      return o;
    });
  }

  /**
   * NumPy 2 compares an integer array with a Python int outside its dtype's range exactly: the
   * answer is the same for every element, so the result is filled without a comparison kernel.
   */
  private fixedComparison(args: readonly UfuncArg[], value: boolean, out: GpuArray | undefined, casting: Casting): GpuArray {
    const arrays = args.filter((a): a is GpuArray => a instanceof GpuArray);
    const shape = broadcastShapes(...arrays.map((a) => a.shape), ...(out instanceof GpuArray ? [out.shape] : []));
    if (out !== undefined) {
      if (!(out instanceof GpuArray)) throw new TypeError(`${this.name}: out must be a GpuArray, got ${describe(out)}`);
      if (!sameShape(out.shape, shape)) {
        throw new RangeError(`${this.name}: output 'out0' has shape ${shapeString(out.shape)}, but the result has shape ${shapeString(shape)}`);
      }
      this.checkOutputCast(dtypes.bool, out.dtype, casting);
      return out.fill(value);
    }
    const device = arrays.length > 0 ? arrays[0].device : undefined;
    const r = GpuArray.allocate(shape, dtypes.bool, device);
    return r.fill(value);
  }

  private definition(loop: UfuncLoop): ElementwiseDefinition {
    let def = this.defs.get(loop);
    if (def === undefined) {
      const sig = `${loop.ins.map((d) => d.char).join('')}_${loop.outs.map((d) => d.char).join('')}`.replace(/\?/g, 'bool');
      def = makeDefinition({
        name: `gpa_${this.name}_${sig}`,
        body: loop.body,
        preamble: loop.body.includes('gpa::') ? '#include "gpuarray/ufunc_math.h"' : '',
        loopPrep: '',
        afterLoop: '',
        reduceDims: true,
        options: [],
      });
      this.defs.set(loop, def);
    }
    return def;
  }

  private resolveCached(args: readonly UfuncArg[], dtypeOpt: DTypeLike | undefined, casting: Casting): Resolution {
    if (dtypeOpt === undefined && args.length <= 4) {
      // The usual call (no dtype=): a number key, 7 bits an operand (a dtype's index, or 120 + a
      // weak kind), so the hot path builds no string.
      let code = 0;
      for (const a of args) {
        if (a instanceof GpuArray || a instanceof Scalar) {
          if (a.dtype.index < 0) return this.resolveByKey(args, dtypeOpt, casting);
          code = code * 128 + a.dtype.index;
        } else if (typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || isComplexLike(a)) code = code * 128 + WEAK_CODE[weakKindOf(a)];
        else throw new TypeError(`${this.name}: unsupported operand type ${describe(a)} (expected GpuArray, typed scalar or number)`);
      }
      let r = this.resolvedByCode.get(code);
      if (r === undefined) {
        r = this.resolveByKey(args, dtypeOpt, casting);
        this.resolvedByCode.set(code, r);
      }
      return r;
    }
    return this.resolveByKey(args, dtypeOpt, casting);
  }

  private resolveByKey(args: readonly UfuncArg[], dtypeOpt: DTypeLike | undefined, casting: Casting): Resolution {
    // Only an unsafe dtype= loop search differs by casting (it may take inputs same_kind would refuse).
    let key = dtypeOpt === undefined ? '' : `${toDType(dtypeOpt, `${this.name}: dtype`).char}${casting === 'unsafe' ? '!' : ''}:`;
    for (const a of args) {
      if (a instanceof GpuArray || a instanceof Scalar) key += a.dtype.char;
      else if (typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || isComplexLike(a)) key += `w${weakKindOf(a)[0]}`;
      else throw new TypeError(`${this.name}: unsupported operand type ${describe(a)} (expected GpuArray, typed scalar or number)`);
      key += ',';
    }
    let r = this.resolved.get(key);
    if (r === undefined) {
      const { loop } = this.resolve(args, dtypeOpt, casting);
      const params: BoundParam[] = [];
      loop.ins.forEach((d, k) => {
        params.push({ name: `in${k}`, raw: false, isOutput: false, dtype: d, localCtype: d.computeCtype, placeholder: `in${k}_type`, readsOutput: false });
      });
      loop.outs.forEach((d, k) => {
        params.push({ name: `out${k}`, raw: false, isOutput: true, dtype: d, localCtype: d.computeCtype, placeholder: `out${k}_type`, readsOutput: false });
      });
      r = { loop, params };
      this.resolved.set(key, r);
    }
    return r;
  }

  /** NumPy's loop selection: per-input dtypes (weak scalars per NEP 50), then the first safe loop. */
  resolve(args: readonly UfuncArg[], dtypeOpt?: DTypeLike, casting: Casting = 'same_kind'): { loop: UfuncLoop; inputDtypes: DType[] } {
    const anyCast = this.opts.anyCastInputs ?? [];
    const strong: DType[] = [];
    const weak: WeakKind[] = [];
    const kinds: (DType | WeakKind)[] = args.map((a, k) => {
      if (a instanceof GpuArray || a instanceof Scalar) {
        if (!anyCast.includes(k)) strong.push(a.dtype);
        return a.dtype;
      }
      if (typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || isComplexLike(a)) {
        const w = weakKindOf(a);
        if (!anyCast.includes(k)) weak.push(w);
        return w;
      }
      throw new TypeError(`${this.name}: unsupported operand type ${describe(a)} (expected GpuArray, typed scalar or number)`);
    });
    if (this.opts.legacyWeakScalars) return this.resolveLegacy(kinds, dtypeOpt);
    // A weak scalar takes the dtype of the strong operands' promotion where its kind allows (NEP 50).
    let ins = kinds.map((k, i) => {
      if (typeof k !== 'string') return k;
      if (anyCast.includes(i)) return resultType([], [k]);
      return resultType(strong, strong.length ? [k] : weak);
    });
    if (this.opts.intToFloat64 && ins.every((d) => d.kind === 'b' || d.isInteger)) ins = ins.map(() => dtypes.float64);
    const want = dtypeOpt === undefined ? undefined : toDType(dtypeOpt);
    // dtype= another than bool computes in that dtype: np.subtract(t, t, dtype='int8') is allowed.
    if (this.opts.boolError !== undefined && ins.every((d) => d.kind === 'b') && (want === undefined || want.kind === 'b')) {
      throw new TypeError(`ufunc '${this.name}': ${this.opts.boolError} (input types: ${ins.map((d) => d.name).join(', ')})`);
    }

    const castOk = (from: DType, to: DType, k: number) => anyCast.includes(k) || canCastSafely(from, to);
    let loop: UfuncLoop | undefined;
    if (want !== undefined) {
      // NumPy 2's dtype= fixes every output (signature=(None, ..., want, ...)). Its resolution:
      // the loop the inputs select anyway when its outputs are `want` (np.equal(i4, i4,
      // dtype=bool) compares in int32); else the first loop of outputs `want` taking the inputs
      // safely (the legacy type resolver: np.absolute(c8, dtype='float64') runs 'D->d'); else the
      // loop taking and giving `want` (NumPy's default promoter: np.add(f8, 1, dtype='int32')
      // casts the input same_kind, or under casting='unsafe'); else no loop.
      const outsWant = (l: UfuncLoop) => l.outs.every((o) => o === want);
      const natural = this.loops.find((l) => l.ins.every((t, k) => castOk(ins[k], t, k)));
      if (natural && outsWant(natural)) loop = natural;
      else loop = this.loops.find((l) => outsWant(l) && l.ins.every((t, k) => castOk(ins[k], t, k)));
      if (!loop && (loop = this.loops.find((l) => outsWant(l) && l.ins.every((t, k) => anyCast.includes(k) || t === want))) !== undefined) {
        if (casting !== 'unsafe') this.checkInputCasts(args, loop, 'same_kind', true, true);
      }
      if (!loop) throw this.noLoopFor(want, ins);
    } else {
      loop = this.loops.find((l) => l.ins.every((t, k) => castOk(ins[k], t, k)));
      if (!loop) {
        throw new TypeError(
          `ufunc '${this.name}' not supported for the input types (${ins.map((d) => d.name).join(', ')}), and the inputs could not be ` +
            `safely coerced to any supported types according to the casting rule 'safe'`,
        );
      }
    }
    return { loop, inputDtypes: ins };
  }
  /**
   * NumPy's linear search with its legacy weak-scalar rule (should_use_min_scalar_weak_literals):
   * when an array operand's kind is at least every JS number's kind, a number casts to any loop
   * type of its kind or above; otherwise numbers are their default dtypes (int64, float64,
   * complex128). Booleans are strong (NumPy's Python bool is np.bool here).
   */
  private resolveLegacy(kinds: readonly (DType | WeakKind)[], dtypeOpt?: DTypeLike): { loop: UfuncLoop; inputDtypes: DType[] } {
    const rank = (k: DType['kind'] | WeakKind) => ({ b: 0, bool: 0, u: 1, i: 1, int: 1, f: 2, c: 2, float: 2, complex: 2 })[k];
    const strongOf = (k: DType | WeakKind) => (typeof k !== 'string' ? k : k === 'bool' ? dtypes.bool : null);
    const arrays = kinds.filter((k) => strongOf(k) !== null).map((k) => rank(strongOf(k)!.kind));
    const scalars = kinds.filter((k) => strongOf(k) === null).map((k) => rank(k as WeakKind));
    const weakMode = arrays.length > 0 && Math.max(...arrays) >= Math.max(-1, ...scalars);
    const ins = kinds.map((k) => strongOf(k) ?? resultType([], [k as WeakKind]));
    const minWeakKind = { int: 1, float: 3, complex: 4 } as const;
    const castOk = (k: DType | WeakKind, t: DType) => {
      const s = strongOf(k);
      if (s === null && weakMode) return KIND_ORDER[t.kind] >= minWeakKind[k as 'int' | 'float' | 'complex'];
      return canCastSafely(s ?? resultType([], [k as WeakKind]), t);
    };
    // dtype= only picks among the loops of that output; inputs still cast safely (NumPy's legacy
    // type resolver: np.ldexp(float64, int32, dtype='float32') has no loop).
    const want = dtypeOpt === undefined ? undefined : toDType(dtypeOpt);
    const loop = this.loops.find((l) => (want === undefined || l.outs[0] === want) && l.ins.every((t, k) => castOk(kinds[k], t)));
    if (!loop && want !== undefined) throw this.noLoopFor(want, ins);
    if (!loop) {
      throw new TypeError(
        `ufunc '${this.name}' not supported for the input types (${ins.map((d) => d.name).join(', ')}), and the inputs could not be ` +
          `safely coerced to any supported types according to the casting rule 'safe'`,
      );
    }
    return { loop, inputDtypes: ins };
  }
}
