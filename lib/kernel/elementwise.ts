// The element-wise engine under both ufuncs and ElementwiseKernel: broadcast the operands,
// allocate missing outputs, plan the iteration, build (once per specialisation) and launch.
import { GpuArray } from '../core/gpu-array.js';
import { DType } from '../core/dtype.js';
import { HostScalar } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes, broadcastStrides, sameShape } from '../core/shape.js';
import type { Device } from '../device/device.js';
import { currentDevice, deviceArgument } from '../device/device.js';
import type { LoadedKernel } from '../device/backend.js';
import { ArgBlock, ParamLayout } from '../device/arg-block.js';
import { CodegenParam, generateElementwise, planNeedsIndexer } from './elementwise-codegen.js';
import { IterationPlan, planContiguous, planIteration } from './iteration.js';
import { bindOutputs, failBound } from './outputs.js';
import { carrayLayout, scalarLayout, writeCArray, writeScalar } from './scalar-args.js';
import { userCodeNote } from './compile-note.js';
import { assertSameBuild, checkingKeys } from './key-check.js';
import { elementwiseSpecKey } from './spec-key.js';
import { indexerStruct, StructWriter, structLayout } from './arg-structs.js';

/** A parameter after type resolution. */
export interface BoundParam {
  name: string;
  raw: boolean;
  isOutput: boolean;
  /** The dtype the kernel computes this parameter in (loop type / bound placeholder). */
  dtype: DType;
  /** C type of the body's local variable. */
  localCtype: string;
  placeholder: string | null;
  readsOutput: boolean;
}

export type ArgValue = GpuArray | Scalar | HostScalar | null | undefined;

export interface ElementwiseDefinition {
  name: string;
  body: string;
  preamble: string;
  loopPrep: string;
  afterLoop: string;
  reduceDims: boolean;
  options: readonly string[];
  /** A user's body: compile errors inside it are reported by body line. */
  userBody?: boolean;
  /** Prepared kernels by specialisation key; owned by the definition. */
  memo: Map<string, PreparedKernel>;
  /**
   * The contiguous fast path's index into `memo`, per device: a number packing what the spec key
   * holds for such calls (operand kinds and dtypes, vectors, index width), cheaper to build.
   */
  fastMemo: WeakMap<Device, Map<number, PreparedKernel>>;
}

export interface LaunchOptions {
  size?: number;
  stream?: number;
  blockSize?: number;
}

interface PreparedKernel {
  kernel: LoadedKernel;
  args: ArgBlock;
  device: Device;
  /** Byte offsets in `args` of the gpa::Indexer argument's shape and strides, when the kernel takes one. */
  indexer: { shapeAt: number; stridesAt: number } | null;
  /** Reused launch geometry objects (only .x changes). */
  grid: { x: number; y: number; z: number };
  block: { x: number; y: number; z: number };
  /** The generated source (compared on memo hits under GPUARRAY_CHECK_KEYS). */
  source: string;
}

export function makeDefinition(d: Omit<ElementwiseDefinition, 'memo' | 'fastMemo'>): ElementwiseDefinition {
  return { ...d, memo: new Map(), fastMemo: new WeakMap() };
}

const isArray = (v: ArgValue): v is GpuArray => v instanceof GpuArray;

/**
 * The error of an operation whose arrays live on two devices. gpuarray never reads another
 * device's memory inside a kernel, even with peer access (CuPy allows that with peer access):
 * the arrays are moved explicitly.
 */
export function mixedDevices(op: string, a: Device, b: Device): TypeError {
  return new TypeError(
    `${op}: arrays live on different devices (${a.spec} and ${b.spec}); move one with a.toDevice(${b.kind === a.kind ? a.id : `'${a.spec}'`}) ` +
      `or gp.copyto, and run the work inside gp.withDevice(${deviceArgument(a)}, ...)`,
  );
}

/**
 * Run one element-wise kernel. `values[k]` goes with `params[k]`; missing outputs are allocated
 * at the broadcast shape. Returns the output arrays in parameter order.
 */
