// Generator.multivariateNormal on gp.linalg (lib/random/mvn.ts): each method against a host
// reference (x = mean + F z with the same standard normals, F the symmetric square root from a
// Jacobi eigen-decomposition or the Cholesky factor), the sample mean and covariance at a fixed
// seed, semi-definite covariances, checkValid ('warn' once, 'raise', 'ignore'), size, and NumPy's
// argument errors.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as gp from '../lib/index.js';
import { DEVICE_SPECS, describeEachDevice } from './helpers.js';

const { random } = gp;
type Mat = number[][];

/** Eigenvalues and eigenvectors (columns of V) of a symmetric matrix, by cyclic Jacobi rotations. */
function jacobi(a0: Mat): { w: number[]; V: Mat } {
  const n = a0.length;
  const a = a0.map((r) => [...r]);
  const V: Mat = a.map((_, i) => a.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (a[p][q] === 0) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k][p], vkq = V[k][q];
          V[k][p] = c * vkp - s * vkq;
          V[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { w: a.map((r, i) => r[i]), V };
}

/** The symmetric square root V diag(sqrt|w|) V^T (of |cov| for an indefinite one). */
function symmetricRoot(cov: Mat): Mat {
  const { w, V } = jacobi(cov);
  return cov.map((_, i) => cov.map((__, j) => w.reduce((acc, wk, k) => acc + V[i][k] * Math.sqrt(Math.abs(wk)) * V[j][k], 0)));
}

function choleskyHost(a: Mat): Mat {
  const n = a.length;
  const L = a.map(() => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let d = a[j][j];
    for (let t = 0; t < j; t++) d -= L[j][t] ** 2;
    L[j][j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let v = a[i][j];
      for (let t = 0; t < j; t++) v -= L[i][t] * L[j][t];
      L[i][j] = v / L[j][j];
    }
  }
  return L;
}

const host = (a: gp.GpuArray): Float64Array => {
  const t = a.toTypedArray() as Float64Array;
  a.dispose();
  return t;
};

/** The largest |x - (mean + F z)| over rows of k, z the generator's standard normals. */
function worstAgainst(x: Float64Array, z: Float64Array, mean: number[], F: Mat): number {
  const k = mean.length;
  let worst = 0;
  for (let r = 0; r < x.length / k; r++) {
    for (let i = 0; i < k; i++) {
      let v = mean[i];
      for (let j = 0; j < k; j++) v += F[i][j] * z[r * k + j];
      worst = Math.max(worst, Math.abs(x[r * k + i] - v) / (1 + Math.abs(v)));
    }
  }
  return worst;
}

/** Sample mean and covariance of rows of k. */
function sampleMoments(x: Float64Array, k: number): { mu: number[]; S: Mat } {
  const rows = x.length / k;
  const mu = Array.from({ length: k }, (_, j) => {
    let s = 0;
    for (let r = 0; r < rows; r++) s += x[r * k + j];
    return s / rows;
  });
  const S = mu.map((_, a) =>
    mu.map((__, b) => {
      let s = 0;
      for (let r = 0; r < rows; r++) s += (x[r * k + a] - mu[a]) * (x[r * k + b] - mu[b]);
      return s / (rows - 1);
    }),
  );
  return { mu, S };
}

const COV: Mat = [[2, 0.8, 0], [0.8, 1, -0.3], [0, -0.3, 0.5]];
const MEAN = [1, -2, 3];
const ROWS = 40000;

describeEachDevice('random multivariateNormal on gp.linalg', () => {
  for (const method of ['svd', 'eigh', 'cholesky'] as const) {
    it(`${method}: mean + F z with the generator's normals (host reference), and the sample moments`, () => {
      const x = host(random.defaultRng(80).multivariateNormal(MEAN, COV, ROWS, { method }));
      const z = host(random.defaultRng(80).standardNormal([ROWS, 3]));
      const F = method === 'cholesky' ? choleskyHost(COV) : symmetricRoot(COV);
      expect(worstAgainst(x, z, MEAN, F)).to.be.below(1e-12);
      const { mu, S } = sampleMoments(x, 3);
      // Five standard errors: sqrt(cov_jj / n) for a mean, sqrt((cov_aa cov_bb + cov_ab^2) / n) for a covariance.
      mu.forEach((m, j) => expect(Math.abs(m - MEAN[j]), `mean ${j}`).to.be.below(5 * Math.sqrt(COV[j][j] / ROWS)));
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          expect(Math.abs(S[a][b] - COV[a][b]), `cov ${a},${b}`).to.be.below(5 * Math.sqrt((COV[a][a] * COV[b][b] + COV[a][b] ** 2) / ROWS));
        }
      }
    });
  }

  it('svd and eigh give the same samples (the symmetric square root), whatever the eigen-solver', () => {
    // A repeated eigenvalue: the eigenvectors of the pair are any rotation, the root is not.
    const cov = [[2, 0, 0], [0, 2, 0], [0, 0, 1]];
    const a = host(random.defaultRng(81).multivariateNormal([0, 0, 0], cov, 500, { method: 'svd' }));
    const b = host(random.defaultRng(81).multivariateNormal([0, 0, 0], cov, 500, { method: 'eigh' }));
    const z = host(random.defaultRng(81).standardNormal([500, 3]));
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).to.be.below(1e-12);
    expect(worstAgainst(a, z, [0, 0, 0], [[Math.SQRT2, 0, 0], [0, Math.SQRT2, 0], [0, 0, 1]])).to.be.below(1e-13);
  });

  it('a semi-definite covariance: svd and eigh pass the check and stay in its range; cholesky raises LinAlgError', () => {
    // Rank 2: x0 = x1 always (the null vector (1, -1, 0) / sqrt 2), to the square root of the
    // rounding of its zero eigenvalue (about 1e-8, as NumPy's).
    const cov = [[1, 1, 0.5], [1, 1, 0.5], [0.5, 0.5, 2]];
    for (const method of ['svd', 'eigh'] as const) {
      const x = host(random.defaultRng(82).multivariateNormal([1, 1, 0], cov, ROWS, { method, checkValid: 'raise' }));
      for (let r = 0; r < ROWS; r++) if (Math.abs(x[3 * r] - x[3 * r + 1]) > 1e-6) expect(x[3 * r], `${method} row ${r}`).to.be.closeTo(x[3 * r + 1], 1e-6);
      const { S } = sampleMoments(x, 3);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expect(Math.abs(S[a][b] - cov[a][b])).to.be.below(5 * Math.sqrt((cov[a][a] * cov[b][b] + cov[a][b] ** 2) / ROWS));
    }
    expect(() => random.defaultRng(82).multivariateNormal([0, 0, 0], cov, 3, { method: 'cholesky' })).to.throw(gp.LinAlgError);
  });

  it("checkValid: 'raise' refuses an indefinite covariance, 'ignore' samples from |cov| (NumPy's factor)", () => {
    const bad = [[1, 2], [2, 1]]; // eigenvalues 3 and -1
    for (const method of ['svd', 'eigh'] as const) {
      expect(() => random.defaultRng(83).multivariateNormal([0, 0], bad, 3, { method, checkValid: 'raise' })).to.throw(RangeError, 'not symmetric positive-semidefinite');
      const x = host(random.defaultRng(83).multivariateNormal([0, 0], bad, 200, { method, checkValid: 'ignore' }));
      const z = host(random.defaultRng(83).standardNormal([200, 2]));
      expect(worstAgainst(x, z, [0, 0], symmetricRoot(bad))).to.be.below(1e-12); // root of |cov| = [[2, 1], [1, 2]]
    }
    // Within tol: an eigenvalue of -1e-9 passes the default tol 1e-8, not tol 1e-10.
    const nearly = [[1, 1], [1, 1 - 2e-9]];
    expect(random.defaultRng(84).multivariateNormal([0, 0], nearly, 2, { method: 'eigh', checkValid: 'raise' }).shape).to.deep.equal([2, 2]);
    expect(() => random.defaultRng(84).multivariateNormal([0, 0], nearly, 2, { method: 'eigh', checkValid: 'raise', tol: 1e-10 })).to.throw(RangeError);
  });

  it('size: none, a number, a shape, zero rows; an empty mean; GpuArray operands of other dtypes', () => {
    const g = random.defaultRng(85);
    expect(g.multivariateNormal([1, 2], [[1, 0], [0, 1]]).shape).to.deep.equal([2]);
    expect(g.multivariateNormal([1, 2], [[1, 0], [0, 1]], 4).shape).to.deep.equal([4, 2]);
    expect(g.multivariateNormal([1, 2], [[1, 0], [0, 1]], [2, 3]).shape).to.deep.equal([2, 3, 2]);
    expect(g.multivariateNormal([1, 2], [[1, 0], [0, 1]], 0).shape).to.deep.equal([0, 2]);
    expect(g.multivariateNormal([], gp.zeros([0, 0]), 3).shape).to.deep.equal([3, 0]);
    const m = gp.array([1, 2], 'float32');
    const c = gp.array([[2, 1], [1, 2]], 'int32');
    const x = host(random.defaultRng(86).multivariateNormal(m, c, [3, 2], { method: 'cholesky' }));
    const y = host(random.defaultRng(86).multivariateNormal([1, 2], [[2, 1], [1, 2]], [3, 2], { method: 'cholesky' }));
    expect(Array.from(x)).to.deep.equal(Array.from(y));
    expect(m.dtype.name).to.equal('float32'); // the caller's arrays are left as they were
  });

  it("NumPy's argument errors, before anything is drawn", () => {
    const g = random.defaultRng(87);
    const c = g.bitGenerator.counter;
    expect(() => g.multivariateNormal([0, 0], [[1, 0], [0, 1]], 2, { method: 'qr' })).to.throw(RangeError, "method must be one of {'eigh', 'svd', 'cholesky'}");
    expect(() => g.multivariateNormal([0, 0], [[1, 0], [0, 1]], 2, { checkValid: 'loud' })).to.throw(RangeError, 'check_valid must equal');
    expect(() => g.multivariateNormal([[0, 0]], [[1, 0], [0, 1]])).to.throw(RangeError, 'mean must be 1 dimensional');
    expect(() => g.multivariateNormal([0, 0], [1, 0])).to.throw(RangeError, 'cov must be 2 dimensional and square');
    expect(() => g.multivariateNormal([0, 0], [[1, 0, 0], [0, 1, 0]])).to.throw(RangeError, 'cov must be 2 dimensional and square');
    expect(() => g.multivariateNormal([0, 0, 0], [[1, 0], [0, 1]])).to.throw(RangeError, 'mean and cov must have same length');
    expect(() => g.multivariateNormal([0, 0], gp.array([[1, 0], [0, 1]], 'complex128'))).to.throw(TypeError, 'must not be complex');
    expect(() => g.multivariateNormal([0, 0])).to.throw(TypeError, "missing required argument 'cov'");
    expect(() => g.multivariateNormal([0, 0], [[1, 0], [0, 1]], 2, { tol: '1e-8' })).to.throw(TypeError, 'tol');
    expect(() => g.multivariateNormal([0, 0], [[1, 0], [0, 1]], 2, { bogus: 1 })).to.throw(TypeError, 'unexpected keyword');
    expect(g.bitGenerator.counter).to.equal(c);
  });
});

