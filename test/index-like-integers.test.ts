// NumPy reads integer arguments (lengths, axes, counts, offsets) with operator.index: an integer
// typed scalar (np.int64(2)) or a 0-d integer array is that integer; a float or bool typed scalar
// is a TypeError. Each expected value below is what NumPy 2.4 gave for the call named.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const num = (xs: unknown): unknown => (Array.isArray(xs) ? xs.map(num) : Number(xs));
// The typed signatures take JS numbers; these calls pass NumPy's integer-like values as they are.
const I = (v: number) => gp.int64(v) as unknown as number;
const U8 = (v: number) => gp.uint8(v) as unknown as number;
const U64 = (v: number) => gp.uint64(v) as unknown as number;
const I8 = (v: number) => gp.int8(v) as unknown as number;
const I32 = (v: number) => gp.int32(v) as unknown as number;
const Z = (v: number) => gp.array(v) as unknown as number; // a 0-d int64 array
const F = (v: number) => gp.float64(v) as unknown as number;
const TRUE_ = gp.bool(true) as unknown as number;

describeEachDevice('operator.index integers (typed scalars, 0-d integer arrays)', () => {
  const a = () => gp.arange(6).astype('float64').reshape(2, 3);
  const x = () => gp.array([3, 1, 2, 5, 4]);
  const c = () => gp.array([1, 2, 3, 4]);

  it('shapes: creation, reshape, broadcastTo, a 1-d integer array', () => {
    // np.zeros(np.int64(2)).shape -> (2,); np.zeros([np.int64(2), np.uint8(3)]).shape -> (2, 3)
    expect(gp.zeros(I(2)).shape).to.deep.equal([2]);
    expect(gp.zeros([I(2), U8(3)]).shape).to.deep.equal([2, 3]);
    // np.zeros(np.array(2)).shape -> (2,); np.zeros(np.array([2])).shape -> (2,)
    expect(gp.zeros(Z(2)).shape).to.deep.equal([2]);
    expect(gp.zeros(gp.array([2]) as unknown as number[]).shape).to.deep.equal([2]);
    // np.full(np.int64(2), 7.) -> [7., 7.]
    expect(num(gp.full(I(2), 7).toArray())).to.deep.equal([7, 7]);
    // a.reshape(np.int64(3), np.int64(2)).shape -> (3, 2); a.reshape(np.array(6)).shape -> (6,)
    expect(a().reshape(I(3), I(2)).shape).to.deep.equal([3, 2]);
    expect(a().reshape(Z(6)).shape).to.deep.equal([6]);
    // np.broadcast_to(c, (np.int64(2), np.int64(4))).shape -> (2, 4)
    expect(gp.broadcastTo(c(), [I(2), I(4)]).shape).to.deep.equal([2, 4]);
    // np.zeros(np.float64(2)), np.zeros(np.True_), a.reshape(np.float64(6)), np.zeros(np.array(2.)): TypeError
    expect(() => gp.zeros(F(2))).to.throw(TypeError);
    expect(() => gp.zeros(TRUE_)).to.throw(TypeError);
    expect(() => a().reshape(F(6))).to.throw(TypeError);
    expect(() => gp.zeros(gp.array(2, { dtype: 'float64' }) as unknown as number)).to.throw(TypeError);
  });

  it('counts: eye, identity, tri, linspace, diff, round, repeat, tile, fftfreq, matrix_power', () => {
    // np.eye(np.uint64(2)) -> [[1, 0], [0, 1]]; np.eye(np.int64(2), np.uint8(3)) -> [[1, 0, 0], [0, 1, 0]]
    expect(num(gp.eye(U64(2)).toArray())).to.deep.equal([[1, 0], [0, 1]]);
    expect(num(gp.eye(I(2), U8(3)).toArray())).to.deep.equal([[1, 0, 0], [0, 1, 0]]);
    // np.eye(3, k=np.int64(1))[0] -> [0, 1, 0]; np.identity(np.int64(2)).shape -> (2, 2)
    expect(num(gp.eye(3, { k: I(1) }).toArray())).to.deep.equal([[0, 1, 0], [0, 0, 1], [0, 0, 0]]);
    expect(gp.identity(I(2)).shape).to.deep.equal([2, 2]);
    // np.tri(np.int64(2), np.int64(3), np.int64(-1)) -> [[0, 0, 0], [1, 0, 0]]
    expect(num(gp.tri(I(2), I(3), I(-1)).toArray())).to.deep.equal([[0, 0, 0], [1, 0, 0]]);
    // np.linspace(0, 1, np.int32(3)) and np.linspace(0, 1, np.array(3)) -> [0, 0.5, 1]
    expect(num(gp.linspace(0, 1, I32(3)).toArray())).to.deep.equal([0, 0.5, 1]);
    expect(num(gp.linspace(0, 1, Z(3)).toArray())).to.deep.equal([0, 0.5, 1]);
    // np.diff(x, np.int64(1)) -> [-2, 1, 3, -1]; np.diff(x, n=np.uint8(2)) -> [3, 2, -4]
    expect(num(gp.diff(x(), I(1)).toArray())).to.deep.equal([-2, 1, 3, -1]);
    expect(num(gp.diff(x(), { n: U8(2) }).toArray())).to.deep.equal([3, 2, -4]);
    // np.round([1.25, 2.5], np.int64(1)) -> [1.2, 2.5]
    expect(num(gp.round(gp.array([1.25, 2.5]), I(1)).toArray())).to.deep.equal([1.2, 2.5]);
    // np.repeat(c, np.int64(2)) -> [1, 1, 2, 2, 3, 3, 4, 4]; np.tile(c, np.int64(2)).shape -> (8,)
    expect(num(gp.repeat(c(), I(2)).toArray())).to.deep.equal([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(gp.tile(c(), I(2)).shape).to.deep.equal([8]);
    // np.fft.fftfreq(np.int64(4)) -> [0, 0.25, -0.5, -0.25]; np.fft.fft(c, np.int64(4)).real -> [10, -2, -2, -2]
    expect(num(gp.fft.fftfreq(I(4)).toArray())).to.deep.equal([0, 0.25, -0.5, -0.25]);
    expect(num(gp.real(gp.fft.fft(c(), I(4))).toArray())).to.deep.equal([10, -2, -2, -2]);
    // np.linalg.matrix_power([[2, 1], [1, 3]], np.int64(2)) -> [[5, 5], [5, 10]]
    expect(num(gp.linalg.matrixPower(gp.array([[2, 1], [1, 3]]), I(2)).toArray())).to.deep.equal([[5, 5], [5, 10]]);
    // np.eye(np.float64(2)), np.linspace(0, 1, np.float64(3)), np.diff(x, np.float64(1)), np.round(x, np.float64(1)),
    // np.fft.fft(c, np.float64(4)), np.linalg.matrix_power(m, np.float64(2)), np.linspace(0, 1, np.True_): TypeError
    expect(() => gp.eye(F(2))).to.throw(TypeError);
    expect(() => gp.linspace(0, 1, F(3))).to.throw(TypeError);
    expect(() => gp.diff(x(), F(1))).to.throw(TypeError);
    expect(() => gp.round(x(), F(1))).to.throw(TypeError);
    expect(() => gp.fft.fft(c(), F(4))).to.throw(TypeError);
    expect(() => gp.linalg.matrixPower(gp.array([[2, 1], [1, 3]]), F(2))).to.throw(TypeError);
    expect(() => gp.linspace(0, 1, TRUE_)).to.throw(TypeError);
  });

  it('axes: reductions, scans, sorting, joining, moving axes', () => {
    // np.sum(a, axis=np.int8(1)) and axis=np.array(1) -> [3, 12]; axis=(np.int64(0), np.int64(1)) -> 15
    expect(num(gp.sum(a(), { axis: I8(1) }).toArray())).to.deep.equal([3, 12]);
    expect(num(gp.sum(a(), { axis: Z(1) }).toArray())).to.deep.equal([3, 12]);
    expect(Number(gp.sum(a(), { axis: [I(0), I(1)] }).toArray())).to.equal(15);
    // np.argmax(a, axis=np.int64(1)) -> [2, 2]; np.cumsum(a, axis=np.int64(1))[1] -> [3, 7, 12]
    expect(num(gp.argmax(a(), { axis: I(1) }).toArray())).to.deep.equal([2, 2]);
    expect(num(gp.cumsum(a(), { axis: I(1) }).toArray())).to.deep.equal([[0, 1, 3], [3, 7, 12]]);
    // np.argsort(x, np.int64(0)) -> [1, 2, 0, 4, 3]; np.partition(x, np.int64(1))[1] -> 2; kth=np.array(1) too
    expect(num(gp.argsort(x(), I(0)).toArray())).to.deep.equal([1, 2, 0, 4, 3]);
    expect((num(gp.partition(x(), I(1)).toArray()) as number[])[1]).to.equal(2);
    expect((num(gp.partition(x(), Z(1)).toArray()) as number[])[1]).to.equal(2);
    // np.concatenate([a, a], np.int64(0)).shape -> (4, 3); np.stack([x, x], axis=np.int64(1)).shape -> (5, 2)
    expect(gp.concatenate([a(), a()], I(0)).shape).to.deep.equal([4, 3]);
    expect(gp.stack([x(), x()], { axis: I(1) }).shape).to.deep.equal([5, 2]);
    // np.expand_dims(x, np.int64(0)).shape -> (1, 5); np.moveaxis(a, np.array(0), np.array(1)).shape -> (3, 2)
    expect(gp.expandDims(x(), I(0)).shape).to.deep.equal([1, 5]);
    expect(gp.moveaxis(a(), Z(0), Z(1)).shape).to.deep.equal([3, 2]);
    // np.roll(a, np.int64(1), axis=np.int64(1)) -> [[2, 0, 1], [5, 3, 4]]
    expect(num(gp.roll(a(), I(1), { axis: I(1) }).toArray())).to.deep.equal([[2, 0, 1], [5, 3, 4]]);
    // np.median(a, axis=np.int64(0)) -> [1.5, 2.5, 3.5]; np.linalg.norm(a, ord=np.int64(1), axis=np.int64(0)) -> [3, 5, 7]
    expect(num(gp.median(a(), { axis: I(0) }).toArray())).to.deep.equal([1.5, 2.5, 3.5]);
    expect(num(gp.linalg.norm(a(), { ord: I(1), axis: I(0) }).toArray())).to.deep.equal([3, 5, 7]);
    // np.lexsort([x], np.int64(0)) -> [1, 2, 0, 4, 3]; np.delete(a, 0, np.int64(1)) -> [[1, 2], [4, 5]]
    expect(num(gp.lexsort([x()], I(0)).toArray())).to.deep.equal([1, 2, 0, 4, 3]);
    expect(num(gp.delete(a(), 0, I(1)).toArray())).to.deep.equal([[1, 2], [4, 5]]);
    // np.broadcast_shapes((np.int64(2), 1), (3,)) -> (2, 3)
    expect(gp.broadcastShapes([I(2), 1], [3])).to.deep.equal([2, 3]);
    // np.sum(a, axis=np.float64(1)), axis=np.True_, axis=True, axis=np.array(1.): TypeError; axis=np.int64(5): AxisError
    expect(() => gp.sum(a(), { axis: F(1) })).to.throw(TypeError);
    expect(() => gp.sum(a(), { axis: TRUE_ })).to.throw(TypeError);
    expect(() => gp.sum(a(), { axis: true as unknown as number })).to.throw(TypeError);
    expect(() => gp.sum(a(), { axis: gp.array(1.5) as unknown as number })).to.throw(TypeError);
    expect(() => gp.sum(a(), { axis: I(5) })).to.throw(RangeError);
  });

  it('offsets, bins, widths, sections, and floats where NumPy takes floats', () => {
    // np.triu(a, np.int64(1)) -> [[0, 1, 2], [0, 0, 5]]; np.trace(a, np.int64(1)) -> 6
    expect(num(gp.triu(a(), I(1)).toArray())).to.deep.equal([[0, 1, 2], [0, 0, 5]]);
    expect(Number(gp.trace(a(), I(1)))).to.equal(6);
    // np.histogram(x, np.int64(2)) -> ([2, 3], [1, 3, 5])
    const [h, e] = gp.histogram(x(), I(2));
    expect(num(h.toArray())).to.deep.equal([2, 3]);
    expect(num(e.toArray())).to.deep.equal([1, 3, 5]);
    // np.pad(c, np.int64(1)) -> [0, 1, 2, 3, 4, 0]; np.pad(c, [(np.int64(1), np.uint8(2))]) -> [0, 1, 2, 3, 4, 0, 0]
    expect(num(gp.pad(c(), I(1)).toArray())).to.deep.equal([0, 1, 2, 3, 4, 0]);
    expect(num(gp.pad(c(), [[I(1), U8(2)]]).toArray())).to.deep.equal([0, 1, 2, 3, 4, 0, 0]);
    // np.split(c, np.int64(2)) -> [[1, 2], [3, 4]]; np.split(c, [np.int64(1)]) -> [[1], [2, 3, 4]]
    expect(gp.split(c(), I(2)).map((p) => num(p.toArray()))).to.deep.equal([[1, 2], [3, 4]]);
    expect(gp.split(c(), [I(1)]).map((p) => num(p.toArray()))).to.deep.equal([[1], [2, 3, 4]]);
    // np.tensordot(a, a.T, axes=np.int64(1)) -> [[5, 14], [14, 50]]
    expect(num(gp.tensordot(a(), a().T, I(1)).toArray())).to.deep.equal([[5, 14], [14, 50]]);
    // np.bincount([0, 1], minlength=np.int64(4)) -> [1, 1, 0, 0]
    expect(num(gp.bincount(gp.array([0, 1]), { minlength: I(4) }).toArray())).to.deep.equal([1, 1, 0, 0]);
    // np.std(x, ddof=np.float64(1)) -> 1.5811388300841898; np.unwrap([0, 1.5, 3], period=np.float64(2)) -> [0, -0.5, -1]
    expect(Number(gp.std(x(), { ddof: F(1) }))).to.be.closeTo(1.5811388300841898, 1e-12);
    expect(num(gp.unwrap(gp.array([0, 1.5, 3]), { period: F(2) }).toArray())).to.deep.equal([0, -0.5, -1]);
    // np.histogram(x, np.float64(2)), np.pad(c, np.float64(1)), np.partition(x, np.float64(1)): TypeError
    expect(() => gp.histogram(x(), F(2))).to.throw(TypeError);
    expect(() => gp.pad(c(), F(1))).to.throw(TypeError);
    expect(() => gp.partition(x(), F(1))).to.throw(TypeError);
  });
  it("gradient's edgeOrder, convolve/correlate's integer mode, histogramdd's per-dimension counts", () => {
    // np.gradient([1., 2, 4, 7], edge_order=np.int64(2)) -> [0.5, 1.5, 2.5, 3.5]
    expect(num((gp.gradient(gp.array([1, 2, 4, 7], 'float64'), { edgeOrder: I(2) as 2 }) as gp.GpuArray).toArray())).to.deep.equal([0.5, 1.5, 2.5, 3.5]);
    // np.correlate([1, 2, 3], [1, 1], np.int64(2)) -> [1, 3, 5, 3]; np.convolve(..., mode=np.array(1, np.int8)) -> [1, 3, 5]
    expect(num(gp.correlate(gp.array([1, 2, 3]), gp.array([1, 1]), I(2) as 2).toArray())).to.deep.equal([1, 3, 5, 3]);
    expect(num(gp.convolve(gp.array([1, 2, 3]), gp.array([1, 1]), { mode: gp.array(1, 'int8') as unknown as 1 }).toArray())).to.deep.equal([1, 3, 5]);
    // np.histogramdd([[1., 2], [3, 4]], bins=[np.int64(2), np.array(3)]) -> H [[1, 0, 0], [0, 0, 1]], edges [1, 2, 3], [2, 2.67, 3.33, 4]
    const [H, e] = gp.histogramdd(gp.array([[1, 2], [3, 4]], 'float64'), { bins: [I(2), Z(3)] });
    expect([num(H.toArray()), e.map((x) => num(x.toArray()))]).to.deep.equal([[[1, 0, 0], [0, 0, 1]], [[1, 2, 3], [2, 2.6666666666666665, 3.333333333333333, 4]]]);
  });
});
