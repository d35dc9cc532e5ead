// The structs kernels take by value (common.h's gpa::Indexer and CArray, reduce.h's gpa::RedGeom),
// described once, here. The argument writers place every field from these descriptions, and
// every generated source asserts the C struct's size and each field's offset against the same
// description: a field added, resized or moved on one side fails to compile instead of shifting
// the arguments the kernel reads.
import type { ArgBlock, ParamLayout } from '../device/arg-block.js';

export interface StructField {
  name: string;
  /** Elements of the struct's word type. */
  count: number;
}

/** A struct of one word type (4- or 8-byte integers; CArray's pointer counts as an 8-byte word). */
export interface ArgStruct {
  /** The C type of this instantiation, e.g. 'gpa::Indexer<2, 3, int>'. */
  ctype: string;
  word: 'i32' | 'i64';
  fields: readonly StructField[];
}

const wordBytes = (s: ArgStruct) => (s.word === 'i32' ? 4 : 8);
const atLeast1 = (n: number) => Math.max(1, n);
const indexWord = (index: 'int' | 'long long') => (index === 'int' ? 'i32' : 'i64');

/** gpa::Indexer<NDIM, NOPS, I>: the shape, then every operand's element strides. */
export function indexerStruct(ndim: number, nops: number, index: 'int' | 'long long'): ArgStruct {
  return {
    ctype: `gpa::Indexer<${ndim}, ${nops}, ${index}>`,
    word: indexWord(index),
    fields: [
      { name: 'shape', count: atLeast1(ndim) },
      { name: 'strides', count: atLeast1(nops) * atLeast1(ndim) },
    ],
  };
}

/** CuPy's CArray<T, NDIM, C_CONTIGUOUS>: data, size, shape, byte strides (ndim 0 keeps one slot each). */
export function carrayStruct(ctype: string, ndim: number, contiguous: boolean): ArgStruct {
  return {
    ctype: `CArray<${ctype}, ${ndim}, ${contiguous}>`,
    word: 'i64',
    fields: [
      { name: 'data_', count: 1 },
      { name: 'size_', count: 1 },
      { name: 'shape_', count: atLeast1(ndim) },
      { name: 'strides_', count: atLeast1(ndim) },
    ],
  };
}

/** gpa::RedGeom<I, MAXD, NIN, NOUT>: nine scalars, then the shape and stride tables (reduce.h). */
export function redGeomStruct(index: 'int' | 'long long', maxd: number, nin: number, nout: number): ArgStruct {
  const scalars = ['n_out', 'n_red', 'split_len', 'n_split', 'group', 'vec', 'interleave', 'ndo', 'ndr'];
  return {
    ctype: `gpa::RedGeom<${index}, ${maxd}, ${nin}, ${nout}>`,
    word: indexWord(index),
    fields: [
      ...scalars.map((name) => ({ name, count: 1 })),
      { name: 'out_shape', count: maxd },
      { name: 'in_ostr', count: atLeast1(nin) * maxd },
      { name: 'out_ostr', count: atLeast1(nout) * maxd },
      { name: 'red_shape', count: maxd },
      { name: 'in_rstr', count: atLeast1(nin) * maxd },
    ],
  };
}

export function structBytes(s: ArgStruct): number {
  let words = 0;
  for (const f of s.fields) words += f.count;
  return words * wordBytes(s);
}

/** Where the struct goes in a kernel's argument block. */
export function structLayout(s: ArgStruct): ParamLayout {
  return { size: structBytes(s), align: wordBytes(s) };
}

/**
 * C lines asserting the struct's size, each field's size and (where the compiler has offsetof:
 * the host compiler and nvcc, not NVRTC) each field's offset against this description (file
 * scope; `tag` names the typedef they use, unique in the source). Under NVRTC a swap of two
 * fields of one size goes unseen; the cpu backend compiles the same structs and sees it.
 */
export function structAsserts(s: ArgStruct, tag: string): string[] {
  const t = `_gpa_layout_${tag}`;
  const why = `"${s.ctype} and lib/kernel/arg-structs.ts disagree"`;
  const sizes = [`typedef ${s.ctype} ${t};`, `static_assert(sizeof(${t}) == ${structBytes(s)}, ${why});`];
  const offsets: string[] = [];
  let at = 0;
  for (const f of s.fields) {
    sizes.push(`static_assert(sizeof(${t}::${f.name}) == ${f.count * wordBytes(s)}, ${why});`);
    offsets.push(`static_assert(__builtin_offsetof(${t}, ${f.name}) == ${at}, ${why});`);
    at += f.count * wordBytes(s);
  }
  return [...sizes, '#ifndef __CUDACC_RTC__', ...offsets, '#endif'];
}

/**
 * Writes the struct at byte `base` of `block`, field by field by name, in any order; each field
 * takes exactly its count of values (a shorter or longer list is a bug here, not in the kernel).
 */
export class StructWriter {
  private readonly offsets = new Map<string, { at: number; count: number }>();

  constructor(readonly struct: ArgStruct) {
    let at = 0;
    for (const f of struct.fields) {
      this.offsets.set(f.name, { at, count: f.count });
      at += f.count * wordBytes(struct);
    }
  }

  /** Byte offset of a field in the struct (hot paths write its elements themselves). */
  offsetOf(name: string): number {
    const f = this.offsets.get(name);
    if (f === undefined) throw new Error(`internal error: ${this.struct.ctype} has no field ${name}`);
    return f.at;
  }

  field(block: ArgBlock, base: number, name: string, values: readonly number[]): void {
    const f = this.offsets.get(name);
    if (f === undefined || values.length !== f.count) {
      throw new Error(`internal error: ${this.struct.ctype}.${name} takes ${f?.count ?? 'no'} values, got ${values.length}`);
    }
    const size = wordBytes(this.struct);
    for (let i = 0; i < values.length; i++) block.write(this.struct.word, base + f.at + i * size, values[i]);
  }
}
