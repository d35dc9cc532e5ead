// Source of a reduction kernel, with CuPy's ReductionKernel conventions: the map expression
// sees every input by name (and _J, the C-order index of the element among the reduced ones),
// the reduce expression combines `a` and `b`, the post-map sees the result as `a` and assigns
// the outputs by name; _in_ind.size() / _out_ind.size() are the input and output sizes.
//
// One kernel holds both walks of reduction-plan.ts (row and column), each with a vector and a
// scalar loop; the launch arguments pick one, so a kernel is compiled once per dtype signature,
// not per layout. Both walks split the reduced range over blockIdx.y when the outputs alone
// cannot fill the device: each split writes a partial, and the last block to finish (an atomic
// counter per blockIdx.x) combines them in the same launch. The walks' skeletons are the
// GPA_RED_* macros of kernels/gpuarray/reduce_loops.h (this file emits the typed parts between
// them) and all cooperative code is in kernels/gpuarray/reduce.h, so the same source runs on the
// cpu backend (one thread per block).
import type { DType } from '../core/dtype.js';
import type { KernelSignature } from '../device/backend.js';
import { CodegenParam, dtypeIncludes, fromStorage, kernelParams, layoutAsserts, placeholderTypedefs, ptr, scalarLocals } from './codegen-params.js';
import { redGeomStruct } from './arg-structs.js';
import type { RedIndex } from './reduction-plan.js';

export interface ReductionSource {
  kernelName: string;
  params: readonly CodegenParam[];
  mapExpr: string;
  reduceExpr: string;
  postMapExpr: string;
  /** C expression of the accumulator's start value; null: value-initialised, as CuPy. */
  identity: string | null;
  /** C type of the accumulator (may name placeholders and preamble types). */
  reduceType: string;
  preamble: string;
  /** Dtypes the expressions compute in besides the parameters' (their headers come before reduce.h, whose complex parts need them). */
  extraDtypes?: readonly DType[];
  /** Bytes the host reserves per partial; the kernel asserts sizeof(_type_reduce) fits. */
  accBytes: number;
}

export interface GeneratedReduction {
  source: string;
  /** The row walk's entry (NAME_row) and the column walk's (NAME_col). */
  kernels: KernelSignature[];
  /** 1-based source lines where the map, reduce and post-map expressions start. */
  exprLines: { map: number[]; reduce: number[]; post: number[] };
}

/**
 * What one compiled kernel is specialised on besides dtypes: the index type, the most dims it
 * walks, and the vector width with each input's access along the vectorised dim ('v' vector,
 * 'b' constant). Everything else (row or column walk, vectors used or not, dim counts, sizes)
 * is a launch argument, so one kernel serves every layout of the same dtypes.
 */
export interface ReductionSpec {
  index: RedIndex;
  maxd: number;
  vec: number;
  modes: readonly ('v' | 'b')[];
}

/**
 * Resident 256-thread blocks per SM each entry is compiled for (its register budget). The row
 * walk of an accumulator of up to 8 bytes reads faster at 4 (64 registers) than at 6 (H200, 1
 * GiB: sum(axis=1) of 16384 x 16384 float32 0.2375 against 0.2404 ms, rows of 64 0.2626 against
 * 0.2666, int32 sums into int64 0.2441 against 0.2461, no row slower); argmax's value-and-index
 * pair took 15% longer at 4, so wider accumulators keep 6 (bench/RESULTS.md, 2026-12-03).
 */
export const rowBlocksPerSm = (accBytes: number): number => (accBytes <= 8 ? 4 : 6);
export const COL_BLOCKS_PER_SM = 5;

const MARK = { map: '/*@gpa-map@*/', reduce: '/*@gpa-reduce@*/', post: '/*@gpa-post@*/' } as const;

