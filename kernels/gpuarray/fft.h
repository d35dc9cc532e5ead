// Our FFT, for the cpu backend (and any device without cuFFT): one thread transforms one line.
// Lengths whose prime factors are all <= GPA_FFT_MAX_RADIX run as a Stockham autosort FFT of
// mixed radix (Van Loan's formulation, radix 4 first); other lengths run Bluestein's chirp-z
// through a power-of-two FFT. Twiddles are computed in double whatever the precision, so a
// float transform stays within a few ulps x log2(n) of a double reference. Unnormalised, as
// cuFFT: the caller scales.
#pragma once
#include "gpuarray/complex.h"

#define GPA_FFT_MAX_RADIX 13

namespace gpa {
namespace fft {

// exp(i * pi * num / den) in double, num any integer: reduced in integers to the first octant, so
// the twiddles of quarter turns are exactly 1, i, -1, -i (pocketfft's too) and w^k and w^-k
// are exact conjugates.
__device__ __forceinline__ complex<double> expi_pi(long long num, long long den) {
  long long m = num % (2 * den);
  if (m < 0) m += 2 * den;
  const long long q = (2 * m) / den, r = 2 * m - q * den;  // angle = pi/2 (q + r / den), r in [0, den)
  const double half_pi = 1.57079632679489661923;
  double c, s;
  if (2 * r <= den) {
    const double a = half_pi * (double)r / (double)den;
    c = r == 0 ? 1.0 : cos(a);
    s = r == 0 ? 0.0 : sin(a);
  } else {
    const double a = half_pi * (double)(den - r) / (double)den;
    c = sin(a);
    s = cos(a);
  }
  switch (q) {
    case 0: return complex<double>(c, s);
    case 1: return complex<double>(-s, c);
    case 2: return complex<double>(-c, -s);
    default: return complex<double>(s, -c);
  }
}

// x w for a twiddle w: a real or imaginary w scales (and swaps) x's parts, so an infinite part of
// x meets no 0 * inf (pocketfft's butterflies rotate by 1, i, -1, -i the same way).
template <typename T>
__device__ __forceinline__ complex<T> twiddle(const complex<T>& x, const complex<T>& w) {
  if (w.imag() == (T)0) return complex<T>(x.real() * w.real(), x.imag() * w.real());
  if (w.real() == (T)0) return complex<T>(-x.imag() * w.imag(), x.real() * w.imag());
  return x * w;
}

template <typename T>
struct Line {
  complex<T>* data;  // the line, element t at data[t * stride]
  long long stride;
  __device__ __forceinline__ complex<T>& operator[](long long t) const { return data[t * stride]; }
};

// Smallest prime factor of n, radix 4 preferred over 2 when it divides.
__device__ __forceinline__ int next_radix(long long n) {
  if (n % 4 == 0) return 4;
  for (int p = 2; p <= GPA_FFT_MAX_RADIX; p++)
    if (n % p == 0) return p;
  return 0;
}

__device__ __forceinline__ bool smooth(long long n) {
  while (n > 1) {
    const int p = next_radix(n);
    if (p == 0) return false;
    n /= p;
  }
  return true;
}

// One Stockham pass: y[(j + L* m') r + k] = sum_m w_L^(j m) x[j r* + k + r m] w_p^(m m').
template <typename T>
__device__ void stockham_pass(const complex<T>* x, complex<T>* y, long long n, long long Lstar, int p, int sign) {
  const long long L = Lstar * p, r = n / L, rstar = n / Lstar;
  complex<T> a[GPA_FFT_MAX_RADIX], wp[GPA_FFT_MAX_RADIX];
  for (int q = 0; q < p; q++) {
    const complex<double> w = expi_pi(sign * 2LL * q, p);
    wp[q] = complex<T>((T)w.real(), (T)w.imag());
  }
  for (long long j = 0; j < Lstar; j++) {
    for (long long k = 0; k < r; k++) {
      for (int m = 0; m < p; m++) {
        // w_L^(j m), its angle reduced modulo 2 pi before the cosine.
        const complex<double> w = expi_pi(sign * ((2LL * j * m) % (2 * L)), L);
        a[m] = twiddle(x[j * rstar + k + r * m], complex<T>((T)w.real(), (T)w.imag()));
      }
      for (int mo = 0; mo < p; mo++) {
        complex<T> s = a[0];
        for (int m = 1; m < p; m++) s += twiddle(a[m], wp[(m * mo) % p]);
        y[(j + Lstar * mo) * r + k] = s;
      }
    }
  }
}

// In place on the contiguous buffer `buf` (n values), with `work` (n values) beside it.
template <typename T>
__device__ void stockham(complex<T>* buf, complex<T>* work, long long n, int sign) {
  complex<T>* x = buf;
  complex<T>* y = work;
  long long Lstar = 1, rest = n;
  while (rest > 1) {
    const int p = next_radix(rest);
    stockham_pass(x, y, n, Lstar, p, sign);
    Lstar *= p;
    rest /= p;
    complex<T>* t = x;
    x = y;
    y = t;
  }
  if (x != buf)
    for (long long t = 0; t < n; t++) buf[t] = x[t];
}

__device__ __forceinline__ long long bluestein_length(long long n) {
  long long m = 1;
  while (m < 2 * n - 1) m *= 2;
  return m;
}

// Scratch values one line needs: the contiguous copy and Stockham's work buffer, or Bluestein's
// three buffers of the padded length.
__device__ __forceinline__ long long scratch_per_line(long long n) {
  return smooth(n) ? 2 * n : 3 * bluestein_length(n);
}

// The line's DFT with exp(sign 2 pi i t k / n), in place.
template <typename T>
__device__ void transform(Line<T> line, long long n, int sign, complex<T>* scratch) {
  if (n <= 1) return;
  if (smooth(n)) {
    complex<T>* buf = scratch;
    for (long long t = 0; t < n; t++) buf[t] = line[t];
    stockham(buf, scratch + n, n, sign);
    for (long long t = 0; t < n; t++) line[t] = buf[t];
    return;
  }
  // Bluestein: t k = (t^2 + k^2 - (k - t)^2) / 2, a convolution with the chirp b_t = e^(-sign i pi t^2 / n).
  const long long m = bluestein_length(n);
  complex<T>* A = scratch;
  complex<T>* B = scratch + m;
  complex<T>* W = scratch + 2 * m;
  for (long long t = 0; t < m; t++) {
    A[t] = complex<T>(0);
    B[t] = complex<T>(0);
  }
  for (long long t = 0; t < n; t++) {
    const complex<double> c = expi_pi(sign * ((t * t) % (2 * n)), n);  // conj(b_t)
    const complex<T> ct((T)c.real(), (T)c.imag());
    A[t] = line[t] * ct;
    const complex<T> bt((T)c.real(), (T)-c.imag());
    B[t] = bt;
    if (t > 0) B[m - t] = bt;
  }
  stockham(A, W, m, -1);
  stockham(B, W, m, -1);
  for (long long t = 0; t < m; t++) A[t] = A[t] * B[t];
  stockham(A, W, m, 1);
  const T inv = (T)(1.0 / (double)m);
  for (long long k = 0; k < n; k++) {
    const complex<double> c = expi_pi(sign * ((k * k) % (2 * n)), n);
    line[k] = A[k] * complex<T>((T)(c.real() * inv), (T)(c.imag() * inv));
  }
}

// Line `i` of `lines` along an axis of length n whose elements are `inner` apart: its first element.
__device__ __forceinline__ long long line_base(long long i, long long n, long long inner) {
  return (i / inner) * n * inner + i % inner;
}

}  // namespace fft
}  // namespace gpa

