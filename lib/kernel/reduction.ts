// The reduction engine under the NumPy reductions, arrayEqual/allclose and ReductionKernel:
// broadcast the inputs, pick the reduced axes, allocate missing outputs, plan the walk
// (reduction-plan.ts), size the launch, build (once per specialisation) and launch.
import { GpuArray } from '../core/gpu-array.js';
import type { DType } from '../core/dtype.js';
import { HostScalar } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { axisIndex, broadcastShapes, broadcastStrides, normalizeAxis, sameShape } from '../core/shape.js';
import type { LoadedKernel } from '../device/backend.js';
import type { Device } from '../device/device.js';
import { currentDevice, registerStreamScratch } from '../device/device.js';
import { ArgBlock, ParamLayout } from '../device/arg-block.js';
import { codegenParams, mixedDevices } from './elementwise.js';
import { bindOutputs, failBound } from './outputs.js';
import type { ArgValue, BoundParam } from './elementwise.js';
import { generateReduction, ReductionSpec, rowBlocksPerSm } from './reduction-codegen.js';
import { Geometry, geometry, MAX_COUNTERS, REDUCTION_BLOCK } from './reduction-geometry.js';
import { redGeomStruct, StructWriter, structLayout } from './arg-structs.js';
import { planReduction, ReductionPlan, RedOperand } from './reduction-plan.js';
import { carrayLayout, scalarLayout, writeCArray, writeScalar } from './scalar-args.js';
import { userCodeNote } from './compile-note.js';
import { assertSameBuild, checkingKeys } from './key-check.js';
import { reductionSpecKey } from './spec-key.js';

export interface ReductionDefinition {
  name: string;
  /** Per element: an expression of the inputs (and _J), converted to the reduce type. */
  mapExpr: string;
  /** Combines `a` and `b` (both of the reduce type). */
  reduceExpr: string;
  /** Assigns the outputs from `a`, the reduced value. */
  postMapExpr: string;
  /** C expression the accumulator starts from; null: value-initialised (CuPy's identity=None). */
  identity: string | null;
  preamble: string;
  /** Dtypes the expressions compute in besides the parameters' (for their headers; gp.fuse's intermediates). */
  extraDtypes?: readonly DType[];
  options: readonly string[];
  /** Merge and reorder dims before launching (CuPy's reduce_dims). */
  reduceDims: boolean;
  /** The expressions are a user's: compile errors point at them. */
  userCode?: boolean;
  /** Prepared kernels by specialisation key. */
  memo: Map<string, PreparedReduction>;
  /** Launch layouts (plan, kernel, geometry) by the call's shapes, strides, alignment and types. */
  layouts: Map<string, Layout>;
  /** The last launch's layout and what its key was made of: a call alike skips building the key. */
  last: LastLayout | null;
}

/** Everything a launch needs that depends only on the layout of its operands, not their addresses. */
interface Layout {
  plan: ReductionPlan;
  spec: ReductionSpec;
  prepared: PreparedReduction;
  geo: Geometry;
}

export interface PreparedReduction {
  /** The row walk's and the column walk's entry points (one program). */
  row: LoadedKernel;
  col: LoadedKernel;
  args: ArgBlock;
  device: Device;
  accBytes: number;
  /** Blocks of the row walk resident on one SM: the backend's occupancy, else what it is compiled for (see geometry). */
  rowResident: number;
  /** The layout whose geometry the argument block holds now (rewritten only when it changes). */
  written: Layout | null;
  /** The generated source (compared on memo hits under GPUARRAY_CHECK_KEYS). */
  source: string;
  /** Where gpa::RedGeom's fields go. */
  geom: StructWriter;
}

export function makeReductionDefinition(d: Omit<ReductionDefinition, 'memo' | 'layouts' | 'last'>): ReductionDefinition {
  return { ...d, memo: new Map(), layouts: new Map(), last: null };
}

/** Layouts kept per definition; past this the memo starts again (a program sweeping many shapes). */
const MAX_LAYOUTS = 512;

/**
 * The memo key of a launch layout: the broadcast shape, reduced axes and keepdims; per operand
 * its kind, dtypes, shape, strides and 16-byte alignment (what planReduction, the kernel choice
 * and the geometry read); the reduce type and the device. Null (no memo) with raw parameters.
 */
