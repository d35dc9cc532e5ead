// The trace of a fused function: what each ufunc, cast and reduction call on tracers computes,
// with the loop (dtypes and C body) the eager call would run, chosen by the ufunc's own loop
// selection. While tracing, a Trace is the hook the ufuncs and reductions hand tracers to.
import { DType, dtype as toDType, DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { normalizeAxes } from '../kernel/reduction.js';
import { ReductionOptions, reductionRecipe, ReductionRecipe } from '../ops/reductions.js';
import type { TraceHook } from '../ops/trace-hook.js';
import type { Ufunc, UfuncArg } from '../ops/ufunc.js';
import { readOptions } from '../util/options.js';
import { FusionError, libraryCaller } from './errors.js';

/** A scalar operand: a scalar argument of the fused function (`arg`, read at each call) or a constant met while tracing. */
export interface ScalarSource {
  id: number;
  arg: number | null;
  /** The constant, or the argument's value at trace time (only its kind counts then). */
  value: Scalar | HostScalar;
}

/** An array argument of the fused function. */
export interface Leaf {
  kind: 'leaf';
  arg: number;
  dtype: DType;
  ndim: number;
  /** The array arguments this value depends on (sorted): its shape is their broadcast. */
  leaves: readonly number[];
}

export interface ScalarValue {
  kind: 'scalar';
  src: ScalarSource;
}

/** An operand of an op as its loop takes it: the value, the loop's input dtype and the C type of its local. */
export interface Input {
  value: Leaf | ScalarValue | Node;
  dtype: DType;
  local: string;
}

/** One element-wise op: a ufunc loop or a cast, computed in registers. */
export interface Node {
  kind: 'node';
  id: number;
  /** What the user called, for messages. */
  what: string;
  dtype: DType;
  ndim: number;
  leaves: readonly number[];
  ins: readonly Input[];
  /** C statements over in0.. and out0 (the ufunc table's body, or the cast's). */
  body: string;
  /** C type of out0 (the eager kernel's output local). */
  outLocal: string;
}

/** The final reduction of a fused function. */
export interface Reduction {
  kind: 'reduction';
  name: string;
  input: Leaf | Node;
  recipe: ReductionRecipe;
  /** The options as given (axis, keepdims, dtype), for the eager reduction of the two-kernel path. */
  opts: ReductionOptions;
  reduced: boolean[];
  dtype: DType;
  ndim: number;
  leaves: readonly number[];
}

export type Value = Leaf | ScalarValue | Node | Reduction;

/** A value check of a scalar argument the eager ufunc makes at each call (Ufunc.fusedScalarOk). */
export interface ScalarCheck {
  ufunc: Ufunc;
  k: number;
  arg: number;
  dtype: DType;
}

/** The reductions a fused function may end with. */
export const FUSABLE_REDUCTIONS = ['sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'nanmax', 'nanmin'] as const;

/** Makes the tracer object of a value (tracer.ts). */
export type TracerFactory = (trace: Trace, v: Value) => object;

const union = (sets: readonly (readonly number[])[]): number[] => [...new Set(sets.flat())].sort((a, b) => a - b);

// Stand-ins for loop selection: arrays and 0-d results are strong operands of their dtype.
const strongStandIns = new Map<DType, Scalar>();
function strongStandIn(d: DType): Scalar {
  let s = strongStandIns.get(d);
  if (s === undefined) strongStandIns.set(d, (s = new Scalar(0, d)));
  return s;
}

export class Trace implements TraceHook {
  readonly nodes: Node[] = [];
  readonly scalars: ScalarSource[] = [];
  readonly checks: ScalarCheck[] = [];
  /** The dtype of each array argument, by argument index. */
  readonly argDtypes = new Map<number, DType>();
  /** The final reduction, once traced. */
  final: Reduction | null = null;
  private readonly values = new WeakMap<object, Value>();

  constructor(
    /** The fused function's name, for messages. */
    readonly name: string,
    private readonly makeTracer: TracerFactory,
  ) {}

  /** The tracer standing for `v`. */
  tracer(v: Value): object {
    const t = this.makeTracer(this, v);
    this.values.set(t, v);
    return t;
  }

  /** The tracer of array argument `arg`. */
  leaf(arg: number, a: GpuArray): object {
    this.argDtypes.set(arg, a.dtype);
    return this.tracer({ kind: 'leaf', arg, dtype: a.dtype, ndim: a.ndim, leaves: [arg] });
  }

  /** The tracer of scalar argument `arg`. */
  scalarArg(arg: number, v: Scalar | HostScalar): object {
    return this.tracer({ kind: 'scalar', src: this.source(arg, v) });
  }

  owns(v: unknown): boolean {
    return typeof v === 'object' && v !== null && this.values.has(v);
  }

  /** The value a tracer stands for (undefined for anything else). */
  lookup(t: unknown): Value | undefined {
    return typeof t === 'object' && t !== null ? this.values.get(t) : undefined;
  }

  fail(what: string): never {
    throw new FusionError(`fuse(${this.name}): ${what}`);
  }

  private source(arg: number | null, value: Scalar | HostScalar): ScalarSource {
    const s = { id: this.scalars.length, arg, value };
    this.scalars.push(s);
    return s;
  }

  /** An operand of `what` as a value; null for what is no operand at all (the eager call's error follows). */
  private operand(a: unknown, what: string): Exclude<Value, Reduction> | null {
    const v = this.lookup(a);
    if (v !== undefined) {
      if (v.kind === 'reduction') this.fail(`${what}() after the reduction ${v.name}(): a reduction must be the fused function's last step`);
      return v;
    }
    if (a instanceof GpuArray) {
      this.fail(`${what}() got an array that is not an argument of the fused function (captured from outside, or made of constants only): pass it as an argument`);
    }
    if (a instanceof Scalar || typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || isComplexLike(a)) {
      return { kind: 'scalar', src: this.source(null, a as Scalar | HostScalar) };
    }
    return null;
  }

  private addNode(n: Omit<Node, 'kind' | 'id'>): object {
    const node: Node = { kind: 'node', id: this.nodes.length, ...n };
    this.nodes.push(node);
    return this.tracer(node);
  }

  /** Library code that reached a hook (not the user's function): refused, since it may treat a tracer as what it is not. */
  private checkCaller(what: string): void {
    const lib = libraryCaller();
    if (lib !== null) this.fail(`${what}() was called by ${lib}, which is not element-wise: it cannot be fused`);
  }

  ufunc(u: Ufunc, args: readonly unknown[], options: unknown): GpuArray {
    // The checks the eager call makes first (Ufunc.callAll).
    if (args.length !== u.nin) throw new TypeError(`${u.name}() takes ${u.nin} input${u.nin === 1 ? '' : 's'}, got ${args.length}`);
    const opts = readOptions<{ out: unknown; dtype: unknown }>(u.name, options, ['out', 'dtype']);
    this.checkCaller(u.name);
    if (opts.out !== undefined) this.fail(`${u.name}(..., {out}) cannot be fused: a fused function returns new arrays`);
    if (u.nout !== 1) this.fail(`${u.name}() has ${u.nout} outputs; only ufuncs of one output fuse`);
    // A constant JS scalar of a logical ufunc is its truth value, as eagerly (Ufunc.operands).
    args = u.operands(args);
    const vals = args.map((a) => this.operand(a, u.name));
    // Loop selection as the eager call makes it: arrays and 0-d results are strong operands of
    // their dtype, scalars keep their kind (NEP 50); anything else fails there as eagerly.
    const standIns = args.map((a, k) => {
      const v = vals[k];
      if (v === null) return a as UfuncArg;
      return v.kind === 'scalar' ? v.src.value : strongStandIn(v.dtype);
    });
    const { loop } = u.resolve(standIns, opts.dtype as DTypeLike | undefined);
    const arrays = vals.filter((v): v is Leaf | Node => v !== null && v.kind !== 'scalar');
    const leaves = union(arrays.map((v) => v.leaves));
    const ndim = Math.max(0, ...arrays.map((v) => v.ndim));
    for (let k = 0; k < vals.length; k++) {
      const v = vals[k]!;
      if (v.kind !== 'scalar') continue;
      if (v.src.arg !== null) {
        this.checks.push({ ufunc: u, k, arg: v.src.arg, dtype: loop.ins[k] });
        continue;
      }
      // A constant: the eager call's checks now (NumPy's fixed result for a comparison with an
      // out-of-range integer: every element gets it).
      const fixed = u.scalarCheck(k, v.src.value, loop.ins[k]);
      if (fixed !== null) {
        const d = loop.outs[0];
        return this.addNode({ what: u.name, dtype: d, ndim, leaves, ins: [], body: `out0 = ${fixed}`, outLocal: d.computeCtype }) as GpuArray;
      }
    }
    const ins = vals.map((v, k) => ({ value: v as Input['value'], dtype: loop.ins[k], local: loop.ins[k].computeCtype }));
    const d = loop.outs[0];
    return this.addNode({ what: u.name, dtype: d, ndim, leaves, ins, body: loop.body, outLocal: d.computeCtype }) as GpuArray;
  }

  /** `a.astype(d)` as GpuArray.astype casts (lib/kernel/assign.ts): into the dtype's castCtype (float16 lands directly, every other type through its compute type). */
  astype(t: unknown, d: DTypeLike): object {
    this.checkCaller('astype');
    const v = this.operand(t, 'astype');
    if (v === null || v.kind === 'scalar') this.fail('astype() of a scalar');
    const to = toDType(d);
    const outLocal = to.castCtype;
    const ins = [{ value: v, dtype: v.dtype, local: v.dtype.computeCtype }];
    return this.addNode({ what: 'astype', dtype: to, ndim: v.ndim, leaves: v.leaves, ins, body: 'out0 = (out0_type)(in0)', outLocal });
  }

  reduction(name: string, a: unknown, opts: ReductionOptions): GpuArray {
    this.checkCaller(name);
    if (this.final !== null) this.fail(`a second reduction (${name}() after ${this.final.name}()): a fused function ends with one reduction at most`);
    if (!(FUSABLE_REDUCTIONS as readonly string[]).includes(name)) {
      this.fail(`${name}() cannot be fused (the reductions that fuse: ${FUSABLE_REDUCTIONS.join(', ')})`);
    }
    const v = this.operand(a, name);
    if (v === null || v.kind === 'scalar') throw new TypeError(`${name}: expected a GpuArray, got ${typeof a}`);
    if (opts.out !== undefined) this.fail(`${name}(..., {out}) cannot be fused: a fused function returns new arrays`);
    const recipe = reductionRecipe(name, v.dtype, opts);
    const reduced = normalizeAxes(opts.axis, v.ndim);
    const keepdims = opts.keepdims ?? false;
    const ndim = keepdims ? v.ndim : reduced.filter((r) => !r).length;
    const r: Reduction = { kind: 'reduction', name, input: v, recipe, opts: { axis: opts.axis, keepdims, dtype: opts.dtype }, reduced, dtype: recipe.out, ndim, leaves: v.leaves };
    this.final = r;
    return this.tracer(r) as GpuArray;
  }
}
