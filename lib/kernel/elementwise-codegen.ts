// Source of an element-wise kernel for one specialisation (dtypes, ndim, variant, index width).
// The user's (or the ufunc table's) body runs once per element with every non-raw parameter as
// a local variable, `i` the element index and `_ind.size()` the loop size, as in CuPy.
import type { DType } from '../core/dtype.js';
import type { KernelSignature } from '../device/backend.js';
import type { IterationPlan } from './iteration.js';
import { ArgStruct, carrayStruct, indexerStruct, structAsserts } from './arg-structs.js';

export interface CodegenParam {
  name: string;
  kind: 'array' | 'scalar' | 'raw';
  isOutput: boolean;
  dtype: DType;
  /** C type of the local variable the body sees (float for float16 in ufuncs). */
  localCtype: string;
  /** Placeholder letter bound to this dtype, emitted as a typedef. */
  placeholder: string | null;
  /** An output whose current value the body reads (`z += x`): loaded before the body runs. */
  readsOutput: boolean;
  /** For raw params: ndim and C-contiguity of the CArray specialisation. */
  rawNdim: number;
  rawContiguous: boolean;
}

export interface ElementwiseSource {
  kernelName: string;
  params: readonly CodegenParam[];
  body: string;
  preamble: string;
  loopPrep: string;
  afterLoop: string;
}

export interface GeneratedKernel {
  source: string;
  signature: KernelSignature;
  /** 1-based source lines where each copy of the body starts (for compile-error notes). */
  bodyLines: number[];
}

/** Header includes a set of dtypes needs (each dtype names its own): float16 and complex support are costly, so optional. */
export function dtypeIncludes(dts: readonly DType[]): string {
  // Complex last: complex.h's overloads come after the storage types they may meet.
  const headers = [...dts.filter((d) => !d.isComplex), ...dts.filter((d) => d.isComplex)].map((d) => d.header);
  return [...new Set(headers.filter((h) => h !== null))].map((h) => `#include "${h}"`).join('\n');
}

/** Whether a plan's kernel takes the shape/strides struct. */
export const planNeedsIndexer = (plan: IterationPlan | null) => plan !== null && ((plan.mode !== 'vec' && plan.mode !== 'chunk') || plan.shape.length > 1);

/** Marks the body's first line in the generated text; stripped before returning the source. */
const BODY_MARK = '/*@gpa-body@*/';

const rawStruct = (p: CodegenParam) => carrayStruct(p.dtype.ctype, p.rawNdim, p.rawContiguous);

/** Size and offset asserts of every struct a kernel takes by value (raw CArrays, the Indexer). */
export function layoutAsserts(params: readonly CodegenParam[], more: readonly ArgStruct[] = []): string[] {
  const structs = [...params.filter((p) => p.kind === 'raw').map(rawStruct), ...more];
  return structs.flatMap((st, k) => structAsserts(st, String(k)));
}
const ptr = (p: CodegenParam) => `_p_${p.name}`;
// A dtype held as bits (float16, bfloat16) converts through its compute type (float), whose conversions every C type has.
export const fromStorage = (p: CodegenParam, x: string) => (p.dtype.bits !== null ? `(${p.dtype.computeCtype})(${x})` : x);
// A double goes to float16 directly: through float it would round twice (NumPy rounds once).
const toStorage = (p: CodegenParam, v: string) => storeCast(p.dtype, p.localCtype, v);
/** `v`, held in C type `local`, converted to `d`'s storage type as a kernel stores it. */
export function storeCast(d: DType, local: string, v: string): string {
  if (d.bits === null) return `(${d.ctype})(${v})`;
  return local === 'double' && d.castCtype === d.ctype ? `(${d.ctype})(${v})` : `(${d.ctype})(${d.computeCtype})(${v})`;
}

type Load = (k: number, p: CodegenParam) => string;
type Store = (k: number, p: CodegenParam, v: string) => string;

/** What every loop form needs to emit one element. */
interface Ctx {
  I: string;
  arrays: readonly CodegenParam[];
  body: string;
}

