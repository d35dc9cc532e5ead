// Library discovery (bindings/library-path.ts) against fake folders, and the loaders' reports
// (bindings/nvrtc.ts, bindings/cuda-driver.ts) against fake libraries built here.
import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CudaDriver } from '../bindings/cuda-driver.js';
import { CudaError } from '../bindings/errors.js';
import { cudaDriverCandidates, cudaIncludeCandidates, nvrtcCandidates } from '../bindings/library-path.js';
import { Nvrtc } from '../bindings/nvrtc.js';
import { buildFakeCuda, buildFakeNvrtc, HAVE_CXX, tempDir } from './foundation-support.js';

function touch(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '');
  return path;
}

describe('foundation: library discovery', () => {
  let root: string;
  let emptyPrefix: string;
  before(() => {
    root = tempDir('libpath');
    emptyPrefix = join(root, 'nothing-installed');
    mkdirSync(emptyPrefix);
  });

  it('without any override: the driver by soname only, NVRTC by sonames 13 then 12', () => {
    expect(cudaDriverCandidates({})).to.deep.equal(['libcuda.so.1', 'libcuda.so']);
    expect(nvrtcCandidates({}, emptyPrefix)).to.deep.equal(['libnvrtc.so.13', 'libnvrtc.so.12']);
  });

  it('an override toolkit root comes first, newest NVRTC major first across its folders, stubs never', () => {
    const tk = join(root, 'toolkit');
    const n12 = touch(join(tk, 'lib64', 'libnvrtc.so.12'));
    const n13 = touch(join(tk, 'targets', 'x86_64-linux', 'lib', 'libnvrtc.so.13'));
    touch(join(tk, 'lib64', 'stubs', 'libcuda.so'));
    touch(join(tk, 'targets', 'x86_64-linux', 'lib', 'stubs', 'libcuda.so'));
    const c = nvrtcCandidates({ GPUARRAY_CUDA_PATH: tk }, emptyPrefix);
    expect(c).to.deep.equal([n13, n12, 'libnvrtc.so.13', 'libnvrtc.so.12']);
    expect(cudaDriverCandidates({ GPUARRAY_CUDA_PATH: tk })).to.deep.equal(['libcuda.so.1', 'libcuda.so']);
  });

  it('GPUARRAY_CUDA_PATH before CUDA_PATH before CUDA_HOME; a folder of libraries or a library file works too', () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    const c = join(root, 'c');
    const na = touch(join(a, 'lib64', 'libnvrtc.so.12'));
    const nb = touch(join(b, 'libnvrtc.so.13')); // a library folder given directly
    const nc = touch(join(c, 'lib', 'libnvrtc.so.12'));
    const drv = touch(join(root, 'driver', 'libcuda.so.1'));
    const got = nvrtcCandidates({ GPUARRAY_CUDA_PATH: a, CUDA_PATH: b, CUDA_HOME: c }, emptyPrefix);
    expect(got.slice(0, 3)).to.deep.equal([na, nb, nc]);
    // A file override names one library: the driver here, so NVRTC ignores it.
    expect(cudaDriverCandidates({ GPUARRAY_CUDA_PATH: drv })[0]).to.equal(drv);
    expect(nvrtcCandidates({ GPUARRAY_CUDA_PATH: drv }, emptyPrefix)).to.deep.equal(['libnvrtc.so.13', 'libnvrtc.so.12']);
    // A folder holding the driver.
    expect(cudaDriverCandidates({ CUDA_PATH: join(root, 'driver') })).to.deep.equal([drv, 'libcuda.so.1', 'libcuda.so']);
    // GPUARRAY_NVRTC_PATH names the NVRTC file and goes first of all.
    expect(nvrtcCandidates({ GPUARRAY_NVRTC_PATH: '/x/libnvrtc.so.12', GPUARRAY_CUDA_PATH: a }, emptyPrefix).slice(0, 2)).to.deep.equal([
      '/x/libnvrtc.so.12',
      na,
    ]);
  });

  it('after the sonames: the installed toolkits <prefix>/cuda and <prefix>/cuda-*, 13 before 12, and their include folders', () => {
    const prefix = join(root, 'usr-local');
    const old = touch(join(prefix, 'cuda', 'lib64', 'libnvrtc.so.12'));
    const newer = touch(join(prefix, 'cuda-13.0', 'targets', 'x86_64-linux', 'lib', 'libnvrtc.so.13'));
    const plain = touch(join(prefix, 'cuda-12.4', 'lib64', 'libnvrtc.so'));
    touch(join(prefix, 'cuda', 'include', 'cuda_fp16.h'));
    touch(join(prefix, 'cuda-13.0', 'targets', 'x86_64-linux', 'include', 'cuda_fp16.h'));
    mkdirSync(join(prefix, 'cuda-12.4', 'include'), { recursive: true }); // no cuda_fp16.h: not a candidate
    expect(nvrtcCandidates({}, prefix)).to.deep.equal(['libnvrtc.so.13', 'libnvrtc.so.12', newer, old, plain]);
    expect(cudaIncludeCandidates({}, prefix)).to.deep.equal([
      join(prefix, 'cuda', 'include'),
      join(prefix, 'cuda-13.0', 'targets', 'x86_64-linux', 'include'),
    ]);
  });
});

