// A trace made runnable: one element-wise kernel for the outputs, or one reduction kernel whose
// map is the fused expression. Both go through the engines of lib/kernel (broadcasting, strides,
// vector loads, specialisation and compile caches as for any kernel).
//
// A float reduction's result depends on the order it adds in, and that order on the plan the
// engine makes from the operands. Eagerly the reduction reads the last op's result, a fresh
// C-contiguous array; fused it reads the arguments. When they would plan the same walk (the
// arguments C-contiguous at the full shape, the same vector width), one kernel does it all;
// otherwise the fused element-wise kernel writes that array and the reduction runs as eagerly:
// two kernels, bit-identical still. Integer and bool reductions do not depend on the order.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes, contiguousStrides, sameShape, shapeString } from '../core/shape.js';
import { ArgValue, BoundParam, ElementwiseDefinition, makeDefinition, runElementwise } from '../kernel/elementwise.js';
import { makeReductionDefinition, ReductionDefinition, runReduction } from '../kernel/reduction.js';
import { planReduction, RedOperand } from '../kernel/reduction-plan.js';
import { reductionFunctions } from '../ops/reductions.js';
import { emitFused, FusedSource } from './codegen.js';
import { FusionError } from './errors.js';
import type { Leaf, Node, Reduction, ScalarCheck, ScalarSource, Trace } from './graph.js';

/** How fused reductions ran in this process, for tests: in one kernel, or the element-wise kernel and the eager reduction. */
export const reductionPaths = { oneKernel: 0, twoKernel: 0 };

/** What run() returns when the call must run eagerly (a scalar argument makes NumPy's fixed comparison). */
export const RUN_EAGERLY = Symbol('run eagerly');

const param = (name: string, d: DType, isOutput: boolean): BoundParam => ({
  name,
  raw: false,
  isOutput,
  dtype: d,
  localCtype: d.computeCtype,
  placeholder: isOutput ? `${name}_type` : null,
  readsOutput: false,
});

const hostValue = (v: unknown): HostScalar => (v instanceof Scalar ? (v.value as HostScalar) : (v as HostScalar));

interface Elementwise {
  src: FusedSource;
  def: ElementwiseDefinition;
  params: BoundParam[];
  outputs: readonly Node[];
}

function elementwise(kernelName: string, outputs: readonly Node[], argDtypes: ReadonlyMap<number, DType>): Elementwise {
  const src = emitFused(outputs, 'outs', argDtypes);
  const params = [
    ...src.leafDtypes.map((d, k) => param(`x${k}`, d, false)),
    ...src.scalars.map((s, k) => param(`s${k}`, s.dtype, false)),
    param('gz', dtypes.uint32, false),
    ...outputs.map((o, j) => param(`y${j}`, o.dtype, true)),
  ];
  const def = makeDefinition({ name: kernelName, body: src.call, preamble: src.preamble, loopPrep: '', afterLoop: '', reduceDims: true, options: [] });
  return { src, def, params, outputs };
}

/** Byte strides of a fresh C-contiguous array of `shape`. */
const cStrides = (shape: readonly number[], itemsize: number) => contiguousStrides(shape, itemsize);

/**
 * Whether a reduction over the arguments plans the walk the eager reduction plans over the last
 * op's result (a fresh C-contiguous array of the input dtype): same dims, variant, vector width.
 */
function plansAsEager(arrays: readonly GpuArray[], shape: readonly number[], reduced: readonly boolean[], input: DType, out: DType): boolean {
  if (arrays.length === 0) return false;
  for (const a of arrays) if (!a.layoutFlags.cContiguous || !sameShape(a.shape, shape)) return false;
  const outShape = shape.filter((_, d) => !reduced[d]);
  const outputs: RedOperand[] = [{ ptr: 0, itemsize: out.itemsize, strides: cStrides(outShape, out.itemsize) }];
  const opts = { reduceDims: true, reorderReduced: true };
  const eager = planReduction(shape, reduced, [{ ptr: 0, itemsize: input.itemsize, strides: cStrides(shape, input.itemsize) }], outputs, opts);
  const fused = planReduction(shape, reduced, arrays.map((a) => ({ ptr: a.ptr, itemsize: a.itemsize, strides: a.strides })), outputs, opts);
  return (
    eager.variant === fused.variant &&
    eager.vec === fused.vec &&
    eager.index === fused.index &&
    sameShape(eager.outShape, fused.outShape) &&
    sameShape(eager.redShape, fused.redShape)
  );
}

/** The leaf sets no other set contains: broadcasting each checks every op's operands. */
function maximalSets(sets: readonly (readonly number[])[]): number[][] {
  const distinct = [...new Map(sets.filter((s) => s.length > 1).map((s) => [s.join(','), [...s]])).values()];
  return distinct.filter((s) => !distinct.some((t) => t !== s && t.length > s.length && s.every((x) => t.includes(x))));
}

export class FusedProgram {
  private readonly checks: readonly ScalarCheck[];
  private readonly argDtypes: ReadonlyMap<number, DType>;
  private readonly broadcastSets: number[][];
  /** Element-wise outputs (null for a reduction). */
  private readonly ew: Elementwise | null = null;
  /** Whether the outputs depend on different arguments (their shapes may then differ). */
  private readonly mixedShapes: boolean = false;
  private readonly red: Reduction | null;
  private oneKernel: { def: ReductionDefinition; src: FusedSource; params: BoundParam[] } | null = null;
  private twoKernel: Elementwise | null = null;

