// Device selection (GPUARRAY_DEVICE, the default with its one-line notice, useDevice), getBackend()
// and the cuda.* device query, each checked in a fresh process where the process state matters.
import { expect } from 'chai';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { BackendUnavailableError } from '../lib/index.js';
import { cudaQuery as deviceQuery } from '../lib/device/cuda-query.js';
import { DEVICE_SPECS } from './helpers.js';
import { buildFakeCuda, HAVE_CXX, runChild, tempDir } from './foundation-support.js';

const CUDA = DEVICE_SPECS.includes('cuda:0');

describe('foundation: device selection', function () {
  this.timeout(120_000);
  let cache: string;
  before(() => {
    cache = tempDir('select-cache');
  });

  if (CUDA) {
    it('GPUARRAY_DEVICE unset on a GPU host: cuda:0, nothing on stderr', () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache });
      expect(r.report).to.include({ spec: 'cuda:0', kind: 'cuda' });
      expect(r.stderrLines).to.deep.equal([]);
    });
  } else {
    it('GPUARRAY_DEVICE unset without a usable GPU: the cpu backend and exactly one line on stderr saying why', () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache });
      expect(r.status).to.equal(0);
      expect(r.report).to.include({ spec: 'cpu', kind: 'cpu' });
      expect(r.stderrLines).to.have.length(1);
      expect(r.stderrLines[0]).to.match(/^gpuarray: no usable CUDA GPU \(.+\); using the cpu backend/);
      expect(r.stderrLines[0]).to.include(gp.cuda.unavailableReason()!.slice(0, 40));
    });
  }

  it('GPUARRAY_DEVICE=cpu: the cpu backend, silently', () => {
    const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_DEVICE: 'cpu' });
    expect(r.report).to.include({ spec: 'cpu', kind: 'cpu' });
    expect(r.stderrLines).to.deep.equal([]);
  });

  it('GPUARRAY_DEVICE=cuda:99: BackendUnavailableError naming the device, the reason and the variable', () => {
    const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_DEVICE: 'cuda:99' });
    expect(r.status).to.equal(3);
    expect(r.report.error).to.equal('BackendUnavailableError');
    expect(r.report.message).to.match(/^cuda:99 backend unavailable: .+ \(selected by GPUARRAY_DEVICE=cuda:99; no fallback to the cpu backend: unset GPUARRAY_DEVICE or set it to cpu for that\)$/);
    if (CUDA) expect(r.report.message).to.match(/no CUDA device 99 \(this machine has \d+\)/);
    expect(r.stderrLines).to.deep.equal([]);
  });

  for (const bad of ['garbage', 'cuda:x', 'cpu:1', 'gpu']) {
    it(`GPUARRAY_DEVICE=${bad}: a TypeError saying what is accepted`, () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_DEVICE: bad });
      expect(r.status).to.equal(3);
      expect(r.report.error).to.equal('TypeError');
      expect(r.report.message).to.match(/^GPUARRAY_DEVICE: /);
      expect(r.report.message).to.match(bad === 'cpu:1' ? /only device 0/ : /expected 'cuda', 'cuda:N' or 'cpu'/);
    });
  }

  if (HAVE_CXX) describe('with a libcuda that has no GPU behind it (a stand-in built here)', () => {
    let fakes: string;
    before(function () {
      this.timeout(60_000);
      fakes = tempDir('fakecuda');
      buildFakeCuda(join(fakes, 'nodevice'), 'nodevice');
      buildFakeCuda(join(fakes, 'zero'), 'zero');
      buildFakeCuda(join(fakes, 'one'), 'one');
    });

    it('found through GPUARRAY_CUDA_PATH; cuInit failing falls back to cpu with the driver\'s error in the one line', () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_CUDA_PATH: join(fakes, 'nodevice') });
      expect(r.report).to.include({ spec: 'cpu' });
      expect(r.stderrLines).to.have.length(1);
      expect(r.stderrLines[0]).to.include('cuInit failed: CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected');
    });

    it('a driver reporting no devices says so', () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, CUDA_PATH: join(fakes, 'zero') });
      expect(r.report).to.include({ spec: 'cpu' });
      expect(r.stderrLines).to.have.length(1);
      expect(r.stderrLines[0]).to.include('the CUDA driver reports no devices');
    });

    it('GPUARRAY_DEVICE=cuda:7 on a one-GPU machine: no CUDA device 7', () => {
      const r = runChild('select', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_CUDA_PATH: join(fakes, 'one'), GPUARRAY_DEVICE: 'cuda:7' });
      expect(r.report.error).to.equal('BackendUnavailableError');
      expect(r.report.message).to.equal('cuda:7 backend unavailable: no CUDA device 7 (this machine has 1) (selected by GPUARRAY_DEVICE=cuda:7; no fallback to the cpu backend: unset GPUARRAY_DEVICE or set it to cpu for that)');
    });

    it("useDevice('cuda') throws BackendUnavailableError with the reason", () => {
      const r = runChild('use-cuda', { GPUARRAY_CACHE_DIR: cache, GPUARRAY_CUDA_PATH: join(fakes, 'nodevice'), GPUARRAY_DEVICE: 'cpu' });
      expect(r.report.error).to.equal('BackendUnavailableError');
      expect(r.report.message).to.equal(
        'cuda:0 backend unavailable: cuInit failed: CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected',
      );
      expect(r.stderrLines).to.deep.equal([]);
    });
  });
});

