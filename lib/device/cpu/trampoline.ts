// Launch entries for the cpu backend: one extern "C" function per kernel with a fixed signature
// (grid, block, shared memory, argument pointers), unpacking the arguments by their C types the
// way cuLaunchKernel does from kernelParams. Returns 0, or 1 when the kernel threw a C++
// exception: the runners catch it where it is thrown (it must not leave an OpenMP region nor
// unwind into koffi) and `gpa_launch_error()` gives its message. Cooperative programs
// (GPA_HOST_COOPERATIVE, see cooperative.ts) run their blocks' threads as fibers.
import type { KernelSignature } from '../backend.js';

/** A C identifier, or a template instantiation such as `fx3<float>` (RawModule's nameExpressions). */
const KERNEL_NAME = /^[A-Za-z_]\w*$/;
const INSTANTIATION = /^[A-Za-z_]\w*\s*<[\w\s,:<>*&().+-]*>$/;

/** The exported entry of a kernel: instantiations are spelled in hex to stay C identifiers. */
export const hostEntryName = (kernel: string) =>
  KERNEL_NAME.test(kernel) ? `gpa_launch_${kernel}` : `gpa_launch_t${Buffer.from(kernel).toString('hex')}`;
/** `const char* gpa_launch_error()`: the message of the last failed launch of the library. */
export const hostErrorEntry = 'gpa_launch_error';

/** `__restrict__` qualifies the parameter, not the value copied out of the argument block. */
const valueType = (t: string) => t.replace(/\b__restrict__\b|\b__restrict\b/g, '').trim();

export function hostTrampolines(kernels: readonly KernelSignature[]): string {
  const entries = kernels.map(({ name, paramTypes }) => {
    if (!KERNEL_NAME.test(name) && !INSTANTIATION.test(name)) {
      throw new TypeError(`kernel name ${JSON.stringify(name)} is neither a C identifier nor a template instantiation`);
    }
    const typedefs = paramTypes.map((t, i) => `  typedef ${valueType(t)} T${i};`).join('\n');
    const loads = paramTypes.map((_, i) => `  const T${i} a${i} = *reinterpret_cast<T${i}*>(args[${i}]);`).join('\n');
    const call = paramTypes.map((_, i) => `a${i}`).join(', ');
    return [
      `extern "C" int ${hostEntryName(name)}(unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,`,
      `    unsigned long long shared_mem, void** args) {`,
      `  (void)shared_mem; (void)args;  // dynamic shared memory: the backend checked it fits gpa_host::kDynamicSharedBytes`,
      typedefs,
      loads,
      `  try {`,
      `    return GPA_HOST_RUN_GRID(dim3{gx, gy, gz}, dim3{bx, by, bz}, [&]() { ${name}(${call}); });`,
      `  } catch (...) {`,
      `    gpa_host::fail_with_current_exception();`,
      `    return 1;`,
      `  }`,
      `}`,
    ].join('\n');
  });
  return [
    '#ifdef GPA_HOST_COOPERATIVE',
    '#define GPA_HOST_RUN_GRID gpa_host::run_grid_coop',
    '#else',
    '#define GPA_HOST_RUN_GRID gpa_host::run_grid',
    '#endif',
    `extern "C" const char* ${hostErrorEntry}() { return gpa_host::launch_message(); }`,
    ...entries,
  ].join('\n\n');
}
