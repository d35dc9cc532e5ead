// NumPy's constants (numpy.pi, e, inf, nan, euler_gamma, little_endian), as cupy re-exports them.
import { endianness } from 'node:os';

/** π (numpy.pi). */
export const pi = Math.PI;
/** Euler's number e (numpy.e). */
export const e = Math.E;
/** Positive infinity (numpy.inf). */
export const inf = Infinity;
/** Not a number (numpy.nan). */
export const nan = NaN;
/** The Euler-Mascheroni constant γ (numpy.euler_gamma). */
export const eulerGamma = 0.5772156649015329;
/** Whether this host stores numbers little-endian (numpy.little_endian). */
export const littleEndian = endianness() === 'LE';
