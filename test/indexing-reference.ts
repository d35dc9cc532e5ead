// A small host model of NumPy's indexing rules, written independently of lib/ops (it enumerates
// every result element and walks the index items), for the advanced-indexing tests.

export interface HostNd {
  shape: number[];
  data: number[];
}

/** An index item of the reference: integer, slice, newaxis (null), '...', integer or boolean nested arrays. */
export type RefItem = number | { start?: number; stop?: number; step?: number } | null | '...' | RefArray;
export interface RefArray {
  shape: number[];
  data: (number | boolean)[];
  bool: boolean;
}

export const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

export function unravel(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}

export function ravel(idx: readonly number[], shape: readonly number[]): number {
  let f = 0;
  for (let d = 0; d < shape.length; d++) f = f * shape[d] + idx[d];
  return f;
}

function broadcast(shapes: number[][]): number[] {
  const nd = Math.max(0, ...shapes.map((s) => s.length));
  const out = new Array<number>(nd).fill(1);
  for (const s of shapes) {
    s.forEach((d, k) => {
      const j = nd - s.length + k;
      if (out[j] === 1) out[j] = d;
      else if (d !== 1 && d !== out[j]) throw new Error('broadcast');
    });
  }
  return out;
}

function arrayAt(a: RefArray, idx: readonly number[]): number {
  // idx is an index into the broadcast shape; a's dims align to the right.
  const off = idx.length - a.shape.length;
  const own = a.shape.map((d, k) => (d === 1 ? 0 : idx[off + k]));
  return Number(a.data[ravel(own, a.shape)]);
}

function sliceRange(sl: { start?: number; stop?: number; step?: number }, n: number): number[] {
  const step = sl.step ?? 1;
  const out: number[] = [];
  const norm = (v: number | undefined, d: number, lo: number, hi: number) => (v === undefined ? d : Math.min(hi, Math.max(lo, v < 0 ? v + n : v)));
  if (step > 0) {
    const a = norm(sl.start, 0, 0, n);
    const b = norm(sl.stop, n, 0, n);
    for (let i = a; i < b; i += step) out.push(i);
  } else {
    const a = norm(sl.start, n - 1, -1, n - 1);
    const b = norm(sl.stop, -1, -1, n - 1);
    for (let i = a; i > b; i += step) out.push(i);
  }
  return out;
}

/** NumPy's x[items]: the result's shape and values. Throws 'index' on out-of-bounds. */
export function refGet(x: HostNd, items: readonly RefItem[]): HostNd {
  // Boolean arrays become their nonzero() integer arrays.
  const its: RefItem[] = [];
  for (const it of items) {
    if (it !== null && typeof it === 'object' && 'bool' in it && it.bool) {
      const cols: number[][] = it.shape.map(() => []);
      it.data.forEach((v, f) => {
        if (v) unravel(f, it.shape).forEach((c, d) => cols[d].push(c));
      });
      for (const c of cols) its.push({ shape: [c.length], data: c, bool: false });
    } else its.push(it);
  }
  const consumed = its.filter((i) => i !== null && i !== '...').length;
  const expanded: RefItem[] = [];
  for (const it of its) {
    if (it === '...') for (let k = 0; k < x.shape.length - consumed; k++) expanded.push({});
    else expanded.push(it);
  }
  while (expanded.filter((i) => i !== null).length < x.shape.length) expanded.push({});
  const isArr = (i: RefItem): i is RefArray => i !== null && typeof i === 'object' && 'shape' in i;
  const anyArr = expanded.some(isArr);
  // With any array, integers are 0-d arrays.
  const norm = expanded.map((i) => (anyArr && typeof i === 'number' ? ({ shape: [], data: [i], bool: false } as RefArray) : i));
  const advPos = norm.map((i, k) => (isArr(i) ? k : -1)).filter((k) => k >= 0);
  const B = anyArr ? broadcast(norm.filter(isArr).map((a) => a.shape)) : [];
  const adjacent = advPos.every((p, k) => k === 0 || p === advPos[k - 1] + 1);
  // Result dims: per item, in order, with B inserted at the first array (adjacent) or in front.
  type Dim = { kind: 'basic'; item: number; values: number[] } | { kind: 'new' };
  const basic: Dim[] = [];
  let firstAdvDim = -1;
  let axis = 0;
  norm.forEach((it, k) => {
    if (it === null) {
      basic.push({ kind: 'new' });
      return;
    }
    if (isArr(it)) {
      if (firstAdvDim < 0) firstAdvDim = basic.length;
    } else if (typeof it === 'number') {
      // integer without arrays: drops the axis
    } else basic.push({ kind: 'basic', item: k, values: sliceRange(it as { start?: number; stop?: number; step?: number }, x.shape[axis]) });
    axis++;
  });
  const at = anyArr ? (adjacent ? firstAdvDim : 0) : 0;
  const bdims = basic.map((d) => (d.kind === 'new' ? 1 : d.values.length));
  const shape = anyArr ? [...bdims.slice(0, at), ...B, ...bdims.slice(at)] : bdims;
  const data: number[] = [];
  for (let f = 0; f < size(shape); f++) {
    const r = unravel(f, shape);
    const bIdx = anyArr ? r.slice(at, at + B.length) : [];
    const basicIdx = anyArr ? [...r.slice(0, at), ...r.slice(at + B.length)] : r;
    const src: number[] = [];
    let bi = 0;
    let ax = 0;
    norm.forEach((it) => {
      if (it === null) {
        bi++;
        return;
      }
      const n = x.shape[ax];
      if (isArr(it)) {
        let v = arrayAt(it, bIdx);
        if (v < 0) v += n;
        if (v < 0 || v >= n) throw new Error('index');
        src.push(v);
      } else if (typeof it === 'number') {
        let v = it;
        if (v < 0) v += n;
        if (v < 0 || v >= n) throw new Error('index');
        src.push(v);
      } else {
        src.push((basic[bi] as { values: number[] }).values[basicIdx[bi]]);
        bi++;
      }
      ax++;
    });
    data.push(x.data[ravel(src, x.shape)]);
  }
  return { shape, data };
}

/** NumPy's x[items] = values (values broadcast to the indexed shape; sequential, so the last write wins). */
export function refSet(x: HostNd, items: readonly RefItem[], value: HostNd): HostNd {
  // Index the flat positions with the same rules, then write in C order of the result.
  const pos: HostNd = { shape: x.shape, data: x.data.map((_, f) => f) };
  const where = refGet(pos, items);
  const out = { shape: x.shape, data: [...x.data] };
  const nd = where.shape.length;
  for (let f = 0; f < where.data.length; f++) {
    const r = unravel(f, where.shape);
    const off = nd - value.shape.length;
    const own = value.shape.map((d, k) => (d === 1 ? 0 : r[off + k]));
    out.data[where.data[f]] = value.data[ravel(own, value.shape)];
  }
  return out;
}
