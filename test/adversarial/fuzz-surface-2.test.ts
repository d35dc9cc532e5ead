// A second fuzz of the public surface on the cpu backend (wrong types, holes, cycles, huge counts,
// bigints): each call here used to hang the process, or fail inside our code with a JS engine
// error (`Cannot read properties of undefined`, `Do not know how to serialize a BigInt`,
// `Invalid typed array length`, `Maximum call stack size exceeded`), or silently take a list of
// holes as an empty index, instead of a clear typed error before anything is launched.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

const INDEX = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'lib', 'index.js')).href;

describe('adversarial: fuzzed surface 2 (child process)', () => {
  it('a sparse list of length 2**32 - 1 as shape, axes, s, size, sections, index or sequence of arrays is a TypeError at once, not a hang', () => {
    // Each call walked every one of the 4 billion slots (map, spread, every, some) before any check.
    const calls = [
      'gp.fft.fftn(a, sp())', 'gp.fft.rfft2(a, sp())', 'gp.fft.fftn(a, null, sp())', 'gp.hsplit(a, sp())', 'gp.vstack(sp())',
      'gp.random.defaultRng(1).power(a, sp())', 'gp.zeros(sp())', 'a.reshape(sp())', 'a.transpose(sp())', 'gp.broadcastShapes(sp())',
      'gp.take(v, sp())', 'a.slice(sp())', 'gp.add.at(gp.array([1, 2]), sp(), 1)', 'gp.lexsort(sp())', 'gp.linalg.multiDot(sp())',
      'gp.split(a, sp())', 'gp.concatenate(sp())',
    ];
    const src = `import(${JSON.stringify(INDEX)}).then((gp) => { const a = gp.array([[2, 1], [1, 3]]); const v = gp.array([3, 1, 2]); const sp = () => { const h = []; h.length = 2 ** 32 - 1; return h; }; for (const f of [${calls.map((c) => `() => ${c}`).join(', ')}]) { try { f(); console.log('none'); } catch (e) { console.log(e.constructor.name + ' ' + /has a hole \\(an empty slot\\) at \\[0\\]/.test(e.message)); } } });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', src], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, GPUARRAY_DEVICE: 'cpu' } });
    expect(r.signal, r.stderr).to.equal(null);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim().split('\n')).to.deep.equal(calls.map(() => 'TypeError true'));
  });

  it('histogram with 2**30 or more equal-width bins is a RangeError, not the heap running out', () => {
    const src = `import(${JSON.stringify(INDEX)}).then((gp) => { const v = gp.array([3, 1, 2]); for (const f of [() => gp.histogram(v, { bins: 2 ** 31 }), () => gp.histogram(v, { bins: 2 ** 30 }), () => gp.histogramBinEdges(v, 2 ** 40), () => gp.histogramdd(gp.array([[1], [2]]), [2 ** 30])]) { try { f(); console.log('none'); } catch (e) { console.log(e.constructor.name + ' ' + /too many bins/.test(e.message)); } } });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', src], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, GPUARRAY_DEVICE: 'cpu' } });
    expect(r.signal, r.stderr).to.equal(null);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout.trim().split('\n')).to.deep.equal(['RangeError true', 'RangeError true', 'RangeError true', 'RangeError true']);
  });
});

describeEachDevice('adversarial: fuzzed surface 2', () => {
  it('a list of holes is no empty index (it was: take(v, new Array(2)) gave [])', () => {
    const v = gp.array([3, 1, 2]);
    expect(() => gp.take(v, new Array(2))).to.throw(TypeError, /indices: the index list has a hole \(an empty slot\) at \[0\]/);
    expect(() => gp.take(v, [1, , 2])).to.throw(TypeError, /hole/);
    // Real empty lists stay the empty index (NumPy: np.take(v, []) is an empty int64 array).
    expect(gp.take(v, []).toArray()).to.deep.equal([]);
  });

  it('lexsort and multiDot with a hole; tensorsolve with an int axes (NumPy: TypeError)', () => {
    const a = gp.array([[2, 1], [1, 3]], { dtype: 'float64' });
    expect(() => gp.lexsort(new Array(2))).to.throw(TypeError, /lexsort: keys has a hole/);
    expect(() => gp.linalg.multiDot(new Array(3))).to.throw(TypeError, /multiDot: arrays has a hole/);
    expect(() => gp.linalg.tensorsolve(a, a, 5 as never)).to.throw(TypeError, /tensorsolve: axes must be a sequence of integers, got number/);
    expect(gp.linalg.tensorsolve(gp.eye(2), gp.array([1, 2], { dtype: 'float64' })).toArray()).to.deep.equal([1, 2]);
  });

  it('a cyclic list as a random parameter is asarray\'s TypeError, not a stack overflow', () => {
    const c: unknown[] = [1];
    c.push(c);
    expect(() => gp.random.binomial(c as never, 0.5)).to.throw(TypeError, /contains itself/);
    expect(() => gp.random.defaultRng(1).poisson(c as never)).to.throw(TypeError, /contains itself/);
  });

  it('a bigint where a string option belongs is a RangeError/TypeError naming it (was JSON.stringify\'s TypeError)', () => {
    const v = gp.array([3, 1, 2]);
    expect(() => gp.copy(v, 5n as never)).to.throw(RangeError, /copy: order must be one of 'C', 'F', 'A', or 'K' \(got 5n\)/);
    expect(() => gp.searchsorted(v, 2, { side: 1n as never })).to.throw(RangeError, /side must be 'left' or 'right' \(got 1n\)/);
    expect(() => gp.take(v, [0], { mode: 2n as never })).to.throw(RangeError, /clipmode .* got 2n/);
    expect(() => gp.tensordot(v, v, [1n] as never)).to.throw(TypeError, /tensordot: axes must be an integer or a pair of axis lists/);
    expect(() => gp.unravelIndex(1, [2, 2], { order: 1n as never })).to.throw(RangeError, /order must be 'C' or 'F', got 1n/);
    expect(() => v.tobytes(1n as never)).to.throw(RangeError, /tobytes: order must be one of 'C', 'F', 'A', or 'K' \(got 1n\)/);
  });

  it('fftfreq / rfftfreq with n beyond a host array: a RangeError (was `Invalid typed array length`)', () => {
    expect(() => gp.fft.fftfreq(1e300)).to.throw(RangeError, /fftfreq: n = 1e\+300 is too large/);
    expect(() => gp.fft.rfftfreq(2 ** 40)).to.throw(RangeError, /rfftfreq: n = 1099511627776 is too large/);
    expect(gp.fft.rfftfreq(4).toArray()).to.deep.equal([0, 0.25, 0.5]);
  });

  it('getElapsedTime / elapsedTime with no Events is a TypeError naming them', () => {
    expect(() => gp.getElapsedTime(undefined as never, undefined as never)).to.throw(TypeError, /getElapsedTime: start and end must be Events, got undefined and undefined/);
    const e = new gp.Event();
    try {
      expect(() => e.elapsedTime(null as never)).to.throw(TypeError, /elapsedTime: end must be an Event, got object/);
    } finally {
      e.dispose();
    }
  });
});
