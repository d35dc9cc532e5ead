// Found by fuzzing the public surface with adversarial arguments (NaN, negative, huge, wrong types,
// cyclic lists, disposed arrays): each call here used to hang or fail inside our code with a
// JS engine error (new Array(NaN), `x is not iterable`, JSON.stringify of a bigint) instead of
// a clear typed error before anything is launched.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

const INDEX = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'lib', 'index.js')).href;

describe('adversarial: fuzzed surface (child process)', () => {
  it('new Ufunc with nout 2**31 and histogramdd with 2**90 cells are errors at once, not hangs', () => {
    // In a child: the old code spent minutes (or the heap) on new Array(2**31).fill(null), or
    // building 2**30 + 1 edges per dimension on the host before anything checked the total.
    const src = `import(${JSON.stringify(INDEX)}).then((gp) => { for (const n of [2 ** 31, NaN, -1, 1.5]) { try { new gp.Ufunc('f', 1, n, []); console.log('none'); } catch (e) { console.log(e.constructor.name); } } try { new gp.Ufunc('f', '1', 1, []); } catch (e) { console.log(e.constructor.name); } try { gp.histogramdd(gp.array([[1, 2, 3], [4, 5, 6]]), [2 ** 30, 2 ** 30, 2 ** 30]); } catch (e) { console.log(e.constructor.name + ' ' + /too many bins/.test(e.message)); } });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', src], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, GPUARRAY_DEVICE: 'cpu' } });
    expect(r.signal, r.stderr).to.equal(null);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim().split('\n')).to.deep.equal(['RangeError', 'RangeError', 'RangeError', 'RangeError', 'TypeError', 'RangeError true']);
  });
});

describeEachDevice('adversarial: fuzzed surface', () => {
  it('broadcastShapes checks its shapes (NumPy: TypeError / ValueError)', () => {
    expect(() => gp.broadcastShapes(NaN as never)).to.throw(TypeError, /integers, got NaN/);
    expect(() => gp.broadcastShapes(null as never)).to.throw(TypeError, /array of integers, got null/);
    expect(() => gp.broadcastShapes([1.5])).to.throw(TypeError, /integers, got 1.5/);
    expect(() => gp.broadcastShapes([-1, 3])).to.throw(RangeError, /negative dimensions/);
    expect(gp.broadcastShapes(3 as never, [1, 3])).to.deep.equal([1, 3]);
  });

  it('array2string / arrayStr / arrayRepr of a non-array are TypeErrors', () => {
    expect(() => gp.array2string(null as never)).to.throw(TypeError, /array2string: expected a GpuArray/);
    expect(() => gp.arrayStr(undefined as never)).to.throw(TypeError, /arrayStr: expected a GpuArray/);
    expect(() => gp.arrayRepr(NaN as never)).to.throw(TypeError, /arrayRepr: expected a GpuArray/);
  });

  it('choose with non-list choices or a cyclic index list; a bigint or an array as axis', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]]);
    expect(() => gp.choose(0, 5 as never)).to.throw(TypeError, /choices must be an array/);
    const cyc: unknown[] = [];
    cyc.push(cyc);
    expect(() => gp.choose(cyc, [a])).to.throw(TypeError, /cyclic/);
    expect(() => gp.argmax(a, { axis: 5n as never })).to.throw(TypeError, /axis must be an integer or null, got the bigint 5n/);
    const d = gp.array([1]);
    d.dispose();
    expect(() => gp.sum(a, { axis: d as never })).to.throw(TypeError, /axis must be a number|axis must be integers, got array|used after/);
  });

  it('options: unknown keys refused, null means none (cross, dot, diagonal; not diff\'s axis); a non-iterable axis', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' });
    const u = gp.array([1, 2, 3], { dtype: 'float64' });
    expect(() => gp.cross([1, 2, 3], [4, 5, 6], { bogus: 1 } as never)).to.throw(TypeError, /cross: unknown option 'bogus'/);
    expect(() => gp.dot(a, a.T, { bogus: 1 } as never)).to.throw(TypeError, /dot: unknown option 'bogus'/);
    expect(() => gp.diagonal(a, { bogus: 1 } as never)).to.throw(TypeError, /diagonal: unknown option 'bogus'/);
    expect(gp.cross(u, [4, 5, 6], null as never).toArray()).to.deep.equal([-3, 6, -3]);
    expect(gp.dot(a, a.T, null as never).toArray()).to.deep.equal([[14, 32], [32, 77]]);
    expect(gp.diff(a, 1, undefined).toArray()).to.deep.equal([[1, 1], [1, 1]]);
    // NumPy's diff has no axis=None: its TypeError.
    expect(() => gp.diff(a, 1, null as never)).to.throw(TypeError, /NoneType/);
    expect(gp.diagonal(a, { offset: 1 }).toArray()).to.deep.equal([2, 6]);
    expect(() => gp.flip(a, Symbol('x') as never)).to.throw(TypeError, /axis must be an integer/);
    expect(() => a.expandDims(null as never)).to.throw(TypeError, /expandDims: axis must be an integer/);
  });

  it('shape, reps, shift, s and axes arguments that are not lists are TypeErrors naming the function', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' });
    expect(() => gp.fft.fft2(a, null, NaN as never)).to.throw(TypeError, /fft2: axes must be a sequence of integers/);
    expect(() => gp.fft.fftn(a, 3 as never)).to.throw(TypeError, /fftn: s must be a sequence of integers/);
    expect(() => gp.fft.fftn(a, Symbol('s') as never)).to.throw(TypeError, /fftn: s must be/);
    expect(gp.fft.fftn(a, [2, 2]).shape).to.deep.equal([2, 2]);
    expect(() => gp.fft.fftshift(a, Symbol('x') as never)).to.throw(TypeError, /fftshift: axes must be/);
    expect(() => a.reshape(Symbol('x') as never)).to.throw(TypeError, /reshape: shape must be/);
    expect(() => gp.tile(a, 'ab' as never)).to.throw(TypeError, /tile: reps must be/);
    expect(() => gp.roll(a, Symbol('x') as never)).to.throw(TypeError, /roll: shift must be/);
    expect(() => gp.resize(a, null as never)).to.throw(TypeError, /resize: newShape must be/);
    expect(() => gp.unravelIndex(3, null as never)).to.throw(TypeError, /unravelIndex: shape must be/);
    expect(gp.tile(a, 2).shape).to.deep.equal([2, 6]);
    expect(gp.resize(a, 4).shape).to.deep.equal([4]);
  });

  it('matmul/trace options checked, null accepted; transpose axes not a list; norm order a bigint', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' });
    expect(() => gp.matmul(a, a.T, { bogus: 1 } as never)).to.throw(TypeError, /matmul: unknown option 'bogus'/);
    expect(gp.matmul(a, a.T, null as never).toArray()).to.deep.equal([[14, 32], [32, 77]]);
    expect(() => gp.trace(a, { bogus: 1 } as never)).to.throw(TypeError, /trace: unknown option 'bogus'/);
    expect(gp.trace(a, null as never).toArray()).to.equal(6);
    expect(gp.trace(a, { offset: 1 }).toArray()).to.equal(8);
    expect(() => a.transpose(Symbol('x') as never)).to.throw(TypeError, /transpose: axes must be/);
    expect(a.transpose(null as never).shape).to.deep.equal([3, 2]);
    expect(() => gp.linalg.norm(a, 5n as never)).to.throw(RangeError, /Invalid norm order 5n/);
  });

  it('a cyclic index list is a TypeError, not a stack overflow', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' });
    const c: unknown[] = [0];
    c.push(c);
    expect(() => a.slice(c as never)).to.throw(TypeError, /contains itself/);
    expect(a.slice([1, 0] as never).toArray()).to.deep.equal([[4, 5, 6], [1, 2, 3]]);
  });
});
