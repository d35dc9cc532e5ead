// NumPy's SeedSequence (numpy/random/bit_generator.pyx): entropy from an integer, an array of
// integers or the OS, hashed into a pool of 4 uint32 words, from which generateState() draws
// words; spawn(n) makes children with the parent's entropy and a longer spawn key. The same
// algorithm and constants, so `new SeedSequence(1234).generateState(4)` equals NumPy's.
import { randomBytes } from 'node:crypto';
import { GpuArray } from '../core/gpu-array.js';
import { dtype as toDType, type DTypeLike } from '../core/dtype.js';
import { Scalar } from '../core/scalar.js';
import { lengthOf } from '../core/shape.js';

const POOL_SIZE = 4;
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;

/** Entropy for a SeedSequence: a non-negative integer (number or bigint) or an array of them (nested arrays too, as NumPy's sequences of sequences). */
export type SeedEntropy = number | bigint | readonly SeedEntropyItem[];
/** An item of an entropy array: an integer or a nested array of them. */
export type SeedEntropyItem = number | bigint | boolean | readonly SeedEntropyItem[];
/** A SeedSequence's entropy as kept: integers as bigints, arrays as given (nested arrays too). */
export type SeedEntropyValue = bigint | readonly SeedEntropyValue[];

/** A non-negative integer as little-endian uint32 words (0 gives [0]), NumPy's _int_to_uint32_array. */
function intToWords(v: number | bigint | boolean, what: string): number[] {
  let x: bigint;
  if (typeof v === 'bigint') x = v;
  // A bool is Python's int subclass: SeedSequence([True, False]) is SeedSequence([1, 0]).
  else if (typeof v === 'boolean') x = v ? 1n : 0n;
  else if (typeof v === 'number' && Number.isInteger(v)) x = BigInt(v);
  else throw new TypeError(`${what}: seed values must be integers, got ${String(v)}`);
  if (x < 0n) throw new RangeError(`${what}: expected non-negative integer, got ${x}`);
  if (x === 0n) return [0];
  const out: number[] = [];
  while (x > 0n) {
    out.push(Number(x & 0xffffffffn));
    x >>= 32n;
  }
  return out;
}

/**
 * NumPy's _coerce_to_uint32_array: an integer, or an array of integers (or of arrays, recursively)
 * each split into words. A float TypedArray is NumPy's float ndarray: refused (TypeError).
 */
function toWords(v: SeedEntropyItem, what: string): number[] {
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return intToWords(v, what);
  if (v instanceof Float32Array || v instanceof Float64Array) throw new TypeError(`${what}: seed must be integer, got a ${v.constructor.name}`);
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const out: number[] = [];
    for (const x of v as readonly SeedEntropyItem[]) out.push(...toWords(x, what));
    return out;
  }
  throw new TypeError(`${what}: seed must be an integer or an array of integers, got ${typeof v}`);
}

/**
 * A GpuArray seed as NumPy takes an ndarray one: an integer array is its values; a float array is
 * refused as NumPy's SeedSequence refuses it. A 0-d array is refused too (NumPy's `len()` of it
 * fails), except by the legacy seeding (`legacy`), which takes its integer. A boolean is 0 or 1.
 * Anything else as given.
 */
