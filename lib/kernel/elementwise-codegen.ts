// Source of an element-wise kernel for one specialisation (dtypes, ndim, variant, index width).
// The user's (or the ufunc table's) body runs once per element with every non-raw parameter as
// a local variable, `i` the element index and `_ind.size()` the loop size, as in CuPy.
import type { KernelSignature } from '../device/backend.js';
import type { IterationPlan } from './iteration.js';
import { indexerStruct } from './arg-structs.js';
import { CodegenParam, dtypeIncludes, fromStorage, kernelParams, layoutAsserts, placeholderTypedefs, ptr, scalarLocals, toStorage } from './codegen-params.js';

export type { CodegenParam } from './codegen-params.js';

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

/** Whether a plan's kernel takes the shape/strides struct. */
export const planNeedsIndexer = (plan: IterationPlan | null) => plan !== null && ((plan.mode !== 'vec' && plan.mode !== 'chunk') || plan.shape.length > 1);

/** Marks the body's first line in the generated text; stripped before returning the source. */
const BODY_MARK = '/*@gpa-body@*/';

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
  return [`  GPA_LOOP_FLAT_BEGIN(${ctx.I}, _n, i)`, element(ctx, () => '', () => '', '    '), `  GPA_LOOP_END`].join('\n');
}

/** Any layout: offsets of every operand from the linear index through shape and strides. */
function loopStrided(ctx: Ctx): string {
  const { I, arrays } = ctx;
  return [
    `  GPA_LOOP_STRIDED_BEGIN(${I}, ${Math.max(arrays.length, 1)}, _n, _ix, i, _off)`,
    element(
      ctx,
      (k, p) => `${ptr(p)}[_off[${k}]]`,
      (k, p, v) => `${ptr(p)}[_off[${k}]] = ${toStorage(p, v)};`,
      '    ',
    ),
    `  GPA_LOOP_END`,
  ].join('\n');
}

/** Operand k's element stride along the inner dim of a vec or chunk plan ('v' 1, 'r' -1, 'b' 0). */
const innerStep = (plan: IterationPlan, k: number) => (plan.inner[k] === 'v' ? 1 : plan.inner[k] === 'r' ? -1 : 0);

/**
 * VEC consecutive elements along the innermost dim per step, as 16-byte accesses (GPA_LOOP_VEC,
 * GPA_LOOP_VEC_ROWS); a reversed operand ('r') reads (or writes) the vector that ends at the run's
 * first element, backwards.
 */
function loopVector(ctx: Ctx, plan: IterationPlan): string {
  const { I, arrays } = ctx;
  const vec = plan.vec;
  const ndim = plan.shape.length;
  const step = (k: number) => innerStep(plan, k);
  const vectorOf = (k: number) => plan.inner[k] === 'v' || plan.inner[k] === 'r';
  // Operand k's vector starts `pos` elements along its run; a reversed one ends there, so starts vec - 1 lower.
  const along = (k: number, pos: string) => (plan.inner[k] === 'r' ? `- ${pos} - ${vec - 1}` : `+ ${pos} * ${step(k)}`);
  const lane = (k: number) => (plan.inner[k] === 'r' ? `_v${k}[${vec - 1} - _k]` : `_v${k}[_k]`);
  const offsets =
    ndim === 1 ? arrays.map((_, k) => `    const ${I} _o${k} = 0 ${along(k, '_base')};`) : arrays.map((_, k) => `    const ${I} _o${k} = _off[${k}] ${along(k, '_col')};`);
  const loads = arrays.map((p, k) => {
    if (p.isOutput && !p.readsOutput) return `    gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k};`;
    if (vectorOf(k)) return `    ${p.isOutput ? '' : 'const '}gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k} = gpa::load_vec<${vec}>(${ptr(p)} + _o${k});`;
    return `    const ${p.dtype.ctype} _b${k} = ${ptr(p)}[_o${k}];`;
  });
  const stores = arrays.flatMap((p, k) => (p.isOutput ? [`    gpa::store_vec<${vec}>(${ptr(p)} + _o${k}, _v${k});`] : []));
  const stepFn = [
    ...offsets,
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
  ];
  if (ndim > 1) return [`  GPA_LOOP_VEC_ROWS_BEGIN(${I}, ${vec}, ${ndim}, ${arrays.length}, _n, _ix, _base, _col, _off)`, ...stepFn, `  GPA_LOOP_END`].join('\n');
  // 1-D: the last n % VEC elements one by one (n-D plans need rows divisible by VEC).
  return [
    `  GPA_LOOP_VEC_BEGIN(${I}, ${vec}, _n, _base)`,
    ...stepFn,
    `  GPA_LOOP_VEC_TAIL(${I}, ${vec}, _n, i)`,
    element(
      ctx,
      (k, p) => `${ptr(p)}[i * ${step(k)}]`,
      (k, p, v) => `${ptr(p)}[i * ${step(k)}] = ${toStorage(p, v)};`,
      '    ',
    ),
    `  GPA_LOOP_END`,
  ].join('\n');
}

