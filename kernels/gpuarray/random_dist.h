// gp.random's samplers: one element's value from its Stream (philox.h), in double precision with
// random_math.h's functions, so the cpu and cuda backends give the same bits. Rejection samplers
// loop on the element's own substream, so every value stays a pure function of (key, counter).
#pragma once
#include "gpuarray/philox.h"
#include "gpuarray/random_math.h"

namespace gpa {
namespace rng {

/**
 * Normals inside the gamma family's Marsaglia-Tsang loop: Box-Muller pairs from the stream, the
 * sine kept for the next call (standardNormal/normal use the ziggurat of random_zig.h).
 */
struct NormalSource {
  double spare;
  bool has;
  __device__ __forceinline__ NormalSource() : spare(0.0), has(false) {}
  __device__ __forceinline__ double next(Stream& s) {
    if (has) {
      has = false;
      return spare;
    }
    const double u1 = s.uniform();
    const double u2 = s.uniform();
    const double r = sqrt(-2.0 * rlog(1.0 - u1));
    double sn, cs;
    sincos_2pi(u2, &sn, &cs);
    spare = r * sn;
    has = true;
    return r * cs;
  }
};

__device__ __forceinline__ double standard_exponential(Stream& s) { return -rlog(s.uniform_pos()); }

/** Marsaglia & Tsang (2000); shape < 1 by Gamma(a+1) * U^(1/a). */
__device__ GPA_NOINLINE double standard_gamma(Stream& s, double a) {
  if (a == 0.0) return 0.0;
  if (a == 1.0) return standard_exponential(s);
  NormalSource ns;
  double boost = 1.0;
  if (a < 1.0) {
    boost = rexp(rlog(s.uniform_pos()) / a);
    a = a + 1.0;
  }
  const double d = a - 1.0 / 3.0;
  const double c = 1.0 / sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = ns.next(s);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = s.uniform_pos();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * (x2 * x2)) return boost * d * v;
    if (rlog(u) < 0.5 * x2 + d * (1.0 - v + rlog(v))) return boost * d * v;
  }
}

__device__ GPA_NOINLINE double beta(Stream& s, double a, double b) {
  const double x = standard_gamma(s, a);
  const double y = standard_gamma(s, b);
  if (x == 0.0 && y == 0.0) {
    // Both shapes tiny: decide by the log-ratio of the boosts (the limit puts all mass at 0 or 1).
    return s.uniform() < a / (a + b) ? 1.0 : 0.0;
  }
  return x / (x + y);
}

/** Poisson: multiplication (Knuth) below 10, Hormann's PTRS (1993) above. */
__device__ GPA_NOINLINE int64_t poisson(Stream& s, double lam) {
  if (lam == 0.0) return 0;
  if (lam < 10.0) {
    const double enlam = rexp(-lam);
    int64_t x = 0;
    double prod = 1.0;
    for (;;) {
      prod = prod * s.uniform();
      if (prod > enlam) x += 1;
      else return x;
    }
  }
  const double slam = sqrt(lam);
  const double loglam = rlog(lam);
  const double b = 0.931 + 2.53 * slam;
  const double a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
  const double vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    const double U = s.uniform() - 0.5;
    const double V = s.uniform();
    const double us = 0.5 - (U < 0.0 ? -U : U);
    const double k = floor_exact((2.0 * a / us + b) * U + lam + 0.43);
    if (us >= 0.07 && V <= vr) return (int64_t)k;
    if (k < 0.0 || (us < 0.013 && V > us)) continue;
    if (rlog(V) + rlog(invalpha) - rlog(a / (us * us) + b) <= -lam + k * loglam - lgamma_pos(k + 1.0)) return (int64_t)k;
  }
}

/**
 * lgamma(x + 1) less Stirling's main part (x + 1/2) log(x + 1) - (x + 1) + log(2 pi) / 2: exact from
 * lgamma_pos below 10, its series in 1 / (x + 1) above (3 terms: the next is below 4e-11).
 */
__device__ __forceinline__ double stirling_tail(double x) {
  if (x < 10.0) return lgamma_pos(x + 1.0) - ((x + 0.5) * rlog(x + 1.0) - (x + 1.0) + 0.91893853320467274178);
  const double y = x + 1.0;
  const double z = 1.0 / (y * y);
  return (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0) * z) * z) / y;
}

