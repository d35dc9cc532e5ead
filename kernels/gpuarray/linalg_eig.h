// linalg.h's general eigenproblem (geev), one thread per matrix, in LAPACK's steps: balancing by
// powers of two (exact), Householder reduction to Hessenberg form, shifted QR to Schur form,
// eigenvectors of the Schur form by back substitution, back-transformed and normalised as geev's
// (unit 2-norm, largest component real). Real matrices take Francis double-shift steps, so real
// eigenvalues come out exactly real and complex ones in exact conjugate pairs (positive imaginary
// part first), and write LAPACK's real VR: a pair's vector is VR[:,j] + i VR[:,j+1] for w[j] and
// its conjugate for w[j+1]. Complex matrices take single Wilkinson-shift steps.
#pragma once
#include "gpuarray/linalg_scalar.h"

namespace gpa {
namespace la {

template <typename T> __device__ __forceinline__ typename S<T>::R l1(T x) { return fabs(S<T>::re(x)) + fabs(S<T>::im(x)); }
template <typename R> __device__ __forceinline__ R tiny_of() { return sizeof(R) == 4 ? R(1.1754943508222875e-38) : R(2.2250738585072014e-308); }
// Growth past which a back substitution rescales its vector (products of two stay finite).
template <typename R> __device__ __forceinline__ R big_of() { return sizeof(R) == 4 ? R(1e15) : R(1e150); }

// Scale row i by 1/f and column i by f (powers of two) until their off-diagonal 1-norms are
// within a factor 2 (Parlett and Reinsch, as LAPACK's gebal with job 'S'); scale[i] = f.
template <typename T> __device__ void geev_balance(T* a, long long n, typename S<T>::R* scale) {
  typedef typename S<T>::R R;
  const R limit = sizeof(R) == 4 ? R(1.152921504606847e18) : R(3.273390607896142e150);  // 2^60, 2^500
  for (long long i = 0; i < n; ++i) scale[i] = R(1);
  // Sweeps until nothing moves (a few, in practice); capped, as the limits above may stop a row short.
  for (int sweep = 0, done = 0; !done && sweep < 256; ++sweep) {
    done = 1;
    for (long long i = 0; i < n; ++i) {
      R c = R(0), r = R(0);
      for (long long j = 0; j < n; ++j)
        if (j != i) {
          c += l1(GPA_AT(a, n, j, i));
          r += l1(GPA_AT(a, n, i, j));
        }
      if (c == R(0) || r == R(0)) continue;
      const R s = c + r;
      R f = R(1);
      while (c < r / R(2) && f < limit) { f *= R(2); c *= R(4); }
      while (c >= r * R(2) && f > R(1) / limit) { f /= R(2); c /= R(4); }
      if ((c + r) / f < R(0.95) * s) {
        done = 0;
        scale[i] *= f;
        for (long long j = 0; j < n; ++j) GPA_AT(a, n, i, j) = GPA_AT(a, n, i, j) * S<T>::mk(R(1) / f);
        for (long long j = 0; j < n; ++j) GPA_AT(a, n, j, i) = GPA_AT(a, n, j, i) * S<T>::mk(f);
      }
    }
  }
}

// A = Q H Q^H with H upper Hessenberg (in a) and, when z is given, Q in z. Each step is the
// Hermitian reflector I - 2 v v^H / (v^H v) taking column k below the diagonal to -phase(x0) |x| e1.
template <typename T> __device__ void geev_hessenberg(T* a, T* z, long long n, T* v) {
  typedef S<T> St;
  typedef typename St::R R;
  if (z)
    for (long long j = 0; j < n; ++j)
      for (long long i = 0; i < n; ++i) GPA_AT(z, n, i, j) = i == j ? T(1) : T(0);
  for (long long k = 0; k + 2 < n; ++k) {
    R tail = R(0);
    for (long long i = k + 2; i < n; ++i) tail += St::abs2(GPA_AT(a, n, i, k));
    if (tail == R(0)) continue;
    const T x0 = GPA_AT(a, n, k + 1, k);
    const R m0 = St::mag(x0);
    const R xn = sqrt(m0 * m0 + tail);
    const T ph = m0 == R(0) ? T(1) : x0 * St::mk(R(1) / m0);
    v[k + 1] = x0 + ph * St::mk(xn);
    for (long long i = k + 2; i < n; ++i) v[i] = GPA_AT(a, n, i, k);
    const T beta = St::mk(R(2) / (St::abs2(v[k + 1]) + tail));
    for (long long j = k + 1; j < n; ++j) {  // left, from column k + 1 (column k is set below)
      T s = T(0);
      for (long long i = k + 1; i < n; ++i) s = s + St::cj(v[i]) * GPA_AT(a, n, i, j);
      s = s * beta;
      for (long long i = k + 1; i < n; ++i) GPA_AT(a, n, i, j) = GPA_AT(a, n, i, j) - v[i] * s;
    }
    GPA_AT(a, n, k + 1, k) = -(ph * St::mk(xn));
    for (long long i = k + 2; i < n; ++i) GPA_AT(a, n, i, k) = T(0);
    for (int pass = 0; pass < (z ? 2 : 1); ++pass) {  // right: a's columns, then z's
      T* m = pass == 0 ? a : z;
      for (long long i = 0; i < n; ++i) {
        T s = T(0);
        for (long long j = k + 1; j < n; ++j) s = s + GPA_AT(m, n, i, j) * v[j];
        s = s * beta;
        for (long long j = k + 1; j < n; ++j) GPA_AT(m, n, i, j) = GPA_AT(m, n, i, j) - s * St::cj(v[j]);
      }
    }
  }
}

// The row l (0 < l <= hi) where H's active block starts: the lowest subdiagonal entry negligible
// by LAPACK's lahqr test (Ahues and Tisseur's), or 0. The entry found is set to exactly 0.
template <typename T> __device__ long long geev_split(T* h, long long n, long long hi) {
  typedef typename S<T>::R R;
  const R eps = S<T>::eps();
  const R small = tiny_of<R>() * (R(n) / eps);
  long long l = hi;
  for (; l > 0; --l) {
    const R sub = l1(GPA_AT(h, n, l, l - 1));
    if (sub <= small) break;
    R tst = l1(GPA_AT(h, n, l - 1, l - 1)) + l1(GPA_AT(h, n, l, l));
    if (tst == R(0)) {
      if (l >= 2) tst += fabs(S<T>::re(GPA_AT(h, n, l - 1, l - 2)));
      if (l + 1 <= hi) tst += fabs(S<T>::re(GPA_AT(h, n, l + 1, l)));
    }
    if (sub <= eps * tst) {
      const R up = l1(GPA_AT(h, n, l - 1, l));
      const R ab = sub > up ? sub : up, ba = sub > up ? up : sub;
      const R dd = l1(GPA_AT(h, n, l - 1, l - 1) - GPA_AT(h, n, l, l)), hh = l1(GPA_AT(h, n, l, l));
      const R aa = hh > dd ? hh : dd, bb = hh > dd ? dd : hh;
      const R s = aa + ab;
      const R rhs = eps * (bb * (aa / s));
      if (ba * (ab / s) <= (small > rhs ? small : rhs)) break;
    }
  }
  if (l > 0) GPA_AT(h, n, l, l - 1) = T(0);
  return l;
}

// Iterations one eigenvalue (or pair) may take before geev reports no convergence (LAPACK's).
__device__ __forceinline__ long long geev_max_its(long long n) { return 30 * (n > 10 ? n : 10); }

// Rows p, p+1 (from column p) and columns p, p+1 (rows 0..p+1) of h, and z's columns, by the plane
// rotation [[c, s], [-s, c]] (real).
template <typename R> __device__ void geev_rotate(R* h, R* z, long long n, long long p, R c, R s) {
  for (long long j = p; j < n; ++j) {
    const R x = GPA_AT(h, n, p, j), y = GPA_AT(h, n, p + 1, j);
    GPA_AT(h, n, p, j) = c * x + s * y;
    GPA_AT(h, n, p + 1, j) = c * y - s * x;
  }
  for (int pass = 0; pass < (z ? 2 : 1); ++pass) {
    R* m = pass == 0 ? h : z;
    const long long rows = pass == 0 ? p + 2 : n;
    for (long long i = 0; i < rows; ++i) {
      const R x = GPA_AT(m, n, i, p), y = GPA_AT(m, n, i, p + 1);
      GPA_AT(m, n, i, p) = c * x + s * y;
      GPA_AT(m, n, i, p + 1) = c * y - s * x;
    }
  }
}

// A deflated 2 x 2 block at p: real eigenvalues are split off by the rotation whose first row is
// the eigenvector (l1 - d, c) of l1 (the block becomes upper triangular); complex ones stay a
// block, their eigenvalues (a + d) / 2 +- i sqrt(-disc) in exact conjugate pair.
template <typename R> __device__ void geev_block_real(R* h, R* z, long long n, long long p, R* wr, R* wi) {
  const R a = GPA_AT(h, n, p, p), b = GPA_AT(h, n, p, p + 1), c = GPA_AT(h, n, p + 1, p), d = GPA_AT(h, n, p + 1, p + 1);
  const R half = (a - d) / R(2);
  const R disc = half * half + b * c;
  if (disc >= R(0)) {
    const R e = half + (half >= R(0) ? sqrt(disc) : -sqrt(disc));  // l1 - d, without cancellation
    const R r = hypot(e, c);
    if (r > R(0)) geev_rotate(h, z, n, p, e / r, c / r);
    GPA_AT(h, n, p + 1, p) = R(0);
    wr[p] = GPA_AT(h, n, p, p);
    wr[p + 1] = GPA_AT(h, n, p + 1, p + 1);
    wi[p] = wi[p + 1] = R(0);
  } else {
    wr[p] = wr[p + 1] = d + half;
    wi[p] = sqrt(-disc);
    wi[p + 1] = -wi[p];
  }
}

// The reflector I - tau u u^T, u = (1, u1, u2), taking (x, y, zz) to (beta, 0, 0); tau 0 when
// the vector is already there.
template <typename R> struct Reflector3 {
  R tau, u1, u2;
};
template <typename R> __device__ __forceinline__ Reflector3<R> geev_reflector3(R x, R y, R zz) {
  Reflector3<R> f = {R(0), R(0), R(0)};
  const R sc = fabs(x) + fabs(y) + fabs(zz);
  if (sc == R(0) || (y == R(0) && zz == R(0))) return f;
  x /= sc;
  y /= sc;
  zz /= sc;
  const R nrm = sqrt(x * x + y * y + zz * zz);
  const R beta = x >= R(0) ? -nrm : nrm;
  f.tau = (beta - x) / beta;
  f.u1 = y / (x - beta);
  f.u2 = zz / (x - beta);
  return f;
}

// Real Schur form of the Hessenberg h by Francis double-shift QR (z accumulates when given); wr,
// wi the eigenvalues. Returns 0, or LAPACK's info (1-based index of an eigenvalue not found).
template <typename R> __device__ int geev_schur_real(R* h, R* z, long long n, R* wr, R* wi) {
  long long hi = n - 1;
  long long its = 0;
  while (hi >= 0) {
    const long long l = geev_split(h, n, hi);
    if (l == hi) {
      wr[hi] = GPA_AT(h, n, hi, hi);
      wi[hi] = R(0);
      --hi;
      its = 0;
      continue;
    }
    if (l == hi - 1) {
      geev_block_real(h, z, n, l, wr, wi);
      hi -= 2;
      its = 0;
      continue;
    }
    if (++its > geev_max_its(n)) return (int)(hi + 1);
    // Shifts: the trailing 2 x 2's eigenvalues (its trace s and determinant t), or LAPACK's
    // exceptional ones after 10 and 20 steps without a deflation.
    R h11, h12, h21, h22;
    if (its % 30 == 10 || its % 30 == 20) {
      const long long i = its % 30 == 10 ? l : hi;
      const R x = its % 30 == 10 ? fabs(GPA_AT(h, n, l + 1, l)) + fabs(GPA_AT(h, n, l + 2, l + 1))
                                 : fabs(GPA_AT(h, n, hi, hi - 1)) + fabs(GPA_AT(h, n, hi - 1, hi - 2));
      h11 = R(0.75) * x + GPA_AT(h, n, i, i);
      h12 = R(-0.4375) * x;
      h21 = x;
      h22 = h11;
    } else {
      h11 = GPA_AT(h, n, hi - 1, hi - 1);
      h12 = GPA_AT(h, n, hi - 1, hi);
      h21 = GPA_AT(h, n, hi, hi - 1);
      h22 = GPA_AT(h, n, hi, hi);
    }
    // First column of (H - s1)(H - s2), computed on H / sc (only its direction matters).
    R sc = fabs(h11) + fabs(h12) + fabs(h21) + fabs(h22);
    if (sc == R(0)) sc = R(1);
    const R s = (h11 + h22) / sc, t = ((h11 / sc) * h22 - (h12 / sc) * h21) / sc;
    const R a00 = GPA_AT(h, n, l, l) / sc, a01 = GPA_AT(h, n, l, l + 1) / sc;
    const R a10 = GPA_AT(h, n, l + 1, l) / sc, a11 = GPA_AT(h, n, l + 1, l + 1) / sc, a21 = GPA_AT(h, n, l + 2, l + 1) / sc;
    R x = a00 * a00 + a01 * a10 - s * a00 + t;
    R y = a10 * (a00 + a11 - s);
    R zz = a10 * a21;
    for (long long k = l; k < hi; ++k) {
      const bool three = k + 2 <= hi;
      if (k > l) {
        x = GPA_AT(h, n, k, k - 1);
        y = GPA_AT(h, n, k + 1, k - 1);
        zz = three ? GPA_AT(h, n, k + 2, k - 1) : R(0);
      }
      const Reflector3<R> f = geev_reflector3(x, y, zz);
      if (f.tau == R(0)) continue;
      for (long long j = k > l ? k - 1 : l; j < n; ++j) {
        R v = GPA_AT(h, n, k, j) + f.u1 * GPA_AT(h, n, k + 1, j);
        if (three) v += f.u2 * GPA_AT(h, n, k + 2, j);
        v *= f.tau;
        GPA_AT(h, n, k, j) -= v;
        GPA_AT(h, n, k + 1, j) -= v * f.u1;
        if (three) GPA_AT(h, n, k + 2, j) -= v * f.u2;
      }
      if (k > l) {
        GPA_AT(h, n, k + 1, k - 1) = R(0);
        if (three) GPA_AT(h, n, k + 2, k - 1) = R(0);
      }
      for (int pass = 0; pass < (z ? 2 : 1); ++pass) {
        R* m = pass == 0 ? h : z;
        const long long rows = pass == 0 ? (k + 3 < hi ? k + 3 : hi) + 1 : n;
        for (long long i = 0; i < rows; ++i) {
          R v = GPA_AT(m, n, i, k) + f.u1 * GPA_AT(m, n, i, k + 1);
          if (three) v += f.u2 * GPA_AT(m, n, i, k + 2);
          v *= f.tau;
          GPA_AT(m, n, i, k) -= v;
          GPA_AT(m, n, i, k + 1) -= v * f.u1;
          if (three) GPA_AT(m, n, i, k + 2) -= v * f.u2;
        }
      }
    }
  }
  return 0;
}

// Complex Schur form of the Hessenberg h by single-shift QR (Wilkinson's shift, LAPACK's
// exceptional shifts), z accumulating when given; w the eigenvalues (h's diagonal).
template <typename R> __device__ int geev_schur_complex(complex<R>* h, complex<R>* z, long long n, complex<R>* w) {
  typedef complex<R> C;
  typedef S<C> St;
  long long hi = n - 1;
  long long its = 0;
  while (hi >= 0) {
    const long long l = geev_split(h, n, hi);
    if (l == hi) {
      w[hi] = GPA_AT(h, n, hi, hi);
      --hi;
      its = 0;
      continue;
    }
    if (++its > geev_max_its(n)) return (int)(hi + 1);
    C mu;
    if (its % 30 == 10) {
      mu = GPA_AT(h, n, l, l) + C(R(0.75) * fabs(GPA_AT(h, n, l + 1, l).real()));
    } else if (its % 30 == 20) {
      mu = GPA_AT(h, n, hi, hi) + C(R(0.75) * fabs(GPA_AT(h, n, hi, hi - 1).real()));
    } else {
      // The trailing 2 x 2's eigenvalue nearer d: d - bc / (m + sqrt(m^2 + bc)), m = (a - d) / 2,
      // the root's sign taken so that the denominator does not cancel.
      const C a = GPA_AT(h, n, hi - 1, hi - 1), b = GPA_AT(h, n, hi - 1, hi), c = GPA_AT(h, n, hi, hi - 1), d = GPA_AT(h, n, hi, hi);
      const C m = (a - d) * C(R(0.5));
      C root = sqrt(m * m + b * c);
      if (m.real() * root.real() + m.imag() * root.imag() < R(0)) root = -root;
      const C den = m + root;
      mu = l1(den) == R(0) ? d : d - (b * c) / den;
    }
    C x = GPA_AT(h, n, l, l) - mu, y = GPA_AT(h, n, l + 1, l);
    for (long long k = l; k < hi; ++k) {
      if (k > l) {
        x = GPA_AT(h, n, k, k - 1);
        y = GPA_AT(h, n, k + 1, k - 1);
      }
      // [[c, s], [-conj(s), c]] (x, y) = (r, 0), c real.
      const R ay = St::mag(y);
      if (ay == R(0)) continue;
      const R ax = St::mag(x), nrm = hypot(ax, ay);
      const R c = ax / nrm;
      const C s = ax == R(0) ? St::cj(y) * C(R(1) / ay) : (x * C(R(1) / ax)) * St::cj(y) * C(R(1) / nrm);
      for (long long j = k > l ? k - 1 : l; j < n; ++j) {
        const C p = GPA_AT(h, n, k, j), q = GPA_AT(h, n, k + 1, j);
        GPA_AT(h, n, k, j) = C(c) * p + s * q;
        GPA_AT(h, n, k + 1, j) = C(c) * q - St::cj(s) * p;
      }
      if (k > l) GPA_AT(h, n, k + 1, k - 1) = C(R(0));
      for (int pass = 0; pass < (z ? 2 : 1); ++pass) {
        C* m = pass == 0 ? h : z;
        const long long rows = pass == 0 ? (k + 2 < hi ? k + 2 : hi) + 1 : n;
        for (long long i = 0; i < rows; ++i) {
          const C p = GPA_AT(m, n, i, k), q = GPA_AT(m, n, i, k + 1);
          GPA_AT(m, n, i, k) = C(c) * p + St::cj(s) * q;
          GPA_AT(m, n, i, k + 1) = C(c) * q - s * p;
        }
      }
    }
  }
  return 0;
}

// The eigenvector y of the (quasi-)upper-triangular t for lambda = eigenvalue k (with `pair`, the
// first of a real 2 x 2 block at k, k + 1): y[top + 1 ..] = 0, the rest by back substitution, 2 x 2
// blocks of a real t solved together; near-singular pivots raised to smin, and y rescaled before
// it could overflow. Returns top.
template <typename T> __device__ long long geev_back_substitute(const T* t, long long n, long long k, bool pair, complex<typename S<T>::R> lambda, complex<typename S<T>::R>* y) {
  typedef typename S<T>::R R;
  typedef complex<R> C;
  const R eps = S<T>::eps(), big = big_of<R>();
  const R smin = eps * l1(lambda) > tiny_of<R>() / eps ? eps * l1(lambda) : tiny_of<R>() / eps;
#define GPA_TC(i, j) C(S<T>::re(GPA_AT(t, n, i, j)), S<T>::im(GPA_AT(t, n, i, j)))
  long long top = k;
  if (pair) {
    y[k] = lambda - GPA_TC(k + 1, k + 1);
    y[k + 1] = GPA_TC(k + 1, k);
    top = k + 1;
  } else {
    y[k] = C(R(1));
  }
  for (long long i = k - 1; i >= 0; --i) {
    const bool block = i > 0 && GPA_AT(t, n, i, i - 1) != T(0);
    const long long i0 = block ? i - 1 : i;
    C r0 = C(R(0)), r1 = C(R(0));
    for (long long j = i + 1; j <= top; ++j) {
      r1 = r1 - GPA_TC(i, j) * y[j];
      if (block) r0 = r0 - GPA_TC(i0, j) * y[j];
    }
    C den = block ? (GPA_TC(i0, i0) - lambda) * (GPA_TC(i, i) - lambda) - GPA_TC(i0, i) * GPA_TC(i, i0) : GPA_TC(i, i) - lambda;
    if (l1(den) < smin) den = C(smin);
    const R ar = l1(r0) + l1(r1), ad = l1(den);
    if (ar > big || (ad < R(1) && ar > ad * big)) {
      const C f = C(R(1) / ar);
      for (long long j = i + 1; j <= top; ++j) y[j] = y[j] * f;
      r0 = r0 * f;
      r1 = r1 * f;
    }
    if (block) {
      y[i0] = ((GPA_TC(i, i) - lambda) * r0 - GPA_TC(i0, i) * r1) / den;
      y[i] = ((GPA_TC(i0, i0) - lambda) * r1 - GPA_TC(i, i0) * r0) / den;
      i = i0;
    } else {
      y[i] = r1 / den;
    }
  }
#undef GPA_TC
  return top;
}

// v = z[:, 0..top] y, then geev's normalisation: unit 2-norm and (unless `keepReal`) the phase
// that makes the largest component real, with the sign of its real part (LAPACK's rotation).
template <typename T> __device__ void geev_assemble(const T* z, long long n, long long top, const complex<typename S<T>::R>* y, complex<typename S<T>::R>* v, bool keepReal) {
  typedef typename S<T>::R R;
  typedef complex<R> C;
  R nn = R(0);
  for (long long i = 0; i < n; ++i) {
    C s = C(R(0));
    for (long long j = 0; j <= top; ++j) s = s + C(S<T>::re(GPA_AT(z, n, i, j)), S<T>::im(GPA_AT(z, n, i, j))) * y[j];
    if (keepReal) s = C(s.real());
    v[i] = s;
  }
  // Scaled 2-norm (the entries may be large after a back substitution).
  R mx = R(0);
  for (long long i = 0; i < n; ++i) mx = l1(v[i]) > mx ? l1(v[i]) : mx;
  if (mx == R(0)) return;
  for (long long i = 0; i < n; ++i) {
    v[i] = v[i] * C(R(1) / mx);
    nn += norm(v[i]);
  }
  C f = C(R(1) / sqrt(nn));
  long long kk = 0;
  if (!keepReal) {
    for (long long i = 1; i < n; ++i)
      if (norm(v[i]) > norm(v[kk])) kk = i;
    const R m = abs(v[kk]);
    f = f * conj(v[kk]) * C((v[kk].real() < R(0) && sizeof(T) == sizeof(R) ? R(-1) : R(1)) / m);
  }
  for (long long i = 0; i < n; ++i) v[i] = v[i] * f;
  if (!keepReal) v[kk] = C(v[kk].real());  // exactly real, as LAPACK sets it
}

// Bytes of geev's work for one matrix: z (n*n T), then 16-byte aligned y, v and the Hessenberg
// reflector (n complex each) and the balancing scale (n real); a multiple of 16 (solver-kernel.ts
// sizes it with the same formula).
__device__ __forceinline__ long long geev_work_bytes(long long n, int itemsize, int realsize) {
  return ((n * n * itemsize + 15) / 16 * 16 + 7 * n * realsize + 15) / 16 * 16;
}

// geev of one n x n column-major matrix (destroyed): w (n complex), and with vr the right
// eigenvectors (LAPACK's layout above); work: geev_work_bytes. info as LAPACK's.
template <typename T> __device__ void geev(T* a, complex<typename S<T>::R>* w, T* vr, unsigned char* work, int* info, long long n) {
  typedef S<T> St;
  typedef typename St::R R;
  typedef complex<R> C;
  const bool real = sizeof(T) == sizeof(R);
  T* z = vr ? (T*)work : (T*)0;
  C* y = (C*)(work + (n * n * (long long)sizeof(T) + 15) / 16 * 16);
  C* v = y + n;
  T* hv = (T*)(v + n);  // n T fit in n complex
  R* scale = (R*)(v + 2 * n);
  const int ex = range_scale(a, n * n);  // eigenvalues scale back; eigenvectors are normalised
  geev_balance(a, n, scale);
  geev_hessenberg(a, z, n, hv);
  int bad;
  if (real) {
    R* wr = (R*)y;
    R* wi = wr + n;
    bad = geev_schur_real((R*)a, (R*)z, n, wr, wi);
    for (long long i = 0; i < n; ++i) w[i] = C(wr[i], wi[i]);
  } else {
    bad = geev_schur_complex((C*)a, (C*)z, n, w);
  }
  *info = bad;
  if (ex != 0)
    for (long long i = 0; i < n; ++i) w[i] = C(unscale(w[i].real(), ex), unscale(w[i].imag(), ex));
  if (bad || !vr) return;
  for (long long i = 0; i < n; ++i)
    for (long long j = 0; j < n; ++j) GPA_AT(z, n, i, j) = GPA_AT(z, n, i, j) * St::mk(scale[i]);
  for (long long k = 0; k < n; ++k) {
    const bool pair = real && w[k].imag() > R(0);
    const long long top = geev_back_substitute(a, n, k, pair, w[k], y);
    geev_assemble(z, n, top, y, v, real && !pair);
    for (long long i = 0; i < n; ++i) {
      if (real) {
        GPA_AT(vr, n, i, k) = St::mk(v[i].real());
        if (pair) GPA_AT(vr, n, i, k + 1) = St::mk(v[i].imag());
      } else {
        GPA_AT(vr, n, i, k) = St::mk(v[i].real(), v[i].imag());
      }
    }
    if (pair) ++k;
  }
}

// One column-major VR (geev's, `real`: LAPACK's pairs) as complex row-major eigenvectors (out[i][j]
// = v_j[i]), element e of the batch's n*n.
template <typename T> __device__ void geev_vectors(const T* vr, const complex<typename S<T>::R>* w, complex<typename S<T>::R>* out, long long n, long long e) {
  typedef typename S<T>::R R;
  typedef complex<R> C;
  const long long i = e / n, j = e % n;
  if (sizeof(T) != sizeof(R)) {
    out[e] = C(S<T>::re(GPA_AT(vr, n, i, j)), S<T>::im(GPA_AT(vr, n, i, j)));
    return;
  }
  const R wi = w[j].imag();
  if (wi == R(0))
    out[e] = C(S<T>::re(GPA_AT(vr, n, i, j)));
  else if (wi > R(0))
    out[e] = C(S<T>::re(GPA_AT(vr, n, i, j)), S<T>::re(GPA_AT(vr, n, i, j + 1)));
  else
    out[e] = C(S<T>::re(GPA_AT(vr, n, i, j - 1)), -S<T>::re(GPA_AT(vr, n, i, j)));
}

}  // namespace la
}  // namespace gpa