function layoutKey(params: readonly BoundParam[], vals: readonly ArgValue[], shape: readonly number[], reduced: readonly boolean[], device: Device, call: ReductionCall): string | null {
  let key = `${shape.join(',')}|`;
  for (let d = 0; d < reduced.length; d++) key += reduced[d] ? 'r' : 'o';
  key += `|${call.keepdims ? 'k' : ''}|${call.reduceType}|${call.accBytes ?? ''}|${device.backend.kind}${device.backend.device.id}`;
  for (let k = 0; k < params.length; k++) {
    const p = params[k];
    if (p.raw) return null;
    const v = vals[k];
    if (isArray(v)) key += `|a${v.dtype.char}${p.dtype.char}${p.localCtype}:${v.shape.join(',')}:${v.strides.join(',')}:${v.ptr % 16}`;
    else key += `|s${p.dtype.char}`;
  }
  return key;
}

/**
 * What layoutKey reads, kept from the last launch (the arrays' frozen shapes and strides by
 * reference) and compared field by field: a loop reducing arrays alike finds its layout without
 * building and hashing the key.
 */
interface LastLayout {
  layout: Layout;
  shape: readonly number[];
  reduced: readonly boolean[];
  keepdims: boolean;
  reduceType: string;
  accBytes: number | undefined;
  device: Device;
  ops: readonly { param: DType; ctype: string; dtype: DType | null; shape: readonly number[]; strides: readonly number[]; align: number }[];
}

function isLastLayout(last: LastLayout, params: readonly BoundParam[], vals: readonly ArgValue[], shape: readonly number[], reduced: readonly boolean[], device: Device, call: ReductionCall): boolean {
  if (last.device !== device || last.reduceType !== call.reduceType || last.accBytes !== call.accBytes || last.keepdims !== (call.keepdims ?? false)) return false;
  if (!sameShape(last.shape, shape) || last.ops.length !== params.length) return false;
  for (let d = 0; d < reduced.length; d++) if (last.reduced[d] !== reduced[d]) return false;
  for (let k = 0; k < params.length; k++) {
    const p = params[k];
    const v = vals[k];
    const o = last.ops[k];
    if (p.raw || p.dtype !== o.param || p.localCtype !== o.ctype) return false;
    if (isArray(v)) {
      if (v.dtype !== o.dtype || !sameShape(v.shape, o.shape) || !sameShape(v.strides, o.strides) || v.ptr % 16 !== o.align) return false;
    } else if (o.dtype !== null) return false;
  }
  return true;
}

function lastLayout(layout: Layout, params: readonly BoundParam[], vals: readonly ArgValue[], shape: readonly number[], reduced: readonly boolean[], device: Device, call: ReductionCall): LastLayout {
  const ops = params.map((p, k) => {
    const v = vals[k];
    return isArray(v)
      ? { param: p.dtype, ctype: p.localCtype, dtype: v.dtype, shape: v.shape, strides: v.strides, align: v.ptr % 16 }
      : { param: p.dtype, ctype: p.localCtype, dtype: null, shape: [], strides: [], align: 0 };
  });
  return { layout, shape: [...shape], reduced: [...reduced], keepdims: call.keepdims ?? false, reduceType: call.reduceType, accBytes: call.accBytes, device, ops };
}

/** The axes a reduction runs over: one axis, a list, or null/undefined for all (negative axes count from the end). */
export type AxisLike = number | readonly number[] | null | undefined;

export interface ReductionCall {
  axis?: AxisLike;
  keepdims?: boolean;
  /** C type of the accumulator (placeholders allowed). */
  reduceType: string;
  /** sizeof(reduceType) when the caller knows it; otherwise a bound is asserted in the kernel. */
  accBytes?: number;
  stream?: number;
  /** Thrown (as a RangeError) when a non-empty output would reduce zero elements. */
  emptyError?: string;
}

/** The reduced axes as flags over `ndim` axes (all of them for null/undefined), NumPy's checks. */
export function normalizeAxes(axis: AxisLike, ndim: number): boolean[] {
  const flags = new Array<boolean>(ndim).fill(axis === null || axis === undefined);
  if (axis === null || axis === undefined) return flags;
  // NumPy's operator.index: an integer typed scalar or 0-d integer array is one axis.
  if (typeof axis === 'object' && !Array.isArray(axis)) axis = axisIndex(axis) as number;
  const list = typeof axis === 'number' ? [axis] : axis;
  if (!Array.isArray(list) && (typeof list !== 'object' || typeof (list as Iterable<unknown>)[Symbol.iterator] !== 'function')) throw new TypeError(`axis must be a number, an array of numbers or null, got ${typeof axis}`);
  for (const a of list) {
    const d = normalizeAxis(a, ndim);
    if (flags[d]) throw new RangeError("duplicate value in 'axis'");
    flags[d] = true;
  }
  return flags;
}

