// The compiler caches: the disk cache's entries (checksum, atomic writes, corrupt and truncated
// entries, an unwritable folder), what the keys hold, the process and per-kernel memos, the
// precompiled host header, and CompileError. Fresh processes where a process's state would hide
// the behaviour.
import { expect } from 'chai';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompileError } from '../bindings/errors.js';
import { Nvrtc } from '../bindings/nvrtc.js';
import * as gp from '../lib/index.js';
import type { CompileRequest } from '../lib/device/backend.js';
import { cacheKey, DiskCache } from '../lib/device/compile-cache.js';
import { NvrtcCompiler } from '../lib/device/cuda/compiler.js';
import { currentDevice } from '../lib/device/device.js';
import { HostCompiler } from '../lib/device/cpu/compiler.js';
import { verifyPch } from '../lib/device/cpu/pch.js';
import { kernelHeaders } from '../lib/device/kernel-headers.js';
import { describeEachDevice, DEVICE_SPECS, rng } from './helpers.js';
import { buildFakeNvrtc, HAVE_CXX, runChild, runChildAsync, tempDir } from './foundation-support.js';

const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));
const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp') || f.startsWith('tmp-'));
const validEntry = (dir: string, file: string) => new DiskCache(dir).get(file.replace(/\.bin$/, '')) !== null;

describe('foundation: the disk cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('disk');
  });

  it('stores binary + trailer (magic, length, HMAC-SHA-256) and reads back only verified entries', () => {
    const c = new DiskCache(dir);
    const r = rng(7);
    const bin = Uint8Array.from({ length: 1000 }, () => Math.floor(r() * 256));
    const key = cacheKey(['k']);
    expect(c.get(key)).to.equal(null);
    const path = c.put(key, bin)!;
    expect(path).to.equal(join(dir, `${key}.bin`));
    const file = readFileSync(path);
    expect(file.length).to.equal(1000 + 8 + 8 + 32);
    expect(file.subarray(0, 1000).equals(Buffer.from(bin))).to.equal(true);
    expect(file.subarray(1000, 1008).toString('latin1')).to.equal('GPAC0002');
    expect(Buffer.from(c.get(key)!).equals(Buffer.from(bin))).to.equal(true);
    expect(leftovers(dir)).to.deep.equal([]);

    const damage: [string, (b: Buffer) => Buffer][] = [
      ['a flipped byte in the binary', (b) => Buffer.from(b.map((x, i) => (i === 500 ? x ^ 0x10 : x)))],
      ['a flipped byte in the checksum', (b) => Buffer.from(b.map((x, i) => (i === b.length - 1 ? x ^ 1 : x)))],
      ['truncation', (b) => b.subarray(0, 700)],
      ['an extra byte', (b) => Buffer.concat([b.subarray(0, 500), Buffer.from([0]), b.subarray(500)])],
      ['an empty file', () => Buffer.alloc(0)],
      ['text', () => Buffer.from('not a cache entry at all, but long enough to hold a trailer of 48 bytes')],
    ];
    for (const [what, f] of damage) {
      writeFileSync(path, f(file));
      expect(c.get(key), what).to.equal(null);
      c.put(key, bin); // a miss is replaced
      expect(c.get(key), `${what}, replaced`).to.not.equal(null);
    }
  });

  it('keys hash length-prefixed parts, so no two part lists collide by concatenation', () => {
    expect(cacheKey(['ab', 'c'])).to.not.equal(cacheKey(['a', 'bc']));
    expect(cacheKey(['a', ''])).to.not.equal(cacheKey(['a']));
    expect(cacheKey(['x', 'y'])).to.equal(cacheKey(['x', 'y']));
    expect(cacheKey(['x'])).to.match(/^[0-9a-f]{40}$/);
  });
});