describe('random multivariateNormal: across devices and warnings', () => {
  it('the same seed gives the same samples on every device (to rounding: each backend factors cov itself)', () => {
    const runs = DEVICE_SPECS.map((spec) => {
      gp.useDevice(spec);
      return [0, 1].map(() => host(random.defaultRng(88).multivariateNormal([0, 1, 2], COV, 300)));
    });
    for (const [a, b] of runs) expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).to.equal(true); // bit for bit on one device
    for (const [a] of runs) for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - runs[0][0][i])).to.be.below(1e-12 * (1 + Math.abs(a[i])));
  });

  it("checkValid 'warn' (the default) emits one RuntimeWarning per process, as Python shows NumPy's once", () => {
    const lib = fileURLToPath(new URL('../lib/index.js', import.meta.url));
    const code = `const gp = await import(${JSON.stringify(lib)});
const g = gp.random.defaultRng(1);
for (let i = 0; i < 3; i++) g.multivariateNormal([0, 0], [[1, 2], [2, 1]], 2);
g.multivariateNormal([0, 0], [[1, 2], [2, 1]], 2, { method: 'eigh' });
console.log('done');`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, GPUARRAY_DEVICE: 'cpu' }, encoding: 'utf8' });
    expect(r.stdout.trim(), r.stderr).to.equal('done');
    const warnings = r.stderr.split('\n').filter((l) => l.includes('RuntimeWarning'));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('multivariateNormal: covariance is not symmetric positive-semidefinite.');
  });
});