/**
 * NumPy 2.4's ufunc reductions let a 0-d array's axis be 0 or -1, with or without keepdims:
 * nothing is reduced, so the axis becomes null (the result stays 0-d). A list (NumPy's tuple)
 * holding them is NumPy's AxisError.
 */
export function zeroDimAxis(axis: AxisLike, ndim: number): AxisLike {
  return ndim === 0 && (axis === 0 || axis === -1) ? null : axis;
}

/** Shape of a reduction's result: reduced axes dropped, or kept as 1 with keepdims. */
export function reducedShape(shape: readonly number[], reduced: readonly boolean[], keepdims: boolean): number[] {
  return keepdims ? shape.map((d, i) => (reduced[i] ? 1 : d)) : shape.filter((_, i) => !reduced[i]);
}

const isArray = (v: ArgValue): v is GpuArray => v instanceof GpuArray;

/**
 * Run one reduction. `values[k]` goes with `params[k]`; missing outputs are allocated at the
 * reduced shape. Returns the outputs in parameter order.
 */
export function runReduction(def: ReductionDefinition, params: readonly BoundParam[], values: readonly ArgValue[], call: ReductionCall): GpuArray[] {
  const shapes: (readonly number[])[] = [];
  let device: Device | null = null;
  for (let k = 0; k < params.length; k++) {
    const v = values[k];
    if (isArray(v)) {
      v.buffer; // throws if disposed
      if (device === null) device = v.device;
      else if (v.device !== device) throw mixedDevices(def.name, device, v.device);
      if (!params[k].raw && !params[k].isOutput) shapes.push(v.shape);
    }
  }
  device ??= currentDevice();
  const shape = broadcastShapes(...shapes);
  const reduced = normalizeAxes(call.axis, shape.length);
  const outShape = reducedShape(shape, reduced, call.keepdims ?? false);

  const bound = bindOutputs(def.name, params, values, outShape, device, false);

  let nOut = 1;
  let nRed = 1;
  for (let i = 0; i < shape.length; i++) {
    if (reduced[i]) nRed *= shape[i];
    else nOut *= shape[i];
  }
  if (nOut === 0) return bound.outs;
  if (nRed === 0 && call.emptyError !== undefined) throw failBound(bound, new RangeError(call.emptyError));
  try {
    launch(def, params, bound.vals, shape, reduced, device, call);
  } catch (e) {
    throw failBound(bound, e);
  }
  return bound.outs;
}

function launch(def: ReductionDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], shape: number[], reduced: boolean[], device: Device, call: ReductionCall): void {
  const last = def.last;
  const layout = last !== null && !checkingKeys() && isLastLayout(last, params, vals, shape, reduced, device, call) ? last.layout : findLayout(def, params, vals, shape, reduced, device, call);
  const { plan, prepared, geo } = layout;
  const stream = call.stream ?? device.currentStream();
  let partials = 0;
  if (geo.nSplit > 1) partials = device.pool.malloc(geo.nSplit * plan.nOut * prepared.accBytes);
  try {
    writeArgs(prepared, layout, params, vals, partials, geo.nSplit > 1 ? counters(device, stream) : 0);
    const kernel = plan.variant === 'col' ? prepared.col : prepared.row;
    kernel.launch({ x: geo.gridX, y: geo.nSplit, z: 1 }, { x: geo.blockX, y: geo.blockY, z: 1 }, 0, stream, prepared.args.pointers);
  } finally {
    // Stream-ordered reuse: later work on this stream runs after this launch.
    if (partials !== 0) device.pool.release(partials);
  }
}

/** The layout of a call by its key (planned on a miss), kept as the definition's last. */
function findLayout(def: ReductionDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], shape: number[], reduced: boolean[], device: Device, call: ReductionCall): Layout {
  const lkey = layoutKey(params, vals, shape, reduced, device, call);
  let layout = lkey === null ? undefined : def.layouts.get(lkey);
  if (layout === undefined) {
    layout = planLayout(def, params, vals, shape, reduced, device, call);
    if (lkey !== null) {
      if (def.layouts.size >= MAX_LAYOUTS) def.layouts.clear();
      def.layouts.set(lkey, layout);
    }
  } else if (checkingKeys()) {
    const fresh = planLayout(def, params, vals, shape, reduced, device, call);
    const describe = (l: Layout) => JSON.stringify({ plan: l.plan, spec: l.spec, geo: l.geo, source: l.prepared.source });
    assertSameBuild('reduction layout', lkey as string, describe(layout), describe(fresh));
  }
  def.last = lkey === null ? null : lastLayout(layout, params, vals, shape, reduced, device, call);
  return layout;
}

