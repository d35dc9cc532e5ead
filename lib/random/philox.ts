// A host reference of kernels/gpuarray/philox.h: Philox4x32-10 and the per-element streams of the
// documented counter layout, in plain TypeScript. Used for host-side sampling (permutation,
// choice without replacement, bytes) and by the tests, which compare the kernels' bits to it.

const M0 = 0xd2511f53;
const M1 = 0xcd9e8d57;
const W0 = 0x9e3779b9;
const W1 = 0xbb67ae85;
/** The substream key salt of philox.h's SUBSTREAM_SALT. */
export const SUBSTREAM_SALT = 0x5eed5eed;

/** High and low 32 bits of a 32x32-bit product. */
export function mul32(a: number, b: number): [number, number] {
  const lo = Math.imul(a, b) >>> 0;
  // 16-bit halves: every partial product and sum stays exact in a double.
  const ah = a >>> 16, al = a & 0xffff, bh = b >>> 16, bl = b & 0xffff;
  const p0 = al * bl, p1 = ah * bl, p2 = al * bh, p3 = ah * bh;
  const mid = (p0 >>> 16) + (p1 & 0xffff) + (p2 & 0xffff);
  const hi = p3 + (p1 >>> 16) + (p2 >>> 16) + (mid >>> 16);
  return [hi >>> 0, lo];
}

/** Philox4x32-10 of a 128-bit counter (4 words, least significant first) and a 64-bit key. */
export function philox4x32_10(ctr: readonly number[], key: readonly number[]): Uint32Array {
  let c0 = ctr[0] >>> 0, c1 = ctr[1] >>> 0, c2 = ctr[2] >>> 0, c3 = ctr[3] >>> 0;
  let k0 = key[0] >>> 0, k1 = key[1] >>> 0;
  for (let r = 0; r < 10; r++) {
    if (r > 0) {
      k0 = (k0 + W0) >>> 0;
      k1 = (k1 + W1) >>> 0;
    }
    const [hi0, lo0] = mul32(M0, c0);
    const [hi1, lo1] = mul32(M1, c2);
    const n0 = (hi1 ^ c1 ^ k0) >>> 0;
    const n2 = (hi0 ^ c3 ^ k1) >>> 0;
    c0 = n0;
    c1 = lo1;
    c2 = n2;
    c3 = lo0;
  }
  return Uint32Array.of(c0, c1, c2, c3);
}

const MASK128 = (1n << 128n) - 1n;

/** A 128-bit counter (4 words) plus a non-negative integer below 2^53. */
export function add128(a: readonly number[], b: number): number[] {
  const out = [0, 0, 0, 0];
  let carry = 0;
  const bw = [b % 4294967296, Math.floor(b / 4294967296), 0, 0];
  for (let i = 0; i < 4; i++) {
    const t = a[i] + bw[i] + carry;
    out[i] = t % 4294967296;
    carry = t >= 4294967296 ? 1 : 0;
  }
  return out;
}

/** 4 * a (mod 2^128). */
export function shl2(a: readonly number[]): number[] {
  return [(a[0] << 2) >>> 0, ((a[1] << 2) | (a[0] >>> 30)) >>> 0, ((a[2] << 2) | (a[1] >>> 30)) >>> 0, ((a[3] << 2) | (a[2] >>> 30)) >>> 0];
}

/** A 128-bit counter as 4 words, least significant first. */
export function counterWords(v: bigint): number[] {
  const x = v & MASK128;
  return [0, 1, 2, 3].map((i) => Number((x >> BigInt(32 * i)) & 0xffffffffn));
}

/**
 * One element's words, as philox.h's Stream: w primary words of the call at block `pos`, then
 * the substream blocks Philox(counter = first word index, key = (k0 ^ d, k1 ^ SALT)), d = 1, 2...
 */
export class ElementStream {
  private buf: Uint32Array;
  private next: number;
  private end: number;
  private draw = 0;
  private readonly first: number[];

  /** `pos`: the call's first block as 4 words (counterWords); `e` the element; `w` its words. */
  constructor(private readonly key: readonly number[], pos: readonly number[], e: number, w: number) {
    const off = e * w;
    this.first = add128(shl2(pos), off);
    this.buf = philox4x32_10(add128(pos, Math.floor(off / 4)), key);
    this.next = off % 4;
    this.end = this.next + w;
  }

  u32(): number {
    if (this.next === this.end) {
      this.draw += 1;
      this.buf = philox4x32_10(this.first, [(this.key[0] ^ this.draw) >>> 0, (this.key[1] ^ SUBSTREAM_SALT) >>> 0]);
      this.next = 0;
      this.end = 4;
    }
    return this.buf[this.next++];
  }

  u64(): bigint {
    const hi = BigInt(this.u32());
    return (hi << 32n) | BigInt(this.u32());
  }

  /** [0, 1) from 53 bits, NumPy's conversion. */
  uniform(): number {
    const a = this.u32() >>> 5;
    const b = this.u32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/** float32 in [0, 1) from a word's top 24 bits. */
export const u01Float = (a: number): number => (a >>> 8) / 16777216;

/** Lemire's method on a stream: uniform in [0, rng], rng inclusive (philox.h's bounded32/64). */
export function bounded(s: ElementStream, rng: bigint): bigint {
  if (rng <= 0xffffffffn) return BigInt(bounded32(s, Number(rng)));
  const M64 = (1n << 64n) - 1n;
  if (rng === M64) return s.u64();
  const range = rng + 1n;
  let x = s.u64();
  let l = (x * range) & M64;
  if (l < range) {
    const t = ((1n << 64n) - range) % range;
    while (l < t) {
      x = s.u64();
      l = (x * range) & M64;
    }
  }
  return (x * range) >> 64n;
}

/** Lemire on 32 bits with numbers only (philox.h's bounded32). */
export function bounded32(s: ElementStream, rng: number): number {
  if (rng === 0xffffffff) return s.u32();
  const range = rng + 1;
  let [hi, lo] = mul32(s.u32(), range);
  if (lo < range) {
    const t = (4294967296 - range) % range;
    while (lo < t) [hi, lo] = mul32(s.u32(), range);
  }
  return hi;
}
