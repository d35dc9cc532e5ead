// x[w] = s, broadcasting s and w to x (NumPy's copyto(x, s, where=w) once s has x's dtype): the
// one kernel copyto and masked ufunc calls (`where=`) share.
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';

export const copyWhereKernel = ElementwiseKernel('T s, bool w', 'T x', 'x = w ? s : x', 'gpa_copyto_where');