  constructor(
    trace: Trace,
    outputs: readonly Node[] | Reduction,
    private readonly kernelName: string,
    /** The function returned a list: so does the program. */
    private readonly tuple: boolean,
  ) {
    this.checks = trace.checks;
    this.argDtypes = trace.argDtypes;
    this.broadcastSets = maximalSets([...trace.nodes.map((n) => n.leaves), ...(trace.final ? [trace.final.leaves] : [])]);
    if (Array.isArray(outputs)) {
      this.red = null;
      this.ew = elementwise(kernelName, outputs, this.argDtypes);
      const first = outputs[0].leaves.join(',');
      this.mixedShapes = outputs.some((o) => o.leaves.join(',') !== first);
    } else this.red = outputs as Reduction;
  }

  /** Run on `args` (already keyed to this trace): the results, or RUN_EAGERLY. FusionErrors come before any launch. */
  run(args: readonly unknown[], name: string): GpuArray | GpuArray[] | typeof RUN_EAGERLY {
    for (const c of this.checks) if (!c.ufunc.fusedScalarOk(c.k, args[c.arg] as Scalar | HostScalar, c.dtype)) return RUN_EAGERLY;
    for (const s of this.broadcastSets) broadcastShapes(...s.map((i) => (args[i] as GpuArray).shape));
    if (this.ew !== null) {
      const outs = this.runElementwise(this.ew, args, name);
      return this.tuple ? outs : outs[0];
    }
    return this.runReduction(this.red!, args);
  }

  private scalarValues(scalars: FusedSource['scalars'], args: readonly unknown[]): HostScalar[] {
    return scalars.map(({ src }: { src: ScalarSource }) => hostValue(src.arg === null ? src.value : args[src.arg]));
  }

  private runElementwise(ew: Elementwise, args: readonly unknown[], name: string): GpuArray[] {
    const arrays = ew.src.leaves.map((i) => args[i] as GpuArray);
    if (this.mixedShapes && ew === this.ew) {
      const shapes = ew.outputs.map((o) => broadcastShapes(...o.leaves.map((i) => (args[i] as GpuArray).shape)));
      if (shapes.some((s) => !sameShape(s, shapes[0]))) {
        throw new FusionError(`fuse(${name}): the results have different shapes (${shapes.map(shapeString).join(', ')}); fused results share one shape`);
      }
    }
    // No array operand (every result from scalars): 0-d results, as the eager ufuncs give.
    const outs: (GpuArray | null)[] = ew.outputs.map((o) => (arrays.length === 0 ? GpuArray.allocate([], o.dtype) : null));
    const values: ArgValue[] = [...arrays, ...this.scalarValues(ew.src.scalars, args), 0, ...outs];
    return runElementwise(ew.def, ew.params, values);
  }

  private runReduction(r: Reduction, args: readonly unknown[]): GpuArray {
    const arrays = r.leaves.map((i) => args[i] as GpuArray);
    const shape = broadcastShapes(...arrays.map((a) => a.shape));
    const exact = r.recipe.acc.kind === 'b' || r.recipe.acc.isInteger;
    if (arrays.length > 0 && (r.input.kind === 'leaf' || exact || plansAsEager(arrays, shape, r.reduced, r.input.dtype, r.dtype))) {
      reductionPaths.oneKernel++;
      return this.runOneKernel(r, args, shape);
    }
    reductionPaths.twoKernel++;
    // The eager reduction over the fused element-wise result.
    this.twoKernel ??= elementwise(`${this.kernelName}_map`, [r.input as Node], this.argDtypes);
    const [tmp] = this.runElementwise(this.twoKernel, args, '');
    try {
      return reductionFunctions[r.name as 'sum'](tmp, r.opts);
    } finally {
      tmp.dispose();
    }
  }

  private runOneKernel(r: Reduction, args: readonly unknown[], shape: readonly number[]): GpuArray {
    if (this.oneKernel === null) {
      const src = emitFused([r.input as Leaf | Node], 'return', this.argDtypes);
      const params = [...src.leafDtypes.map((d, k) => param(`x${k}`, d, false)), ...src.scalars.map((s, k) => param(`s${k}`, s.dtype, false)), param('gz', dtypes.uint32, false)];
      if (r.recipe.divides) params.push({ name: '_div', raw: false, isOutput: false, dtype: dtypes.float64, localCtype: 'double', placeholder: null, readsOutput: false });
      params.push(param('out0', r.dtype, true));
      const def = makeReductionDefinition({
        name: `${this.kernelName}_red`,
        mapExpr: src.call,
        reduceExpr: r.recipe.reduceExpr,
        postMapExpr: r.recipe.postMapExpr,
        identity: r.recipe.identity,
        preamble: src.preamble,
        // complex.h and float16.h before reduce.h (its complex reductions, ufunc_math.h's complex overloads).
        extraDtypes: src.dtypes,
        options: [],
        reduceDims: true,
      });
      this.oneKernel = { def, src, params };
    }
    const { def, src, params } = this.oneKernel;
    const values: ArgValue[] = [...src.leaves.map((i) => args[i] as GpuArray), ...this.scalarValues(src.scalars, args), 0];
    if (r.recipe.divides) values.push(shape.reduce((n, d, i) => (r.reduced[i] ? n * d : n), 1));
    values.push(null);
    return runReduction(def, params, values, {
      axis: r.opts.axis,
      keepdims: r.opts.keepdims ?? false,
      reduceType: r.recipe.reduceType,
      accBytes: r.recipe.accBytes,
      emptyError: r.recipe.emptyError,
    })[0];
  }
}
