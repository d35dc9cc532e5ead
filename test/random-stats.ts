// Reference distribution functions and goodness-of-fit statistics for the random tests:
// Kolmogorov-Smirnov for continuous samples, Pearson's chi-square for discrete ones.

/** erfc with fractional error below 1.2e-7 (Numerical Recipes' Chebyshev fit). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z - 1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}
export const normalCdf = (x: number) => 0.5 * erfc(-x / Math.SQRT2);

/** log Gamma by Lanczos (g = 7, 9 terms). */
export function lgamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised lower incomplete gamma P(a, x). */
export function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (x < a + 1) {
    let sum = 1 / a;
    let del = sum;
    for (let n = 1; n < 1000; n++) {
      del *= x / (a + n);
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-15) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - lgamma(a));
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return 1 - Math.exp(-x + a * Math.log(x) - lgamma(a)) * h;
}

function betacf(a: number, b: number, x: number): number {
  const qab = a + b, qap = a + 1, qam = a - 1;
  let c = 1, d = 1 - (qab * x) / qap;
  if (Math.abs(d) < 1e-300) d = 1e-300;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < 1e-300) d = 1e-300;
    c = 1 + aa / c; if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d; h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d; if (Math.abs(d) < 1e-300) d = 1e-300;
    c = 1 + aa / c; if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularised incomplete beta I_x(a, b). */
export function betaI(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const bt = Math.exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (bt * betacf(a, b, x)) / a : 1 - (bt * betacf(b, a, 1 - x)) / b;
}

/** sqrt(n) * the Kolmogorov-Smirnov distance of a sample from `cdf`. */
export function ksStatistic(sample: ArrayLike<number>, cdf: (x: number) => number): number {
  const xs = Float64Array.from(sample).sort();
  const n = xs.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(xs[i]);
    d = Math.max(d, f - i / n, (i + 1) / n - f);
  }
  return d * Math.sqrt(n);
}

/**
 * Pearson's chi-square of integer counts against a pmf over 0..maxK (tail bins merged until each
 * expects at least 5); returns the statistic and the degrees of freedom.
 */
export function chiSquare(sample: ArrayLike<number | bigint>, pmf: (k: number) => number, minK: number, maxK: number): { stat: number; df: number } {
  const n = sample.length;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = Number(sample[i]);
    if (k < minK || k > maxK) throw new Error(`sample value ${k} outside the support [${minK}, ${maxK}]`);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const bins: { obs: number; exp: number }[] = [];
  let cur = { obs: 0, exp: 0 };
  for (let k = minK; k <= maxK; k++) {
    cur.obs += counts.get(k) ?? 0;
    cur.exp += n * pmf(k);
    if (cur.exp >= 5) {
      bins.push(cur);
      cur = { obs: 0, exp: 0 };
    }
  }
  if (bins.length === 0) bins.push(cur);
  else {
    bins[bins.length - 1].obs += cur.obs;
    bins[bins.length - 1].exp += cur.exp;
  }
  let stat = 0;
  for (const b of bins) stat += ((b.obs - b.exp) ** 2) / b.exp;
  return { stat, df: bins.length - 1 };
}

/** A chi-square statistic far beyond its degrees of freedom (p well below 1e-4) fails. */
export const chiSquareLimit = (df: number) => df + 6 * Math.sqrt(2 * df) + 10;
/** sqrt(n) * D above 1.95 (p < 0.001) fails. */
export const KS_LIMIT = 1.95;