/**
 * Rows vectors cannot take (misaligned, or a length VEC does not divide): GPA_LOOP_CHUNK hands
 * each step up to VEC elements of one row, taken one by one, every load issued before the body
 * and the stores, so that VEC independent accesses per thread are in flight as in the vector
 * loop; element k lies at column _col + k * spread.
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
    `  GPA_LOOP_CHUNK_BEGIN(${I}, ${vec}, ${S}, _n, _rowlen, _base, _col, _row)`,
    ...(ndim === 1 ? [] : [`    ${I} _off[${arrays.length}];`, `    gpa::row_offsets(_row, _ix, _off);`]),
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
    `  GPA_LOOP_END`,
  ].join('\n');
}

/**
 * 2-D with some operands row-major ('c') and some column-major ('f'), e.g. a + a.T: each step
 * (GPA_LOOP_TILE) covers a TH x TW tile, read as 16-byte rows from 'c' operands and 16-byte
 * columns from 'f' ones, so neither is read with a stride. 'b' operands are one broadcast value.
 */
function loopTile(ctx: Ctx, plan: IterationPlan): string {
  const { I, arrays } = ctx;
  const TW = plan.vec;
  const TH = plan.tileRows;
  const lines: string[] = [
    `  const ${I} _R = _ix.shape[0], _C = _ix.shape[1];`,
    `  GPA_LOOP_TILE_BEGIN(${I}, ${TH}, ${TW}, ${plan.warp}, _R, _C, _r0, _c0)`,
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
  lines.push(`  GPA_LOOP_END`);
  return lines.join('\n');
}

export function generateElementwise(src: ElementwiseSource, plan: IterationPlan | null): GeneratedKernel {
  const I = plan?.index ?? 'long long';
  const arrays = src.params.filter((p) => p.kind === 'array');
  const ndim = plan?.shape.length ?? 1;
  const indexer = indexerStruct(ndim, arrays.length, I);
  const indexerType = indexer.ctype;

  const { types: paramTypes, decls: paramDecls } = kernelParams(src.params);
  if (planNeedsIndexer(plan)) {
    paramTypes.push(indexerType);
    paramDecls.push(`${indexerType} _ix`);
  }
  paramTypes.push(I);
  paramDecls.push(`${I} _n`);

  const ctx: Ctx = { I, arrays, body: src.body };
  const loop =
    plan === null ? loopRawOnly(ctx) : plan.mode === 'strided' ? loopStrided(ctx) : plan.mode === 'vec' ? loopVector(ctx, plan) : plan.mode === 'chunk' ? loopChunk(ctx, plan) : loopTile(ctx, plan);

  const text = [
    dtypeIncludes(src.params.map((p) => p.dtype)),
    '#include "gpuarray/elementwise.h"',
    // At file scope before the preamble, as CuPy's: its helper functions may use the placeholders (`T`).
    ...placeholderTypedefs(src.params, ''),
    src.preamble,
    ...layoutAsserts(src.params, planNeedsIndexer(plan) ? [indexer] : []),
    `extern "C" __global__ void ${src.kernelName}(${paramDecls.join(', ')}) {`,
    `  const gpa::LoopIndex<${I}> _ind{_n};`,
    `  (void)_ind;`,
    ...scalarLocals(src.params),
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
