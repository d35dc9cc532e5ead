// ufunc.at for the arithmetic ufuncs: gp.add.at(a, indices, b) (also subtract, multiply, maximum,
// minimum), attached to the exported ufunc functions.
import { UfuncAt, ufuncFunctions } from './ufunc-api.js';
import { ufuncAt } from './take-put.js';

for (const name of ['add', 'subtract', 'multiply', 'maximum', 'minimum'] as const) {
  Object.defineProperty(ufuncFunctions[name], 'at', {
    value: ((a, indices, b) => ufuncAt(name, a, indices, b as Parameters<typeof ufuncAt>[3])) as UfuncAt,
    writable: true,
    configurable: true,
  });
}