/** One element: locals from `load`, the body, outputs written with `store`. */
function element(ctx: Ctx, load: Load, store: Store, indent: string): string {
  const lines: string[] = [];
  ctx.arrays.forEach((p, k) => {
    if (!p.isOutput) lines.push(`const ${p.localCtype} ${p.name} = (${p.localCtype})(${fromStorage(p, load(k, p))});`);
    else if (p.readsOutput) lines.push(`${p.localCtype} ${p.name} = (${p.localCtype})(${fromStorage(p, load(k, p))});`);
    else lines.push(`${p.localCtype} ${p.name};`);
  });
  // CuPy appends ';' to the operation, so bodies may omit the last one.
  lines.push(`{ ${BODY_MARK}`, ...`${ctx.body};`.split('\n').map((l) => `  ${l}`), `}`);
  ctx.arrays.forEach((p, k) => {
    if (p.isOutput) lines.push(store(k, p, p.name));
  });
  return lines.map((l) => indent + l).join('\n');
}

/** No array operands: a loop of `size` iterations (raw parameters only). */
function loopRawOnly(ctx: Ctx): string {
  return [`  for (${ctx.I} i : gpa::grid_range<${ctx.I}>(_n)) {`, element(ctx, () => '', () => '', '    '), `  }`].join('\n');
}

/** Any layout: offsets of every operand from the linear index through shape and strides. */
function loopStrided(ctx: Ctx): string {
  const { I, arrays } = ctx;
  return [
    `  for (${I} i : gpa::grid_range<${I}>(_n)) {`,
    `    ${I} _off[${Math.max(arrays.length, 1)}];`,
    `    _ix.offsets(i, _off);`,
    element(
      ctx,
      (k, p) => `${ptr(p)}[_off[${k}]]`,
      (k, p, v) => `${ptr(p)}[_off[${k}]] = ${toStorage(p, v)};`,
      '    ',
    ),
    `  }`,
  ].join('\n');
}

/** Operand k's element stride along the inner dim of a vec or chunk plan ('v' 1, 'r' -1, 'b' 0). */
const innerStep = (plan: IterationPlan, k: number) => (plan.inner[k] === 'v' ? 1 : plan.inner[k] === 'r' ? -1 : 0);

/**
 * VEC consecutive elements along the innermost dim per step, as 16-byte accesses; a reversed
 * operand ('r') reads (or writes) the vector that ends at the run's first element, backwards.
 */
function loopVector(ctx: Ctx, plan: IterationPlan): string {
  const { I, arrays } = ctx;
  const vec = plan.vec;
  const ndim = plan.shape.length;
  const nops = arrays.length;
  const step = (k: number) => innerStep(plan, k);
  const vectorOf = (k: number) => plan.inner[k] === 'v' || plan.inner[k] === 'r';
  // Operand k's vector starts `pos` elements along its run; a reversed one ends there, so starts vec - 1 lower.
  const along = (k: number, pos: string) => (plan.inner[k] === 'r' ? `- ${pos} - ${vec - 1}` : `+ ${pos} * ${step(k)}`);
  const lane = (k: number) => (plan.inner[k] === 'r' ? `_v${k}[${vec - 1} - _k]` : `_v${k}[_k]`);
  const outerOffsets =
    ndim === 1
      ? [`    const ${I} _base = _v * ${vec};`, ...arrays.map((_, k) => `    const ${I} _o${k} = 0 ${along(k, '_base')};`)]
      : [
          `    const ${I} _rowlen = _ix.shape[${ndim - 1}] / ${vec};`,
          `    const ${I} _row = _v / _rowlen;`,
          `    const ${I} _col = (_v - _row * _rowlen) * ${vec};`,
          `    const ${I} _base = _row * _ix.shape[${ndim - 1}] + _col;`,
          ...rowOffsets(I, ndim, nops),
          ...arrays.map((_, k) => `    const ${I} _o${k} = _off[${k}] ${along(k, '_col')};`),
        ];
  const loads = arrays.map((p, k) => {
    if (p.isOutput && !p.readsOutput) return `    gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k};`;
    if (vectorOf(k)) return `    ${p.isOutput ? '' : 'const '}gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k} = gpa::load_vec<${vec}>(${ptr(p)} + _o${k});`;
    return `    const ${p.dtype.ctype} _b${k} = ${ptr(p)}[_o${k}];`;
  });
  const stores = arrays.flatMap((p, k) => (p.isOutput ? [`    gpa::store_vec<${vec}>(${ptr(p)} + _o${k}, _v${k});`] : []));
  const tailStart = `_nvec * ${vec}`;
  // Launched with one vector per thread (see dispatch in elementwise.ts), so the grid-stride
  // loops run once: unrolling them only costs NVRTC time (37 -> 26 ms of a 38 ms compile).
  return [
    `  const ${I} _nvec = _n / ${vec};`,
    `#pragma unroll 1`,
    `  for (${I} _v : gpa::grid_range<${I}>(_nvec)) {`,
    ...outerOffsets,
    ...loads,
    `#pragma unroll`,
    `    for (int _k = 0; _k < ${vec}; ++_k) {`,
    `      const ${I} i = _base + _k;`,
    element(
      ctx,
      (k) => (vectorOf(k) ? lane(k) : `_b${k}`),
      (k, p, v) => `${lane(k)} = ${toStorage(p, v)};`,
      '      ',
    ),
    `    }`,
    ...stores,
    `  }`,
    // 1-D: the last n % VEC elements one by one (n-D plans need rows divisible by VEC).
    ...(ndim === 1
      ? [
          `#pragma unroll 1`,
          `  for (${I} _t : gpa::grid_range<${I}>(_n - ${tailStart})) {`,
          `    const ${I} i = _t + ${tailStart};`,
          element(
            ctx,
            (k, p) => `${ptr(p)}[i * ${step(k)}]`,
            (k, p, v) => `${ptr(p)}[i * ${step(k)}] = ${toStorage(p, v)};`,
            '    ',
          ),
          `  }`,
        ]
      : []),
  ].join('\n');
}

