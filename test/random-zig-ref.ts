// A host reference of random_zig.h's normals in plain TypeScript, operation for operation (the
// same rlog/rexp, the same single roundings), on philox.ts's ElementStream: the tests compare
// the kernels' bits to it.
import { counterWords, ElementStream } from '../lib/random/philox.js';
import { rexp, rlog, ZIG_R, zigTables } from '../lib/random/ziggurat.js';

const T = zigTables();

/** A float32 word's draw and whether it is inside its layer's box. */
export function draw32(word: number): [number, boolean] {
  const j = word & 0x1ff;
  const rabs = word >>> 9;
  // rabs * width is exact in double (23 + 24 bits), so one fround is the kernel's one rounding.
  return [rabs === 0 ? 0 : Math.fround(rabs * T.w32[j] * 2 ** -23), rabs < T.k32[j]];
}

/** A 64-bit word's draw (word as bigint) and whether it is inside its layer's box. */
export function draw64(word: bigint): [number, boolean] {
  const j = Number(word & 0x1ffn);
  const rabs = Number((word >> 9n) & 0xfffffffffffffn);
  return [rabs === 0 ? 0 : rabs * T.w64[j] * 2 ** -52, rabs < Number(T.k64[j])];
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
    const i = word & 0xff;
    if (i === 0) return [Math.fround(tail(s, (word & 0x100) !== 0)), 'tail'];
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
    const i = Number(word & 0xffn);
    if (i === 0) return [tail(s, (word & 0x100n) !== 0n), 'tail'];
    path = 'wedge';
    if (wedge(s, i, x)) return [x, path];
    word = s.u64();
  }
}