describe('foundation: getBackend() and the cuda device query', () => {
  it('getBackend() names the current backend, its device and compiler', () => {
    for (const spec of DEVICE_SPECS) {
      gp.useDevice(spec);
      const b = gp.getBackend();
      expect(b.spec).to.equal(spec);
      expect(b.kind).to.equal(spec === 'cpu' ? 'cpu' : 'cuda');
      expect(b.device.backend).to.equal(b.kind);
      expect(b.device.multiprocessorCount).to.be.greaterThan(0);
      expect(b.device.totalMemory).to.be.greaterThan(2 ** 20);
      expect(b.version).to.match(/^gpuarray@\d+\.\d+\.\d+/);
      if (b.kind === 'cpu') {
        expect(b.compiler).to.match(/version \d/);
        expect(b.device.name).to.include('cpu backend');
      } else {
        expect(b.compiler).to.match(/^NVRTC \d+\.\d+ -> (sm|compute)_\d+/);
        expect(b.device.computeCapability.major).to.be.at.least(3);
        expect(b.device.warpSize).to.equal(32);
      }
      // A copy: changing it changes nothing inside.
      b.device.name = 'changed';
      expect(gp.getBackend().device.name).to.not.equal('changed');
    }
    gp.useDevice(DEVICE_SPECS[DEVICE_SPECS.length - 1]);
  });

  it('useDevice() rejects bad specs before opening anything', () => {
    expect(() => gp.useDevice('tpu')).to.throw(TypeError, /expected 'cuda', 'cuda:N' or 'cpu'/);
    expect(() => gp.useDevice('cpu:2')).to.throw(TypeError, /only device 0/);
  });

  if (CUDA) {
    it('cuda.isAvailable(), getCurrentDevice() and detect() on a GPU host', () => {
      expect(gp.cuda.isAvailable()).to.equal(true);
      expect(gp.cuda.unavailableReason()).to.equal(null);
      expect(gp.cuda.deviceCount()).to.be.at.least(1);
      const d = deviceQuery.getCurrentDevice();
      expect(d.backend).to.equal('cuda');
      expect(d.name).to.match(/\S/);
      expect(d.maxThreadsPerBlock).to.be.at.least(512);
      expect(d.multiprocessorCount).to.be.at.least(1);
      const printed = captureStdout(() => expect(gp.cuda.detect()).to.equal(true));
      expect(printed).to.match(/Found \d+ CUDA devices? \(CUDA driver \d+\.\d+\)/);
      expect(printed).to.include(`cuda:0  ${d.name}: compute capability ${d.computeCapability.major}.${d.computeCapability.minor}`);
    });
  } else {
    it('cuda.isAvailable() is false with the reason; the cuda-only query throws it; detect() prints it', () => {
      expect(gp.cuda.isAvailable()).to.equal(false);
      const why = gp.cuda.unavailableReason();
      expect(why).to.be.a('string').and.not.equal('');
      // The driver reports no GPU; gp.cuda counts the current backend's devices: the cpu device.
      expect(deviceQuery.deviceCount()).to.equal(0);
      expect(gp.cuda.deviceCount()).to.equal(gp.currentDevice().kind === 'cpu' ? 1 : 0);
      // lib/device's query asks for a GPU (gp.cuda.getCurrentDevice() reports the cpu device instead).
      expect(() => deviceQuery.getCurrentDevice()).to.throw(BackendUnavailableError).with.property('reason', why);
      expect(() => gp.useDevice('cuda')).to.throw(BackendUnavailableError, why!);
      const printed = captureStdout(() => expect(gp.cuda.detect()).to.equal(false));
      expect(printed).to.include('CUDA: not available (');
      expect(printed).to.match(/cpu backend: .+ compiler .+version/);
    });
  }
});

function captureStdout(fn: () => void): string {
  const write = process.stdout.write;
  let text = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    fn();
  } finally {
    process.stdout.write = write;
  }
  return text;
}
