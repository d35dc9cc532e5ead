// A host reference of random_zig.h's normals in plain TypeScript, operation for operation (the
// same rlog/rexp, the same single roundings), on philox.ts's ElementStream: the tests compare
// the kernels' bits to it.
import { counterWords, ElementStream } from '../lib/random/philox.js';
import { mag32Bits, rexp, rlog, ZIG_R, zigTables } from '../lib/random/ziggurat.js';

const T = zigTables();
const N = T.layers;
const BITS = Math.log2(N);
const MAG32 = mag32Bits(N);

/** A float32 word's draw and whether it is inside its layer's box. */
export function draw32(word: number): [number, boolean] {
  const j = word & (N - 1);
  const sign = word & N ? -1 : 1;
  const rabs = word >>> (BITS + 1);
  // rabs * width is exact in double (21 + 24 bits), so one fround is the kernel's one rounding.
  return [rabs === 0 ? 0 : sign * Math.fround(rabs * T.w32[j] * 2 ** -MAG32), rabs < T.k32[j]];
}

/** A 64-bit word's draw (word as bigint) and whether it is inside its layer's box. */
export function draw64(word: bigint): [number, boolean] {
  const j = Number(word & BigInt(N - 1));
  const sign = word & BigInt(N) ? -1 : 1;
  const rabs = Number((word >> BigInt(BITS + 1)) & 0xfffffffffffffn);
  return [rabs === 0 ? 0 : sign * rabs * T.w64[j] * 2 ** -52, rabs < Number(T.k64[j])];
}

function tail(s: ElementStream, negative: boolean): number {
  for (;;) {
    const xx = -T.invR * rlog(1 - s.uniform());
    const yy = -rlog(1 - s.uniform());
    if (yy + yy > xx * xx) return negative ? -(ZIG_R + xx) : ZIG_R + xx;
  }
}

const wedge = (s: ElementStream, i: number, x: number) => (T.fi[i - 1] - T.fi[i]) * s.uniform() + T.fi[i] < rexp(-0.5 * x * x);

/** What happened to an element: 'fast' (first word accepted), 'wedge' or 'tail'. */
export type ZigPath = 'fast' | 'wedge' | 'tail';

/** Element e (w = 1) of a float32 call at block `pos`: its value and the path it took. */
export function normal32(key: readonly number[], pos: bigint, e: number): [number, ZigPath] {
  const s = new ElementStream(key, counterWords(pos), e, 1);
  let word = s.u32();
  let path: ZigPath = 'fast';
  for (;;) {
    const [x, ok] = draw32(word);
    if (ok) return [x, path];
    const i = word & (N - 1);
    if (i === 0) return [Math.fround(tail(s, (word & N) !== 0)), 'tail'];
    path = 'wedge';
    if (wedge(s, i, x)) return [x, path];
    word = s.u32();
  }
}

/** Element e (w = 2) of a float64 call at block `pos`: its value and the path it took. */
export function normal64(key: readonly number[], pos: bigint, e: number): [number, ZigPath] {
  const s = new ElementStream(key, counterWords(pos), e, 2);
  let word = s.u64();
  let path: ZigPath = 'fast';
  for (;;) {
    const [x, ok] = draw64(word);
    if (ok) return [x, path];
    const i = Number(word & BigInt(N - 1));
    if (i === 0) return [tail(s, (word & BigInt(N)) !== 0n), 'tail'];
    path = 'wedge';
    if (wedge(s, i, x)) return [x, path];
    word = s.u64();
  }
}
