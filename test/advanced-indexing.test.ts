// Advanced indexing against an independent host model of NumPy's rules (test/indexing-reference.ts):
// random mixes of integers, slices, newaxis, ellipsis, integer arrays (GpuArray, TypedArray, JS
// arrays) and boolean masks, for reading and writing, on contiguous arrays and transposed views;
// out-of-bounds IndexError; repeated indices in writes; the async forms.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { HostNd, RefArray, RefItem, refGet, refSet, size } from './indexing-reference.js';

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const randInt = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo));

const num = (xs: ArrayLike<number | bigint | boolean>) => Array.from(xs, Number);

/** A host model and device array of the same values (1-based, so nothing is zero). */
function makeArray(shape: number[], transposed: boolean): { host: HostNd; arr: GpuArray; owners: GpuArray[] } {
  if (!transposed) {
    const data = Array.from({ length: size(shape) }, (_, i) => i + 1);
    return { host: { shape, data }, arr: gp.array(Float32Array.from(data)).reshape(shape), owners: [] };
  }
  // A transposed view: its base has the reversed shape.
  const rev = [...shape].reverse();
  const base = gp.arange(1, size(shape) + 1, 1, 'float32').reshape(rev);
  const arr = base.T;
  const host = { shape, data: num(arr.toTypedArray() as Float32Array) };
  return { host, arr, owners: [base] };
}

function randomArrayItem(r: Rand, n: number, shape: number[]): { ref: RefArray; gpu: unknown } {
  const data = Array.from({ length: size(shape) }, () => randInt(r, -n, n));
  const ref: RefArray = { shape, data, bool: false };
  const kind = pick(r, ['gpu', 'gpu32', 'js', 'typed']);
  if (kind === 'typed' && shape.length === 1) return { ref, gpu: Int32Array.from(data) };
  if (kind === 'js') {
    const nest = (dims: number[], off: number): unknown => (dims.length === 0 ? data[off] : Array.from({ length: dims[0] }, (_, k) => nest(dims.slice(1), off * dims[0] + k)));
    if (shape.length > 0) return { ref, gpu: nest(shape, 0) };
  }
  return { ref, gpu: gp.array(Int32Array.from(data)).reshape(shape).astype(kind === 'gpu32' ? 'int32' : 'int64') };
}

/** A random index of NumPy's forms for an array of `shape`. */
function randomIndex(r: Rand, shape: number[]): { ref: RefItem[]; gpu: unknown[] } {
  const ref: RefItem[] = [];
  const gpu: unknown[] = [];
  const B = pick(r, [[3], [2, 3], [1], []]);
  const useBool = r() < 0.25;
  let boolDone = false;
  let ellipsis = false;
  for (let ax = 0; ax < shape.length; ax++) {
    const n = shape[ax];
    const kind = pick(r, ['int', 'slice', 'full', 'array', 'array', 'newaxis', 'ellipsis']);
    if (kind === 'newaxis') {
      ref.push(null);
      gpu.push(pick(r, [null, gp.newaxis]));
    }
    if (kind === 'ellipsis' && !ellipsis) {
      ellipsis = true;
      ref.push('...');
      gpu.push('...');
      ax = Math.max(ax, shape.length - 2);
      continue;
    }
    if (kind === 'int') {
      const v = randInt(r, -n, n);
      ref.push(v);
      gpu.push(r() < 0.5 ? v : String(v));
    } else if (kind === 'slice') {
      const step = pick(r, [1, 2, -1, -2]);
      const sl = { start: randInt(r, -n, n), stop: randInt(r, -n - 1, n + 1), step };
      ref.push(sl);
      gpu.push(r() < 0.5 ? sl : `${sl.start}:${sl.stop}:${sl.step}`);
    } else if (kind === 'array' && useBool && !boolDone) {
      boolDone = true;
      const data = Array.from({ length: n }, () => r() < 0.5);
      ref.push({ shape: [n], data, bool: true });
      gpu.push(r() < 0.5 ? data : gp.array(data));
    } else if (kind === 'array' && !useBool) {
      const shp = B.map((d) => (r() < 0.3 ? 1 : d));
      const it = randomArrayItem(r, n, shp);
      ref.push(it.ref);
      gpu.push(it.gpu);
    } else {
      ref.push({});
      gpu.push(pick(r, [':', undefined, {}]));
    }
  }
  return { ref, gpu };
}