/** Offsets of every operand at the start of row `_row` of an n-D plan (all dims but the inner one). */
function rowOffsets(I: string, ndim: number, nops: number): string[] {
  return [
    `    ${I} _off[${nops}];`,
    `    { ${I} _r = _row;`,
    `      for (int _k = 0; _k < ${nops}; ++_k) _off[_k] = 0;`,
    `      for (int _d = ${ndim - 2}; _d >= 0; --_d) {`,
    `        const ${I} _idx = _d == 0 ? _r : _r % _ix.shape[_d];`,
    `        if (_d != 0) _r /= _ix.shape[_d];`,
    `        for (int _k = 0; _k < ${nops}; ++_k) _off[_k] += _idx * _ix.strides[_k][_d];`,
    `      } }`,
  ];
}

/**
 * Rows vectors cannot take (misaligned, or a length VEC does not divide): each step takes up to
 * VEC elements of one row one by one, every load issued before the body and the stores, so that
 * VEC independent accesses per thread are in flight as in the vector loop. With a spread S of 32
 * a warp takes 32 x VEC elements, lane l the ones at l + 32k: each access of the warp is one
 * contiguous run.
 */
function loopChunk(ctx: Ctx, plan: IterationPlan): string {
  const { I, arrays } = ctx;
  const vec = plan.vec;
  const S = plan.spread;
  const ndim = plan.shape.length;
  const step = (k: number) => innerStep(plan, k);
  const broadcast = (k: number) => plan.inner[k] === 'b';
  const at = (k: number, p: CodegenParam) => `${ptr(p)}[_o${k} + _k * ${S * step(k)}]`;
  const lanes = (lines: string[]) =>
    lines.length === 0 ? [] : [`#pragma unroll`, `    for (int _k = 0; _k < ${vec}; ++_k) if (_col + _k * ${S} < _rowlen) {`, ...lines, `    }`];
  const loads = arrays.flatMap((p, k) => {
    const read = !p.isOutput || p.readsOutput;
    if (broadcast(k)) return read ? [`    const ${p.dtype.ctype} _b${k} = ${ptr(p)}[_o${k}];`] : [];
    return [`    ${p.dtype.ctype} _a${k}[${vec}];`];
  });
  const fills = arrays.flatMap((p, k) => (!broadcast(k) && (!p.isOutput || p.readsOutput) ? [`      _a${k}[_k] = ${at(k, p)};`] : []));
  const stores = arrays.flatMap((p, k) => (p.isOutput ? [`      ${at(k, p)} = _a${k}[_k];`] : []));
  return [
    `  const ${I} _rowlen = ${ndim === 1 ? '_n' : `_ix.shape[${ndim - 1}]`};`,
    `  const ${I} _cpr = (_rowlen + ${vec * S - 1}) / ${vec * S};`,
    `#pragma unroll 1`,
    `  for (${I} _t : gpa::grid_range<${I}>((_n / _rowlen) * _cpr * ${S})) {`,
    ...(S === 1 ? [`    const ${I} _c = _t, _lane = 0;`] : [`    const ${I} _c = _t / ${S}, _lane = _t - _c * ${S};`]),
    `    const ${I} _row = _c / _cpr;`,
    `    const ${I} _col = (_c - _row * _cpr) * ${vec * S} + _lane;`,
    `    const ${I} _base = _row * _rowlen + _col;`,
    ...(ndim === 1 ? [] : rowOffsets(I, ndim, arrays.length)),
    ...arrays.map((_, k) => `    const ${I} _o${k} = ${ndim === 1 ? '0' : `_off[${k}]`} + _col * ${step(k)};`),
    ...loads,
    ...lanes(fills),
    ...lanes([
      `      const ${I} i = _base + _k * ${S};`,
      element(
        ctx,
        (k) => (broadcast(k) ? `_b${k}` : `_a${k}[_k]`),
        (k, p, v) => `_a${k}[_k] = ${toStorage(p, v)};`,
        '      ',
      ),
    ]),
    ...lanes(stores),
    `  }`,
  ].join('\n');
}

