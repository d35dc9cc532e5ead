// cuBLAS discovery (bindings/library-path.ts) against fake folders: the explicit file first, then
// the toolkit overrides, the sonames 13 then 12, installed toolkits, and NVIDIA's pip wheels;
// and the loader's report when nothing loads.
import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cublas } from '../bindings/cublas.js';
import { cublasCandidates } from '../bindings/library-path.js';
import { tempDir } from './foundation-support.js';

function touch(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '');
  return path;
}

describe('linalg: cuBLAS discovery', () => {
  it('without overrides: the sonames 13 then 12', () => {
    const empty = tempDir('cublas-empty');
    expect(cublasCandidates({}, empty)).to.deep.equal(['libcublas.so.13', 'libcublas.so.12']);
  });

  it('GPUARRAY_CUBLAS_PATH first, then a toolkit override, sonames, installed toolkits, pip wheels', () => {
    const root = tempDir('cublas');
    const tk = join(root, 'toolkit');
    const over13 = touch(join(tk, 'targets', 'x86_64-linux', 'lib', 'libcublas.so.13'));
    const sys12 = touch(join(root, 'local', 'cuda-12.8', 'lib64', 'libcublas.so.12'));
    const venv = join(root, 'venv');
    const wheel13 = touch(join(venv, 'lib', 'python3.12', 'site-packages', 'nvidia', 'cu13', 'lib', 'libcublas.so.13'));
    const wheel12 = touch(join(root, 'home', '.local', 'lib', 'python3.11', 'site-packages', 'nvidia', 'cublas', 'lib', 'libcublas.so.12'));
    const got = cublasCandidates({ GPUARRAY_CUBLAS_PATH: '/opt/x/libcublas.so.13', CUDA_PATH: tk, VIRTUAL_ENV: venv, HOME: join(root, 'home') }, root);
    expect(got).to.deep.equal(['/opt/x/libcublas.so.13', over13, 'libcublas.so.13', 'libcublas.so.12', sys12, wheel13, wheel12]);
  });

  it('no loadable library: an error naming what was tried and GPUARRAY_CUBLAS_PATH', () => {
    const r = Cublas.load(['/nonexistent/libcublas.so.13']);
    expect('error' in r && r.error).to.match(/no usable cuBLAS.*GPUARRAY_CUBLAS_PATH.*\/nonexistent\/libcublas\.so\.13/);
  });
});