describe('foundation: cache keys', () => {
  const req = (over: Partial<CompileRequest> = {}): CompileRequest => ({
    source: 'extern "C" __global__ void k(float* p) { p[0] = 1; }',
    kernels: [{ name: 'k', paramTypes: ['float*'] }],
    ...over,
  });

  it('host: compiler identity, target, flags, OpenMP, kernels/ digest and library version are in the fingerprint; source, options and signatures in the key', () => {
    const hc = HostCompiler.create(new DiskCache(tempDir('hostkey')));
    if ('error' in hc) throw new Error(hc.error);
    const h = kernelHeaders();
    for (const part of [hc.info.command, hc.info.version, hc.info.target, `omp=${hc.info.openmp}`, '-O2', `headers=${h.digest}`, h.libraryVersion]) {
      expect(hc.fingerprint).to.include(part);
    }
    expect(h.libraryVersion).to.match(/^gpuarray@\d/);
    const base = hc.keyFor(req());
    expect(hc.keyFor(req())).to.equal(base);
    const variants = [
      req({ source: 'extern "C" __global__ void k(float* p) { p[0] = 2; }' }),
      req({ options: ['-DFOO=1'] }),
      req({ kernels: [{ name: 'k', paramTypes: ['float* __restrict__'] }, { name: 'k', paramTypes: ['int*'] }] }),
      req({ programName: 'other' }),
    ];
    const keys = variants.map((v) => hc.keyFor(v));
    expect(new Set([base, ...keys]).size).to.equal(5);
    // NVRTC-only options do not reach g++, so they do not split the host cache.
    expect(hc.keyFor(req({ options: ['--use_fast_math'] }))).to.equal(base);
  });

  if (HAVE_CXX) describe('cuda compiler (against a stand-in NVRTC, so this runs without a GPU)', () => {
    let fake13: Nvrtc;
    let fake12: Nvrtc;
    before(function () {
      this.timeout(60_000);
      const d = tempDir('fakenvrtc');
      const load = (p: string) => {
        const n = Nvrtc.load(Infinity, [p]);
        if ('error' in n) throw new Error(n.error);
        return n;
      };
      fake13 = load(buildFakeNvrtc(join(d, 'libnvrtc.so.13'), 13));
      fake12 = load(buildFakeNvrtc(join(d, 'libnvrtc.so.12'), 12));
    });

    /** The fake with a call counter in front. */
    function counted(n: Nvrtc) {
      const spy = {
        calls: 0,
        version: n.version,
        supportedArchs: () => n.supportedArchs(),
        compile: (...a: Parameters<Nvrtc['compile']>) => {
          spy.calls++;
          return n.compile(...a);
        },
      };
      return spy;
    }

    it('targets the device arch: its own cubin, else PTX for the newest older arch NVRTC knows', () => {
      const cache = new DiskCache(tempDir('arch'));
      const t = (major: number, minor: number) => new NvrtcCompiler(fake13, { major, minor }, cache).target;
      expect(t(9, 0)).to.deep.equal({ arch: 'sm_90', kind: 'cubin' });
      expect(t(8, 6)).to.deep.equal({ arch: 'compute_80', kind: 'ptx' });
      expect(t(12, 0)).to.deep.equal({ arch: 'compute_90', kind: 'ptx' });
      expect(t(6, 0)).to.deep.equal({ arch: 'sm_60', kind: 'cubin' }); // older than all: NVRTC will name it
    });

    it('keys on NVRTC version, arch, kernels/ digest, library version, options and source; a disk hit skips NVRTC', () => {
      const dir = tempDir('nvkey');
      const s13 = counted(fake13);
      const c = new NvrtcCompiler(s13, { major: 9, minor: 0 }, new DiskCache(dir));
      const h = kernelHeaders();
      for (const part of ['nvrtc|13.4', 'sm_90', `headers=${h.digest}`, h.libraryVersion]) expect(c.fingerprint).to.include(part);
      const first = c.compile(req());
      expect(s13.calls).to.equal(1);
      const text = Buffer.from(first.image).toString();
      expect(text).to.match(/^FAKECUBIN --std=c\+\+17 --gpu-architecture=sm_90\n#include "gpuarray\/common.h"\n#line 1 "k.cu"\n/);
      expect(entries(dir)).to.have.length(1);
      // A fresh compiler on the same folder (a new process, in effect): from disk, no NVRTC call.
      const again = counted(fake13);
      const c2 = new NvrtcCompiler(again, { major: 9, minor: 0 }, new DiskCache(dir));
      expect(Buffer.from(c2.compile(req()).image).toString()).to.equal(text);
      expect(again.calls).to.equal(0);
      // Each of these is a different key, hence a compile.
      const keys = new Set([
        c.keyFor(req()),
        c.keyFor(req({ options: ['-DX=1'] })),
        c.keyFor(req({ source: req().source + ' ' })),
        new NvrtcCompiler(fake13, { major: 8, minor: 0 }, new DiskCache(dir)).keyFor(req()),
        new NvrtcCompiler(fake12, { major: 9, minor: 0 }, new DiskCache(dir)).keyFor(req()),
      ]);
      expect(keys.size).to.equal(5);
      const s12 = counted(fake12);
      new NvrtcCompiler(s12, { major: 9, minor: 0 }, new DiskCache(dir)).compile(req());
      expect(s12.calls).to.equal(1);
      expect(entries(dir)).to.have.length(2);
    });

    it('a failed NVRTC compile is a CompileError with the log, kernel name, options and numbered source', () => {
      const c = new NvrtcCompiler(fake13, { major: 9, minor: 0 }, new DiskCache(tempDir('nverr')));
      const source = 'extern "C" __global__ void broken(int* p) {\n  p[0] = FAKE_SYNTAX_ERROR;\n}';
      let err: unknown;
      try {
        c.compile({ source, kernels: [{ name: 'broken', paramTypes: ['int*'] }], options: ['-DLEVEL=2'] });
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(CompileError);
      const ce = err as CompileError;
      expect(ce.kernelName).to.equal('broken');
      expect(ce.backend).to.equal('cuda (NVRTC)');
      expect(ce.log).to.include('identifier "FAKE_SYNTAX_ERROR" is undefined');
      expect(ce.options).to.include('-DLEVEL=2').and.include('--gpu-architecture=sm_90');
      expect(ce.message).to.include("cuda (NVRTC) compile of kernel 'broken' failed");
      expect(ce.message).to.include('options: --std=c++17 --gpu-architecture=sm_90 -DLEVEL=2');
      expect(ce.message).to.include('2 |   p[0] = FAKE_SYNTAX_ERROR;');
    });
  });
});

describeEachDevice('foundation: compile errors and the in-process memos', (spec) => {
  it('a kernel that does not compile throws CompileError with the compiler log, name, options and numbered source', () => {
    const source = [
      '// a kernel with a mistake on line 4',
      'extern "C" __global__ void gpa_test_broken(float* out, int n) {',
      '  int i = blockIdx.x * blockDim.x + threadIdx.x;',
      '  if (i < n) out[i] = undeclared_thing_42 * 2.0f;',
      '}',
    ].join('\n');
    let err: unknown;
    try {
      currentDevice().backend.loadProgram({
        source,
        kernels: [{ name: 'gpa_test_broken', paramTypes: ['float*', 'int'] }],
        options: ['-DGPA_TEST_OPTION=1'],
      });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(CompileError);
    const ce = err as CompileError;
    expect(ce.kernelName).to.equal('gpa_test_broken');
    expect(ce.log).to.include('undeclared_thing_42');
    // The compiler points at the source's own line 4 (the common header's lines are not counted).
    expect(ce.log).to.match(/gpa_test_broken\.cu(:4:|\(4\))/);
    expect(ce.options).to.include('-DGPA_TEST_OPTION=1');
    expect(ce.message).to.match(new RegExp(`^${spec === 'cpu' ? 'cpu' : 'cuda \\(NVRTC\\)'} compile of kernel 'gpa_test_broken' failed\\n`));
    expect(ce.message).to.include('-DGPA_TEST_OPTION=1');
    expect(ce.message).to.include('--- log ---');
    expect(ce.message).to.include('4 |   if (i < n) out[i] = undeclared_thing_42 * 2.0f;');
    expect(ce.message).to.include('1 | // a kernel with a mistake on line 4');
  });

  it('process memo: the same source loads once; per-kernel memo: a kernel asks the backend once per specialisation', () => {
    const backend = currentDevice().backend;
    const req: CompileRequest = {
      source: 'extern "C" __global__ void gpa_test_memo(int* p) { p[0] = 41 + 1; }',
      kernels: [{ name: 'gpa_test_memo', paramTypes: ['int*'] }],
    };
    const p1 = backend.loadProgram(req);
    expect(backend.loadProgram({ ...req, kernels: [...req.kernels] })).to.equal(p1);
    expect(backend.loadProgram({ ...req, options: ['-DGPA_OTHER=1'] })).to.not.equal(p1);

    const calls: string[] = [];
    const original = backend.loadProgram;
    backend.loadProgram = function (r: CompileRequest) {
      calls.push(r.programName ?? '');
      return original.call(this, r);
    };
    try {
      const k = gp.ElementwiseKernel('T x', 'T y', 'y = x * 3 + 1', 'gpa_test_memo_ew');
      const a = gp.arange(10, 'int32');
      const b = gp.arange(10, 'float64');
      for (let i = 0; i < 3; i++) expect((k(a) as gp.GpuArray).toArray()).to.deep.equal([...Array(10).keys()].map((v) => v * 3 + 1));
      expect(calls.filter((c) => c === 'gpa_test_memo_ew')).to.have.length(1);
      expect((k(b) as gp.GpuArray).toArray()).to.deep.equal([...Array(10).keys()].map((v) => v * 3 + 1));
      expect(calls.filter((c) => c === 'gpa_test_memo_ew')).to.have.length(2);
    } finally {
      backend.loadProgram = original;
    }
  });
});

describe('foundation: the disk cache across processes', function () {
  this.timeout(300_000);

  for (const spec of DEVICE_SPECS) {
    describe(`[${spec}]`, () => {
      let dir: string;
      let cold: number;
      before(() => {
        dir = tempDir(`xproc-${spec.replace(':', '')}`);
        const r = runChild('add', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: spec });
        expect(r.report, r.stdout + r.stderr).to.include({ ok: true, spec });
        cold = r.report.firstOpMs;
      });

      it('writes checksummed entries atomically: every entry verifies, no temp files or scratch folders remain', () => {
        expect(entries(dir).length).to.be.at.least(2); // arange, add (+ fill, + the cpu OpenMP probe)
        for (const f of entries(dir)) expect(validEntry(dir, f), f).to.equal(true);
        expect(leftovers(dir)).to.deep.equal([]);
      });

      it('a disk hit in a fresh process is fast (printed, compared loosely with the cold compile)', () => {
        const warm = [0, 1, 2].map(() => runChild('add', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: spec }));
        for (const w of warm) expect(w.report).to.include({ ok: true });
        const ms = warm.map((w) => w.report.firstOpMs as number);
        console.log(`      [${spec}] first add: cold compile ${cold.toFixed(1)} ms; disk hit in fresh processes ${ms.map((m) => m.toFixed(2)).join(', ')} ms`);
        expect(Math.min(...ms)).to.be.lessThan(cold);
      });

      for (const [what, damage] of [
        ['corrupted (a byte flipped mid-file)', (p: string) => {
          const b = readFileSync(p);
          b[b.length >> 1] ^= 0x5a;
          writeFileSync(p, b);
        }],
        ['truncated to half', (p: string) => truncateSync(p, statSync(p).size >> 1)],
        ['emptied', (p: string) => truncateSync(p, 0)],
      ] as const) {
        it(`entries ${what} are recompiled and replaced by the next process`, () => {
          const names = entries(dir);
          for (const f of names) damage(join(dir, f));
          for (const f of names) expect(validEntry(dir, f)).to.equal(false);
          const r = runChild('add', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: spec });
          expect(r.report, r.stdout + r.stderr).to.include({ ok: true });
          expect(r.stderrLines).to.deep.equal([]);
          for (const f of names) expect(validEntry(dir, f), f).to.equal(true);
          expect(leftovers(dir)).to.deep.equal([]);
        });
      }

      it('two processes filling the same empty folder at once both succeed and leave valid entries', async () => {
        const shared = tempDir('race');
        const rs = await Promise.all([0, 1, 2].map(() => runChildAsync('kernels', { GPUARRAY_CACHE_DIR: shared, GPUARRAY_DEVICE: spec })));
        for (const r of rs) expect(r.report, r.stdout + r.stderr).to.include({ ok: true });
        expect(entries(shared).length).to.be.at.least(5);
        for (const f of entries(shared)) expect(validEntry(shared, f), f).to.equal(true);
        expect(leftovers(shared)).to.deep.equal([]);
      });

      it('an unwritable folder: kernels still compile and run, from memory, with ONE warning line and nothing left behind', () => {
        const base = tempDir('unwritable');
        writeFileSync(join(base, 'file'), 'a regular file, so no folder can be made under it (even as root)');
        const tmp = join(base, 'tmp');
        mkdirSync(tmp);
        const r = runChild('kernels', { GPUARRAY_CACHE_DIR: join(base, 'file', 'cache'), GPUARRAY_DEVICE: spec, TMPDIR: tmp });
        expect(r.report, r.stdout + r.stderr).to.include({ ok: true });
        expect(r.stderrLines).to.have.length(1);
        expect(r.stderrLines[0]).to.match(/^gpuarray: warning: compile cache folder .*\/file\/cache is not writable \(.+\); compiled kernels stay in memory/);
        expect(readdirSync(tmp)).to.deep.equal([]); // the scratch folder went with the process
      });
    });
  }
});