/**
 * 2-D with some operands row-major ('c') and some column-major ('f'), e.g. a + a.T: each step
 * covers a TH x TW tile, read as 16-byte rows from 'c' operands and 16-byte columns from 'f'
 * ones, so neither is read with a stride. 'b' operands are one broadcast value. The 32 lanes of
 * a warp take a 4 x 8 block of tiles, so every warp access covers whole 128-byte lines of both
 * row-major rows (8 lanes x 16 bytes) and column-major columns (4 lanes x 32 bytes).
 */
function loopTile(ctx: Ctx, plan: IterationPlan): string {
  const { I, arrays } = ctx;
  const TW = plan.vec;
  const TH = plan.tileRows;
  const lines: string[] = [
    `  const ${I} _R = _ix.shape[0], _C = _ix.shape[1];`,
    `  const ${I} _wtiles_c = _C / ${8 * TW};`,
    `  for (${I} _t : gpa::grid_range<${I}>((_R / ${TH}) * (_C / ${TW}))) {`,
    `    const ${I} _w = _t >> 5, _lane = _t & 31;`,
    `    const ${I} _wr = _w / _wtiles_c;`,
    `    const ${I} _r0 = (_wr * 4 + (_lane >> 3)) * ${TH};`,
    `    const ${I} _c0 = ((_w - _wr * _wtiles_c) * 8 + (_lane & 7)) * ${TW};`,
  ];
  const at = (k: number, r: string, c: string) => `${ptr(arrays[k])} + (${r}) * _ix.strides[${k}][0] + (${c}) * _ix.strides[${k}][1]`;
  arrays.forEach((p, k) => {
    const t = p.dtype.ctype;
    const kind = plan.inner[k];
    if (kind === 'b') {
      if (!p.isOutput) lines.push(`    const ${t} _b${k} = ${ptr(p)}[0];`);
      return;
    }
    lines.push(`    ${t} _a${k}[${TH}][${TW}];`);
    if (p.isOutput && !p.readsOutput) return;
    if (kind === 'c') {
      lines.push(
        `#pragma unroll`,
        `    for (int _rr = 0; _rr < ${TH}; ++_rr) {`,
        `      const gpa::Vec<${t}, ${TW}> _v = gpa::load_vec<${TW}>(${at(k, '_r0 + _rr', '_c0')});`,
        `#pragma unroll`,
        `      for (int _j = 0; _j < ${TW}; ++_j) _a${k}[_rr][_j] = _v[_j];`,
        `    }`,
      );
    } else {
      lines.push(
        `#pragma unroll`,
        `    for (int _cc = 0; _cc < ${TW}; ++_cc)`,
        `#pragma unroll`,
        `      for (int _h = 0; _h < ${TH}; _h += ${TW}) {`,
        `        const gpa::Vec<${t}, ${TW}> _v = gpa::load_vec<${TW}>(${at(k, '_r0 + _h', '_c0 + _cc')});`,
        `#pragma unroll`,
        `        for (int _j = 0; _j < ${TW}; ++_j) _a${k}[_h + _j][_cc] = _v[_j];`,
        `      }`,
      );
    }
  });
  lines.push(
    `#pragma unroll`,
    `    for (int _rr = 0; _rr < ${TH}; ++_rr)`,
    `#pragma unroll`,
    `      for (int _cc = 0; _cc < ${TW}; ++_cc) {`,
    `        const ${I} i = (_r0 + _rr) * _C + _c0 + _cc;`,
    element(
      ctx,
      (k) => (plan.inner[k] === 'b' ? `_b${k}` : `_a${k}[_rr][_cc]`),
      (k, p, v) => `_a${k}[_rr][_cc] = ${toStorage(p, v)};`,
      '        ',
    ),
    `      }`,
  );
  arrays.forEach((p, k) => {
    if (!p.isOutput) return;
    const t = p.dtype.ctype;
    if (plan.inner[k] === 'c') {
      lines.push(
        `#pragma unroll`,
        `    for (int _rr = 0; _rr < ${TH}; ++_rr) {`,
        `      gpa::Vec<${t}, ${TW}> _v;`,
        `#pragma unroll`,
        `      for (int _j = 0; _j < ${TW}; ++_j) _v[_j] = _a${k}[_rr][_j];`,
        `      gpa::store_vec<${TW}>(${at(k, '_r0 + _rr', '_c0')}, _v);`,
        `    }`,
      );
    } else {
      lines.push(
        `#pragma unroll`,
        `    for (int _cc = 0; _cc < ${TW}; ++_cc)`,
        `#pragma unroll`,
        `      for (int _h = 0; _h < ${TH}; _h += ${TW}) {`,
        `        gpa::Vec<${t}, ${TW}> _v;`,
        `#pragma unroll`,
        `        for (int _j = 0; _j < ${TW}; ++_j) _v[_j] = _a${k}[_h + _j][_cc];`,
        `        gpa::store_vec<${TW}>(${at(k, '_r0 + _h', '_c0 + _cc')}, _v);`,
        `      }`,
      );
    }
  });
  lines.push(`  }`);
  return lines.join('\n');
}

