// numpy.unwrap against NumPy 2.4's values: float and integer signals, integer periods (integer
// results), the ambiguous half-period jump, discont, axes, positional and option arguments, errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);
const close = (got: number[], want: number[], tol: number) => {
  expect(got.length).to.equal(want.length);
  got.forEach((g, k) => expect(g, `[${k}]`).to.be.closeTo(want[k], tol));
};

describeEachDevice('unwrap', () => {
  it('jumps over half a period become their value modulo the period (NumPy 2.4 values and dtypes)', () => {
    const f = gp.unwrap(gp.array([0, 3.5, 7], 'float32'));
    expect(f.dtype.name).to.equal('float32');
    close(values(f), [0, -2.783185, -5.56637], 1e-6);
    const i = gp.unwrap(gp.array([0, 1, 2, 6, 7], 'int32'));
    expect(i.dtype.name).to.equal('float64');
    close(values(i), [0, 1, 2, -0.28318530717958623, 0.7168146928204138], 1e-12);
    close(values(gp.unwrap(gp.array([0, 1, 2, 6, 7], 'uint8'))), [0, 1, 2, -0.28318530717958623, 0.7168146928204138], 1e-12);
    close(values(gp.unwrap([0, 3.5, 7])), [0, -2.7831853071795862, -5.5663706143591725], 1e-12);
  });

  it('an integer period keeps integers; a jump of exactly half a period keeps its sign', () => {
    const p4 = gp.unwrap(gp.array([0, 1, 2, 6, 7], 'int32'), { period: 4 });
    expect([p4.dtype.name, values(p4)]).to.deep.equal(['int32', [0, 1, 2, 2, 3]]);
    expect(values(gp.unwrap(gp.array([0, 1, 5, 6, 10], 'int8'), { period: 4 }))).to.deep.equal([0, 1, 1, 2, 2]);
    expect(values(gp.unwrap(gp.array([0, 2, 4, 6]), { period: 4 }))).to.deep.equal([0, 2, 4, 6]);
    expect(values(gp.unwrap(gp.array([0, -2, -4, -6]), { period: 4 }))).to.deep.equal([0, -2, -4, -6]);
    expect(values(gp.unwrap(gp.array([0, 190, 20, 370]), { period: 360 }))).to.deep.equal([0, -170, -340, -350]);
  });

  it('discont and axis, by position or option; 0-d refused, empty kept', () => {
    const m = gp.array([[0, 3.5], [7, 0.5]]);
    const want = [0, 3.5, 0.7168146928204138, 0.5];
    close(values(gp.unwrap(m, null, 0)), want, 1e-12);
    close(values(gp.unwrap(m, { axis: 0 })), want, 1e-12);
    close(values(gp.unwrap(m, null, { axis: 0 })), want, 1e-12);
    close(values(gp.unwrap(m.T, { axis: -1 })), [0, 0.7168146928204138, 3.5, 0.5], 1e-12);
    expect(values(gp.unwrap(gp.array([0, 3.5, 7]), 4))).to.deep.equal([0, 3.5, 7]);
    expect(() => gp.unwrap([0, 3.5], 4, { discont: 3 })).to.throw(TypeError, /twice/);
    expect(() => gp.unwrap(gp.array(3.0))).to.throw(RangeError, /at least one dimensional/);
    expect(() => gp.unwrap([0, 1], { period: 'x' } as never)).to.throw(TypeError, /period/);
    expect(gp.unwrap(gp.array([], 'float32')).shape).to.deep.equal([0]);
  });
});
