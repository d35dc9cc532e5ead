// Tiling and rearranging against host references: tile, repeat, flip*, roll, rot90, swapaxes,
// moveaxis, rollaxis, atleast*, broadcastArrays, pad (every mode, against NumPy's definitions),
// resize, trimZeros. Inputs include strided views, 0-d and empty arrays.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { ravel, size, unravel } from './indexing-reference.js';

const num = (xs: ArrayLike<number | bigint | boolean>) => Array.from(xs, Number);
const vals = (a: GpuArray) => num(a.toTypedArray() as Float64Array);

/** out[idx] = a[map(idx)]: a host reference built from an index map. */
function mapped(a: GpuArray, shape: number[], map: (idx: number[]) => number[]): number[] {
  const src = vals(a);
  return Array.from({ length: size(shape) }, (_, f) => src[ravel(map(unravel(f, shape)), a.shape as number[])]);
}

const mod = (x: number, n: number) => ((x % n) + n) % n;

/** Nested values with int64 (bigint) elements as numbers, to compare with literals. */
const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());

describeEachDevice('rearranging', () => {
  it('tile repeats the whole array along each axis (reps shorter or longer than ndim)', () => {
    const a = gp.arange(1, 7, 1, 'float32').reshape(2, 3).slice(':', '::-1');
    const t = gp.tile(a, [2, 3]);
    expect(t.shape).to.deep.equal([4, 9]);
    expect(vals(t)).to.deep.equal(mapped(a, [4, 9], ([i, j]) => [i % 2, j % 3]));
    const t3 = gp.tile(a, [2, 1, 2]);
    expect(t3.shape).to.deep.equal([2, 2, 6]);
    expect(vals(t3)).to.deep.equal(mapped(a, [2, 2, 6], ([, i, j]) => [i, j % 3]));
    expect(gp.tile(a, 2).shape).to.deep.equal([2, 6]);
    expect(list(gp.tile(gp.array(5), 3))).to.deep.equal([5, 5, 5]);
    expect(gp.tile(a, [0, 1]).shape).to.deep.equal([0, 3]);
    expect(() => gp.tile(a, [-1])).to.throw(RangeError);
  });

  it('repeat with a scalar count, per-element counts, axes of both signs and axis null', () => {
    const a = gp.arange(1, 7, 1, 'int32').reshape(2, 3);
    expect(list(gp.repeat(a, 2))).to.deep.equal([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(list(gp.repeat(a, 2, -1))).to.deep.equal([[1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6]]);
    expect(list(gp.repeat(a, [0, 2], 0))).to.deep.equal([[4, 5, 6], [4, 5, 6]]);
    expect(list(gp.repeat(a, gp.array([1, 0, 3]), { axis: 1 }))).to.deep.equal([[1, 3, 3, 3], [4, 6, 6, 6]]);
    expect(gp.repeat(a.T, [1], 0).shape).to.deep.equal([3, 2]);
    expect(list(gp.repeat(gp.array(7), 3))).to.deep.equal([7, 7, 7]);
    expect(() => gp.repeat(a, [1, 2], 1)).to.throw(RangeError, /broadcast/);
    expect(() => gp.repeat(a, -1)).to.throw(RangeError, /negative/);
  });

  it('repeat: counts of a length-0 axis are not checked for sign; arrays of counts cast safely (NumPy 2.4)', () => {
    // np.repeat(np.zeros(0), -1) and np.repeat(np.zeros((0, 2)), [-1], axis=0) are empty results.
    expect(gp.repeat(gp.zeros([0]), -1).shape).to.deep.equal([0]);
    expect(gp.repeat(gp.zeros([0, 2]), -1).shape).to.deep.equal([0]);
    expect(gp.repeat(gp.zeros([0, 2]), [-1], 0).shape).to.deep.equal([0, 2]);
    expect(gp.repeat(gp.zeros([0, 2]), [], 0).shape).to.deep.equal([0, 2]);
    // A non-empty axis still refuses them, a single count with NumPy's dimension wording.
    expect(() => gp.repeat(gp.zeros([0, 2]), -1, 1)).to.throw(RangeError, /negative dimensions/);
    expect(() => gp.repeat(gp.zeros([2, 0]), [-1], 0)).to.throw(RangeError, /negative dimensions/);
    expect(() => gp.repeat(gp.zeros([0, 2]), [1, -1], 1)).to.throw(RangeError, /may not contain negative/);
    // np.repeat(x, np.array([1.5])) and a uint64 array are TypeErrors ('safe'); a JS 1.5 truncates.
    expect(() => gp.repeat(gp.zeros([2]), gp.array([1.5]))).to.throw(TypeError, /rule 'safe'/);
    expect(() => gp.repeat(gp.zeros([0]), gp.array([], 'float64'))).to.throw(TypeError, /rule 'safe'/);
    expect(() => gp.repeat(gp.zeros([2]), gp.array([1], 'uint64'))).to.throw(TypeError, /uint64/);
    expect(gp.repeat(gp.zeros([2]), 1.5).shape).to.deep.equal([2]);
    expect(list(gp.repeat(gp.array([1, 2]), gp.array([true, false])))).to.deep.equal([1]);
    expect(list(gp.repeat(gp.array([1, 2]), gp.array([2, 1], 'uint32')))).to.deep.equal([1, 1, 2]);
    // The last axis of a contiguous array (a kernel of its own: out[i] = a[i / r]), every dtype
    // width, and a sliced (offset) input and a transposed (copied through the view) one.
    for (const dt of ['bool', 'int8', 'float16', 'int32', 'float64', 'complex128'] as const) {
      const x = gp.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]).astype(dt);
      const hx = list(x) as unknown[][];
      const want = hx.map((row) => row.flatMap((v) => [v, v, v]));
      expect(list(gp.repeat(x, 3, 1)), dt).to.deep.equal(want);
      expect(list(gp.repeat(x, 3)), dt).to.deep.equal(want.flat());
      expect(list(gp.repeat(x.slice(1, '1:'), 2)), dt).to.deep.equal(hx[1].slice(1).flatMap((v) => [v, v]));
      expect(list(gp.repeat(x.T, 2, 1)), dt).to.deep.equal(hx[0].map((_, j) => [hx[0][j], hx[0][j], hx[1][j], hx[1][j]]));
    }
  });

  it('flip, fliplr, flipud, rot90, swapaxes, moveaxis and rollaxis are views with NumPy layouts', () => {
    const a = gp.arange(24, 'float64').reshape(2, 3, 4);
    const f = gp.flip(a, [0, 2]);
    expect(f.base).to.equal(a.base ?? a);
    expect(vals(f)).to.deep.equal(mapped(a, [2, 3, 4], ([i, j, k]) => [1 - i, j, 3 - k]));
    expect(vals(gp.flip(a))).to.deep.equal(vals(a).reverse());
    expect(vals(gp.fliplr(a))).to.deep.equal(mapped(a, [2, 3, 4], ([i, j, k]) => [i, 2 - j, k]));
    expect(vals(gp.flipud(a))).to.deep.equal(mapped(a, [2, 3, 4], ([i, j, k]) => [1 - i, j, k]));
    expect(() => gp.fliplr(gp.arange(3))).to.throw(RangeError);
    const m = gp.arange(6).reshape(2, 3);
    expect(list(gp.rot90(m))).to.deep.equal([[2, 5], [1, 4], [0, 3]]);
    expect(list(gp.rot90(m, 2))).to.deep.equal([[5, 4, 3], [2, 1, 0]]);
    expect(list(gp.rot90(m, -1))).to.deep.equal([[3, 0], [4, 1], [5, 2]]);
    expect(list(gp.rot90(m, 1, [1, 0]))).to.deep.equal([[3, 0], [4, 1], [5, 2]]);
    expect(gp.swapaxes(a, 0, -1).shape).to.deep.equal([4, 3, 2]);
    expect(vals(gp.swapaxes(a, 0, 2))).to.deep.equal(mapped(a, [4, 3, 2], ([i, j, k]) => [k, j, i]));
    expect(gp.moveaxis(a, 0, -1).shape).to.deep.equal([3, 4, 2]);
    expect(gp.moveaxis(a, [0, 1], [-1, -2]).shape).to.deep.equal([4, 3, 2]);
    expect(gp.rollaxis(a, 2).shape).to.deep.equal([4, 2, 3]);
    expect(gp.rollaxis(a, 0, 3).shape).to.deep.equal([3, 4, 2]);
    expect(gp.rollaxis(a, 1, 1).shape).to.deep.equal([2, 3, 4]);
    expect(() => gp.moveaxis(a, 3, 0)).to.throw(RangeError);
  });

  it('roll shifts cyclically along axes (tuples, negative shifts, shifts past the length, axis null)', () => {
    const a = gp.arange(12, 'int32').reshape(3, 4);
    expect(list(gp.roll(a, 5))).to.deep.equal([[7, 8, 9, 10], [11, 0, 1, 2], [3, 4, 5, 6]]);
    const r = gp.roll(a, [1, -6], [0, 1]);
    expect(vals(r)).to.deep.equal(mapped(a, [3, 4], ([i, j]) => [mod(i - 1, 3), mod(j + 6, 4)]));
    const twice = gp.roll(a, [1, 1], [1, 1]);
    expect(vals(twice)).to.deep.equal(mapped(a, [3, 4], ([i, j]) => [i, mod(j - 2, 4)]));
    const v = gp.roll(a.T, 1, 0);
    expect(vals(v)).to.deep.equal(mapped(a.T, [4, 3], ([i, j]) => [mod(i - 1, 4), j]));
    expect(gp.roll(gp.zeros([0, 3]), 2, 0).shape).to.deep.equal([0, 3]);
  });

  it('pad: GpuArray (and bigint) pad widths, constants, end values and stat lengths, as NumPy arrays', () => {
    // np.pad(np.arange(3), np.array([1, 2])) -> [0, 0, 1, 2, 0, 0]
    expect(list(gp.pad(gp.arange(3), gp.array([1, 2])))).to.deep.equal([0, 0, 1, 2, 0, 0]);
    // np.pad(np.zeros((1, 2)) + [[3, 4]], np.array([[1, 0], [0, 2]]), 'edge') -> [[3, 4, 4, 4], [3, 4, 4, 4]]
    expect(list(gp.pad(gp.array([[3, 4]]), gp.array([[1, 0], [0, 2]]), 'edge'))).to.deep.equal([[3, 4, 4, 4], [3, 4, 4, 4]]);
    expect(list(gp.pad(gp.arange(3), gp.array([1, 2], 'int8')))).to.deep.equal([0, 0, 1, 2, 0, 0]);
    expect(list(gp.pad(gp.arange(3), 2n as unknown as number))).to.deep.equal([0, 0, 0, 1, 2, 0, 0]);
    expect(list(gp.pad(gp.arange(3), [[1n, 2n]] as unknown as number[][]))).to.deep.equal([0, 0, 1, 2, 0, 0]);
    // np.pad(np.arange(3), np.array([1., 2.])) and np.array([1, 2], 'uint8'): TypeError (kind 'i' only).
    expect(() => gp.pad(gp.arange(3), gp.array([1, 2], 'float64'))).to.throw(TypeError, /integral type/);
    expect(() => gp.pad(gp.arange(3), gp.array([1, 2], 'uint8'))).to.throw(TypeError, /integral type/);
    expect(() => gp.pad(gp.arange(3), gp.array([-1, 2]))).to.throw(RangeError, /negative/);
    // np.pad(np.zeros((2, 2)), 1, constant_values=np.array([[1, 2], [3, 4]]))
    const c = gp.pad(gp.zeros([2, 2]), 1, { constantValues: gp.array([[1, 2], [3, 4]]) });
    expect(c.dtype.name).to.equal('float64');
    expect(list(c)).to.deep.equal([[3, 1, 1, 4], [3, 0, 0, 4], [3, 0, 0, 4], [3, 2, 2, 4]]);
    // np.pad(np.arange(2), 1, constant_values=np.array([1.5, 2.5])) -> [1, 0, 1, 2]; np.array(7.5) into float64
    expect(list(gp.pad(gp.arange(2), 1, { constantValues: gp.array([1.5, 2.5]) }))).to.deep.equal([1, 0, 1, 2]);
    expect(list(gp.pad(gp.zeros([2]), 1, { constantValues: gp.array(7.5) }))).to.deep.equal([7.5, 0, 0, 7.5]);
    // np.pad(np.arange(3.), 2, 'linear_ramp', end_values=np.array([5, -5])) -> [5, 2.5, 0, 1, 2, -1.5, -5]
    expect(list(gp.pad(gp.arange(3, { dtype: 'float64' }), 2, 'linear_ramp', { endValues: gp.array([5, -5]) }))).to.deep.equal([5, 2.5, 0, 1, 2, -1.5, -5]);
    // np.pad(np.array([1., 2., 3., 7., 9.]), 2, 'mean', stat_length=np.array([1, 3])) -> [1, 1, 1, 2, 3, 7, 9, 6.333.., 6.333..]
    const m = gp.pad(gp.array([1, 2, 3, 7, 9], 'float64'), 2, 'mean', { statLength: gp.array([1, 3]) });
    expect(list(m)).to.deep.equal([1, 1, 1, 2, 3, 7, 9, 6.333333333333333, 6.333333333333333]);
  });

  it('pad: constant (per-axis values, corners from the later axis), edge, reflect, symmetric, wrap, maximum, minimum, mean', () => {
    const a = gp.arange(1, 7, 1, 'float64').reshape(2, 3);
    const c = gp.pad(a, [[1, 0], [2, 1]], { constantValues: [[-1, -2], [-3, -4]] });
    expect(list(c)).to.deep.equal([
      [-3, -3, -1, -1, -1, -4],
      [-3, -3, 1, 2, 3, -4],
      [-3, -3, 4, 5, 6, -4],
    ]);
    // NumPy 2.4: np.pad([1+1j, 2], 1, constant_values=1j) -> [1j, 1+1j, 2, 1j]; a pair mixing complex and real.
    const z = gp.pad(gp.array([{ re: 1, im: 1 }, { re: 2, im: 0 }], 'complex128'), 1, { constantValues: { re: 0, im: 1 } });
    expect((z.toArray() as { re: number; im: number }[]).map((v) => [v.re, v.im])).to.deep.equal([[0, 1], [1, 1], [2, 0], [0, 1]]);
    const zp = gp.pad(gp.array([{ re: 1, im: 1 }], 'complex64'), [1, 2], { constantValues: [{ re: 0, im: 1 }, 5] });
    expect((zp.toArray() as { re: number; im: number }[]).map((v) => [v.re, v.im])).to.deep.equal([[0, 1], [1, 1], [5, 0], [5, 0]]);
    expect(gp.pad(a, 1).shape).to.deep.equal([4, 5]);
    const widths: [number, number][] = [[3, 2], [4, 5]];
    const index = (mode: string, j: number, b: number, n: number) => {
      const t = j - b;
      if (mode === 'edge') return Math.min(n - 1, Math.max(0, t));
      if (mode === 'wrap') return mod(t, n);
      if (mode === 'symmetric') {
        // Mirror including the edge: ... 1 0 | 0 1 2 | 2 1 ...
        let p = mod(t, 2 * n);
        return p < n ? p : 2 * n - 1 - p;
      }
      if (n === 1) return 0;
      const p = mod(t, 2 * n - 2);
      return p < n ? p : 2 * n - 2 - p;
    };
    for (const mode of ['edge', 'reflect', 'symmetric', 'wrap'] as const) {
      const p = gp.pad(a, widths, mode);
      const shape = [2 + 5, 3 + 9];
      expect(p.shape).to.deep.equal(shape);
      expect(vals(p), mode).to.deep.equal(mapped(a, shape, ([i, j]) => [index(mode, i, 3, 2), index(mode, j, 4, 3)]));
    }
    // NumPy: np.pad([1, 2, 3], (4, 5), 'reflect') and a length-1 axis.
    expect(list(gp.pad(gp.array([1, 2, 3]), [4, 5], 'reflect'))).to.deep.equal([1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2]);
    expect(list(gp.pad(gp.array([7]), 2, 'reflect'))).to.deep.equal([7, 7, 7, 7, 7]);
    expect(list(gp.pad(a, 1, 'maximum'))).to.deep.equal([
      [6, 4, 5, 6, 6],
      [3, 1, 2, 3, 3],
      [6, 4, 5, 6, 6],
      [6, 4, 5, 6, 6],
    ]);
    expect(list(gp.pad(a, [[0, 0], [1, 1]], 'minimum'))).to.deep.equal([[1, 1, 2, 3, 1], [4, 4, 5, 6, 4]]);
    expect(list(gp.pad(gp.array([1, 2], 'int32'), 1, 'mean'))).to.deep.equal([2, 1, 2, 2]);
    expect(() => gp.pad(gp.zeros([0, 2]), 1, 'edge')).to.throw(RangeError, /empty axis/);
    expect(gp.pad(gp.zeros([0, 2]), 1).shape).to.deep.equal([2, 4]);
    expect(() => gp.pad(a, -1)).to.throw(RangeError, /negative/);
    // np.pad(x, []) and np.pad(x, [[]]): an empty (float64) pad_width is NumPy's TypeError.
    expect(() => gp.pad(a, [])).to.throw(TypeError, /integral type/);
    expect(() => gp.pad(gp.array(1), [[]])).to.throw(TypeError, /integral type/);
    expect(() => gp.pad(a, 1, 'bogus' as gp.PadMode)).to.throw(RangeError, /not supported/);
    // NumPy's documented example, and a 2-D float ramp against linspace(end, edge, width, endpoint=False).
    expect(list(gp.pad(gp.array([1, 2, 3, 4, 5]), [2, 3], { mode: 'linear_ramp', endValues: [5, -4] }))).to.deep.equal([5, 3, 1, 2, 3, 4, 5, 2, -1, -4]);
    const r = gp.pad(a, [[2, 1], [0, 3]], { mode: 'linear_ramp', endValues: [[10, -10], [0, 1]] });
    expect(r.shape).to.deep.equal([5, 6]);
    const host = r.toArray() as number[][];
    const lin = (end: number, edge: number, width: number, j: number) => j * ((edge - end) / width) + end;
    expect(host[0].slice(0, 3)).to.deep.equal([1, 2, 3].map((edge) => lin(10, edge, 2, 0)));
    expect(host[1].slice(0, 3)).to.deep.equal([1, 2, 3].map((edge) => lin(10, edge, 2, 1)));
    expect(host[4].slice(0, 3)).to.deep.equal([4, 5, 6].map((edge) => lin(-10, edge, 1, 0)));
    // Axis 1 ramps run over the rows padded by axis 0 (NumPy's order), towards end value 1.
    expect(host.map((row) => row.slice(3))).to.deep.equal(host.map((row) => [2, 1, 0].map((j) => lin(1, row[2], 3, j))));
    // bool and float16 ramps are made in float64 and cast (np.pad: nonzero is True); complex is refused.
    expect(gp.pad(gp.array([true, false]), 2, 'linear_ramp').toArray()).to.deep.equal([false, true, true, false, false, false]);
    expect(gp.pad(gp.array([true, false]), 2, { mode: 'linear_ramp', endValues: 1 }).toArray()).to.deep.equal([true, true, true, false, true, true]);
    const h = gp.pad(gp.array([1.5, 2.5], 'float16'), 2, 'linear_ramp');
    expect([h.dtype.name, h.toArray()]).to.deep.equal(['float16', [0, 0.75, 1.5, 2.5, 1.25, 0]]);
    expect(() => gp.pad(gp.array([1, 2], 'complex64'), 1, 'linear_ramp')).to.throw(TypeError, /real arrays/);
  });

  it('0-d inputs', () => {
    const s = gp.array(5, 'int32');
    expect(list(gp.flip(s))).to.equal(5);
    expect(list(gp.roll(s, 3))).to.equal(5);
    expect(gp.roll(s, 3).shape).to.deep.equal([]);
    expect(list(gp.pad(s, 2))).to.equal(5);
    expect(list(gp.take(s, [0, 0]))).to.deep.equal([5, 5]);
    expect(list(gp.resize(s, [2, 2]))).to.deep.equal([[5, 5], [5, 5]]);
    expect(list(gp.broadcastArrays(s, gp.zeros([2]))[0])).to.deep.equal([5, 5]);
    expect(() => gp.rot90(s)).to.throw(RangeError);
    expect(() => gp.split(s, 1)).to.throw(gp.IndexError);
  });

  it('atleast1d/2d/3d and broadcastArrays', () => {
    const s = gp.array(3);
    expect((gp.atleast1d(s) as GpuArray).shape).to.deep.equal([1]);
    expect((gp.atleast2d(gp.arange(3)) as GpuArray).shape).to.deep.equal([1, 3]);
    expect((gp.atleast3d(gp.arange(3)) as GpuArray).shape).to.deep.equal([1, 3, 1]);
    expect((gp.atleast3d(gp.zeros([2, 3])) as GpuArray).shape).to.deep.equal([2, 3, 1]);
    expect((gp.atleast2d(s, gp.zeros([2, 2, 2])) as GpuArray[]).map((x) => x.shape)).to.deep.equal([[1, 1], [2, 2, 2]]);
    const [x, y] = gp.broadcastArrays(gp.arange(3).reshape(3, 1), gp.arange(4));
    expect(x.shape).to.deep.equal([3, 4]);
    expect(list(y)).to.deep.equal([[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]);
    expect(() => gp.broadcastArrays(gp.zeros([2]), gp.zeros([3]))).to.throw();
    // NumPy's subok keyword (np.broadcast_arrays(np.arange(3), [[1], [2]], subok=False): shapes (2, 3);
    // np.broadcast_to(np.arange(3), (2, 3), True)); another keyword is a TypeError.
    expect(gp.broadcastArrays(gp.arange(3), [[1], [2]], { subok: false }).map((v) => v.shape)).to.deep.equal([[2, 3], [2, 3]]);
    expect(gp.broadcastArrays({ subok: true })).to.deep.equal([]);
    expect(gp.broadcastTo(gp.arange(3), [2, 3], true).shape).to.deep.equal([2, 3]);
    expect(gp.broadcastTo(gp.arange(3), [2, 3], { subok: true }).shape).to.deep.equal([2, 3]);
    expect(() => gp.broadcastArrays(gp.arange(2), { foo: 1 })).to.throw(TypeError, /unknown option/);
    expect(() => gp.broadcastTo(gp.arange(2), [2], { foo: 1 } as { subok?: boolean })).to.throw(TypeError, /unknown option/);
  });

  it("broadcast objects as NumPy's np.broadcast: shape, size, views, iteration, reset", () => {
    const b = new gp.broadcast(gp.array([[1], [2], [3]]), gp.array([4, 5, 6]));
    expect([b.shape, b.size, b.ndim, b.nd, b.numiter, b.index]).to.deep.equal([[3, 3], 9, 2, 2, 2, 0]);
    expect(b.values.map((v) => v.shape)).to.deep.equal([[3, 3], [3, 3]]);
    const tuples = [...b];
    expect(tuples.slice(0, 4)).to.deep.equal([[1n, 4n], [1n, 5n], [1n, 6n], [2n, 4n]]);
    expect([tuples.length, b.index]).to.deep.equal([9, 9]);
    b.reset();
    expect(b.next()).to.deep.equal({ done: false, value: [1n, 4n] });
    expect([...new gp.broadcast(gp.arange(2, 'float32'), 5)]).to.deep.equal([[0, 5n], [1, 5n]]);
    expect(new gp.broadcast().shape).to.deep.equal([]);
    expect(() => new gp.broadcast(gp.zeros([3]), gp.zeros([4]))).to.throw(RangeError, /broadcast/);
  });

  it('resize repeats cyclically (or cuts); trimZeros trims a 1-D array', () => {
    const a = gp.arange(1, 5, 1, 'float32').reshape(2, 2).T;
    expect(list(gp.resize(a, [3, 3]))).to.deep.equal([[1, 3, 2], [4, 1, 3], [2, 4, 1]]);
    expect(list(gp.resize(a, 3))).to.deep.equal([1, 3, 2]);
    expect(list(gp.resize(gp.zeros([0]), [2]))).to.deep.equal([0, 0]);
    const z = gp.array([0, 0, 1, 0, 2, 0]);
    expect(list(gp.trimZeros(z))).to.deep.equal([1, 0, 2]);
    expect(list(gp.trimZeros(z, 'f'))).to.deep.equal([1, 0, 2, 0]);
    expect(list(gp.trimZeros(z, 'b'))).to.deep.equal([0, 0, 1, 0, 2]);
    expect(gp.trimZeros(gp.zeros([3])).shape).to.deep.equal([0]);
    expect(() => gp.trimZeros(z, '')).to.throw(RangeError, /unexpected character/);
    const m = gp.zeros([4, 5], 'int32');
    m.assign([7, 8], [1, 2], [3, 1]);
    expect(list(gp.trimZeros(m))).to.deep.equal([[0, 0, 7], [8, 0, 0]]);
    expect(gp.trimZeros(m, { axis: 0 }).shape).to.deep.equal([2, 5]);
    expect(gp.trimZeros(m, 'b', -1).shape).to.deep.equal([4, 4]);
    expect(gp.trimZeros(gp.zeros([2, 3]), 'f').shape).to.deep.equal([0, 0]);
  });

  it('NumPy audit: repeat counts and 0-d axes, roll of a shift tuple without axis, trimZeros trims and axes', () => {
    // np.repeat(np.array(7), 3, 0), np.repeat([1, 2], 2.7), np.repeat([1, 2], [1.5, 2])
    expect(list(gp.repeat(gp.array(7), 3, 0))).to.deep.equal([7, 7, 7]);
    expect(list(gp.repeat(gp.array([1, 2]), 2.7))).to.deep.equal([1, 1, 2, 2]);
    expect(list(gp.repeat(gp.array([1, 2]), [1.5, 2]))).to.deep.equal([1, 2, 2]);
    expect(() => gp.repeat(gp.array([1]), NaN)).to.throw(TypeError);
    // Per-element counts are resolved on the device: zero counts anywhere, and a huge total is the
    // device's OutOfMemoryError (a host index array of 2**40 elements crashed the process before).
    expect(list(gp.repeat(gp.array([1, 2, 3, 4]), [0, 2, 0, 3]))).to.deep.equal([2, 2, 4, 4, 4]);
    expect(() => gp.repeat(gp.arange(2), [2 ** 40, 1])).to.throw(gp.OutOfMemoryError);
    expect(() => gp.pad(gp.arange(3), 2 ** 40, 'reflect')).to.throw(gp.OutOfMemoryError);
    // The view functions take array-likes as NumPy; in-place functions want a GpuArray to write into.
    expect(list(gp.flip([1, 2, 3]))).to.deep.equal([3, 2, 1]);
    expect(list(gp.rot90([[1, 2], [3, 4]]))).to.deep.equal([[2, 4], [1, 3]]);
    expect(gp.moveaxis([[1, 2, 3]], 0, 1).shape).to.deep.equal([3, 1]);
    expect(() => gp.put([1, 2] as never, [0], 1)).to.throw(TypeError, /must be a GpuArray/);
    expect(() => gp.copyto(undefined as never, 1)).to.throw(TypeError, /must be a GpuArray/);
    // np.tile(np.arange(2), (1,) * 33) is a legal 33-D array (the view was 66-D before).
    expect(gp.tile(gp.arange(2), new Array(33).fill(1)).shape).to.deep.equal([...new Array(32).fill(1), 2]);
    expect(list(gp.tile(gp.array([[1, 2]]), [2, 1, 2]))).to.deep.equal([[[1, 2, 1, 2]], [[1, 2, 1, 2]]]);
    // np.roll(np.arange(5), (1, 2)) rolls by 3.
    expect(list(gp.roll(gp.arange(5), [1, 2]))).to.deep.equal([2, 3, 4, 0, 1]);
    const m = gp.array([[0, 0, 0, 0], [0, 0, 7, 0], [0, 8, 0, 0], [0, 0, 0, 0]]);
    expect(list(gp.trimZeros(m, { axis: [0, 1] }))).to.deep.equal([[0, 7], [8, 0]]);
    expect(list(gp.trimZeros(m, 'F', [1]))).to.deep.equal([[0, 0, 0], [0, 7, 0], [8, 0, 0], [0, 0, 0]]);
    expect(() => gp.trimZeros(m, 'fbf')).to.throw(RangeError, /unexpected character/);
    expect(list(gp.trimZeros([0, 1, 0]))).to.deep.equal([1]);
    expect(list(gp.trimZeros(gp.array(0)))).to.equal(0);
  });

  it('NumPy audit: pad median/empty modes, statLength, and refused options', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]]);
    // np.pad(a, 1, 'median'): int medians rounded half to even.
    expect(list(gp.pad(a, 1, 'median'))).to.deep.equal([[4, 2, 4, 4, 4], [2, 1, 2, 3, 2], [5, 4, 5, 6, 5], [4, 2, 4, 4, 4]]);
    expect(list(gp.pad(gp.arange(5), 2, 'median', { statLength: [[2, 3]] }))).to.deep.equal([0, 0, 0, 1, 2, 3, 4, 3, 3]);
    // stat_length=1.5 rounds to 2 (half to even); per-side lengths per axis.
    expect(list(gp.pad(gp.arange(5), 2, 'maximum', { statLength: 1.5 }))).to.deep.equal([1, 1, 0, 1, 2, 3, 4, 4, 4]);
    const b = gp.arange(20).reshape(4, 5).mod(7);
    expect(list(gp.pad(b, [[1, 2], [2, 1]], 'minimum', { statLength: [[1, 2], [3, 1]] }))).to.deep.equal([
      [0, 0, 0, 1, 2, 3, 4, 4], [0, 0, 0, 1, 2, 3, 4, 4], [0, 0, 5, 6, 0, 1, 2, 2], [3, 3, 3, 4, 5, 6, 0, 0],
      [1, 1, 1, 2, 3, 4, 5, 5], [1, 1, 1, 2, 3, 4, 0, 0], [1, 1, 1, 2, 3, 4, 0, 0],
    ]);
    expect(() => gp.pad(gp.arange(3), 1, 'maximum', { statLength: 0 })).to.throw(RangeError, /stat_length of 0/);
    expect(gp.pad(a, [2, 1], 'empty').shape).to.deep.equal([5, 6]);
    // Unknown keys and other modes' keys were silently ignored (stat_length, reflect_type='odd').
    expect(() => gp.pad(a, 1, { foo: 1 } as never)).to.throw(TypeError, /unknown option 'foo'/);
    expect(() => gp.pad(a, 1, 'edge', { constantValues: 3 })).to.throw(RangeError, /constant_values/);
    expect(() => gp.pad(a, 1, 'reflect', { reflectType: 'odd' as 'even' })).to.throw(RangeError, /odd/);
    expect(() => gp.pad(a, 1, NaN as never)).to.throw(TypeError, /mode must be a string/);
    expect(() => gp.pad(a, 1, { constantValues: 'x' as never })).to.throw(TypeError, /numbers/);
  });
});
