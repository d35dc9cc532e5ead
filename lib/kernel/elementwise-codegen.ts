// Source of an element-wise kernel for one specialisation (dtypes, ndim, variant, index width).
// The user's (or the ufunc table's) body runs once per element with every non-raw parameter as
// a local variable, `i` the element index and `_ind.size()` the loop size, as in CuPy.
import type { DType } from '../core/dtype.js';
import type { KernelSignature } from '../device/backend.js';
import type { IterationPlan } from './iteration.js';

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

/** Header includes a set of dtypes needs: float16 and complex support are costly, so optional. */
export function dtypeIncludes(dts: readonly DType[]): string {
  const inc: string[] = [];
  if (dts.some((d) => d.name === 'float16')) inc.push('#include "gpuarray/float16.h"');
  if (dts.some((d) => d.kind === 'c')) inc.push('#include "gpuarray/complex.h"');
  return inc.join('\n');
}

const rawType = (p: CodegenParam) => `CArray<${p.dtype.ctype}, ${p.rawNdim}, ${p.rawContiguous}>`;

export interface GeneratedKernel {
  source: string;
  signature: KernelSignature;
  /** 1-based source lines where each copy of the body starts (for compile-error notes). */
  bodyLines: number[];
}

/** Marks the body's first line in the generated text; stripped before returning the source. */
const BODY_MARK = '/*@gpa-body@*/';

