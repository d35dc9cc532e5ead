// The device function of a trace: every op the outputs need, in trace order, each in a block
// that declares its locals as the eager kernel's element loop does (in0.. converted to the loop's
// C types, out0 of the output's), runs the same C body, and rounds the result to its dtype the
// way the eager kernel's store and the next kernel's load would (float16 through float16).
// gpa::keep (kernels/gpuarray/fusion.h) then hides the value from the optimiser, so no
// contraction or algebra spans two ops: every op rounds as it does alone.
import type { DType } from '../core/dtype.js';
import { dtypeIncludes, storeCast } from '../kernel/codegen-params.js';
import type { Leaf, Node, ScalarSource } from './graph.js';

/** A scalar parameter of a fused kernel: its source, in the loop dtype of the op that reads it (as the eager call writes it). */
export interface ScalarParam {
  src: ScalarSource;
  dtype: DType;
}

export interface FusedSource {
  /** Headers and the device function `gpa_fused_fn`. */
  preamble: string;
  /** The array arguments read, by argument index: kernel parameters x0, x1, ... */
  leaves: number[];
  /** Their dtypes. */
  leafDtypes: DType[];
  /** Kernel parameters s0, s1, ..., then gz (always 0, see fusion.h). */
  scalars: ScalarParam[];
  /** The call of gpa_fused_fn from the kernel (outputs y0, y1, ... last in 'outs' mode). */
  call: string;
  /** Every dtype the function computes in (a kernel includes their headers before its own). */
  dtypes: DType[];
}

/** The value as the eager store and the next load see it, in the dtype's compute type (codegen of elementwise-codegen.ts). */
function rounded(d: DType, outLocal: string, x: string): string {
  return d.bits === null ? storeCast(d, outLocal, x) : `(${d.computeCtype})(${storeCast(d, outLocal, x)})`;
}

/**
 * The device function computing `outputs` from the array and scalar parameters: in 'outs' mode
 * it writes them through references (element-wise kernels), in 'return' mode it returns the one
 * output (a reduction's map).
 */
export function emitFused(outputs: readonly (Leaf | Node)[], mode: 'outs' | 'return', argDtypes: ReadonlyMap<number, DType>): FusedSource {
  // The nodes the outputs need, the leaves and the scalars they read. Every argument an output
  // depends on is a parameter, read or not (a comparison NumPy fixes still has its shape).
  const need = new Set<Node>();
  const leafArgs = new Set<number>(outputs.flatMap((o) => o.leaves));
  const stack: (Leaf | Node)[] = [...outputs];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v.kind === 'leaf') {
      leafArgs.add(v.arg);
      continue;
    }
    if (need.has(v)) continue;
    need.add(v);
    for (const i of v.ins) if (i.value.kind !== 'scalar') stack.push(i.value);
  }
  const nodes = [...need].sort((a, b) => a.id - b.id);
  const leaves = [...leafArgs].sort((a, b) => a - b);
  const scalars: ScalarParam[] = [];
  const scalarIndex = new Map<string, number>();
  const dts = new Set<DType>();
  for (const n of nodes) {
    dts.add(n.dtype);
    for (const i of n.ins) {
      dts.add(i.dtype);
      if (i.value.kind !== 'scalar') continue;
      const key = `${i.value.src.id}:${i.dtype.char}`;
      if (!scalarIndex.has(key)) {
        scalarIndex.set(key, scalars.length);
        scalars.push({ src: i.value.src, dtype: i.dtype });
      }
    }
  }
  for (const o of outputs) dts.add(o.dtype);

  const leafDtype = (arg: number) => argDtypes.get(arg)!;
  for (const a of leaves) dts.add(leafDtype(a));

  const ref = (v: Input['value']): string => {
    if (v.kind === 'leaf') return `_x${leaves.indexOf(v.arg)}`;
    if (v.kind === 'node') return `_v${v.id}`;
    return '';
  };
  const lines: string[] = [];
  for (const n of nodes) {
    const ct = n.dtype.computeCtype;
    lines.push(`  ${ct} _v${n.id};`, `  {  // ${n.what}`);
    n.ins.forEach((i, k) => lines.push(`    typedef ${i.local} in${k}_type;`));
    lines.push(`    typedef ${n.outLocal} out0_type;`);
    n.ins.forEach((i, k) => {
      const src = i.value.kind === 'scalar' ? `_s${scalarIndex.get(`${i.value.src.id}:${i.dtype.char}`)}` : ref(i.value);
      lines.push(`    const ${i.local} in${k} = (${i.local})(${src});`);
    });
    lines.push(`    ${n.outLocal} out0;`, ...`${n.body};`.split('\n').map((l) => `    ${l}`));
    lines.push(`    _v${n.id} = gpa::keep((${ct})(${rounded(n.dtype, n.outLocal, 'out0')}), _z);`, `  }`);
  }

  const params = [
    ...leaves.map((a, k) => `const ${leafDtype(a).computeCtype} _x${k}`),
    ...scalars.map((s, k) => `const ${s.dtype.computeCtype} _s${k}`),
    'const unsigned int _z',
  ];
  // gz: a uint32 kernel parameter the launch sets to 0, for gpa::keep (see fusion.h).
  const kernelArgs = [...leaves.map((_, k) => `x${k}`), ...scalars.map((_, k) => `s${k}`), 'gz'];
  let head: string;
  if (mode === 'outs') {
    outputs.forEach((o, j) => {
      params.push(`${o.dtype.computeCtype}& _y${j}`);
      kernelArgs.push(`y${j}`);
      lines.push(`  _y${j} = ${ref(o)};`);
    });
    head = 'void';
  } else {
    if (outputs.length !== 1) throw new Error('internal: a fused map returns one value');
    head = outputs[0].dtype.computeCtype;
    lines.push(`  return ${ref(outputs[0])};`);
  }
  const math = nodes.some((n) => n.body.includes('gpa::'));
  const preamble = [
    dtypeIncludes([...dts]),
    math ? '#include "gpuarray/ufunc_math.h"' : '',
    '#include "gpuarray/fusion.h"',
    `static __device__ __forceinline__ ${head} gpa_fused_fn(${params.join(', ')}) {`,
    ...lines,
    '}',
  ]
    .filter((l) => l !== '')
    .join('\n');
  return { preamble, leaves, leafDtypes: leaves.map(leafDtype), scalars, dtypes: [...dts], call: `gpa_fused_fn(${kernelArgs.join(', ')})` };
}

type Input = Node['ins'][number];
