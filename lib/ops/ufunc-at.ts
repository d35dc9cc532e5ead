// ufunc.at for the arithmetic ufuncs: gp.add.at(a, indices, b) (also subtract, multiply, maximum,
// minimum), attached to the exported ufunc functions.
import { UfuncAt, ufuncFunctions } from './ufunc-api.js';
import { ufuncAt } from './take-put.js';
import { UFUNC_AT } from './ufunc-table.js';

for (const name of UFUNC_AT) {
  Object.defineProperty(ufuncFunctions[name], 'at', {
    value: ((a, indices, b) => ufuncAt(name, a, indices, b as Parameters<typeof ufuncAt>[3])) as UfuncAt,
    writable: true,
    configurable: true,
  });
}
