// A kernel library built by the host C++ compiler (cpu backend). Each kernel exports one entry
// with the same C signature, so launching any kernel is one koffi call with numbers.
import koffi from 'koffi';

export type HostLaunchFn = (
  gx: number,
  gy: number,
  gz: number,
  bx: number,
  by: number,
  bz: number,
  sharedMem: number,
  args: number,
) => number;

export interface HostKernelLibrary {
  path: string;
  entry(symbol: string): HostLaunchFn;
}

export function loadHostKernelLibrary(path: string): HostKernelLibrary {
  const lib = koffi.load(path);
  return {
    path,
    entry: (symbol) =>
      lib.func(
        `int ${symbol}(uint32_t gx, uint32_t gy, uint32_t gz, uint32_t bx, uint32_t by, uint32_t bz, uint64_t sharedMem, uint64_t args)`,
      ) as HostLaunchFn,
  };
}