if (DEVICE_SPECS.includes('cpu')) {
  describe('foundation: the cpu backend\'s precompiled header', function () {
    this.timeout(300_000);

    const pchDirs = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('pch-') && !f.endsWith('.tmp'));

    it('is built at the second compile of a process, verified, and rebuilt when damaged; results match without it', function () {
      const probe = runChild('select', { GPUARRAY_CACHE_DIR: tempDir('pchprobe'), GPUARRAY_DEVICE: 'cpu' });
      if (!/precompiled header/.test(probe.report.compiler)) {
        // Not g++ (or GPUARRAY_HOST_PCH=0 in the environment): nothing to test, and say so.
        console.log(`      (no precompiled header with this compiler: ${probe.report.compiler})`);
        expect(probe.report.compiler).to.not.match(/gcc version/);
        return;
      }
      const dir = tempDir('pch');
      // One kernel: no PCH (a one-kernel program does not pay for it).
      const one = runChild('one', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: 'cpu' });
      expect(one.report).to.include({ ok: true });
      expect(pchDirs(dir)).to.deep.equal([]);
      // Other compilers' or versions' PCHs: one unused for 40 days goes when a new one is built, a recent one stays.
      for (const [name, days] of [['pch-old', 40], ['pch-recent', 2]] as const) {
        mkdirSync(join(dir, name));
        writeFileSync(join(dir, name, 'checksum'), '1 x\n');
        const t = new Date(Date.now() - days * 86400_000);
        utimesSync(join(dir, name, 'checksum'), t, t);
      }
      const r = runChild('kernels', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: 'cpu' });
      expect(r.report).to.include({ ok: true });
      expect(existsSync(join(dir, 'pch-old'))).to.equal(false);
      expect(existsSync(join(dir, 'pch-recent'))).to.equal(true);
      const made = pchDirs(dir).filter((d) => d !== 'pch-recent');
      expect(made).to.have.length(1);
      const pch = join(dir, made[0]);
      expect(verifyPch(pch, new DiskCache(dir))).to.equal(true);
      expect(existsSync(join(pch, 'gpuarray', 'common.h.gch'))).to.equal(true);

      // Damage it and force new compiles (drop the kernel entries): still right, PCH valid again.
      const gch = join(pch, 'gpuarray', 'common.h.gch');
      truncateSync(gch, statSync(gch).size >> 1);
      expect(verifyPch(pch, new DiskCache(dir))).to.equal(false);
      for (const f of entries(dir)) rmSync(join(dir, f));
      const again = runChild('kernels', { GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: 'cpu' });
      expect(again.report, again.stdout + again.stderr).to.include({ ok: true });
      expect(verifyPch(pch, new DiskCache(dir))).to.equal(true);

      // Off: same results, no PCH folder.
      const off = tempDir('nopch');
      const plain = runChild('kernels', { GPUARRAY_CACHE_DIR: off, GPUARRAY_DEVICE: 'cpu', GPUARRAY_HOST_PCH: '0' });
      expect(plain.report).to.include({ ok: true });
      expect(pchDirs(off)).to.deep.equal([]);
    });
  });
}