export function generateElementwise(src: ElementwiseSource, plan: IterationPlan | null): GeneratedKernel {
  const I = plan?.index ?? 'long long';
  const arrays = src.params.filter((p) => p.kind === 'array');
  const ndim = plan?.shape.length ?? 1;
  const indexer = indexerStruct(ndim, arrays.length, I);
  const indexerType = indexer.ctype;

  const paramTypes: string[] = [];
  const paramDecls: string[] = [];
  for (const p of src.params) {
    const [t, n] =
      p.kind === 'array'
        ? [`${p.isOutput ? '' : 'const '}${p.dtype.ctype}*`, ptr(p)]
        : p.kind === 'raw'
          ? [rawStruct(p).ctype, p.name]
          : [p.dtype.ctype, `_s_${p.name}`];
    paramTypes.push(t);
    paramDecls.push(`${t} ${n}`);
  }
  if (planNeedsIndexer(plan)) {
    paramTypes.push(indexerType);
    paramDecls.push(`${indexerType} _ix`);
  }
  paramTypes.push(I);
  paramDecls.push(`${I} _n`);

  const typedefs = new Map<string, string>();
  for (const p of src.params) if (p.placeholder) typedefs.set(p.placeholder, p.localCtype);
  const scalarLocals = src.params
    .filter((p) => p.kind === 'scalar')
    .map((p) => `  const ${p.localCtype} ${p.name} = (${p.localCtype})_s_${p.name};`);

  const ctx: Ctx = { I, arrays, body: src.body };
  const loop =
    plan === null ? loopRawOnly(ctx) : plan.mode === 'strided' ? loopStrided(ctx) : plan.mode === 'vec' ? loopVector(ctx, plan) : plan.mode === 'chunk' ? loopChunk(ctx, plan) : loopTile(ctx, plan);

  const text = [
    dtypeIncludes(src.params.map((p) => p.dtype)),
    src.preamble,
    ...layoutAsserts(src.params, planNeedsIndexer(plan) ? [indexer] : []),
    `extern "C" __global__ void ${src.kernelName}(${paramDecls.join(', ')}) {`,
    ...[...typedefs].map(([n, t]) => `  typedef ${t} ${n};`),
    `  const gpa::LoopIndex<${I}> _ind{_n};`,
    `  (void)_ind;`,
    ...scalarLocals,
    src.loopPrep ? `  ${src.loopPrep}` : '',
    loop,
    src.afterLoop ? `  ${src.afterLoop}` : '',
    `}`,
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
  const lines = text.split('\n');
  const bodyLines: number[] = [];
  lines.forEach((l, k) => {
    if (l.includes(BODY_MARK)) bodyLines.push(k + 2);
  });
  return {
    source: lines.map((l) => l.replace(` ${BODY_MARK}`, '')).join('\n'),
    signature: { name: src.kernelName, paramTypes },
    bodyLines,
  };
}
