// gp.linalg, NumPy's numpy.linalg namespace: what exists of it so far.
import { norm } from './norm.js';

export const linalg = { norm } as const;