const disposeItems = (items: unknown[]) => items.forEach((x) => x instanceof gp.GpuArray && x.dispose());

describeEachDevice('advanced indexing', () => {
  it('reads random mixes of basic and advanced indices as NumPy (contiguous and transposed)', function () {
    // Many kernels compile on a cold cache (a few hundred g++ runs on the cpu backend).
    this.timeout(600_000);
    const r = rng(17);
    let advanced = 0;
    for (let t = 0; t < 120; t++) {
      const shape = pick(r, [[4, 5, 3], [3, 4], [5], [2, 3, 4, 2]]);
      const { host, arr, owners } = makeArray(shape, r() < 0.3);
      const { ref, gpu } = randomIndex(r, shape);
      let want: HostNd | null = null;
      try {
        want = refGet(host, ref);
      } catch {
        want = null;
      }
      try {
        if (want === null) {
          expect(() => arr.slice(...(gpu as gp.Index[]))).to.throw();
        } else {
          const got = arr.slice(...(gpu as gp.Index[]));
          expect(got.shape, JSON.stringify(ref)).to.deep.equal(want.shape);
          expect(num(got.toTypedArray() as Float32Array), JSON.stringify(ref)).to.deep.equal(want.data);
          got.dispose();
          if (ref.some((x) => x !== null && typeof x === 'object' && 'shape' in x)) advanced++;
        }
      } finally {
        disposeItems(gpu);
        arr.dispose();
        owners.forEach((o) => o.dispose());
      }
    }
    expect(advanced).to.be.greaterThan(40);
  });

  it('writes through random advanced indices as NumPy, repeated indices: the last write wins', () => {
    const r = rng(29);
    for (let t = 0; t < 60; t++) {
      const shape = pick(r, [[4, 5, 3], [3, 4], [6]]);
      const { host, arr, owners } = makeArray(shape, r() < 0.3);
      const { ref, gpu } = randomIndex(r, shape);
      let target: HostNd;
      try {
        target = refGet(host, ref);
      } catch {
        disposeItems(gpu);
        arr.dispose();
        owners.forEach((o) => o.dispose());
        continue;
      }
      // A value broadcast along the leading dim when there is one.
      const vshape = target.shape.length > 0 && r() < 0.5 ? [1, ...target.shape.slice(1)] : target.shape;
      const vdata = Array.from({ length: size(vshape) }, (_, i) => -(i + 1) * 10);
      const want = refSet(host, ref, { shape: vshape, data: vdata });
      try {
        const v = gp.array(Float64Array.from(vdata)).reshape(vshape);
        arr.assign(v, ...gpu);
        v.dispose();
        const read = num(arr.toTypedArray() as Float32Array);
        expect(read, JSON.stringify(ref)).to.deep.equal(want.data);
      } finally {
        disposeItems(gpu);
        arr.dispose();
        owners.forEach((o) => o.dispose());
      }
    }
  });

  it('repeated integer indices: the last write wins, in C order of the index', () => {
    const a = gp.zeros([5], 'int32');
    a.assign([1, 2, 3, 4, 5, 6], [4, 0, 4, 1, 0, 4]);
    expect(num(a.toTypedArray() as Int32Array)).to.deep.equal([5, 4, 0, 0, 6]);
    const big = gp.zeros([3], 'float64');
    const idx = new Int32Array(3000).map((_, i) => i % 3);
    const vals = Float64Array.from({ length: 3000 }, (_, i) => i);
    big.assign(vals, idx);
    expect(num(big.toTypedArray() as Float64Array)).to.deep.equal([2997, 2998, 2999]);
    // A few writes into a large array: the claims go to a hash table sized by the writes.
    const wide = gp.zeros([100_000], 'int32');
    const wi = Int32Array.from({ length: 3000 }, (_, i) => (i % 7) * 1000 + (i % 2) * 90_000);
    wide.assign(Int32Array.from({ length: 3000 }, (_, i) => i + 1), wi);
    const host = new Array<number>(100_000).fill(0);
    wi.forEach((t, i) => (host[t] = i + 1));
    expect(num(wide.toTypedArray() as Int32Array)).to.deep.equal(host);
    const neg = gp.zeros([50_000], 'float32').slice('::-1');
    neg.assign([1, 2, 3], [7, -1, 7]);
    expect(num(neg.slice([7, -1, 0]).toTypedArray() as Float32Array)).to.deep.equal([3, 2, 0]);
    [a, big, wide, neg].forEach((x) => x.dispose());
  });

  it('a boolean mask of the whole shape gives the selected elements in C order (1-D)', () => {
    const a = gp.arange(24, 'float32').reshape(2, 3, 4);
    const m = a.remainder(5).equal(0);
    const got = a.slice(m);
    expect(got.shape).to.deep.equal([5]);
    expect(num(got.toTypedArray() as Float32Array)).to.deep.equal([0, 5, 10, 15, 20]);
    // Through a transposed view: the order is the view's C order.
    const t = a.transpose(2, 1, 0);
    const mt = t.remainder(5).equal(0);
    expect(num(t.slice(mt).toTypedArray() as Float32Array)).to.deep.equal([0, 20, 5, 10, 15]);
    a.assign(-1, m);
    expect(num(a.slice(a.less(0)).toTypedArray() as Float32Array)).to.deep.equal([-1, -1, -1, -1, -1]);
    a.assign([100, 200, 300, 400, 500], a.less(0));
    expect(num(a.ravel().toTypedArray() as Float32Array).filter((v) => v >= 100)).to.deep.equal([100, 200, 300, 400, 500]);
    expect(() => a.assign([1, 2], a.greater(100))).to.throw(RangeError, /cannot assign 2 input values/);
    [a, m, t, mt, got].forEach((x) => x.dispose());
  });

  it('advanced indices separated by a slice put the broadcast dims first; adjacent ones stay in place', () => {
    const a = gp.zeros([5, 6, 7, 8]);
    expect(a.slice(':', [0, 1], [2, 3], ':').shape).to.deep.equal([5, 2, 8]);
    expect(a.slice([0, 1], ':', [2, 3]).shape).to.deep.equal([2, 6, 8]);
    expect(a.slice(0, ':', [1, 2, 3]).shape).to.deep.equal([3, 6, 8]);
    expect(a.slice(':', 0, [1, 2, 3]).shape).to.deep.equal([5, 3, 8]);
    expect(a.slice('...', [[0], [1]], [2, 3]).shape).to.deep.equal([5, 6, 2, 2]);
    expect(a.slice(null, [0, 1], null).shape).to.deep.equal([1, 2, 1, 6, 7, 8]);
    expect(a.slice(gp.int32(1) as unknown as number, ':', [0, 1]).shape).to.deep.equal([2, 6, 8]);
    expect(() => a.slice(gp.float32(1) as unknown as number, [0])).to.throw(gp.IndexError);
    a.dispose();
    // An ellipsis of no axes still parts two advanced indices (NumPy 2.4's values).
    const b = gp.arange(24).reshape(2, 3, 4);
    expect(b.slice(':', [0, 1], '...', [0, 2]).toArray()).to.deep.equal([[0n, 12n], [6n, 18n]]);
    expect(b.slice('...', [0, 1], [0, 2]).toArray()).to.deep.equal([[0n, 6n], [12n, 18n]]);
    expect(b.slice([0, 1], [0, 2], '...').shape).to.deep.equal([2, 4]);
    const c = gp.arange(12).reshape(4, 3).slice(null, [0, 1], '...', [1]);
    expect([c.shape, c.toArray()]).to.deep.equal([[2, 1], [[1n], [4n]]]);
    const w = gp.zeros([2, 3, 4], 'int64');
    w.assign([[1, 2], [3, 4]], ':', [0, 1], '...', [0, 2]);
    expect(w.toArray()).to.deep.equal([[[1n, 0n, 0n, 0n], [0n, 0n, 3n, 0n], [0n, 0n, 0n, 0n]], [[2n, 0n, 0n, 0n], [0n, 0n, 4n, 0n], [0n, 0n, 0n, 0n]]]);
    for (const x of [b, c, w]) x.dispose();
  });

  it('out-of-bounds indices raise a typed IndexError, checked on the device; bad indices are refused', () => {
    const a = gp.arange(10, 'float32').reshape(2, 5);
    expect(() => a.slice([0, 2])).to.throw(gp.IndexError, /axis 0 with size 2/);
    expect(() => a.slice(':', [-6])).to.throw(gp.IndexError, /axis 1 with size 5/);
    expect(() => a.slice(gp.array([5], 'uint64'))).to.throw(gp.IndexError);
    expect(() => a.slice(gp.array([2 ** 40]))).to.throw(gp.IndexError);
    expect(() => a.assign(1, [0, 9], 0)).to.throw(gp.IndexError);
    const i8 = gp.zeros([3], 'int8');
    expect(() => i8.assign(300, [0])).to.throw(RangeError, /out of bounds for int8/);
    expect(() => i8.assign(300, i8.equal(0))).to.throw(RangeError, /out of bounds for int8/);
    i8.assign(2.7, [1]);
    expect(i8.toArray()).to.deep.equal([0, 2, 0]);
    expect(() => a.slice(gp.array([0.5]))).to.throw(gp.IndexError, /integer \(or boolean\)/);
    expect(() => a.slice([true, false, true])).to.throw(gp.IndexError, /boolean index did not match/);
    expect(() => a.slice([0, 1], [0, 1, 1])).to.throw(gp.IndexError, /could not be broadcast/);
    expect(() => a.slice([0], [0], [0])).to.throw(gp.IndexError, /too many indices/);
    // Nothing was written by the failed assignment's in-bounds part? NumPy leaves it undefined; the array is still usable.
    expect(a.slice([1], [4]).toArray()).to.deep.equal([9]);
    a.dispose();
  });

  it('gathers, masks and scatters every dtype', () => {
    for (const d of ['bool', 'int8', 'uint16', 'int32', 'int64', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128'] as const) {
      const a = gp.arange(1, 7, 1, 'int32').astype(d);
      const host = a.toArray() as unknown[];
      expect(a.slice([4, 1, -1]).toArray(), d).to.deep.equal([host[4], host[1], host[5]]);
      const m = gp.array([true, false, true, true, false, false]);
      expect(a.slice(m).toArray(), d).to.deep.equal([host[0], host[2], host[3]]);
      expect(gp.take(a, [5, 0]).toArray(), d).to.deep.equal([host[5], host[0]]);
      const b = a.copy();
      b.assign(a.slice([0]), [2, 3]);
      expect(b.toArray(), d).to.deep.equal([host[0], host[1], host[0], host[0], host[4], host[5]]);
      b.assign(a.slice([5, 4]), m.logicalNot().logicalAnd(gp.array([false, true, false, false, true, false])));
      expect(b.toArray(), d).to.deep.equal([host[0], host[5], host[0], host[0], host[4], host[5]]);
      [a, m, b].forEach((x) => x.dispose());
    }
  });

  it('empty index arrays and empty arrays', () => {
    const a = gp.arange(6).reshape(2, 3);
    expect(a.slice([]).shape).to.deep.equal([0, 3]);
    expect(a.slice(':', new Int32Array(0)).shape).to.deep.equal([2, 0]);
    const e = gp.zeros([0, 3]);
    expect(e.slice(':', [0, 2]).shape).to.deep.equal([0, 2]);
    expect(e.slice(e.greater(0)).shape).to.deep.equal([0]);
    expect(a.slice(a.greater(10)).shape).to.deep.equal([0]);
    // An empty boolean index is an empty integer index, whatever its shape (NumPy).
    expect(a.slice(gp.array([], 'bool')).shape).to.deep.equal([0, 3]);
    expect(a.slice(':', gp.array([], 'bool')).shape).to.deep.equal([2, 0]);
    expect(a.slice(gp.zeros([0, 0], 'bool')).shape).to.deep.equal([0]);
    const f = gp.arange(5, 'float64');
    f.assign(7, gp.array([], 'bool'));
    expect(f.toArray()).to.deep.equal([0, 1, 2, 3, 4]);
    // An empty selection takes only a value that broadcasts to it.
    const z = gp.zeros([4, 3]);
    expect(() => z.assign(gp.zeros([2, 3]), '5:')).to.throw(RangeError, /broadcast/);
    z.assign(gp.ones([1, 3]), '5:');
    z.assign(gp.ones([3]), '5:');
    expect(z.sum().toArray()).to.equal(0);
    // A typed complex scalar into a real array keeps its real part, as the basic path; a JS complex into bool is its truth.
    const r = gp.zeros(3, 'float32');
    r.assign(gp.complex64(2), [0, 2]);
    expect(r.toArray()).to.deep.equal([2, 0, 2]);
    const i8 = gp.zeros(2, 'int8');
    i8.assign(gp.int64(300), [1]);
    expect(i8.toArray()).to.deep.equal([0, 44]);
    const bb = gp.zeros(3, 'bool');
    bb.assign({ re: 1, im: 2 }, 0);
    bb.assign({ re: 0, im: 0 }, [1]);
    expect(bb.toArray()).to.deep.equal([true, false, false]);
    expect(() => gp.zeros(2).assign({ re: 1, im: 2 }, 0)).to.throw(TypeError, /complex/);
    [a, e, f, z, r, i8, bb].forEach((x) => x.dispose());
  });

  it('out-of-bounds indices raise even when a sliced dim makes the result empty (NumPy 2.4)', () => {
    // NumPy checks every index of a non-empty broadcast index: np.zeros((0, 3))[:, [7]] raises.
    expect(() => gp.zeros([0, 3]).slice(':', [7])).to.throw(gp.IndexError, /index 7 is out of bounds for axis 1 with size 3/);
    expect(() => gp.zeros([3, 0]).slice([1, -4])).to.throw(gp.IndexError, /index -4 .*axis 0 with size 3/);
    expect(() => gp.zeros([3, 0]).slice(gp.array([1, 7], 'uint8'))).to.throw(gp.IndexError, /index 7/);
    expect(() => gp.zeros([3, 0, 2]).slice([1, 2], ':', [0, 5])).to.throw(gp.IndexError, /index 5 .*axis 2 with size 2/);
    expect(() => gp.zeros([0, 0]).slice(':', [0])).to.throw(gp.IndexError, /axis 1 with size 0/);
    expect(() => gp.zeros([3, 0]).assign(1, [7])).to.throw(gp.IndexError, /index 7/);
    expect(() => gp.add.at(gp.zeros([3, 0]), [7], 1)).to.throw(gp.IndexError, /index 7/);
    // A 0-d index array is checked as the integer it stands for, even beside an empty one.
    expect(() => gp.zeros([3, 4]).slice(gp.array(7), gp.zeros([0], 'int64'))).to.throw(gp.IndexError, /index 7 .*axis 0 with size 3/);
    expect(() => gp.zeros([0, 2]).slice(gp.array(-1, 'int8'), gp.array([false, false]))).to.throw(gp.IndexError, /index -1 .*size 0/);
    expect(gp.zeros([3, 4]).slice(gp.array([[7]]), gp.zeros([0], 'int64')).shape).to.deep.equal([1, 0]);
    // In-bounds indices give the empty result; an index that broadcasts to size 0 is never checked.
    expect(gp.zeros([3, 0]).slice([2, -3]).shape).to.deep.equal([2, 0]);
    expect(gp.zeros([3, 4]).slice(gp.array([7]), gp.zeros([0], 'int64')).shape).to.deep.equal([0]);
    expect(gp.zeros([3, 4]).slice(gp.zeros([0, 1], 'int64').add(7)).shape).to.deep.equal([0, 1, 4]);
  });

  it('the async twins give the sync results without blocking', async () => {
    const a = gp.arange(20, 'int32').reshape(4, 5);
    const m = a.remainder(3).equal(1);
    const got = await a.sliceAsync(m);
    expect(num(got.toTypedArray() as Int32Array)).to.deep.equal([1, 4, 7, 10, 13, 16, 19]);
    const rows = await a.sliceAsync([3, 0], '1:3');
    expect(rows.toArray()).to.deep.equal([[16, 17], [1, 2]]);
    const nz = await gp.nonzeroAsync(m);
    expect(nz.map((x) => num(x.toTypedArray() as BigInt64Array))).to.deep.equal([
      [0, 0, 1, 2, 2, 3, 3],
      [1, 4, 2, 0, 3, 1, 4],
    ]);
    let failed = false;
    await a.sliceAsync([4]).catch((e) => (failed = e instanceof gp.IndexError));
    expect(failed).to.equal(true);
    [a, m, got, rows, ...nz].forEach((x) => x.dispose());
  });

  it('NumPy audit: mixed bool/int index lists, refused values, mask assignment of 2-D values', () => {
    const a = gp.arange(6).reshape(2, 3);
    // np.arange(6).reshape(2, 3)[[True, 1]] is the integer index [1, 1].
    expect(a.slice([true, 1] as never).toArray()).to.deep.equal([[3n, 4n, 5n], [3n, 4n, 5n]]);
    expect(() => gp.zeros([2]).assign('a' as never, 0)).to.throw(TypeError, /value/);
    const b = gp.arange(4);
    expect(() => b.assign(gp.array([[1, 2]]), b.greater(1))).to.throw(TypeError, /0 or 1-dimensional/);
    // Leading length-1 axes of the value beyond the target's rank are dropped (x[0:2] = ones((1, 1, 2))).
    expect(gp.zeros([3]).assign(gp.ones([1, 1, 2]), '0:2').toArray()).to.deep.equal([1, 1, 0]);
    expect(gp.zeros([3, 2]).assign(gp.array([[[5, 6]]], 'float64'), [0, 2]).toArray()).to.deep.equal([[5, 6], [0, 0], [5, 6]]);
    expect(gp.zeros([3]).assign(gp.ones([1]), '...', 0).toArray()).to.deep.equal([1, 0, 0]);
    // x[x > 1] = x[1:3] reads the view of x before writing (it read its own writes).
    const x = gp.arange(4);
    expect(x.assign(x.slice('1:3'), x.greater(1)).toArray()).to.deep.equal([0n, 1n, 1n, 2n]);
    // ...but one element set by an integer per axis takes no array (NumPy 2.4's ValueError).
    expect(() => gp.zeros([3]).assign(gp.ones([1]), 0)).to.throw(RangeError, /sequence/);
  });

  it('a JS list nested deeper than the basic selection is refused; an array broadcasts (NumPy 2.4)', () => {
    gp.scope(() => {
      const b = gp.zeros([2, 3]);
      // b[0] = [[1, 2, 3]] and b[...] = [[[1, 2, 3]]]: ValueError, the list deeper than the target.
      expect(() => b.assign([[1, 2, 3]], 0)).to.throw(RangeError, /maximum number of dimension of 1/);
      expect(() => b.assign([[[1, 2, 3]]], '...')).to.throw(RangeError, /maximum number of dimension of 2/);
      expect(() => b.assign(new Float64Array([5]), 0, 0)).to.throw(RangeError, /sequence/);
      expect(() => b.assign([[[]]], '0:0')).to.throw(RangeError, /sequence/);
      expect(b.toArray()).to.deep.equal([[0, 0, 0], [0, 0, 0]]);
      // The same values as arrays broadcast (their leading 1-sized axes drop), and lists of the
      // target's depth or less are taken; advanced indices take the deeper list too.
      expect(b.assign(gp.array([[1, 2, 3]]), 0).toArray()).to.deep.equal([[1, 2, 3], [0, 0, 0]]);
      expect(b.assign([4, 5, 6], 1).toArray()).to.deep.equal([[1, 2, 3], [4, 5, 6]]);
      expect(b.assign([[7, 8, 9]], [0]).toArray()).to.deep.equal([[7, 8, 9], [4, 5, 6]]);
      expect(b.assign([[[0, 1, 2]]], [0, 1]).toArray()).to.deep.equal([[0, 1, 2], [0, 1, 2]]);
      // set(host) takes no index: a.set(i, v) (meaning a.assign(v, i)) is refused, not a fill with i.
      expect(() => (b.set as (...a: unknown[]) => unknown)(0, [1, 2, 3])).to.throw(TypeError, /assign/);
      expect(b.toArray()).to.deep.equal([[0, 1, 2], [0, 1, 2]]);
      return null;
    });
  });
});