export function runElementwise(def: ElementwiseDefinition, params: readonly BoundParam[], values: readonly ArgValue[], opts: LaunchOptions = {}): GpuArray[] {
  const fast = runContiguous(def, params, values, opts);
  if (fast !== null) return fast;
  // Shape: broadcast of the non-raw arrays (inputs and given outputs), or the size option.
  // `contiguous` notes the common case (same shape, all C-contiguous) that needs no broadcasting.
  let device: Device | null = null;
  let first: readonly number[] | null = null;
  let contiguous = true;
  let anyArray = false;
  for (let k = 0; k < params.length; k++) {
    const v = values[k];
    if (!isArray(v)) continue;
    v.buffer; // throws if disposed
    if (device === null) device = v.device;
    else if (v.device !== device) throw mixedDevices(def.name, device, v.device);
    if (params[k].raw) {
      contiguous = false;
      continue;
    }
    anyArray = true;
    if (!v.layoutFlags.cContiguous) contiguous = false;
    if (first === null) first = v.shape;
    else if (contiguous && !sameShape(first, v.shape)) contiguous = false;
  }
  device ??= currentDevice();
  let shape: readonly number[];
  if (anyArray) {
    if (opts.size !== undefined) throw new TypeError(`${def.name}: the size option is only for kernels whose arrays are all raw`);
    shape = contiguous ? first! : broadcastShapes(...params.flatMap((p, k) => (!p.raw && isArray(values[k]) ? [(values[k] as GpuArray).shape] : [])));
  } else if (opts.size !== undefined) {
    if (!Number.isInteger(opts.size) || opts.size < 0) throw new RangeError(`${def.name}: size must be a non-negative integer, got ${opts.size}`);
    shape = [opts.size];
    contiguous = false;
  } else {
    throw new TypeError(`${def.name}: cannot tell the loop size: pass a non-raw array argument or the size option`);
  }

  const bound = bindOutputs(def.name, params, values, shape, device, opts.size !== undefined);
  try {
    launch(def, params, bound.vals, shape, contiguous, device, opts);
  } catch (e) {
    throw failBound(bound, e);
  }
  return bound.outs;
}

function launch(
  def: ElementwiseDefinition,
  params: readonly BoundParam[],
  vals: readonly ArgValue[],
  shape: readonly number[],
  contiguous: boolean,
  device: Device,
  opts: LaunchOptions,
): void {
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d];
  if (size === 0) return;

  const arrays: GpuArray[] = [];
  for (let k = 0; k < params.length; k++) {
    const v = vals[k];
    if (!params[k].raw && isArray(v)) arrays.push(v);
  }
  let plan: IterationPlan | null = null;
  if (arrays.length > 0) {
    plan = contiguous
      ? planContiguous(size, arrays, device.backend.device.warpSize)
      : planIteration(
          shape,
          arrays.map((a) => ({ ptr: a.ptr, itemsize: a.itemsize, strides: broadcastStrides(a.shape, a.strides, shape) })),
          def.reduceDims,
          true,
          device.backend.device.warpSize,
        );
  }

  const key = elementwiseSpecKey(plan, params, vals, device);
  let prepared = def.memo.get(key);
  if (prepared === undefined) {
    prepared = prepare(def, params, vals, plan, device);
    def.memo.set(key, prepared);
  } else if (checkingKeys()) assertSameBuild('element-wise', key, prepared.source, elementwiseSource(def, params, vals, plan).source);
  writeArgs(prepared, params, vals, plan, size);
  dispatch(prepared, plan, size, device, opts);
}

/** Steps of a chunk loop: rows times chunks per row times the threads sharing a chunk. */
function chunkCount(plan: IterationPlan, size: number): number {
  const rowlen = plan.shape[plan.shape.length - 1];
  return (size / rowlen) * Math.ceil(rowlen / (plan.vec * plan.spread)) * plan.spread;
}

function dispatch(prepared: PreparedKernel, plan: IterationPlan | null, size: number, device: Device, opts: LaunchOptions): void {
  // Streaming vector loops run best with one vector per thread (measured on the H200), and chunk
  // loops with one chunk per thread; strided and tiled ones with a capped grid-stride loop.
  const { grid, block } =
    plan !== null && plan.mode === 'vec'
      ? device.backend.gridFor(Math.ceil(size / plan.vec), opts.blockSize, Infinity)
      : plan !== null && plan.mode === 'chunk'
        ? device.backend.gridFor(chunkCount(plan, size), opts.blockSize, Infinity)
        : device.backend.gridFor(size, opts.blockSize, undefined);
  prepared.grid.x = grid;
  prepared.block.x = block;
  prepared.kernel.launch(prepared.grid, prepared.block, 0, opts.stream ?? device.currentStream(), prepared.args.pointers);
}