/** `warp`: the device's warp width (DeviceInfo.warpSize), the width gpa::group_reduce shuffles in. */
export function generateReduction(src: ReductionSource, spec: ReductionSpec, warp = 32): GeneratedReduction {
  const I = '_gpa_I';
  const ins = src.params.filter((p) => p.kind === 'array' && !p.isOutput);
  const outs = src.params.filter((p) => p.isOutput);
  const nin = ins.length;
  const nout = outs.length;
  const V = spec.vec;
  const identity = src.identity === null ? '_type_reduce()' : `_type_reduce(${src.identity})`;
  const geomStruct = redGeomStruct(spec.index, spec.maxd, nin, nout);
  const geom = geomStruct.ctype;
  const NI = Math.max(1, nin);

  // ---- signature ----
  const { types: paramTypes, decls: paramDecls } = kernelParams(src.params);
  paramTypes.push(geom, '_type_reduce*', 'unsigned int*');
  paramDecls.push(`${geom} _g`, '_type_reduce* _partials', 'unsigned int* _counters');

  // ---- pieces ----
  const local = (p: CodegenParam, x: string) => `const ${p.localCtype} ${p.name} = (${p.localCtype})(${fromStorage(p, x)});`;
  const ind = (lines: string[], n: number) => lines.map((l) => ' '.repeat(n) + l);
  const storage = (p: CodegenParam) => p.dtype.ctype;

  // One element at reduced index J, input values from `value(k, p)`, folded into `acc`.
  const element = (J: string, value: (k: number, p: CodegenParam) => string, acc: string): string[] => [
    `{`,
    `  const ${I} _J = ${J};`,
    `  (void)_J;`,
    ...ins.map((p, k) => `  ${local(p, value(k, p))}`),
    `  ${acc} = _red(${acc}, static_cast<_type_reduce>(${MARK.map}`,
    ...src.mapExpr.split('\n'),
    `  ));`,
    `}`,
  ];

  // Post-map of output j from accumulator expression `acc`.
  const postMap = (j: string, acc: string): string[] => [
    `{`,
    `  ${I} _oo[${Math.max(1, nout)}];`,
    `  _g.out_offsets(${j}, _oo);`,
    `  const _type_reduce a = ${acc};`,
    ...outs.map((p, k) => `  ${p.dtype.ctype}& ${p.name} = _p_${p.name}[_oo[${k}]];`),
    `  ${MARK.post}`,
    ...`${src.postMapExpr};`.split('\n').map((l) => `  ${l}`),
    `}`,
  ];

  // Two-level accumulation (GPA_RED_CHUNK_* in reduce_loops.h): a fresh partial per CHUNK loop
  // steps, so long per-thread runs keep float sums accurate.
  const chunkStart = (accs: string[]) => [...accs.map((a) => `GPA_RED_CHUNK_PARTIAL(${a}, ${identity})`), `GPA_RED_CHUNK_COUNT`];
  const chunkStep = (accs: string[]) => [`GPA_RED_CHUNK_STEP_BEGIN`, ...accs.map((a) => `  GPA_RED_CHUNK_FOLD(${a}, ${identity})`), `GPA_RED_CHUNK_STEP_END`];
  const chunkEnd = (accs: string[]) => accs.map((a) => `GPA_RED_CHUNK_END(${a})`);

  // Loop steps unrolled: about 64 bytes of vector loads in flight per thread (4 vectors of one
  // input, 2 of two, ...), without running out of registers.
  const nv = Math.max(1, spec.modes.filter((m) => m === 'v').length);
  const UNROLL = Math.max(1, Math.floor(4 / nv / (V >= 8 ? 2 : 1)));

  // ---- row walk (GPA_RED_ROW_* in reduce_loops.h): a group of threads per output ----
  const rowScalar = [
    ...chunkStart(['_acc']),
    `GPA_RED_ROW_SCALAR_BEGIN(${I}, ${NI})`,
    ...ind(element('_k', (k, p) => `${ptr(p)}[_io[${k}] + _ro[${k}]]`, '_acc_p'), 2),
    ...ind(chunkStep(['_acc']), 2),
    `GPA_RED_ROW_SCALAR_END`,
    ...chunkEnd(['_acc']),
  ];
  // Vector walk (one reduced dim, 'v' inputs at stride 1, 'b' inputs constant along it).
  const rowVector =
    V === 1
      ? []
      : [
          ...ins.map((p, k) => (spec.modes[k] === 'b' ? `const ${storage(p)} _b${k} = ${ptr(p)}[_io[${k}]];` : '')).filter((l) => l !== ''),
          `GPA_RED_ROW_VEC_RANGE(${I}, ${V})`,
          ...chunkStart(['_acc']),
          `GPA_RED_ROW_VEC_BEGIN(${I}, ${UNROLL})`,
          ...ins
            .map((p, k) => (spec.modes[k] === 'v' ? `  const gpa::Vec<${storage(p)}, ${V}> _v${k} = gpa::load_vec<${V}>(${ptr(p)} + _io[${k}] + _kv * ${V});` : ''))
            .filter((l) => l !== ''),
          `  GPA_RED_VEC_LANES(${V})`,
          ...ind(element(`_kv * ${V} + _t`, (k) => (spec.modes[k] === 'v' ? `_v${k}[_t]` : `_b${k}`), '_acc_p'), 4),
          ...ind(chunkStep(['_acc']), 2),
          `GPA_RED_ROW_VEC_TAIL(${I}, ${V})`,
          ...ind(element('_k', (k) => (spec.modes[k] === 'v' ? `${ptr(ins[k])}[_io[${k}] + _k]` : `_b${k}`), '_acc_p'), 2),
          ...chunkEnd(['_acc']),
        ];
  const rowLoop = V === 1 ? rowScalar : [`if (_g.vec) {`, ...ind(rowVector, 2), `} else {`, ...ind(rowScalar, 2), `}`];
  const row = [
    `GPA_RED_ROW_BEGIN(${I}, ${NI}, ${identity})`,
    ...ind(rowLoop, 4),
    `GPA_RED_ROW_REDUCE`,
    ...ind(postMap('_j', '_acc'), 6),
    `GPA_RED_ROW_COMBINE(${I}, ${identity})`,
    ...ind(postMap('_j', '_acc'), 6),
    `GPA_RED_ROW_END`,
  ];

  // ---- column walk (GPA_RED_COL_* in reduce_loops.h): each thread owns W consecutive outputs ----
  const column = (W: number): string[] => {
    const vec = W > 1;
    const accs = Array.from({ length: W }, (_, t) => `_acc${t}`);
    const loads = vec
      ? ins.map((p, k) =>
          spec.modes[k] === 'v'
            ? `const gpa::Vec<${storage(p)}, ${W}> _v${k} = gpa::load_vec<${W}>(${ptr(p)} + _io[${k}] + _ro[${k}]);`
            : `const ${storage(p)} _b${k} = ${ptr(p)}[_io[${k}] + _ro[${k}]];`,
        )
      : [];
    const value = (k: number, p: CodegenParam) => (vec ? (spec.modes[k] === 'v' ? `_v${k}[_t]` : `_b${k}`) : `${ptr(p)}[_io[${k}] + _ro[${k}]]`);
    const each = (f: (acc: string, t: number) => string[]) => accs.flatMap((a, t) => f(a, t));
    const U = (t: number) => (W === 1 ? '_u' : `_u * ${W} + ${t}`);
    return [
      `GPA_RED_COL_BEGIN(${I}, ${W})`,
      ...accs.map((a) => `  _type_reduce ${a} = ${identity};`),
      `GPA_RED_COL_OFFSETS(${I}, ${NI}, ${W === 1 ? '_u' : `_u * ${W}`})`,
      ...ind(chunkStart(accs), 4),
      `GPA_RED_COL_LOOP_BEGIN(${I}, ${NI}, ${UNROLL})`,
      ...ind(loads, 6),
      ...(vec
        ? each((a, t) => [`      {`, `        const int _t = ${t};`, ...ind(element('_k', value, `${a}_p`), 8), `      }`])
        : ind(element('_k', value, `${accs[0]}_p`), 6)),
      ...ind(chunkStep(accs), 6),
      `GPA_RED_COL_LOOP_END`,
      ...ind(chunkEnd(accs), 4),
      `GPA_RED_COL_REDUCE_BEGIN`,
      ...accs.map((a) => `  GPA_RED_COL_REDUCE(${a})`),
      `GPA_RED_COL_STORE_BEGIN`,
      ...each((a, t) => ind(postMap(U(t), a), 6)),
      `GPA_RED_COL_PARTIALS`,
      ...accs.map((a, t) => `      GPA_RED_COL_PARTIAL(${I}, ${a}, ${U(t)})`),
      `GPA_RED_COL_COMBINE_BEGIN(${I})`,
      ...accs.map((a) => `    _type_reduce ${a} = ${identity};`),
      `GPA_RED_COL_COMBINE_LOOP(${I})`,
      ...accs.map((a, t) => `        GPA_RED_COL_LOAD_PARTIAL(${a}, ${U(t)})`),
      `GPA_RED_COL_COMBINE_REDUCE`,
      ...accs.map((a) => `    GPA_RED_COL_REDUCE(${a})`),
      `GPA_RED_COL_COMBINE_STORE`,
      ...each((a, t) => ind(postMap(U(t), a), 6)),
      `GPA_RED_COL_END`,
    ];
  };
  // The column walk's vector: at most 4 outputs per thread (W accumulators stay in registers).
  const W = Math.min(V, 4);
  const col = W === 1 ? column(1) : [`if (_g.vec) {`, ...ind(column(W), 2), `} else {`, ...ind(column(1), 2), `}`];

  const prologue = (extra: string[]) => [`GPA_RED_SPLIT_RANGE(${I})`, ...extra].map((l) => `  ${l}`);

  const entry = (name: string, blocksPerSm: number, body: string[]) => [
    `extern "C" __global__ void __launch_bounds__(GPA_RED_MAX_THREADS, ${blocksPerSm}) ${name}(${paramDecls.join(', ')}) {`,
    `  const gpa::LoopIndex<${I}> _in_ind{_g.n_out * _g.n_red};`,
    `  const gpa::LoopIndex<${I}> _out_ind{_g.n_out};`,
    `  (void)_in_ind;`,
    `  (void)_out_ind;`,
    ...scalarLocals(src.params),
    `  const auto _red = [&](const _type_reduce& a, const _type_reduce& b) -> _type_reduce {`,
    `    ${MARK.reduce}`,
    `    return (${src.reduceExpr});`,
    `  };`,
    ...body,
    `}`,
  ];

  const source = [
    dtypeIncludes([...src.params.map((p) => p.dtype), ...(src.extraDtypes ?? [])]),
    `#define GPA_RED_WARP ${warp}`,
    '#include "gpuarray/reduce.h"',
    ...placeholderTypedefs(src.params, ''),
    src.preamble,
    `typedef ${src.reduceType} _type_reduce;`,
    `static_assert(sizeof(_type_reduce) <= ${src.accBytes}, "reduce_type is larger than ${src.accBytes} bytes");`,
    `typedef ${spec.index} ${I};`,
    ...layoutAsserts(src.params, [geomStruct]),
    // Two entry points, each with its own register budget: the row walk fits 4 or 6 blocks of 256
    // threads per SM (rowBlocksPerSm), the column walk (W accumulators per thread) 5.
    // reduction-geometry.ts sizes each launch as one full wave of its kernel's blocks.
    ...entry(`${src.kernelName}_row`, rowBlocksPerSm(src.accBytes), prologue(row)),
    ...entry(`${src.kernelName}_col`, COL_BLOCKS_PER_SM, prologue(col)),
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');

  // Where each expression landed (for compile errors), then strip the markers.
  const lines = source.split('\n');
  const exprLines = { map: [] as number[], reduce: [] as number[], post: [] as number[] };
  lines.forEach((l, k) => {
    if (l.includes(MARK.map)) exprLines.map.push(k + 2);
    if (l.includes(MARK.reduce)) exprLines.reduce.push(k + 2);
    if (l.includes(MARK.post)) exprLines.post.push(k + 2);
  });
  const clean = lines.map((l) => l.replace(MARK.map, '').replace(MARK.reduce, '').replace(MARK.post, '')).join('\n');
  return {
    source: clean,
    kernels: [
      { name: `${src.kernelName}_row`, paramTypes },
      { name: `${src.kernelName}_col`, paramTypes },
    ],
    exprLines,
  };
}