export function generateElementwise(src: ElementwiseSource, plan: IterationPlan | null): GeneratedKernel {
  const I = plan?.index ?? 'long long';
  const arrays = src.params.filter((p) => p.kind === 'array');
  const ndim = plan?.shape.length ?? 1;
  const nops = arrays.length;
  const vec = plan?.mode === 'vec' ? plan.vec : 1;
  const needsIndexer = plan !== null && (plan.mode === 'strided' || ndim > 1);
  const indexerType = `gpa::Indexer<${ndim}, ${nops}, ${I}>`;

  const paramTypes: string[] = [];
  const paramDecls: string[] = [];
  for (const p of src.params) {
    let t: string;
    let n: string;
    if (p.kind === 'array') {
      t = `${p.isOutput ? '' : 'const '}${p.dtype.ctype}*`;
      n = `_p_${p.name}`;
    } else if (p.kind === 'raw') {
      t = rawType(p);
      n = p.name;
    } else {
      t = p.dtype.ctype;
      n = `_s_${p.name}`;
    }
    paramTypes.push(t);
    paramDecls.push(`${t} ${n}`);
  }
  if (needsIndexer) {
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

  // One element: declare locals from `load(k, p)`, run the body, store outputs with `store(k, p, v)`.
  const element = (load: (k: number, p: CodegenParam) => string, store: (k: number, p: CodegenParam, v: string) => string, indent: string) => {
    const lines: string[] = [];
    arrays.forEach((p, k) => {
      if (!p.isOutput) lines.push(`const ${p.localCtype} ${p.name} = (${p.localCtype})(${fromStorage(p, load(k, p))});`);
      else if (p.readsOutput) lines.push(`${p.localCtype} ${p.name} = (${p.localCtype})(${fromStorage(p, load(k, p))});`);
      else lines.push(`${p.localCtype} ${p.name};`);
    });
    // CuPy appends ';' to the operation, so bodies may omit the last one.
    lines.push(`{ ${BODY_MARK}`, ...`${src.body};`.split('\n').map((l) => `  ${l}`), `}`);
    arrays.forEach((p, k) => {
      if (p.isOutput) lines.push(store(k, p, p.name));
    });
    return lines.map((l) => indent + l).join('\n');
  };
  const ptr = (p: CodegenParam) => `_p_${p.name}`;
  // float16 converts through float, whose conversions every C type has.
  const fromStorage = (p: CodegenParam, x: string) => (p.dtype.name === 'float16' ? `(float)(${x})` : x);
  const toStorage = (p: CodegenParam, v: string) => (p.dtype.name === 'float16' ? `(float16)(float)(${v})` : `(${p.dtype.ctype})(${v})`);

  let loop: string;
  if (plan === null) {
    // No array operands: a loop of `size` iterations (raw parameters only).
    loop = [`  for (${I} i : gpa::grid_range<${I}>(_n)) {`, element(() => '', () => '', '    '), `  }`].join('\n');
  } else if (plan.mode === 'strided') {
    loop = [
      `  for (${I} i : gpa::grid_range<${I}>(_n)) {`,
      `    ${I} _off[${Math.max(nops, 1)}];`,
      `    _ix.offsets(i, _off);`,
      element(
        (k, p) => `${ptr(p)}[_off[${k}]]`,
        (k, p, v) => `${ptr(p)}[_off[${k}]] = ${toStorage(p, v)};`,
        '    ',
      ),
      `  }`,
    ].join('\n');
  } else {
    // vec mode: VEC consecutive elements along the innermost dim per step.
    const outerOffsets =
      ndim === 1
        ? [`    const ${I} _base = _v * ${vec};`, ...arrays.map((_, k) => `    const ${I} _o${k} = _base * ${plan.inner[k] === 'v' ? 1 : 0};`)]
        : [
            `    const ${I} _rowlen = _ix.shape[${ndim - 1}] / ${vec};`,
            `    const ${I} _row = _v / _rowlen;`,
            `    const ${I} _col = (_v - _row * _rowlen) * ${vec};`,
            `    const ${I} _base = _row * _ix.shape[${ndim - 1}] + _col;`,
            `    ${I} _off[${nops}];`,
            `    { ${I} _r = _row;`,
            `      for (int _k = 0; _k < ${nops}; ++_k) _off[_k] = 0;`,
            `      for (int _d = ${ndim - 2}; _d >= 0; --_d) {`,
            `        const ${I} _idx = _d == 0 ? _r : _r % _ix.shape[_d];`,
            `        if (_d != 0) _r /= _ix.shape[_d];`,
            `        for (int _k = 0; _k < ${nops}; ++_k) _off[_k] += _idx * _ix.strides[_k][_d];`,
            `      } }`,
            ...arrays.map((_, k) => `    const ${I} _o${k} = _off[${k}] + _col * ${plan.inner[k] === 'v' ? 1 : 0};`),
          ];
    const vecLoads = arrays.map((p, k) => {
      if (p.isOutput && !p.readsOutput) return `    gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k};`;
      if (plan.inner[k] === 'v') return `    ${p.isOutput ? '' : 'const '}gpa::Vec<${p.dtype.ctype}, ${vec}> _v${k} = gpa::load_vec<${vec}>(${ptr(p)} + _o${k});`;
      return `    const ${p.dtype.ctype} _b${k} = ${ptr(p)}[_o${k}];`;
    });
    const vecStores = arrays
      .map((p, k) => (p.isOutput ? `    gpa::store_vec<${vec}>(${ptr(p)} + _o${k}, _v${k});` : ''))
      .filter((l) => l !== '');
    const tailStart = ndim === 1 ? `_nvec * ${vec}` : '0';
    loop = [
      `  const ${I} _nvec = _n / ${vec};`,
      `  for (${I} _v : gpa::grid_range<${I}>(_nvec)) {`,
      ...outerOffsets,
      ...vecLoads,
      `#pragma unroll`,
      `    for (int _k = 0; _k < ${vec}; ++_k) {`,
      `      const ${I} i = _base + _k;`,
      element(
        (k, p) => (plan.inner[k] === 'v' ? `_v${k}[_k]` : `_b${k}`),
        (k, p, v) => `_v${k}[_k] = ${toStorage(p, v)};`,
        '      ',
      ),
      `    }`,
      ...vecStores,
      `  }`,
      ...(ndim === 1
        ? [
            `  for (${I} _t : gpa::grid_range<${I}>(_n - ${tailStart})) {`,
            `    const ${I} i = _t + ${tailStart};`,
            element(
              (k, p) => `${ptr(p)}[i * ${plan.inner[k] === 'v' ? 1 : 0}]`,
              (k, p, v) => `${ptr(p)}[i] = ${toStorage(p, v)};`,
              '    ',
            ),
            `  }`,
          ]
        : []),
    ].join('\n');
  }

  const source = [
    dtypeIncludes(src.params.map((p) => p.dtype)),
    src.preamble,
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
  const bodyLines: number[] = [];
  const lines = source.split('\n');
  lines.forEach((l, k) => {
    if (l.includes(BODY_MARK)) bodyLines.push(k + 2);
  });
  return { source: lines.map((l) => l.replace(` ${BODY_MARK}`, '')).join('\n'), signature: { name: src.kernelName, paramTypes }, bodyLines };
}
