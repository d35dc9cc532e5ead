// Parsing extern "C" __global__ parameter lists (no device needed).
import { expect } from 'chai';
import { dtypes } from '../lib/index.js';
import { kernelSignature, parseKernels, parseParam, parseParamList } from '../lib/kernel/c-signature.js';

const summary = (text: string) => {
  const p = parseParam(text, 0);
  return { name: p.name, base: p.base, pointer: p.pointer, isConst: p.isConst, dtype: p.dtype?.name ?? null, ctype: p.ctype };
};

describe('raw kernels: C parameter lists', () => {
  it('reads pointers, const, __restrict__ and the C base type', () => {
    expect(summary('const float* __restrict__ a')).to.deep.equal({
      name: 'a',
      base: 'float',
      pointer: 1,
      isConst: true,
      dtype: 'float32',
      ctype: 'const float* __restrict__',
    });
    expect(summary('float * out')).to.include({ name: 'out', pointer: 1, isConst: false, dtype: 'float32' });
    expect(summary('float const *x')).to.include({ name: 'x', isConst: true, pointer: 1 });
    // A const pointer to mutable data: the data may be written.
    expect(summary('float* const x')).to.include({ name: 'x', isConst: false, pointer: 1 });
    expect(summary('double y[]')).to.include({ name: 'y', pointer: 1, dtype: 'float64', ctype: 'double*' });
    expect(summary('const void* p')).to.include({ pointer: 1, dtype: null, base: 'void' });
  });

  it('normalises builtin and <stdint.h> scalar types to their dtypes', () => {
    const cases: [string, string][] = [
      ['int n', 'int32'],
      ['signed n', 'int32'],
      ['unsigned n', 'uint32'],
      ['unsigned int n', 'uint32'],
      ['long long n', 'int64'],
      ['long long int n', 'int64'],
      ['unsigned long long n', 'uint64'],
      ['long n', 'int64'],
      ['size_t n', 'uint64'],
      ['std::size_t n', 'uint64'],
      ['ptrdiff_t n', 'int64'],
      ['short n', 'int16'],
      ['unsigned short n', 'uint16'],
      ['char n', 'int8'],
      ['signed char n', 'int8'],
      ['unsigned char n', 'uint8'],
      ['int8_t n', 'int8'],
      ['uint8_t n', 'uint8'],
      ['int16_t n', 'int16'],
      ['uint32_t n', 'uint32'],
      ['int64_t n', 'int64'],
      ['uint64_t n', 'uint64'],
      ['float n', 'float32'],
      ['double n', 'float64'],
      ['bool n', 'bool'],
      ['const int n', 'int32'],
      ['__half h', 'float16'],
    ];
    for (const [decl, dt] of cases) {
      const p = parseParam(decl, 0);
      expect(p.dtype?.name, decl).to.equal(dt);
      expect(p.pointer, decl).to.equal(0);
      expect(p.name, decl).to.equal(decl.endsWith(' h') ? 'h' : 'n');
    }
  });

  it('names unnamed parameters by position', () => {
    const ps = parseParamList('float*, int');
    expect(ps.map((p) => p.name)).to.deep.equal(['#1', '#2']);
    expect(ps.map((p) => p.dtype)).to.deep.equal([dtypes.float32, dtypes.int32]);
    expect(parseParamList('')).to.deep.equal([]);
    expect(parseParamList(' void ')).to.deep.equal([]);
  });

  it('refuses what it cannot marshal, naming the parameter', () => {
    expect(() => parseParam('Params p', 0)).to.throw(TypeError, /parameter 'p' has type 'Params'/);
    expect(() => parseParam('CArray<float, 1> a', 0)).to.throw(TypeError, /pass a pointer/);
    expect(() => parseParam('float& r', 0)).to.throw(TypeError, /references/);
    expect(() => parseParam('float** pp', 0)).to.throw(TypeError, /pointers to pointers/);
    expect(() => parseParam('void v', 0)).to.throw(TypeError, /void\*/);
    expect(() => parseParam('long double x', 0)).to.throw(TypeError, /long double/);
    expect(() => parseParam('unsigned float x', 0)).to.throw(TypeError, /parameter 'x'/);
  });

  it('finds extern "C" kernels: plain, in extern "C" blocks, with __launch_bounds__ and comments', () => {
    const src = `
      #define REAL float
      typedef unsigned long long u64;
      using idx_t = int;
      // extern "C" __global__ void commented(int a) {}
      __device__ float helper(float x) { return x; }
      extern "C" __global__ void a(const REAL* x, u64 n) { }
      extern "C" __global__ void __launch_bounds__(256, 2) b(idx_t i, /* note */ double d) { }
      extern "C" {
        __global__ void c(float* out) { }
        __global__ void d() { }
      }
      __global__ void mangled(float* x) { }
      template <typename T> __global__ void tmpl(T* x) { }
      extern "C" __global__ void e(struct S s) { }
    `;
    const parsed = parseKernels(src);
    expect([...parsed.kernels.keys()]).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(parsed.kernels.get('a')!.params.map((p) => [p.name, p.dtype?.name])).to.deep.equal([
      ['x', 'float32'],
      ['n', 'uint64'],
    ]);
    expect(parsed.kernels.get('b')!.params.map((p) => p.dtype?.name)).to.deep.equal(['int32', 'float64']);
    expect(parsed.kernels.get('d')!.params).to.deep.equal([]);
    expect([...parsed.notExternC.keys()].sort()).to.deep.equal(['mangled', 'tmpl']);
    expect(() => kernelSignature(src, 'mangled', parsed)).to.throw(TypeError, /not declared extern "C"/);
    expect(() => kernelSignature(src, 'e', parsed)).to.throw(TypeError, /kernel 'e'/);
    expect(() => kernelSignature(src, 'commented', parsed)).to.throw(TypeError, /no extern "C" __global__ kernel named 'commented'.*found: a, b, c, d/);
  });
});
