// A kernel library built by the host C++ compiler (cpu backend). Each kernel exports one entry
// with the same C signature, so launching any kernel is one koffi call with numbers.
import koffi from 'koffi';

/** Returns 0 on success (the trampoline's status). */
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
  /** Call the library's `const char* symbol(void)` (a message it keeps; '' for null). */
  message(symbol: string): string;
}

export function loadHostKernelLibrary(path: string): HostKernelLibrary {
  let lib: ReturnType<typeof koffi.load>;
  try {
    lib = koffi.load(path);
  } catch (e) {
    throw new Error(`cpu backend: cannot load the compiled kernel library ${path}: ${(e as Error).message}`);
  }
  return {
    path,
    entry: (symbol) => {
      try {
        return lib.func(
          `int ${symbol}(uint32_t gx, uint32_t gy, uint32_t gz, uint32_t bx, uint32_t by, uint32_t bz, uint64_t sharedMem, uint64_t args)`,
        ) as HostLaunchFn;
      } catch (e) {
        throw new Error(`cpu backend: ${path} has no entry ${symbol}: ${(e as Error).message}`);
      }
    },
    message: (symbol) => {
      const f = lib.func(`const char* ${symbol}()`) as () => string | null;
      return f() ?? '';
    },
  };
}

/** Load `path` and call its `int symbol(void)`: proves a probe library links and runs here. */
export function callIntFunction(path: string, symbol: string): number {
  const lib = koffi.load(path);
  try {
    return (lib.func(`int ${symbol}()`) as () => number)();
  } finally {
    lib.unload();
  }
}
