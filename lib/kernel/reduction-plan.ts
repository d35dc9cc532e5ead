// How a reduction walks memory: the broadcast shape split into output dims and reduced dims,
// each group sorted by the leading input's strides and collapsed where every operand is
// contiguous across neighbours, then classified:
//   row — the reduced dims are the inner ones in memory (each output owns a contiguous run):
//         a group of threads (up to a block) per output, coalesced along the run;
//   col — the output dims are the inner ones (e.g. a sum over axis 0 of a C array): each thread
//         owns output columns and walks the reduced rows, neighbours reading neighbours.
// Either may vectorise (16-byte loads) when strides and alignment allow. The plan picks the
// kernel variant; its numbers become the launch arguments. The merge and 32-bit index rules are
// dims.ts's, shared with the element-wise planner (iteration.ts).

import { Dim, elementStride, indexType, mergeDims, reach } from './dims.js';

export interface RedOperand {
  /** Device address of element [0, ..., 0]. */
  ptr: number;
  itemsize: number;
  /** Element strides over the full (broadcast) shape; 0 along broadcast axes. */
  strides: readonly number[];
}

export type RedIndex = 'int' | 'long long';

export interface ReductionPlan {
  variant: 'row' | 'col';
  /** Collapsed output dims (at least one; [1] for a full reduction). */
  outShape: number[];
  /** Collapsed reduced dims (at least one; [1] when nothing is reduced). */
  redShape: number[];
  /** Per input: element strides over outShape / redShape. */
  inOut: number[][];
  inRed: number[][];
  /** Per output: element strides over outShape. */
  outOut: number[][];
  nOut: number;
  nRed: number;
  /** Elements per vector load (1: scalar loads). */
  vec: number;
  /** With vec > 1, per input: 'v' loaded as vectors, 'b' constant along the vectorised dim. */
  modes: ('v' | 'b')[];
  index: RedIndex;
}

/** Stable sort by the leader's |stride|, largest first (so the innermost dim is the densest). */
function sortByLeader(dims: Dim[], leader: number): Dim[] {
  if (leader < 0) return dims;
  return dims
    .map((d, i) => ({ d, i }))
    .sort((a, b) => Math.abs(b.d.strides[leader]) - Math.abs(a.d.strides[leader]) || a.i - b.i)
    .map((x) => x.d);
}

export interface PlanOptions {
  /** Merge and reorder dims (CuPy's reduce_dims); off keeps every dim as given. */
  reduceDims: boolean;
  /** Reduced dims may be reordered (false when the kernel reads _J, the C-order reduced index). */
  reorderReduced: boolean;
}

/**
 * Plan a reduction of `shape` over the axes marked in `reduced`. `outputs[k].strides` are the
 * output's strides over the non-reduced axes of `shape`, in order.
 */
export function planReduction(shape: readonly number[], reduced: readonly boolean[], inputs: readonly RedOperand[], outputs: readonly RedOperand[], opts: PlanOptions): ReductionPlan {
  // A dim's strides: the inputs', then (output dims) the outputs'.
  const nin = inputs.length;
  const elem = (op: RedOperand, s: number) => elementStride(s, op.itemsize);
  let outDims: Dim[] = [];
  let redDims: Dim[] = [];
  let o = 0;
  shape.forEach((extent, d) => {
    const ins = inputs.map((op) => elem(op, op.strides[d]));
    if (reduced[d]) redDims.push({ extent, strides: ins });
    else {
      outDims.push({ extent, strides: [...ins, ...outputs.map((op) => elem(op, op.strides[o]))] });
      o++;
    }
  });

  // The leader, the input that moves the most bytes (broadcast dims move none), decides the
  // order of dims and the walk.
  const traffic = inputs.map((op) => shape.reduce((n, extent, d) => (op.strides[d] !== 0 ? n * extent : n), op.itemsize));
  let leader = -1;
  traffic.forEach((t, k) => {
    if (leader < 0 || t > traffic[leader]) leader = k;
  });
  if (opts.reduceDims) {
    outDims = mergeDims(sortByLeader(outDims.filter((d) => d.extent !== 1), leader));
    redDims = mergeDims((opts.reorderReduced ? sortByLeader(redDims, leader) : redDims).filter((d) => d.extent !== 1));
  }
  if (outDims.length === 0) outDims = [{ extent: 1, strides: [...inputs.map(() => 0), ...outputs.map(() => 0)] }];
  if (redDims.length === 0) redDims = [{ extent: 1, strides: inputs.map(() => 0) }];

  const nOut = outDims.reduce((a, d) => a * d.extent, 1);
  const nRed = redDims.reduce((a, d) => a * d.extent, 1);
  const plan: ReductionPlan = {
    variant: 'row',
    outShape: outDims.map((d) => d.extent),
    redShape: redDims.map((d) => d.extent),
    inOut: inputs.map((_, k) => outDims.map((d) => d.strides[k])),
    inRed: inputs.map((_, k) => redDims.map((d) => d.strides[k])),
    outOut: outputs.map((_, k) => outDims.map((d) => d.strides[nin + k])),
    nOut,
    nRed,
    vec: 1,
    modes: [],
    index: 'int',
  };

  // 32-bit indexing when every count and offset fits.
  plan.index = indexType(nOut * nRed, [...inputs.map((_, k) => reach(outDims, k) + reach(redDims, k)), ...outputs.map((_, k) => reach(outDims, nin + k))]);

  // Row or column: where the leader's densest dim is.
  if (nOut > 1 && leader >= 0) {
    const rs = Math.abs(plan.inRed[leader][plan.redShape.length - 1]);
    const os = Math.abs(plan.inOut[leader][plan.outShape.length - 1]);
    if (nRed > 1 && os < rs) plan.variant = 'col';
  }
  vectorise(plan, inputs);
  return plan;
}

/** 16-byte loads along the innermost dim of the variant when every array input allows them. */
function vectorise(plan: ReductionPlan, inputs: readonly RedOperand[]): void {
  if (inputs.length === 0) return;
  const col = plan.variant === 'col';
  const dims = col ? plan.outShape : plan.redShape;
  const strides = col ? plan.inOut : plan.inRed;
  const last = dims.length - 1;
  // Row: the whole reduced run must be one dim (the per-output run is contiguous).
  if (!col && dims.length !== 1) return;
  const inner = strides.map((s) => s[last]);
  if (!inner.every((s) => s === 0 || s === 1) || !inner.some((s) => s === 1)) return;
  const widest = Math.max(...inputs.filter((_, k) => inner[k] === 1).map((op) => op.itemsize));
  // 16-byte loads; a column walk keeps at most 4 outputs per thread.
  const vec = col ? Math.min(4, Math.floor(16 / widest)) : Math.floor(16 / widest);
  if (vec < 2) return;
  if (col && dims[last] % vec !== 0) return;
  for (let k = 0; k < inputs.length; k++) {
    if (inner[k] !== 1) continue;
    if (inputs[k].ptr % (vec * inputs[k].itemsize) !== 0) return;
    // Every other stride of a vectorised input keeps vector alignment.
    const others = col ? [...plan.inOut[k].slice(0, last), ...plan.inRed[k]] : plan.inOut[k];
    if (others.some((s) => s % vec !== 0)) return;
  }
  plan.vec = vec;
  plan.modes = inner.map((s) => (s === 1 ? 'v' : 'b'));
}
