// Issue 13, options objects: only an options object's own enumerable keys are read (a key on
// Object.prototype or a {__proto__: {...}} chain is never honoured), an unknown key is a
// TypeError naming the function and the key (NumPy: "got an unexpected keyword argument"), and
// the bad arguments of the row 27 get a typed error that names the argument in words.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { describeEachDevice } from '../helpers.js';

type Polluted = Record<string, unknown>;

/** Run `fn` with `key` set on Object.prototype (enumerable, as a careless library would), then remove it. */
function withPrototypeKey<T>(key: string, value: unknown, fn: () => T): T {
  const proto = Object.prototype as Polluted;
  proto[key] = value;
  try {
    return fn();
  } finally {
    delete proto[key];
  }
}

const SRC = 'extern "C" __global__ void fill_k(float* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = 7.0f; }';

describeEachDevice('adversarial: options objects', () => {
  describe('only own keys are read', () => {
    it('Object.prototype.keepdims = true does not make sum keepdims', () => {
      const a = gp.array([
        [1, 2],
        [3, 4],
      ]);
      const [fn, method, kernelSum] = withPrototypeKey('keepdims', true, () => {
        const rk = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'adv_sum');
        return [gp.sum(a), a.sum(), rk(a) as gp.GpuArray];
      });
      for (const r of [fn, method, kernelSum]) {
        expect(r.shape).to.deep.equal([]);
        expect(r.toArray()).to.equal(10n);
        r.dispose();
      }
      a.dispose();
    });

    it('Object.prototype.axis / out / dtype change neither reductions nor ufuncs', () => {
      const a = gp.array([1.5, 2.5, 4]);
      const decoy = gp.full([3], 99.5);
      const [s, m, u] = withPrototypeKey('out', decoy, () =>
        withPrototypeKey('dtype', 'int8', () => withPrototypeKey('axis', 5, () => [gp.sum(a), gp.mean(a), gp.add(a, 1)])),
      );
      expect(s.toArray()).to.equal(8);
      expect(m.toArray()).to.be.closeTo(8 / 3, 1e-15);
      expect(u.dtype.name).to.equal('float64');
      expect(u.toArray()).to.deep.equal([2.5, 3.5, 5]);
      expect(decoy.toArray()).to.deep.equal([99.5, 99.5, 99.5]);
      for (const x of [s, m, u, decoy, a]) x.dispose();
    });

    it('{__proto__: {out}} is not honoured', () => {
      const a = gp.array([1, 2, 3]);
      const o = gp.full([], 7n, 'int64');
      const r = gp.sum(a, { __proto__: { out: o } } as unknown as gp.ReductionOptions);
      expect(r).to.not.equal(o);
      expect(r.toArray()).to.equal(6n);
      expect(o.toArray()).to.equal(7n);
      const o2 = gp.full([3], 7n, 'int64');
      const u = gp.add(a, 1, { __proto__: { out: o2 } } as never);
      expect(u).to.not.equal(o2);
      expect(o2.toArray()).to.deep.equal([7n, 7n, 7n]);
      for (const x of [a, o, r, o2, u]) x.dispose();
    });

    it('Object.prototype.equalNan does not make allclose treat NaNs as equal', () => {
      const a = gp.array([1, NaN]);
      expect(withPrototypeKey('equalNan', true, () => gp.allclose(a, a))).to.equal(false);
      expect(withPrototypeKey('equalNan', true, () => gp.arrayEqual(a, a))).to.equal(false);
      expect(gp.allclose(a, a, { equalNan: true })).to.equal(true);
      a.dispose();
    });

    it('Object.prototype.size does not resize an ElementwiseKernel launch', () => {
      const k = gp.ElementwiseKernel('T x', 'T y', 'y = x * 2', 'adv_double');
      const a = gp.array([1, 2, 3], 'float32');
      const r = withPrototypeKey('size', 1e9, () => k(a)) as gp.GpuArray;
      expect(r.toArray()).to.deep.equal([2, 4, 6]);
      r.dispose();
      a.dispose();
    });
  });

  describe('unknown keys are a TypeError naming the function and the key', () => {
    const cases: [string, () => unknown, RegExp][] = [
      ['allclose {equal_nan}', () => gp.allclose(gp.array([NaN]), gp.array([NaN]), { equal_nan: true } as never), /allclose: unknown option 'equal_nan'/],
      ['isclose {rTol}', () => gp.isclose(gp.array([1]), gp.array([1]), { rTol: 1 } as never), /isclose: unknown option 'rTol'/],
      ['arrayEqual {equal_nan}', () => gp.arrayEqual(gp.array([1]), gp.array([1]), { equal_nan: true } as never), /arrayEqual: unknown option 'equal_nan'/],
      ['sum {keepDims}', () => gp.sum(gp.array([1]), { keepDims: true } as never), /sum: unknown option 'keepDims'/],
      ['a.max(0, {keep_dims})', () => gp.array([1]).max(0, { keep_dims: true } as never), /max: unknown option 'keep_dims'/],
      ['add {outt}', () => gp.add(gp.array([1]), 1, { outt: null } as never), /add: unknown option 'outt'/],
      ['zeros(3, {dtyp})', () => gp.zeros(3, { dtyp: 'int8' } as never), /zeros: unknown option 'dtyp'/],
      ['zerosLike {dtyp}', () => gp.zerosLike(gp.array([1]), { dtyp: 'int8' } as never), /zerosLike: unknown option 'dtyp'/],
      ['linspace {endPoint}', () => gp.linspace(0, 1, 3, { endPoint: false } as never), /linspace: unknown option 'endPoint'/],
      ['arange {dtyp}', () => gp.arange(3, { dtyp: 'int8' } as never), /arange: unknown option 'dtyp'/],
      ['setPrintoptions {precison}', () => gp.setPrintoptions({ precison: 3 } as never), /setPrintoptions: unknown option 'precison'/],
      ['arrayRepr {precison}', () => gp.arrayRepr(gp.array([1]), { precison: 3 } as never), /arrayRepr: unknown option 'precison'/],
      ['array2string {sep}', () => gp.array2string(gp.array([1]), { sep: ',' } as never), /array2string: unknown option 'sep'/],
      ['setLimit {sise}', () => gp.getMemoryPool().setLimit({ sise: 5 } as never), /setLimit: unknown option 'sise'/],
      ['ElementwiseKernel {preambel}', () => gp.ElementwiseKernel('T x', 'T y', 'y = x', 'k', { preambel: '' } as never), /ElementwiseKernel: unknown option 'preambel'/],
      ['ElementwiseKernel call {sise}', () => gp.ElementwiseKernel('T x', 'T y', 'y = x', 'adv_copy')(gp.array([1]), { sise: 3 } as never), /adv_copy: unknown option 'sise'/],
      ['ElementwiseKernel options in place of the name {preambel}', () => gp.ElementwiseKernel('T x', 'T y', 'y = x', { preambel: '' } as never), /ElementwiseKernel: unknown option 'preambel'/],
      ['ReductionKernel {reduceTipe}', () => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'k', { reduceTipe: 'int' } as never), /ReductionKernel: unknown option 'reduceTipe'/],
      ['ReductionKernel call {axes}', () => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'adv_rsum')(gp.array([1]), { axes: 0 } as never), /adv_rsum: unknown option 'axes'/],
      ['RawKernel launch {sharedMemory}', () => gp.RawKernel(SRC, 'fill_k')(1, 1, [gp.zeros(1, 'float32'), 1], { sharedMemory: 0 } as never), /fill_k: unknown option 'sharedMemory'/],
      ['RawKernel {option}', () => gp.RawKernel(SRC, 'fill_k', { option: ['-DX'] } as never), /RawKernel: unknown option 'option'/],
      ['RawModule {optoins}', () => new gp.RawModule({ code: SRC, optoins: [] } as never), /RawModule: unknown option 'optoins'/],
      ['Stream {nonblocking}', () => new gp.Stream({ nonblocking: true } as never), /Stream: unknown option 'nonblocking'/],
      ['Event {timming}', () => new gp.Event({ timming: false } as never), /Event: unknown option 'timming'/],
      ['cuda.event(true, {blockin})', () => gp.cuda.event(true, { blockin: true } as never), /cuda.event: unknown option 'blockin'/],
    ];
    for (const [title, fn, re] of cases) {
      it(title, () => {
        expect(fn).to.throw(TypeError, re);
      });
    }

    it('kernel call option values are checked before launching', () => {
      const k = gp.ElementwiseKernel('T x', 'T y', 'y = x', 'adv_copy2');
      const rk = gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'adv_rsum2');
      const a = gp.array([1, 2, 3], 'float32');
      expect(() => k(a, { blockSize: 0 })).to.throw(RangeError, /adv_copy2: blockSize must be an integer number of threads in \[1, 1024\], got 0/);
      expect(() => k(a, { blockSize: 1e6 })).to.throw(RangeError, /blockSize/);
      expect(() => k(a, { stream: 'x' as never })).to.throw(TypeError, /adv_copy2: stream must be a Stream .*got the string "x"/);
      expect(() => rk(a, { stream: -1 })).to.throw(TypeError, /adv_rsum2: stream must be a Stream/);
      expect(() => rk(a, { keepdims: 1 as never })).to.throw(TypeError, /adv_rsum2: keepdims must be a boolean, got 1/);
      a.dispose();
    });

    it('a class instance (a GpuArray, a Map) is no options object', () => {
      const a = gp.array([1, 2]);
      // In the options' place a GpuArray is NumPy's positional parameter (here the axis), never options.
      expect(() => gp.sum(a, a as never)).to.throw(TypeError, /axis must be integers, got array/);
      expect(() => gp.sum(a, 0, null, null, null, null, null, a as never)).to.throw(TypeError, /sum\(\) takes at most 6 positional arguments/);
      expect(() => gp.allclose(a, a, new Map() as never)).to.throw(TypeError, /allclose: options must be an object .*got a Map/);
      a.dispose();
    });

    it('setLimit([5]) is a TypeError and keeps the limit', () => {
      const pool = gp.getMemoryPool();
      const saved = pool.getLimit();
      pool.setLimit(1 << 30);
      try {
        expect(() => pool.setLimit([5] as never)).to.throw(TypeError, /setLimit takes a number of bytes.*an array of length 1/);
        expect(() => pool.setLimit('5' as never)).to.throw(TypeError, /setLimit/);
        expect(pool.getLimit()).to.equal(1 << 30);
      } finally {
        pool.setLimit(saved);
      }
    });

    it('known keys still work', () => {
      const a = gp.array([
        [1, 2, 3],
        [4, 5, 6],
      ]);
      const s = gp.sum(a, { axis: 0, keepdims: true });
      expect(s.shape).to.deep.equal([1, 3]);
      expect(s.toArray()).to.deep.equal([[5n, 7n, 9n]]);
      const z = gp.zeros([2], { dtype: 'int8' });
      expect(z.dtype.name).to.equal('int8');
      expect(gp.ElementwiseKernel('T x', 'T y', 'y = x', { preamble: '// named by default' }).kernelName).to.equal('kernel');
      expect(gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', { reduceType: 'double' }).reduceType).to.equal('double');
      const l = gp.linspace(0, 1, { num: 3, endpoint: false });
      expect(l.toArray()).to.deep.equal([0, 1 / 3, 2 / 3]);
      for (const x of [a, s, z, l]) x.dispose();
    });
  });

  describe("row 27: bad arguments name the argument in plain words", () => {
    const short = (fn: () => unknown, type: new (...a: never[]) => Error, re: RegExp) => {
      let err: unknown;
      try {
        fn();
      } catch (e) {
        err = e;
      }
      expect(err, 'expected an error').to.be.instanceOf(type);
      const msg = (err as Error).message;
      expect(msg).to.match(re);
      expect(msg.length, msg).to.be.below(300);
    };
    it("empty('3')", () => short(() => gp.empty('3' as never), TypeError, /shape must be a non-negative integer or an array of them, got string "3"/));
    it('RawKernel grid 1n', () => short(() => gp.RawKernel(SRC, 'fill_k')(1n as never, 1, [gp.zeros(1, 'float32'), 1]), TypeError, /fill_k: grid must be a number or an array of 1 to 3 numbers, got the bigint 1n/));
    it('preamble: 42', () => {
      short(() => gp.ElementwiseKernel('T x', 'T y', 'y = x', 'k', { preamble: 42 as never }), TypeError, /ElementwiseKernel: option preamble must be a string of C code, got 42/);
      short(() => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'k', { preamble: 42 as never }), TypeError, /ReductionKernel: option preamble must be a string/);
    });
    it("options: '-DX=1' (a string where an array is required)", () => {
      short(() => gp.ElementwiseKernel('T x', 'T y', 'y = x', 'k', { options: '-DX=1' as never }), TypeError, /ElementwiseKernel: option options .*must be an array of strings .*got the string "-DX=1"/);
      short(() => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'k', { options: '-DX=1' as never }), TypeError, /ReductionKernel: option options .*must be an array of strings/);
    });
    it('identity NaN', () => {
      short(() => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', NaN, 'k'), RangeError, /identity must be a finite number or a C expression string, got NaN/);
      short(() => gp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', Infinity, 'k'), RangeError, /identity .* got Infinity/);
    });
    for (const name of ['_off', '_v0', '_ind', '_type_reduce']) {
      it(`ElementwiseKernel parameter named ${name}`, () => short(() => gp.ElementwiseKernel(`T ${name}`, 'T y', `y = ${name}`, 'k'), TypeError, new RegExp(`parameter name '${name}' in in_params is reserved`)));
    }
    for (const name of ['_k', '_J', '_type_reduce', '_acc']) {
      it(`ReductionKernel parameter named ${name}`, () => short(() => gp.ReductionKernel(`T ${name}`, 'T y', name, 'a + b', 'y = a', '0', 'k'), TypeError, new RegExp(`parameter name '${name}' in in_params is reserved`)));
    }
    it('useDevice(null)', () => short(() => gp.useDevice(null as never), TypeError, /the device must be a string: 'cuda', 'cuda:N' or 'cpu', got null/));
    it("sum({dtype: '__proto__'})", () => short(() => gp.array([1]).sum({ dtype: '__proto__' }), TypeError, /sum: dtype must be a dtype name or DType; got unknown dtype "__proto__"/));
  });
});