/**
 * The common case on a short path: no raw parameters, every array C-contiguous with one shape.
 * Returns null when the general path is needed.
 */
function runContiguous(def: ElementwiseDefinition, params: readonly BoundParam[], values: readonly ArgValue[], opts: LaunchOptions): GpuArray[] | null {
  const n = params.length;
  if (n > 8 || opts.size !== undefined) return null;
  let shape: readonly number[] | null = null;
  let device: Device | null = null;
  let missing = 0;
  // The fast-path index (see ElementwiseDefinition.fastMemo): 6 bits per parameter, what it is
  // and its dtype; then vectors or not and the index width.
  let key = 0;
  for (let k = 0; k < n; k++) {
    const p = params[k];
    const v = values[k];
    if (p.raw) return null;
    if (v instanceof GpuArray) {
      // (A read-only output: the general path refuses it.)
      if (!v.layoutFlags.cContiguous || v.disposed || (p.isOutput && !v.layoutFlags.writeable)) return null;
      if (shape === null) {
        shape = v.shape;
        device = v.device;
      } else if ((v.shape !== shape && !sameShape(v.shape, shape)) || v.device !== device) return null;
      key = key * 64 + 16 + v.dtype.index;
    } else if (v === null || v === undefined) {
      if (!p.isOutput) return null;
      missing++;
      key = key * 64 + 16 + p.dtype.index;
    } else key = key * 64 + 32 + p.dtype.index;
  }
  if (shape === null || device === null) return null;
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d];

  let vals = values;
  let outs: GpuArray[];
  let allocated: GpuArray[] | null = null;
  if (missing > 0) {
    const copy = values.slice();
    allocated = [];
    for (let k = 0; k < n; k++) {
      if (copy[k] === null || copy[k] === undefined) {
        const a = GpuArray.allocate(shape, params[k].dtype, device);
        allocated.push(a);
        copy[k] = a;
      }
    }
    vals = copy;
  }
  outs = [];
  const operands: GpuArray[] = [];
  for (let k = 0; k < n; k++) {
    const v = vals[k];
    if (v instanceof GpuArray) {
      operands.push(v);
      if (params[k].isOutput) outs.push(v);
    }
  }
  if (size === 0) return outs;
  try {
    const plan = planContiguous(size, operands, device.backend.device.warpSize);
    key = key * 4 + (plan.mode === 'vec' ? 2 : 0) + (plan.index === 'int' ? 1 : 0);
    let memo = def.fastMemo.get(device);
    if (memo === undefined) {
      memo = new Map();
      def.fastMemo.set(device, memo);
    }
    let prepared = memo.get(key);
    if (prepared === undefined) {
      // A miss of the numeric index: the kernel under its one key (shared with the general path).
      const specKey = elementwiseSpecKey(plan, params, vals, device);
      prepared = def.memo.get(specKey);
      if (prepared === undefined) {
        prepared = prepare(def, params, vals, plan, device);
        def.memo.set(specKey, prepared);
      }
      memo.set(key, prepared);
    } else if (checkingKeys()) assertSameBuild('element-wise fast-path', key, prepared.source, elementwiseSource(def, params, vals, plan).source);
    writeArgs(prepared, params, vals, plan, size);
    dispatch(prepared, plan, size, device, opts);
  } catch (e) {
    if (allocated) for (const a of allocated) a.dispose();
    throw e;
  }
  return outs;
}