/**
 * BTRS's acceptance bound log(f(k) / f(m)) for f the Binomial(n, p) mass and m its mode, written
 * without the difference of lgamma values near n log n (3e16 at n = 1e15, where a double keeps
 * units: the bound was noise and the draws' variance 23% too large). With d = k - m and m', k' =
 * n - m, n - k: log(m! / k!) = -(m + 1/2) log1p(d / (m + 1)) - d log(k + 1) + d + tails, the same
 * for m', k' with -d, and d log(p / q) joins the logs into one ratio near 1.
 */
__device__ __forceinline__ double btrs_log_ratio(double dn, double p, double q, double m, double k) {
  const double d = k - m;
  const double mc = dn - m;
  const double kc = dn - k;
  return -(m + 0.5) * rlog1p(d / (m + 1.0)) - (mc + 0.5) * rlog1p(-d / (mc + 1.0)) + d * rlog((p * (kc + 1.0)) / (q * (k + 1.0))) +
         stirling_tail(m) - stirling_tail(k) + stirling_tail(mc) - stirling_tail(kc);
}

/** Binomial: inversion when n*min(p,1-p) < 30, Hormann's BTRS (1993) otherwise. */
__device__ GPA_NOINLINE int64_t binomial(Stream& s, int64_t n, double p) {
  if (n == 0 || p == 0.0) return 0;
  if (p == 1.0) return n;
  const bool flip = p > 0.5;
  const double pp = flip ? 1.0 - p : p;
  const double q = 1.0 - pp;
  const double dn = (double)n;
  int64_t x;
  if (dn * pp < 30.0) {
    const double qn = rexp(dn * rlog1p(-pp));
    const double np = dn * pp;
    double bound = np + 10.0 * sqrt(np * q + 1.0);
    if (bound > dn) bound = dn;
    x = 0;
    double px = qn;
    double U = s.uniform();
    while (U > px) {
      x += 1;
      if ((double)x > bound) {
        x = 0;
        px = qn;
        U = s.uniform();
      } else {
        U = U - px;
        px = ((dn - (double)x + 1.0) * pp * px) / ((double)x * q);
      }
    }
  } else {
    const double spq = sqrt(dn * pp * q);
    const double b = 1.15 + 2.53 * spq;
    const double a = -0.0873 + 0.0248 * b + 0.01 * pp;
    const double c = dn * pp + 0.5;
    const double vr = 0.92 - 4.2 / b;
    const double alpha = (2.83 + 5.1 / b) * spq;
    const double m = floor_exact((dn + 1.0) * pp);
    for (;;) {
      const double U = s.uniform() - 0.5;
      double V = s.uniform();
      const double us = 0.5 - (U < 0.0 ? -U : U);
      const double k = floor_exact((2.0 * a / us + b) * U + c);
      if (k < 0.0 || k > dn) continue;
      if (us >= 0.07 && V <= vr) {
        x = (int64_t)k;
        break;
      }
      V = rlog(V * alpha / (a / (us * us) + b));
      if (V <= btrs_log_ratio(dn, pp, q, m, k)) {
        x = (int64_t)k;
        break;
      }
    }
  }
  return flip ? n - x : x;
}

/** Hypergeometric by drawing the sample from the urn (the smaller of sample and its complement). */
__device__ GPA_NOINLINE int64_t hypergeometric(Stream& s, int64_t good, int64_t bad, int64_t nsample) {
  const int64_t total = good + bad;
  const bool complement = nsample > total / 2;
  const int64_t draws = complement ? total - nsample : nsample;
  int64_t g = good;
  int64_t left = total;
  int64_t picked = 0;
  for (int64_t i = 0; i < draws; i++) {
    const uint64_t r = bounded64(s, (uint64_t)(left - 1));
    if ((int64_t)r < g) {
      picked += 1;
      g -= 1;
    }
    left -= 1;
  }
  return complement ? good - picked : picked;
}

