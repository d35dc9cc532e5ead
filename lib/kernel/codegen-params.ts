// What both kernel generators (element-wise and reduction) emit alike for their parameters: the
// C signature, the placeholder typedefs, the scalar locals, the headers a set of dtypes needs,
// the layout asserts of by-value structs, and the storage <-> compute conversions. One emitter,
// so a parameter kind or a dtype's storage rule changes in one place for both engines.
import type { DType } from '../core/dtype.js';
import { ArgStruct, carrayStruct, structAsserts } from './arg-structs.js';

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

/** Header includes a set of dtypes needs (each dtype names its own): float16 and complex support are costly, so optional. */
export function dtypeIncludes(dts: readonly DType[]): string {
  // Complex last: complex.h's overloads come after the storage types they may meet.
  const headers = [...dts.filter((d) => !d.isComplex), ...dts.filter((d) => d.isComplex)].map((d) => d.header);
  return [...new Set(headers.filter((h) => h !== null))].map((h) => `#include "${h}"`).join('\n');
}

const rawStruct = (p: CodegenParam) => carrayStruct(p.dtype.ctype, p.rawNdim, p.rawContiguous);

/** Size and offset asserts of every struct a kernel takes by value (raw CArrays, then `more`). */
export function layoutAsserts(params: readonly CodegenParam[], more: readonly ArgStruct[] = []): string[] {
  const structs = [...params.filter((p) => p.kind === 'raw').map(rawStruct), ...more];
  return structs.flatMap((st, k) => structAsserts(st, String(k)));
}

/** The C name of an array parameter's pointer. */
export const ptr = (p: CodegenParam) => `_p_${p.name}`;

/**
 * C parameter types and declarations of the user-visible parameters, in order: arrays as
 * pointers (`_p_NAME`), raw ones as CArrays (`NAME`), scalars by value (`_s_NAME`, see scalarLocals).
 */
export function kernelParams(params: readonly CodegenParam[]): { types: string[]; decls: string[] } {
  const types: string[] = [];
  const decls: string[] = [];
  for (const p of params) {
    const [t, n] =
      p.kind === 'array' ? [`${p.isOutput ? '' : 'const '}${p.dtype.ctype}*`, ptr(p)] : p.kind === 'raw' ? [rawStruct(p).ctype, p.name] : [p.dtype.ctype, `_s_${p.name}`];
    types.push(t);
    decls.push(`${t} ${n}`);
  }
  return { types, decls };
}

/** `typedef CTYPE LETTER;` for each bound placeholder (first binding wins), `indent` before each. */
export function placeholderTypedefs(params: readonly CodegenParam[], indent: string): string[] {
  const typedefs = new Map<string, string>();
  for (const p of params) if (p.placeholder) typedefs.set(p.placeholder, p.localCtype);
  return [...typedefs].map(([n, t]) => `${indent}typedef ${t} ${n};`);
}

/** Each scalar parameter as the local the expressions see, in its compute type. */
export const scalarLocals = (params: readonly CodegenParam[]) =>
  params.filter((p) => p.kind === 'scalar').map((p) => `  const ${p.localCtype} ${p.name} = (${p.localCtype})_s_${p.name};`);

/** A stored element as a value of a C type: a dtype held as bits (float16, bfloat16) converts through its compute type (float), whose conversions every C type has. */
export const fromStorage = (p: CodegenParam, x: string) => (p.dtype.bits !== null ? `(${p.dtype.computeCtype})(${x})` : x);

/** A computed value as the output's storage type. */
export const toStorage = (p: CodegenParam, v: string) => storeCast(p.dtype, p.localCtype, v);

/** `v`, held in C type `local`, converted to `d`'s storage type as a kernel stores it. A double goes to float16 directly: through float it would round twice (NumPy rounds once). */
export function storeCast(d: DType, local: string, v: string): string {
  if (d.bits === null) return `(${d.ctype})(${v})`;
  return local === 'double' && d.castCtype === d.ctype ? `(${d.ctype})(${v})` : `(${d.ctype})(${d.computeCtype})(${v})`;
}