/** What the code generator needs of each parameter once the argument values are known. */
export function codegenParams(kernel: string, params: readonly BoundParam[], vals: readonly ArgValue[]): CodegenParam[] {
  return params.map((p, k) => {
    const v = vals[k];
    const arr = isArray(v) ? v : null;
    if (p.raw && arr === null) throw new TypeError(`${kernel}: raw parameter '${p.name}' needs a GpuArray`);
    return {
      name: p.name,
      kind: p.raw ? 'raw' : arr ? 'array' : 'scalar',
      isOutput: p.isOutput,
      // Arrays keep their own storage dtype; the body sees the parameter's dtype.
      dtype: arr ? arr.dtype : p.dtype,
      localCtype: p.localCtype,
      placeholder: p.placeholder,
      readsOutput: p.readsOutput,
      rawNdim: arr && p.raw ? arr.ndim : 0,
      rawContiguous: arr && p.raw ? arr.layoutFlags.cContiguous : false,
    };
  });
}

function elementwiseSource(def: ElementwiseDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], plan: IterationPlan | null) {
  const cg = codegenParams(def.name, params, vals);
  const gen = generateElementwise(
    { kernelName: def.name, params: cg, body: def.body, preamble: def.preamble, loopPrep: def.loopPrep, afterLoop: def.afterLoop },
    plan,
  );
  return { cg, ...gen };
}

function prepare(def: ElementwiseDefinition, params: readonly BoundParam[], vals: readonly ArgValue[], plan: IterationPlan | null, device: Device): PreparedKernel {
  const kernelName = def.name;
  const { cg, source, signature, bodyLines } = elementwiseSource(def, params, vals, plan);
  const program = device.backend.loadProgram({
    source,
    kernels: [signature],
    options: def.options,
    programName: def.name,
    errorNote: def.userBody ? (log) => bodyErrorNote(log, def.name, bodyLines, def.body, source) : undefined,
    checkHostSupport: true,
    lean: true,
  });
  const layouts: ParamLayout[] = cg.map((p) => {
    if (p.kind === 'array') return { size: 8, align: 8 };
    if (p.kind === 'raw') return carrayLayout(p.rawNdim);
    return scalarLayout(p.dtype);
  });
  const isz = plan?.index === 'int' ? 4 : 8;
  const ix = plan !== null && planNeedsIndexer(plan) ? new StructWriter(indexerStruct(plan.shape.length, plan.strides.length, plan.index)) : null;
  if (ix !== null) layouts.push(structLayout(ix.struct));
  layouts.push({ size: isz, align: isz });
  const args = new ArgBlock(layouts);
  // Absolute offsets, once: the launch path writes the fields without looking them up.
  const base = args.offsets[cg.length];
  const indexer = ix === null ? null : { shapeAt: base + ix.offsetOf('shape'), stridesAt: base + ix.offsetOf('strides') };
  return { kernel: program.kernel(kernelName), args, device, indexer, grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, source };
}

function writeArgs(prepared: PreparedKernel, params: readonly BoundParam[], vals: readonly ArgValue[], plan: IterationPlan | null, size: number): void {
  const block = prepared.args;
  const offs = block.offsets;
  for (let k = 0; k < params.length; k++) {
    const v = vals[k];
    const o = offs[k];
    if (isArray(v)) {
      if (params[k].raw) writeCArray(block, o, v);
      else block.writeU64Number(o, v.ptr);
    } else {
      const p = params[k];
      writeScalar(block, o, p.dtype, v instanceof Scalar ? (v.value as HostScalar) : (v as HostScalar));
    }
  }
  const idx = plan?.index === 'int' ? 'i32' : 'i64';
  const isz = idx === 'i32' ? 4 : 8;
  const ix = prepared.indexer;
  if (plan !== null && ix !== null) {
    const nd = plan.shape.length;
    let o = ix.shapeAt;
    for (let d = 0; d < nd; d++, o += isz) block.write(idx, o, plan.shape[d]);
    o = ix.stridesAt; // [operand][dim], row by row
    for (const s of plan.strides) for (let d = 0; d < nd; d++, o += isz) block.write(idx, o, s[d]);
  }
  block.write(idx, offs[offs.length - 1], size);
}


/** Point compile errors back at the user's body: "line 2 of the kernel body: z = x +* y", with a caret. */
export function bodyErrorNote(log: string, name: string, bodyLines: readonly number[], body: string, source: string | null = null): string {
  return userCodeNote(log, `${name}.cu`, source, [{ what: 'kernel body', text: body, starts: bodyLines }]);
}
