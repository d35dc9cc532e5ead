// Adversarial: what runs where (issue 13). The cpu backend runs kernel code as native code in
// the process, so it says so (the fallback notice, its CompileErrors), and an explicit
// GPUARRAY_DEVICE=cuda never quietly runs kernels there instead. Fresh processes against a
// stand-in libcuda with no GPU behind it, so these run the same on a GPU host.
import { expect } from 'chai';
import { join } from 'node:path';
import { CompileError } from '../../bindings/errors.js';
import { currentDevice } from '../../lib/device/device.js';
import { describeEachDevice } from '../helpers.js';
import { buildFakeCuda, HAVE_CXX, runChild, tempDir } from '../foundation-support.js';

if (HAVE_CXX) describe('adversarial: no silent fallback to native code', function () {
  this.timeout(120_000);
  let fake: string;
  let cache: string;
  before(function () {
    this.timeout(60_000);
    fake = join(tempDir('adv-fakecuda'), 'nodevice');
    buildFakeCuda(fake, 'nodevice');
    cache = tempDir('adv-select-cache');
  });

  it('unset GPUARRAY_DEVICE without a usable GPU: the cpu backend, and the one notice says it runs kernels as native code', () => {
    const r = runChild('add', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_CUDA_PATH: fake });
    expect(r.report, r.stdout + r.stderr).to.include({ ok: true, spec: 'cpu' });
    expect(r.stderrLines).to.have.length(1);
    expect(r.stderrLines[0]).to.match(
      /^gpuarray: no usable CUDA GPU \(cuInit failed: .+\); using the cpu backend, which runs kernels as native code in this process \(GPUARRAY_DEVICE=cpu silences this\)$/,
    );
  });

  for (const spec of ['cuda', 'cuda:0']) {
    it(`GPUARRAY_DEVICE=${spec} without a usable GPU: BackendUnavailableError saying there is no fallback, nothing runs on cpu`, () => {
      for (const action of ['select', 'add']) {
        const r = runChild(action, { GPUARRAY_CACHE_DIR: cache, GPUARRAY_CUDA_PATH: fake, GPUARRAY_DEVICE: spec });
        expect(r.status, action).to.equal(3);
        expect(r.report.error, action).to.equal('BackendUnavailableError');
        expect(r.report.message).to.equal(
          `cuda:0 backend unavailable: cuInit failed: CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected ` +
            `(selected by GPUARRAY_DEVICE=${spec}; no fallback to the cpu backend: unset GPUARRAY_DEVICE or set it to cpu for that)`,
        );
        expect(r.report).to.not.have.property('ok');
        expect(r.stderrLines, action).to.deep.equal([]); // no "using the cpu backend" notice
      }
    });
  }
});

describeEachDevice('adversarial: CompileError says where kernel code runs', (spec) => {
  const NATIVE = /the cpu backend compiles kernels with the system C\+\+ compiler and runs them as native code in this process/;

  function compileError(source: string, name: string): CompileError {
    try {
      currentDevice().backend.loadProgram({ source, kernels: [{ name, paramTypes: ['int*'] }], programName: name });
    } catch (e) {
      expect(e).to.be.instanceOf(CompileError);
      return e as CompileError;
    }
    throw new Error('expected a CompileError');
  }

  it('a failed compile: native code on cpu, not on cuda', () => {
    const ce = compileError('extern "C" __global__ void gpa_adv_broken(int* p) { p[0] = gpa_adv_undeclared; }', 'gpa_adv_broken');
    expect(ce.log).to.include('gpa_adv_undeclared');
    if (spec === 'cpu') expect(ce.message).to.match(NATIVE);
    else expect(ce.message).to.not.match(NATIVE);
  });

  it('a source the cpu backend refuses (inline PTX): the same note', function () {
    if (spec !== 'cpu') this.skip(); // compiles and runs on the GPU
    const ce = compileError(
      'extern "C" __global__ void gpa_adv_ptx(unsigned* p) { unsigned lane; asm("mov.u32 %0, %%laneid;" : "=r"(lane)); p[0] = lane; }',
      'gpa_adv_ptx',
    );
    expect(ce.message).to.match(/the cpu backend cannot run/);
    expect(ce.message).to.match(NATIVE);
  });
});
