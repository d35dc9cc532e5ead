// Raw-kernel arguments marshalled by their declared C types into the kernel's one argument block:
// a `float*` takes a float32 GpuArray (a view passes its own address, offset applied) or a
// Float32Array (copied to the device and back around the launch, with Numba's warning); `int`
// takes an integral JS number in int32 range; `long long` a number or a bigint; typed scalars
// (float32(3)) are accepted where their value fits. Anything else is a TypeError/RangeError
// naming the parameter, raised before anything is launched.
import { hostByteLength } from '../device/host-bounds.js';
import { DType, dtypeOfTypedArray, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { float16BitsFromNumber } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import type { Device } from '../device/device.js';
import { ArgBlock, ParamLayout } from '../device/arg-block.js';
import type { CParam } from './c-signature.js';
import { warnHostArrayCopy } from './performance-warnings.js';

// Write codes, one per parameter (small integers keep the launch loop's switch monomorphic).
const PTR = 0;
const BOOL = 1;
const I8 = 2;
const U8 = 3;
const I16 = 4;
const U16 = 5;
const I32 = 6;
const U32 = 7;
const I64 = 8;
const U64 = 9;
const F16 = 10;
const F32 = 11;
const F64 = 12;

const CODE_OF: Record<string, number> = {
  bool: BOOL,
  int8: I8,
  uint8: U8,
  int16: I16,
  uint16: U16,
  int32: I32,
  uint32: U32,
  int64: I64,
  uint64: U64,
  float16: F16,
  float32: F32,
  float64: F64,
};

// [min, max + 1): an exclusive upper bound stays exact for 64-bit types as a double (2 ** 63).
const INT_RANGE: Record<number, [number, number]> = {
  [I8]: [-128, 128],
  [U8]: [0, 256],
  [I16]: [-32768, 32768],
  [U16]: [0, 65536],
  [I32]: [-2147483648, 2147483648],
  [U32]: [0, 4294967296],
  [I64]: [-(2 ** 63), 2 ** 63],
  [U64]: [0, 2 ** 64],
};
const BIG_RANGE: Record<number, [bigint, bigint]> = {
  [I64]: [-(1n << 63n), (1n << 63n) - 1n],
  [U64]: [0n, (1n << 64n) - 1n],
};

/** A host TypedArray passed to a launch, and the device copy standing in for it. */
interface HostArg {
  param: CParam;
  host: ArrayBufferView;
  dtype: DType;
  temp: GpuArray | null;
}

/** A raw-kernel argument: a GpuArray or TypedArray for a pointer parameter, a number, bigint, boolean or typed scalar for a value parameter (checked against the C type). */
export type RawArg = GpuArray | ArrayBufferView | Scalar | number | bigint | boolean;

/** 'a float32', 'an int8', 'an Int32Array' ('a uint8': you-int). */
const a = (word: string) => `${/^[aeio]/i.test(word) ? 'an' : 'a'} ${word}`;

function describe(v: unknown): string {
  if (v instanceof GpuArray) return `${a(v.dtype.name)} GpuArray`;
  if (v instanceof Scalar) return `${a(v.dtype.name)} scalar`;
  if (ArrayBuffer.isView(v)) return a(v.constructor.name);
  if (typeof v === 'number' || typeof v === 'bigint') return `the number ${v}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'object') return a((v as object).constructor?.name ?? 'object');
  return a(typeof v);
}

/** Element dtypes a host TypedArray may stand for behind a pointer of dtype `want`. */
function hostArrayFits(host: ArrayBufferView, want: DType | null): DType | null {
  if (host instanceof DataView) return null;
  let d: DType;
  try {
    d = dtypeOfTypedArray(host);
  } catch {
    return null;
  }
  if (want === null || want === d) return d;
  // bool and __half have no TypedArray of their own: their storage arrays stand in.
  if (want === dtypes.bool && d === dtypes.uint8) return want;
  if (want === dtypes.float16 && d === dtypes.uint16) return want;
  return null;
}

export class RawArgs {
  readonly block: ArgBlock;
  /** Device of the GpuArray arguments of the last write (null when there were none). */
  device: Device | null = null;
  /** Number of host TypedArrays in the last write. */
  hostCount = 0;
  private readonly codes: Int32Array;
  private readonly offsets: Int32Array;
  private readonly view: DataView;
  private readonly host: HostArg[] = [];
  /**
   * The arguments of a launch that stages host arrays, held until it is done: staging allocates,
   * and an allocation may reclaim unreachable arrays (lib/core/lifetime.ts), so a temporary
   * GpuArray argument must stay reachable while its address sits in the block.
   */
  inFlight: ArrayLike<unknown> | null = null;

  constructor(
    private readonly kernelName: string,
    readonly params: readonly CParam[],
  ) {
    const layouts: ParamLayout[] = params.map((p) => {
      if (p.pointer > 0) return { size: 8, align: 8 };
      const d = p.dtype!;
      return { size: d.itemsize, align: d.itemsize };
    });
    this.block = new ArgBlock(layouts);
    this.view = this.block.view;
    this.codes = Int32Array.from(params, (p) => (p.pointer > 0 ? PTR : CODE_OF[p.dtype!.name]));
    this.offsets = Int32Array.from(this.block.offsets);
  }

  private where(p: CParam): string {
    return `${this.kernelName}: argument '${p.name}' (${p.text})`;
  }

  /** Check every argument against its parameter and write it into the block. */
  write(args: ArrayLike<unknown>): void {
    const n = this.codes.length;
    if (args.length !== n) {
      const names = this.params.map((p) => p.name).join(', ');
      throw new TypeError(`${this.kernelName} takes ${n} argument${n === 1 ? '' : 's'} (${names}), got ${args.length}`);
    }
    let device: Device | null = null;
    this.hostCount = 0;
    for (let k = 0; k < n; k++) {
      const v = args[k];
      const off = this.offsets[k];
      const code = this.codes[k];
      if (code === PTR) {
        if (v instanceof GpuArray) {
          const p = this.params[k];
          if (p.dtype !== null && v.dtype !== p.dtype) {
            throw new TypeError(`${this.where(p)} needs ${a(p.dtype.name)} GpuArray, got ${describe(v)}`);
          }
          const dev = v.device;
          if (device === null) device = dev;
          else if (dev !== device) {
            throw new TypeError(`${this.where(p)} is on ${dev}, but earlier array arguments are on ${device}`);
          }
          this.block.writeU64Number(off, v.ptr);
        } else this.noteHostArray(k, v);
        continue;
      }
      if (typeof v === 'number') this.writeNumber(k, code, off, v, v);
      else this.writeOther(k, code, off, v);
    }
    this.device = device;
    if (this.hostCount > 0) this.inFlight = args;
  }

  private noteHostArray(k: number, v: unknown): void {
    const p = this.params[k];
    const d = ArrayBuffer.isView(v) ? hostArrayFits(v, p.dtype) : null;
    if (d === null) {
      const want = p.dtype === null ? 'a GpuArray' : `${a(p.dtype.name)} GpuArray`;
      throw new TypeError(`${this.where(p)} needs ${want}, got ${describe(v)}`);
    }
    const slot = this.host[this.hostCount];
    if (slot) {
      slot.param = p;
      slot.host = v as ArrayBufferView;
      slot.dtype = d;
      slot.temp = null;
    } else this.host.push({ param: p, host: v as ArrayBufferView, dtype: d, temp: null });
    this.hostCount++;
  }

  private writeNumber(k: number, code: number, off: number, v: number, given: unknown): void {
    const view = this.view;
    switch (code) {
      case F32:
        view.setFloat32(off, v, true);
        return;
      case F64:
        this.block.writeF64(off, v);
        return;
      case F16:
        view.setUint16(off, float16BitsFromNumber(v), true);
        return;
      case BOOL:
        if (v !== 0 && v !== 1) throw new TypeError(`${this.where(this.params[k])} needs a boolean, got ${describe(given)}`);
        view.setUint8(off, v);
        return;
    }
    if (!Number.isInteger(v)) throw new TypeError(`${this.where(this.params[k])} needs an integer, got ${describe(given)}`);
    const [lo, end] = INT_RANGE[code];
    if (v < lo || v >= end) throw this.rangeError(k, code, given);
    switch (code) {
      case I32:
        view.setInt32(off, v, true);
        return;
      case U32:
        view.setUint32(off, v, true);
        return;
      case I64:
        this.block.writeI64Number(off, v);
        return;
      case U64:
        this.block.writeU64Number(off, v);
        return;
      case I16:
        view.setInt16(off, v, true);
        return;
      case U16:
        view.setUint16(off, v, true);
        return;
      case I8:
        view.setInt8(off, v);
        return;
      case U8:
        view.setUint8(off, v);
        return;
    }
  }

  private rangeError(k: number, code: number, given: unknown): RangeError {
    const p = this.params[k];
    const [lo, hi] = code === I64 || code === U64 ? BIG_RANGE[code] : [INT_RANGE[code][0], INT_RANGE[code][1] - 1];
    return new RangeError(`${this.where(p)} needs an integer in ${p.dtype!.name} range [${lo}, ${hi}], got ${describe(given)}`);
  }

  private writeOther(k: number, code: number, off: number, v: unknown): void {
    const p = this.params[k];
    if (typeof v === 'bigint') {
      if (code === I64 || code === U64) {
        const [lo, hi] = BIG_RANGE[code];
        if (v < lo || v > hi) throw this.rangeError(k, code, v);
        if (code === I64) this.view.setBigInt64(off, v, true);
        else this.view.setBigUint64(off, v, true);
        return;
      }
      if (code === F32 || code === F64 || code === F16) return this.writeNumber(k, code, off, Number(v), v);
      if (code === BOOL) throw new TypeError(`${this.where(p)} needs a boolean, got ${describe(v)}`);
      const [lo, end] = INT_RANGE[code];
      if (v < BigInt(lo) || v >= BigInt(end)) throw this.rangeError(k, code, v);
      return this.writeNumber(k, code, off, Number(v), v);
    }
    if (typeof v === 'boolean') {
      if (code === BOOL) {
        this.view.setUint8(off, v ? 1 : 0);
        return;
      }
      throw new TypeError(`${this.where(p)} needs a number, got ${describe(v)}`);
    }
    if (v instanceof Scalar) {
      const x = v.value;
      if (typeof x === 'object') throw new TypeError(`${this.where(p)} cannot take ${describe(v)}`);
      const isFloatParam = code === F16 || code === F32 || code === F64;
      if (v.dtype.isFloat && !isFloatParam) {
        throw new TypeError(`${this.where(p)} needs an integer, got ${describe(v)} (convert it explicitly)`);
      }
      if (v.dtype.isBool !== (code === BOOL)) throw new TypeError(`${this.where(p)} cannot take ${describe(v)}`);
      if (typeof x === 'bigint') return this.writeOther(k, code, off, x);
      return this.writeNumber(k, code, off, x, v);
    }
    const want = code === BOOL ? 'a boolean' : code >= F16 ? 'a number' : 'an integer';
    throw new TypeError(`${this.where(p)} needs ${want}, got ${describe(v)}`);
  }

  /** Copy the host arrays of the last write to temporaries on `device` (in `stream`'s order) and point the block at them. */
  stageHost(device: Device, stream: number): void {
    warnHostArrayCopy();
    try {
      for (let i = 0; i < this.hostCount; i++) {
        const h = this.host[i];
        const bytes = hostByteLength(h.host); // the real extent (a subclass's byteLength getter may lie)
        const length = bytes / h.dtype.itemsize;
        const t = GpuArray.allocate([length], h.dtype, device);
        h.temp = t;
        if (bytes > 0) device.backend.copyHostToDevice(t.ptr, h.host, bytes, stream);
        this.block.writeU64Number(this.offsets[h.param.index], t.ptr);
      }
    } catch (e) {
      this.releaseHost();
      throw e;
    }
  }

  /** After the launch: wait for it, copy writable arrays back into the host arrays, free the temporaries. */
  finishHost(device: Device, stream: number): void {
    try {
      device.backend.synchronize();
      for (let i = 0; i < this.hostCount; i++) {
        const h = this.host[i];
        // A const pointee cannot have been written: skip the copy back.
        if (h.temp !== null && !h.param.isConst && h.temp.nbytes > 0) {
          device.backend.copyDeviceToHost(h.host, h.temp.ptr, h.temp.nbytes, stream);
        }
      }
    } finally {
      this.releaseHost();
    }
  }

  releaseHost(): void {
    for (let i = 0; i < this.hostCount; i++) {
      const h = this.host[i];
      h.temp?.dispose();
      h.temp = null;
      h.host = EMPTY;
    }
    this.hostCount = 0;
    this.inFlight = null;
  }

  dispose(): void {
    this.releaseHost();
    this.block.free();
  }
}

const EMPTY = new Uint8Array(0);
