// A kernel's argument block: one native buffer holding every parameter value at its C alignment,
// followed by the array of pointers to them (cuLaunchKernel's kernelParams; the cpu trampoline
// reads the same layout). Built once per compiled kernel and rewritten in place for each launch.
import { NativeBlock } from '../../bindings/libc.js';

export type SlotKind = 'ptr' | 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'u64' | 'f32' | 'f64';

const SIZE: Record<SlotKind, number> = { ptr: 8, i8: 1, u8: 1, i16: 2, u16: 2, i32: 4, u32: 4, i64: 8, u64: 8, f32: 4, f64: 8 };

/** One parameter: a run of scalar slots (a struct is several). */
export interface ParamLayout {
  /** Byte size of the parameter (struct size, padded to its alignment). */
  size: number;
  align: number;
}

/** Where an argument block's values and pointer table lie, by the table's address (see ArgBlock.layoutAt). */
export interface ArgBlockLayout {
  /** Address of the first value. */
  readonly base: number;
  /** Byte offset of the pointer table from `base` (the values come before it). */
  readonly tableOffset: number;
  /** Byte offset of each parameter's value from `base`. */
  readonly offsets: readonly number[];
}

const layouts = new Map<number, ArgBlockLayout>();

export class ArgBlock {
  private readonly block: NativeBlock;
  readonly view: DataView;
  private readonly u32: Uint32Array;
  private readonly f64: Float64Array;
  /** Byte offset of each parameter's value. */
  readonly offsets: readonly number[];
  /** Address of the pointer table to pass as kernelParams. */
  readonly pointers: number;

  constructor(params: readonly ParamLayout[]) {
    const offsets: number[] = [];
    let off = 0;
    for (const p of params) {
      off = Math.ceil(off / p.align) * p.align;
      offsets.push(off);
      off += p.size;
    }
    const tableOff = Math.ceil(off / 8) * 8;
    this.block = new NativeBlock(tableOff + 8 * Math.max(1, params.length));
    this.view = new DataView(this.block.buffer);
    this.u32 = new Uint32Array(this.block.buffer);
    this.f64 = new Float64Array(this.block.buffer);
    this.offsets = offsets;
    this.pointers = this.block.address + tableOff;
    offsets.forEach((o, i) => this.writeU64Number(tableOff + 8 * i, this.block.address + o));
    layouts.set(this.pointers, { base: this.block.address, tableOffset: tableOff, offsets });
  }

  /**
   * The layout of the live block whose pointer table is at `pointers`: what the cpu backend needs
   * to copy a launch's arguments when it records them into a graph. Undefined for other memory.
   */
  static layoutAt(pointers: number): ArgBlockLayout | undefined {
    return layouts.get(pointers);
  }

  /** A 64-bit unsigned integer given as a JS number (device pointers, sizes), split into halves. */
  writeU64Number(byteOffset: number, v: number): void {
    const w = byteOffset >>> 2;
    this.u32[w] = v % 4294967296;
    this.u32[w + 1] = Math.floor(v / 4294967296);
  }

  writeI64Number(byteOffset: number, v: number): void {
    if (v >= 0) this.writeU64Number(byteOffset, v);
    else this.view.setBigInt64(byteOffset, BigInt(v), true);
  }

  writeF64(byteOffset: number, v: number): void {
    if ((byteOffset & 7) === 0) this.f64[byteOffset >>> 3] = v;
    else this.view.setFloat64(byteOffset, v, true);
  }

  write(kind: SlotKind, byteOffset: number, v: number | bigint): void {
    const dv = this.view;
    switch (kind) {
      case 'ptr':
      case 'u64':
        if (typeof v === 'bigint') dv.setBigUint64(byteOffset, BigInt.asUintN(64, v), true);
        else this.writeU64Number(byteOffset, v);
        return;
      case 'i64':
        if (typeof v === 'bigint') dv.setBigInt64(byteOffset, BigInt.asIntN(64, v), true);
        else this.writeI64Number(byteOffset, v);
        return;
      case 'i32':
        dv.setInt32(byteOffset, Number(v), true);
        return;
      case 'u32':
        dv.setUint32(byteOffset, Number(v), true);
        return;
      case 'i16':
        dv.setInt16(byteOffset, Number(v), true);
        return;
      case 'u16':
        dv.setUint16(byteOffset, Number(v), true);
        return;
      case 'i8':
        dv.setInt8(byteOffset, Number(v));
        return;
      case 'u8':
        dv.setUint8(byteOffset, Number(v));
        return;
      case 'f32':
        dv.setFloat32(byteOffset, Number(v), true);
        return;
      case 'f64':
        this.writeF64(byteOffset, Number(v));
        return;
    }
  }

  static slotSize(kind: SlotKind): number {
    return SIZE[kind];
  }

  free(): void {
    layouts.delete(this.pointers);
    this.block.free();
  }
}