// c2c along one axis, in place on `data` (lines = elements / n; elements of a line `inner` apart).
#define GPA_FFT_C2C_KERNEL(NAME, T)                                                                  \
  extern "C" __global__ void NAME(gpa::complex<T>* data, gpa::complex<T>* scratch, long long n,       \
                                  long long inner, long long lines, int sign, long long per_line) {  \
    const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;                        \
    const long long step = (long long)gridDim.x * blockDim.x;                                        \
    gpa::complex<T>* mine = scratch + first * per_line;                                              \
    for (long long i = first; i < lines; i += step) {                                                \
      gpa::fft::Line<T> line{data + gpa::fft::line_base(i, n, inner), inner};                        \
      gpa::fft::transform(line, n, sign, mine);                                                      \
    }                                                                                                \
  }

// r2c along the last axis: real lines of n in `in` -> n/2+1 values per line in `out`.
#define GPA_FFT_R2C_KERNEL(NAME, T)                                                                  \
  extern "C" __global__ void NAME(const T* in, gpa::complex<T>* out, gpa::complex<T>* scratch,        \
                                  long long n, long long lines, long long per_line) {                \
    const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;                        \
    const long long step = (long long)gridDim.x * blockDim.x;                                        \
    gpa::complex<T>* line = scratch + first * per_line;                                              \
    for (long long i = first; i < lines; i += step) {                                                \
      for (long long t = 0; t < n; t++) line[t] = gpa::complex<T>(in[i * n + t]);                    \
      gpa::fft::transform(gpa::fft::Line<T>{line, 1}, n, -1, line + n);                              \
      for (long long k = 0; k <= n / 2; k++) out[i * (n / 2 + 1) + k] = line[k];                     \
    }                                                                                                \
  }

// c2r along the last axis: n/2+1 Hermitian values per line -> n reals (the imaginary parts of
// the zero-frequency term, and of the Nyquist term when n is even, are ignored, as cuFFT and
// pocketfft do).
#define GPA_FFT_C2R_KERNEL(NAME, T)                                                                  \
  extern "C" __global__ void NAME(const gpa::complex<T>* in, T* out, gpa::complex<T>* scratch,        \
                                  long long n, long long lines, long long per_line) {                \
    const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;                        \
    const long long step = (long long)gridDim.x * blockDim.x;                                        \
    gpa::complex<T>* line = scratch + first * per_line;                                              \
    const long long h = n / 2 + 1;                                                                   \
    for (long long i = first; i < lines; i += step) {                                                \
      for (long long k = 0; k < h; k++) line[k] = in[i * h + k];                                     \
      line[0] = gpa::complex<T>(line[0].real());                                                     \
      if (n % 2 == 0) line[n / 2] = gpa::complex<T>(line[n / 2].real());                             \
      for (long long k = h; k < n; k++) line[k] = gpa::conj(line[n - k]);                            \
      gpa::fft::transform(gpa::fft::Line<T>{line, 1}, n, 1, line + n);                              \
      for (long long t = 0; t < n; t++) out[i * n + t] = line[t].real();                             \
    }                                                                                                \
  }
