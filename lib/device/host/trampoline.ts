// Launch entries for the cpu backend: one extern "C" function per kernel with a fixed signature
// (grid, block, shared memory, argument pointers), unpacking the arguments by their C types the
// way cuLaunchKernel does from kernelParams. Returns 0, or 1 when the kernel threw a C++
// exception, which must not unwind into koffi (inside an OpenMP team C++ terminates the process
// instead, as a device trap ends a CUDA context).
import type { KernelSignature } from '../backend.js';

/** A C identifier, or a template instantiation such as `fx3<float>` (RawModule's nameExpressions). */
const KERNEL_NAME = /^[A-Za-z_]\w*$/;
const INSTANTIATION = /^[A-Za-z_]\w*\s*<[\w\s,:<>*&().+-]*>$/;

/** The exported entry of a kernel: instantiations are spelled in hex to stay C identifiers. */
export const hostEntryName = (kernel: string) =>
  KERNEL_NAME.test(kernel) ? `gpa_launch_${kernel}` : `gpa_launch_t${Buffer.from(kernel).toString('hex')}`;

/** `__restrict__` qualifies the parameter, not the value copied out of the argument block. */
const valueType = (t: string) => t.replace(/\b__restrict__\b|\b__restrict\b/g, '').trim();

export function hostTrampolines(kernels: readonly KernelSignature[]): string {
  return kernels
    .map(({ name, paramTypes }) => {
      if (!KERNEL_NAME.test(name) && !INSTANTIATION.test(name)) {
        throw new TypeError(`kernel name ${JSON.stringify(name)} is neither a C identifier nor a template instantiation`);
      }
      const typedefs = paramTypes.map((t, i) => `  typedef ${valueType(t)} T${i};`).join('\n');
      const loads = paramTypes.map((_, i) => `  const T${i} a${i} = *reinterpret_cast<T${i}*>(args[${i}]);`).join('\n');
      const call = paramTypes.map((_, i) => `a${i}`).join(', ');
      return [
        `extern "C" int ${hostEntryName(name)}(unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,`,
        `    unsigned long long shared_mem, void** args) {`,
        `  (void)shared_mem; (void)args;`,
        typedefs,
        loads,
        `  try {`,
        `    return gpa_host::run_grid(dim3{gx, gy, gz}, dim3{bx, by, bz}, [&]() { ${name}(${call}); });`,
        `  } catch (...) {`,
        `    return 1;`,
        `  }`,
        `}`,
      ].join('\n');
    })
    .join('\n\n');
}
