// A host model of NumPy's strided views for the array tests: flat values, shape, element strides
// and offset, with view operations written plainly from Python's slice rules. The tests apply the
// same operations to a GpuArray and to a model and compare the elements in C order.

export type Value = number | bigint | boolean | { re: number; im: number };

export interface ModelSlice {
  start?: number | null;
  stop?: number | null;
  step?: number | null;
}

export type ModelIndex = number | ModelSlice | 'newaxis';

export class Model {
  constructor(
    readonly data: readonly Value[],
    readonly shape: readonly number[],
    readonly strides: readonly number[],
    readonly offset: number,
  ) {}

  static of(data: readonly Value[], shape: readonly number[]): Model {
    const strides: number[] = [];
    let s = 1;
    for (let i = shape.length - 1; i >= 0; i--) {
      strides[i] = s;
      s *= shape[i];
    }
    return new Model(data, shape, strides, 0);
  }

  get size(): number {
    return this.shape.reduce((a, b) => a * b, 1);
  }

  /** The elements in C order. */
  values(): Value[] {
    const out: Value[] = [];
    const rec = (axis: number, off: number) => {
      if (axis === this.shape.length) {
        out.push(this.data[off]);
        return;
      }
      for (let i = 0; i < this.shape[axis]; i++) rec(axis + 1, off + i * this.strides[axis]);
    };
    rec(0, this.offset);
    return out;
  }

  /** The indices a Python slice picks from range(n), in order. */
  static sliceIndices(sl: ModelSlice, n: number): number[] {
    const step = sl.step ?? 1;
    const norm = (v: number) => (v < 0 ? v + n : v);
    const out: number[] = [];
    if (step > 0) {
      const start = sl.start == null ? 0 : Math.min(Math.max(norm(sl.start), 0), n);
      const stop = sl.stop == null ? n : Math.min(Math.max(norm(sl.stop), 0), n);
      for (let i = start; i < stop; i += step) out.push(i);
    } else {
      const start = sl.start == null ? n - 1 : Math.min(Math.max(norm(sl.start), -1), n - 1);
      const stop = sl.stop == null ? -1 : Math.min(Math.max(norm(sl.stop), -1), n - 1);
      for (let i = start; i > stop; i += step) out.push(i);
    }
    return out;
  }

  /** Basic indexing with one index per leading axis (no ellipsis; newaxis allowed). */
  index(ix: readonly ModelIndex[]): Model {
    const shape: number[] = [];
    const strides: number[] = [];
    let offset = this.offset;
    let axis = 0;
    const full = [...ix];
    while (full.filter((x) => x !== 'newaxis').length < this.shape.length) full.push({});
    for (const x of full) {
      if (x === 'newaxis') {
        shape.push(1);
        strides.push(0);
        continue;
      }
      const n = this.shape[axis];
      const st = this.strides[axis];
      axis++;
      if (typeof x === 'number') {
        offset += (x < 0 ? x + n : x) * st;
        continue;
      }
      const picked = Model.sliceIndices(x, n);
      shape.push(picked.length);
      strides.push(st * (x.step ?? 1));
      if (picked.length > 0) offset += picked[0] * st;
    }
    return new Model(this.data, shape, strides, offset);
  }

  transpose(perm?: readonly number[]): Model {
    const p = perm ?? this.shape.map((_, i) => this.shape.length - 1 - i);
    return new Model(
      this.data,
      p.map((a) => this.shape[a]),
      p.map((a) => this.strides[a]),
      this.offset,
    );
  }

  broadcastTo(to: readonly number[]): Model {
    const off = to.length - this.shape.length;
    const strides = to.map((d, i) => (i < off || this.shape[i - off] !== d ? 0 : this.strides[i - off]));
    return new Model(this.data, to, strides, this.offset);
  }

  /** A C-ordered model of the same elements with a new shape. */
  reshape(to: readonly number[]): Model {
    return Model.of(this.values(), to);
  }
}

/** A deterministic integer in [lo, hi]. */
export const randInt = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** A random slice for a dimension of length n, including negative steps and out-of-range bounds. */
export function randomSlice(r: () => number, n: number): ModelSlice {
  const step = [1, 1, 2, 3, -1, -2][randInt(r, 0, 5)];
  const bound = () => (r() < 0.3 ? null : randInt(r, -n - 2, n + 2));
  return { start: bound(), stop: bound(), step };
}

/** Exact equality of exported values, NaN equal to NaN. */
export function sameValue(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || a === b;
}