/** Plan the walk, pick (build once) the kernel and size the launch for one layout of the operands. */
function planLayout(def: ReductionDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], shape: number[], reduced: boolean[], device: Device, call: ReductionCall): Layout {
  const keepdims = call.keepdims ?? false;
  const inputs: RedOperand[] = [];
  const outputs: RedOperand[] = [];
  for (let k = 0; k < params.length; k++) {
    const v = vals[k];
    const p = params[k];
    if (!isArray(v) || p.raw) continue;
    if (p.isOutput) {
      const strides = keepdims ? v.strides.filter((_, d) => !reduced[d]) : [...v.strides];
      outputs.push({ ptr: v.ptr, itemsize: v.itemsize, strides });
    } else inputs.push({ ptr: v.ptr, itemsize: v.itemsize, strides: broadcastStrides(v.shape, v.strides, shape) });
  }
  const plan = planReduction(shape, reduced, inputs, outputs, {
    reduceDims: def.reduceDims,
    reorderReduced: !/\b_J\b/.test(def.mapExpr),
  });
  const spec = specFor(plan, inputs);

  const key = reductionSpecKey(spec, call.reduceType, params, vals, device);
  let prepared = def.memo.get(key);
  if (prepared === undefined) {
    prepared = prepare(def, params, vals, spec, device, call);
    def.memo.set(key, prepared);
  } else if (checkingKeys()) assertSameBuild('reduction', key, prepared.source, reductionSource(def, params, vals, spec, call, device).gen.source);
  return { plan, spec, prepared, geo: geometry(plan, device.backend, prepared.rowResident) };
}

/**
 * The kernel a plan runs on. Up to 4 dims of each kind share one kernel; the vector width and
 * modes are the plan's when it vectorises, else the all-vector default of these dtypes (so the
 * same kernel serves the aligned layouts later).
 */
function specFor(plan: ReductionPlan, inputs: readonly RedOperand[]): ReductionSpec {
  const maxd = Math.max(4, plan.outShape.length, plan.redShape.length);
  if (plan.vec > 1) {
    // The row walk's width (a column plan may use fewer lanes of it, see reduction-plan.ts).
    const widest = Math.max(...inputs.filter((_, k) => plan.modes[k] === 'v').map((op) => op.itemsize));
    return { index: plan.index, maxd, vec: Math.floor(16 / widest), modes: plan.modes };
  }
  const vec = inputs.length === 0 ? 1 : Math.floor(16 / Math.max(...inputs.map((op) => op.itemsize)));
  return vec < 2 ? { index: plan.index, maxd, vec: 1, modes: [] } : { index: plan.index, maxd, vec, modes: inputs.map(() => 'v') };
}

// One zeroed counter buffer per stream (the device's scratch, made before a capture too); the
// last block of each column resets its counter, so it stays zeroed between launches.
const COUNTERS = 'reduction-counters';
registerStreamScratch(COUNTERS, MAX_COUNTERS * 4);
const counters = (device: Device, stream: number): number => device.streamScratch(COUNTERS, stream);

// ---- build and arguments -----------------------------------------------------------------------

/** sizeof a reduce type the host can tell from its C spelling; null when it cannot. */
export function knownCtypeSize(ctype: string): number | null {
  const t = ctype.replace(/\s+/g, ' ').trim();
  const sizes: Record<string, number> = {
    bool: 1,
    char: 1,
    'signed char': 1,
    'unsigned char': 1,
    short: 2,
    'unsigned short': 2,
    float16: 2,
    int: 4,
    'unsigned int': 4,
    unsigned: 4,
    float: 4,
    long: 8,
    'unsigned long': 8,
    'long long': 8,
    'unsigned long long': 8,
    double: 8,
    'complex<float>': 8,
    'complex<double>': 16,
  };
  return sizes[t] ?? null;
}

/** Bytes reserved per partial for a type the host cannot size (the kernel asserts it fits). */
const DEFAULT_ACC_BYTES = 256;

function reductionSource(def: ReductionDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], spec: ReductionSpec, call: ReductionCall, device: Device) {
  const cg = codegenParams(def.name, params, vals).map((p) => ({ ...p, readsOutput: false }));
  // The reduce type as the host sees it: a placeholder stands for its bound C type.
  const placeholders = new Map(cg.filter((p) => p.placeholder).map((p) => [p.placeholder as string, p.localCtype]));
  const accBytes = call.accBytes ?? knownCtypeSize(placeholders.get(call.reduceType.trim()) ?? call.reduceType) ?? DEFAULT_ACC_BYTES;
  const gen = generateReduction(
    {
      kernelName: def.name,
      params: cg,
      mapExpr: def.mapExpr,
      reduceExpr: def.reduceExpr,
      postMapExpr: def.postMapExpr,
      identity: def.identity,
      reduceType: call.reduceType,
      preamble: def.preamble,
      extraDtypes: def.extraDtypes,
      accBytes,
    },
    spec,
    device.backend.device.warpSize,
  );
  return { cg, accBytes, gen };
}