// Registered only where a C++ compiler can build the stand-in libraries (it is there wherever the cpu backend runs).
if (HAVE_CXX) describe('foundation: loading the native libraries (stand-ins built with $CXX)', () => {
  let dir: string;
  before(function () {
    this.timeout(60_000);
    dir = tempDir('fakelibs');
    buildFakeNvrtc(join(dir, 'v13', 'libnvrtc.so.13'), 13);
    buildFakeNvrtc(join(dir, 'v12', 'libnvrtc.so.12'), 12);
    buildFakeCuda(join(dir, 'nodevice'), 'nodevice');
    buildFakeCuda(join(dir, 'one'), 'one');
  });

  it('reports every candidate that failed and why', () => {
    const r = Nvrtc.load(Infinity, [join(dir, 'missing', 'libnvrtc.so.13'), join(dir, 'nodevice', 'libcuda.so.1')]);
    expect(r).to.have.property('error');
    const msg = (r as { error: string }).error;
    expect(msg).to.include(join(dir, 'missing', 'libnvrtc.so.13')).and.include('No such file');
    // libcuda loads but is not NVRTC: the missing symbol is the reason.
    expect(msg).to.include(join(dir, 'nodevice', 'libcuda.so.1')).and.include('nvrtcGetErrorString');
    const d = CudaDriver.load([join(dir, 'nowhere', 'libcuda.so.1')]);
    expect((d as { error: string }).error).to.match(/no loadable CUDA driver.*nowhere\/libcuda\.so\.1: .*No such file/);
  });

  it('prefers an NVRTC no newer than the driver, else takes what there is', () => {
    const paths = [join(dir, 'v13', 'libnvrtc.so.13'), join(dir, 'v12', 'libnvrtc.so.12')];
    const pick = (max: number) => {
      const n = Nvrtc.load(max, paths);
      if ('error' in n) throw new Error(n.error);
      return n;
    };
    expect(pick(Infinity).version).to.deep.equal({ major: 13, minor: 4 });
    expect(pick(13).path).to.equal(paths[0]);
    expect(pick(12).version.major).to.equal(12);
    expect(pick(11).version.major).to.equal(13); // nothing old enough: the first one that loads
    expect(pick(13).supportedArchs()).to.deep.equal([75, 80, 90]);
  });

  it('NVRTC: a compile error is a result with the log; any other failure is a CudaError naming the call and result', () => {
    const n = Nvrtc.load(Infinity, [join(dir, 'v13', 'libnvrtc.so.13')]) as Nvrtc;
    const good = n.compile('int x;', 'k.cu', new Map([['a.h', '//']]), ['--gpu-architecture=sm_90'], 'cubin');
    expect(good.ok).to.equal(true);
    expect(Buffer.from(good.image).toString()).to.equal('FAKECUBIN --gpu-architecture=sm_90\nint x;');
    const bad = n.compile('FAKE_SYNTAX_ERROR;', 'k.cu', new Map(), [], 'ptx');
    expect(bad.ok).to.equal(false);
    expect(bad.log).to.include('identifier "FAKE_SYNTAX_ERROR" is undefined');
    let err: unknown;
    try {
      n.compile('int x;', 'k.cu', new Map(), ['--fake-bad-option'], 'cubin');
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(CudaError);
    const ce = err as CudaError;
    expect([ce.call, ce.status, ce.code]).to.deep.equal(['nvrtcCompileProgram', 5, 'NVRTC_ERROR_INVALID_OPTION']);
    expect(ce.message).to.match(/nvrtcCompileProgram failed: NVRTC_ERROR_INVALID_OPTION \(5\): a compile option is invalid/);
  });

  it('driver: a failing call throws CudaError with the driver\'s own error name and text', () => {
    const d = CudaDriver.load([join(dir, 'nodevice', 'libcuda.so.1')]);
    if ('error' in d) throw new Error(d.error);
    expect(d.path).to.equal(join(dir, 'nodevice', 'libcuda.so.1'));
    let err: unknown;
    try {
      d.init();
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(CudaError);
    const ce = err as CudaError;
    expect([ce.call, ce.status, ce.code, ce.description]).to.deep.equal(['cuInit', 100, 'CUDA_ERROR_NO_DEVICE', 'no CUDA-capable device is detected']);
    expect(ce.message).to.equal('cuInit failed: CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected');
    // An error the driver has no name for still reads clearly.
    expect(d.errorName(4242)).to.equal('CUDA_ERROR_4242');
    expect(d.errorString(4242)).to.equal('unknown error');

    const one = CudaDriver.load([join(dir, 'one', 'libcuda.so.1')]) as CudaDriver;
    one.init();
    expect(one.deviceCount()).to.equal(1);
    expect(one.driverVersion()).to.equal(12080);
    // Calls with outputs, without, and the async one are all checked.
    expect(() => one.deviceGet(0)).to.throw(CudaError, /^cuDeviceGet failed: CUDA_ERROR_UNKNOWN \(999\): unknown error$/);
    expect(() => one.memFree(1234)).to.throw(CudaError, /^cuMemFree failed: CUDA_ERROR_UNKNOWN \(999\)/);
    expect(() => one.moduleGetFunction(1, 'k')).to.throw(CudaError, /cuModuleGetFunction failed: CUDA_ERROR_UNKNOWN/);
    expect(() => one.eventQuery(1)).to.throw(CudaError, /cuEventQuery failed/);
    return one.eventSynchronizeAsync(1).then(
      () => expect.fail('eventSynchronizeAsync should reject'),
      (e) => expect(e).to.be.instanceOf(CudaError).with.property('call', 'cuEventSynchronize'),
    );
  });
});
