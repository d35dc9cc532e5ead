// cuSOLVER discovery (bindings/library-path.ts) against fake folders, as cuBLAS's: the explicit
// file first, then the toolkit overrides, the sonames 12 then 11, installed toolkits, pip wheels
// (nvidia-cusolver: nvidia/cu13/lib; nvidia-cusolver-cu12: nvidia/cusolver/lib); the loader's
// report when nothing loads.
import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cusolver } from '../bindings/cusolver.js';
import { cusolverCandidates } from '../bindings/library-path.js';
import { tempDir } from './foundation-support.js';

function touch(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '');
  return path;
}

describe('linalg: cuSOLVER discovery', () => {
  it('without overrides: the sonames 12 then 11', () => {
    expect(cusolverCandidates({}, tempDir('cusolver-empty'))).to.deep.equal(['libcusolver.so.12', 'libcusolver.so.11']);
  });

  it('GPUARRAY_CUSOLVER_PATH first, then a toolkit override, sonames, installed toolkits, pip wheels', () => {
    const root = tempDir('cusolver');
    const tk = join(root, 'toolkit');
    const over12 = touch(join(tk, 'lib64', 'libcusolver.so.12'));
    const sys11 = touch(join(root, 'local', 'cuda-12.8', 'lib64', 'libcusolver.so.11'));
    const venv = join(root, 'venv');
    const wheel12 = touch(join(venv, 'lib', 'python3.12', 'site-packages', 'nvidia', 'cu13', 'lib', 'libcusolver.so.12'));
    const wheel11 = touch(join(venv, 'lib', 'python3.12', 'site-packages', 'nvidia', 'cusolver', 'lib', 'libcusolver.so.11'));
    const got = cusolverCandidates({ GPUARRAY_CUSOLVER_PATH: '/opt/x/libcusolver.so.12', CUDA_PATH: tk, VIRTUAL_ENV: venv }, root);
    expect(got).to.deep.equal(['/opt/x/libcusolver.so.12', over12, 'libcusolver.so.12', 'libcusolver.so.11', sys11, wheel12, wheel11]);
  });

  it('no loadable library: an error naming what was tried and GPUARRAY_CUSOLVER_PATH', () => {
    const r = Cusolver.load(['/nonexistent/libcusolver.so.12']);
    expect('error' in r && r.error).to.match(/no usable cuSOLVER.*GPUARRAY_CUSOLVER_PATH.*\/nonexistent\/libcusolver\.so\.12/);
  });
});