function prepare(def: ReductionDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], spec: ReductionSpec, device: Device, call: ReductionCall): PreparedReduction {
  const { cg, accBytes, gen } = reductionSource(def, params, vals, spec, call, device);
  const program = device.backend.loadProgram({
    source: gen.source,
    kernels: gen.kernels,
    options: def.options,
    programName: def.name,
    errorNote: def.userCode ? (log) => exprErrorNote(log, def, gen.exprLines, gen.source) : undefined,
    checkHostSupport: false,
    lean: true,
  });
  const layouts: ParamLayout[] = cg.map((p) => {
    if (p.kind === 'array') return { size: 8, align: 8 };
    if (p.kind === 'raw') return carrayLayout(p.rawNdim);
    return scalarLayout(p.dtype);
  });
  const geom = new StructWriter(redGeomStruct(spec.index, spec.maxd, cg.filter((p) => p.kind === 'array' && !p.isOutput).length, cg.filter((p) => p.isOutput).length));
  layouts.push(structLayout(geom.struct), { size: 8, align: 8 }, { size: 8, align: 8 });
  const row = program.kernel(gen.kernels[0].name);
  const rowResident = row.residentBlocks?.(REDUCTION_BLOCK, 0) ?? rowBlocksPerSm(accBytes);
  return { row, col: program.kernel(gen.kernels[1].name), args: new ArgBlock(layouts), device, accBytes, rowResident, written: null, source: gen.source, geom };
}


function writeArgs(prepared: PreparedReduction, layout: Layout, params: readonly BoundParam[], vals: readonly ArgValue[], partials: number, counterPtr: number): void {
  const block = prepared.args;
  const offs = block.offsets;
  for (let k = 0; k < params.length; k++) {
    const v = vals[k];
    const o = offs[k];
    if (isArray(v)) {
      if (params[k].raw) writeCArray(block, o, v);
      else block.writeU64Number(o, v.ptr);
    } else writeScalar(block, o, params[k].dtype, v instanceof Scalar ? (v.value as HostScalar) : (v as HostScalar));
  }
  // The geometry is the layout's: written when this block last held another one.
  if (prepared.written !== layout) {
    writeGeometry(block, offs[params.length], prepared.geom, layout);
    prepared.written = layout;
  }
  block.writeU64Number(offs[params.length + 1], partials);
  block.writeU64Number(offs[params.length + 2], counterPtr);
}

/** gpa::RedGeom of a layout at byte `o` of the block (fields as arg-structs.ts describes them). */
function writeGeometry(block: ArgBlock, o: number, w: StructWriter, { plan, spec, geo }: Layout): void {
  const D = spec.maxd;
  // Innermost dim first (see gpa::RedGeom), padded to MAXD.
  const padded = (xs: readonly number[], fill: number) => Array.from({ length: D }, (_, d) => (d < xs.length ? xs[xs.length - 1 - d] : fill));
  const table = (rows: readonly (readonly number[])[]) => Array.from({ length: Math.max(1, rows.length) }, (_, k) => padded(rows[k] ?? [], 0)).flat();
  const put = (name: string, values: readonly number[]) => w.field(block, o, name, values);
  put('n_out', [plan.nOut]);
  put('n_red', [plan.nRed]);
  put('split_len', [geo.splitLen]);
  put('n_split', [geo.nSplit]);
  put('group', [geo.group]);
  put('vec', [plan.vec > 1 ? 1 : 0]);
  put('interleave', [geo.interleave ? 1 : 0]);
  put('ndo', [plan.outShape.length]);
  put('ndr', [plan.redShape.length]);
  put('out_shape', padded(plan.outShape, 1));
  put('in_ostr', table(plan.inOut));
  put('out_ostr', table(plan.outOut));
  put('red_shape', padded(plan.redShape, 1));
  put('in_rstr', table(plan.inRed));
}

/** Point compile errors at the user's expressions: "error in the map expression: x *+ y". */
function exprErrorNote(log: string, def: ReductionDefinition, at: { map: number[]; reduce: number[]; post: number[] }, source: string): string {
  return userCodeNote(log, `${def.name}.cu`, source, [
    { what: 'map expression', text: def.mapExpr, starts: at.map },
    { what: 'reduce expression', text: def.reduceExpr, starts: at.reduce },
    { what: 'post-map expression', text: def.postMapExpr, starts: at.post },
  ]);
}