export function hostEntropy<T>(v: T | GpuArray | Scalar, legacy = false): Exclude<T, Scalar> | SeedEntropy {
  // A bool is Python's int subclass: default_rng(True) is default_rng(1).
  if (typeof v === 'boolean') return v ? 1 : 0;
  // A typed integer scalar is NumPy's np.int64(7), an integer; np.bool_ and float scalars are refused.
  if (v instanceof Scalar) {
    if (v.dtype.kind === 'i' || v.dtype.kind === 'u') return BigInt(v.value as number | bigint);
    if (legacy && v.dtype.kind === 'b') throw new RangeError('seed: Seed array must be 1-d');
    throw new TypeError(`SeedSequence expects int or sequence of ints for entropy not ${v.dtype.name}(${String(v)})`);
  }
  if (!(v instanceof GpuArray)) return v as Exclude<T, Scalar>;
  if (legacy) {
    // RandomState.seed squeezes an array: one element is its integer (not a bool); more must be
    // 1-D, and a bool array of them is taken as 0s and 1s (NumPy casts it to int64 safely).
    // NumPy squeezes the array first: shape (1, 2) is the 1-D seed [a, b].
    if (v.size !== 1 && v.shape.filter((d) => d !== 1).length !== 1) throw new RangeError('seed: Seed array must be 1-d');
    // More than one element is cast to int64 'safe': a uint64 array is NumPy's TypeError (one element is operator.index'd).
    if (v.dtype.name === 'uint64' && v.size !== 1) throw new TypeError("seed: Cannot cast array data from dtype('uint64') to dtype('int64') according to the rule 'safe'");
    if (v.dtype.kind === 'b') {
      if (v.size === 1) throw new RangeError('seed: Seed array must be 1-d');
      return Array.from(v.toTypedArray() as ArrayLike<number>, (x) => BigInt(Number(x)));
    }
  }
  if (v.dtype.kind !== 'i' && v.dtype.kind !== 'u') throw new TypeError(`SeedSequence expects int or sequence of ints for entropy not a ${v.dtype.name} array`);
  if (v.ndim === 0 && !legacy) {
    // NumPy keeps a uint32 array as it is and fails to concatenate it (ValueError); any other
    // integer array is iterated, and a 0-d one has no len() (TypeError).
    if (v.dtype.name === 'uint32') throw new RangeError('SeedSequence: zero-dimensional arrays cannot be concatenated');
    throw new TypeError('SeedSequence: len() of unsized object (a 0-d array is not a seed; pass its item())');
  }
  const values = Array.from(v.toTypedArray() as ArrayLike<number | bigint>, (x) => BigInt(x));
  return v.ndim === 0 || (legacy && v.size === 1) ? values[0] : values;
}

/** Every uint32 operation below is the C one (wrapping multiply, logical shift). */
function hashmix(value: number, hashConst: { v: number }): number {
  value = (value ^ hashConst.v) >>> 0;
  hashConst.v = Math.imul(hashConst.v, MULT_A) >>> 0;
  value = Math.imul(value, hashConst.v) >>> 0;
  return (value ^ (value >>> XSHIFT)) >>> 0;
}

function mix(x: number, y: number): number {
  let r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
  r = (r ^ (r >>> XSHIFT)) >>> 0;
  return r;
}

/** Options of {@link SeedSequence}'s constructor, as NumPy's keyword arguments. */
export interface SeedSequenceOptions {
  /** Extra entropy identifying a spawned child (spawn_key); default []. */
  spawnKey?: readonly (number | bigint)[];
  /** Size of the entropy pool in uint32 words (pool_size); at least 4, the default. */
  poolSize?: number;
  /** Children already spawned (n_children_spawned); default 0. */
  nChildrenSpawned?: number;
}

/**
 * NumPy's numpy.random.SeedSequence, bit for bit: mixes entropy (and a spawn key) into a pool
 * from which seeds are drawn with `generateState`, and spawns independent children.
 * @example const ss = new gp.random.SeedSequence(12345); const [a, b] = ss.spawn(2);
 */
export class SeedSequence {
  readonly entropy: SeedEntropyValue;
  readonly spawnKey: readonly bigint[];
  readonly poolSize: number;
  nChildrenSpawned: number;
  readonly pool: Uint32Array;