/** Geometric (trials to the first success, support 1, 2, ...) by inversion. */
__device__ __forceinline__ int64_t geometric(Stream& s, double p) {
  if (p == 1.0) return 1;
  const double v = floor_exact(rlog(s.uniform_pos()) / rlog1p(-p));
  const double r = v + 1.0;
  return r >= 9.2233720368547758e18 ? (int64_t)0x7FFFFFFFFFFFFFFFll : (int64_t)r;
}


/** Laplace(0, 1) by inversion of one uniform (0 redrawn, as NumPy's). */
__device__ __forceinline__ double standard_laplace(Stream& s) {
  for (;;) {
    const double u = s.uniform();
    if (u >= 0.5) return -rlog(2.0 - u - u);
    if (u > 0.0) return rlog(u + u);
  }
}

/** Logistic(0, 1): log(U / (1 - U)) for U in (0, 1). */
__device__ __forceinline__ double standard_logistic(Stream& s) {
  for (;;) {
    const double u = s.uniform();
    if (u > 0.0) return rlog(u / (1.0 - u));
  }
}

/** Gumbel(0, 1): -log(-log(U)) for U in (0, 1). */
__device__ __forceinline__ double standard_gumbel(Stream& s) {
  for (;;) {
    const double u = s.uniform_pos();
    if (u < 1.0) return -rlog(-rlog(u));
  }
}

/** e^x - 1, accurate near 0. */
__device__ __forceinline__ double rexpm1(double x) {
  if (x > -1e-5 && x < 1e-5) return x + 0.5 * x * x + x * x * x / 6.0;
  return rexp(x) - 1.0;
}

/** One multinomial row: k counts of n trials, by successive conditional binomials. */
__device__ GPA_NOINLINE void multinomial_row(Stream& s, int64_t n, const double* pvals, long long k, int64_t* row) {
  double mass = 1.0;
  int64_t left = n;
  for (long long j = 0; j + 1 < k; j++) {
    int64_t x = 0;
    if (left > 0 && mass > 0.0) {
      double p = pvals[j] / mass;
      if (p > 1.0) p = 1.0;
      if (p < 0.0) p = 0.0;
      x = binomial(s, left, p);
    }
    row[j] = x;
    left -= x;
    mass = mass - pvals[j];
  }
  if (k > 0) row[k - 1] = left;
}

/**
 * NumPy's random_vonmises (Best and Fisher's rejection; uniform below kappa 1e-8, a wrapped normal
 * from `normal()` above 1e6), with random_math.h's cos, acos and log: the result in [-pi, pi].
 */
template <typename Normal>
__device__ GPA_NOINLINE double vonmises(Stream& s, double mu, double kappa, Normal normal) {
  if (kappa != kappa) return quiet_nan();
  if (kappa < 1e-8) return RNG_PI * (2.0 * s.uniform() - 1.0);
  double sv;
  if (kappa < 1e-5) {
    sv = 1.0 / kappa + kappa;  // second order around kappa = 0
  } else if (kappa <= 1e6) {
    const double r = 1.0 + sqrt(1.0 + 4.0 * kappa * kappa);
    const double rho = (r - sqrt(2.0 * r)) / (2.0 * kappa);
    sv = (1.0 + rho * rho) / (2.0 * rho);
  } else {
    double result = mu + sqrt(1.0 / kappa) * normal();
    if (result < -RNG_PI) result += 2.0 * RNG_PI;
    if (result > RNG_PI) result -= 2.0 * RNG_PI;
    return result;
  }
  double w;
  for (;;) {
    const double u = s.uniform();
    double sn, z;
    sincos_2pi(0.5 * u, &sn, &z);  // cos(pi u)
    w = (1.0 + sv * z) / (sv + z);
    const double y = kappa * (sv - w);
    const double v = s.uniform();
    if (y * (2.0 - y) - v >= 0.0 || rlog(y / v) + 1.0 - y >= 0.0) break;
  }
  double result = racos(w);
  if (s.uniform() < 0.5) result = -result;
  result += mu;
  const bool neg = result < 0.0;
  double mod = fmod(fabs(result) + RNG_PI, 2.0 * RNG_PI) - RNG_PI;
  return neg ? -mod : mod;
}

}  // namespace rng
}  // namespace gpa
