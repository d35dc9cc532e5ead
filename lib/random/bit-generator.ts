// The Philox bit generator: a 64-bit key and a 128-bit counter position in blocks of 4 words,
// seeded as NumPy's bit generators (an integer, an array of integers, a SeedSequence or the OS).
// Its random words come from kernels/gpuarray/philox.h; here only the position is kept.
import type { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { SeedEntropy, SeedSequence } from './seed-sequence.js';
import { counterWords } from './philox.js';

const COUNTER_MOD = 1n << 128n;

/** A seed as NumPy's bit generators take it: an integer, an array of integers, a SeedSequence, or null/undefined for fresh OS entropy. */
export type SeedLike = SeedEntropy | GpuArray | Scalar | SeedSequence | null | undefined;

export function toSeedSequence(seed: SeedLike): SeedSequence {
  if (seed instanceof SeedSequence) return seed;
  return new SeedSequence(seed ?? null);
}

/** A Philox bit generator's state (numpy.random.Philox.state): its key and counter position; assign it back to `state` to replay. */
export interface PhiloxState {
  /** Always 'Philox'. */
  bitGenerator: 'Philox';
  /** The key (2 uint32 words). */
  key: [number, number];
  /** The counter position in blocks (128-bit). */
  counter: bigint;
}

/** Philox4x32-10 (NumPy's Philox is the 4x64 variant; this one is Random123's/cuRAND's 4x32). */
export class Philox {
  readonly seedSeq: SeedSequence;
  readonly key: readonly [number, number];
  private pos: bigint;

  constructor(seed?: SeedLike, options: { key?: readonly [number, number]; counter?: bigint } = {}) {
    this.seedSeq = toSeedSequence(seed);
    if (options.key !== undefined) {
      const [k0, k1] = options.key;
      for (const k of [k0, k1]) {
        if (!Number.isInteger(k) || k < 0 || k > 0xffffffff) throw new RangeError(`Philox: key words must be uint32, got ${k}`);
      }
      this.key = [k0, k1];
    } else {
      const s = this.seedSeq.generateState(2, 'uint32') as Uint32Array;
      this.key = [s[0], s[1]];
    }
    this.pos = ((options.counter ?? 0n) % COUNTER_MOD + COUNTER_MOD) % COUNTER_MOD;
  }

  /** The next block position (128-bit). */
  get counter(): bigint {
    return this.pos;
  }

  /** The generator's state (numpy.random.BitGenerator.state): a fresh copy of key and counter. */
  get state(): PhiloxState {
    return { bitGenerator: 'Philox', key: [this.key[0], this.key[1]], counter: this.pos };
  }

  /** Restores a state read from `state` (the counter is taken modulo 2^128); throws a TypeError for anything but a Philox state. */
  set state(s: PhiloxState) {
    if (!s || s.bitGenerator !== 'Philox') throw new TypeError('state must be a Philox state');
    (this as { key: readonly [number, number] }).key = [s.key[0] >>> 0, s.key[1] >>> 0];
    this.pos = ((BigInt(s.counter) % COUNTER_MOD) + COUNTER_MOD) % COUNTER_MOD;
  }

  /**
   * Reserve `blocks` Philox blocks for one call: returns the first block's counter words and
   * advances past them.
   */
  reserve(blocks: bigint): number[] {
    if (blocks < 0n) throw new RangeError('reserve: negative block count');
    const words = counterWords(this.pos);
    this.pos = (this.pos + blocks) % COUNTER_MOD;
    return words;
  }

  /** Advance the counter by `delta` blocks (of 4 words), as NumPy's Philox.advance. */
  advance(delta: number | bigint): this {
    const d = typeof delta === 'bigint' ? delta : Number.isInteger(delta) ? BigInt(delta) : NaN;
    if (typeof d !== 'bigint') throw new TypeError(`advance: delta must be an integer, got ${String(delta)}`);
    if (d < 0n) throw new RangeError('advance: delta must be non-negative');
    this.pos = (this.pos + d) % COUNTER_MOD;
    return this;
  }

  /** A copy advanced by `jumps` * 2^64 blocks (2^66 words): non-overlapping streams for parallel use. */
  jumped(jumps: number | bigint = 1): Philox {
    const j = typeof jumps === 'bigint' ? jumps : BigInt(jumps);
    if (j < 0n) throw new RangeError('jumped: jumps must be non-negative');
    return new Philox(this.seedSeq, { key: [this.key[0], this.key[1]], counter: this.pos + j * (1n << 64n) });
  }

  /** Independent child bit generators from spawned SeedSequences. */
  spawn(nChildren: number | bigint): Philox[] {
    return this.seedSeq.spawn(nChildren).map((s) => new Philox(s));
  }
}