  /** `entropy` null/undefined draws 128 bits from the OS (node:crypto), as NumPy's. */
  constructor(entropy?: SeedEntropy | GpuArray | Scalar | null, options: SeedSequenceOptions = {}) {
    const what = 'SeedSequence';
    entropy = hostEntropy(entropy);
    if (entropy === null || entropy === undefined) {
      const b = randomBytes(16);
      let x = 0n;
      for (const byte of b) x = (x << 8n) | BigInt(byte);
      this.entropy = x;
    } else if (typeof entropy === 'number' || typeof entropy === 'bigint') {
      toWords(entropy, what);
      this.entropy = BigInt(entropy);
    } else {
      toWords(entropy, what);
      const keep = (x: SeedEntropyItem): SeedEntropyValue => (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' ? BigInt(x) : Array.from(x, keep));
      this.entropy = keep(entropy as SeedEntropy);
    }
    const poolSize = options.poolSize ?? POOL_SIZE;
    if (!Number.isInteger(poolSize) || poolSize < POOL_SIZE) {
      throw new RangeError(`${what}: poolSize must be an integer >= ${POOL_SIZE}, got ${poolSize}`);
    }
    this.spawnKey = (options.spawnKey ?? []).map((x) => {
      toWords(x, what);
      return BigInt(x);
    });
    this.poolSize = poolSize;
    this.nChildrenSpawned = options.nChildrenSpawned ?? 0;
    this.pool = this.mixEntropy(this.assembledEntropy());
  }

  private assembledEntropy(): number[] {
    let run = toWords(this.entropy as SeedEntropy, 'SeedSequence');
    const spawn = toWords(this.spawnKey, 'SeedSequence');
    if (spawn.length > 0 && run.length < this.poolSize) run = [...run, ...new Array<number>(this.poolSize - run.length).fill(0)];
    return [...run, ...spawn];
  }

  private mixEntropy(entropy: readonly number[]): Uint32Array {
    const mixer = new Uint32Array(this.poolSize);
    const hc = { v: INIT_A };
    for (let i = 0; i < mixer.length; i++) mixer[i] = hashmix(i < entropy.length ? entropy[i] : 0, hc);
    for (let src = 0; src < mixer.length; src++) {
      for (let dst = 0; dst < mixer.length; dst++) {
        if (src !== dst) mixer[dst] = mix(mixer[dst], hashmix(mixer[src], hc));
      }
    }
    for (let src = mixer.length; src < entropy.length; src++) {
      for (let dst = 0; dst < mixer.length; dst++) mixer[dst] = mix(mixer[dst], hashmix(entropy[src], hc));
    }
    return mixer;
  }

  /** `nWords` uint32 words (or uint64 words built from pairs, little-endian, as NumPy's view). */
  generateState(nWordsIn: number | bigint, dtypeIn: DTypeLike = 'uint32'): Uint32Array | BigUint64Array {
    // NumPy: a non-integer count is a TypeError (np.zeros(2.5)), a negative one a ValueError.
    const nWords = lengthOf(typeof nWordsIn === 'boolean' ? Number(nWordsIn) : nWordsIn);
    if (typeof nWords !== 'number' || !Number.isInteger(nWords)) throw new TypeError(`generateState: nWords must be an integer, got ${String(nWordsIn)}`);
    if (nWords < 0) throw new RangeError(`generateState: negative dimensions are not allowed, got ${nWords}`);
    // NumPy: a dtype other than uint32/uint64 is a ValueError (an unknown name a TypeError, from np.dtype).
    const dtype = toDType(dtypeIn).name;
    if (dtype !== 'uint32' && dtype !== 'uint64') throw new RangeError(`generateState: only support uint32 or uint64, got ${dtype}`);
    const n = dtype === 'uint64' ? nWords * 2 : nWords;
    const state = new Uint32Array(n);
    let hashConst = INIT_B;
    for (let i = 0; i < n; i++) {
      let v = this.pool[i % this.pool.length];
      v = (v ^ hashConst) >>> 0;
      hashConst = Math.imul(hashConst, MULT_B) >>> 0;
      v = Math.imul(v, hashConst) >>> 0;
      state[i] = (v ^ (v >>> XSHIFT)) >>> 0;
    }
    if (dtype === 'uint32') return state;
    const out = new BigUint64Array(nWords);
    for (let i = 0; i < nWords; i++) out[i] = BigInt(state[2 * i]) | (BigInt(state[2 * i + 1]) << 32n);
    return out;
  }

  /** n children: the same entropy, spawn keys extended by this sequence's running child count. */
  spawn(nChildrenIn: number | bigint): SeedSequence[] {
    // A bool is Python's int subclass: spawn(True) is one child.
    const nChildren = lengthOf(typeof nChildrenIn === 'boolean' ? Number(nChildrenIn) : nChildrenIn);
    if (typeof nChildren !== 'number' || !Number.isInteger(nChildren)) throw new TypeError(`spawn: nChildren must be an integer, got ${String(nChildrenIn)}`);
    if (nChildren < 0) throw new RangeError(`spawn: nChildren must be a non-negative integer, got ${nChildren}`);
    const out: SeedSequence[] = [];
    for (let i = 0; i < nChildren; i++) {
      out.push(
        new SeedSequence(this.entropy as SeedEntropy, {
          spawnKey: [...this.spawnKey, BigInt(this.nChildrenSpawned + i)],
          poolSize: this.poolSize,
        }),
      );
    }
    this.nChildrenSpawned += nChildren;
    return out;
  }
}
