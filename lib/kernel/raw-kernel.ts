// RawKernel / RawModule: user-written CUDA C launched over an explicit grid, in CuPy's form
// `k(grid, block, args, {sharedMem, stream})` and Numba's `k.configure(blocks, threads)(...args)`.
// The kernel's extern "C" parameter list is parsed, so arity, argument types, and grid/block
// limits are checked before anything is launched. Compiled lazily, once per device, through the
// backend's caches (NVRTC on cuda; the host C++ compiler on cpu, where threads that cooperate
// through __shared__, __syncthreads and warp intrinsics run as fibers: kernels/gpuarray/host_coop.h).
import type { Dim3, LoadedKernel, LoadedProgram } from '../device/backend.js';
import { currentDevice, Device } from '../device/device.js';
import { Stream, streamHandle } from '../device/stream.js';
import { CKernelSignature, CParam, kernelSignature, parseKernels, ParsedSource, templateKernelSignature } from './c-signature.js';
import { splitMacroOptions } from '../device/macro-options.js';
import { checkOccupancy } from './performance-warnings.js';
import { describeValue, isOptionsLike, readOptions } from '../util/options.js';
import { RawArg, RawArgs } from './raw-args.js';

/** A grid or block size: a number, or [x], [x, y], [x, y, z]. */
export type DimLike = number | readonly [number] | readonly [number, number] | readonly [number, number, number] | readonly number[];

/** Per-launch options of a raw kernel: dynamic shared memory and stream. */
export interface RawLaunchOptions {
  /** Dynamic shared memory per block, in bytes (default 0). */
  sharedMem?: number;
  /** The stream to launch on (default: the device's default stream). */
  stream?: Stream | number | null;
}

/** Options of `RawKernel` (also given as a plain list of compiler options). */
export interface RawKernelOptions {
  /**
   * Compiler options (NVRTC's, e.g. '-DN=4'; -D/-I/-U also reach the cpu backend's compiler). A
   * string is split at white space, as a command line.
   */
  options?: readonly string[] | string;
}

/** A compiled, callable raw kernel. Calling it launches: k(grid, block, args, options). */
export interface RawKernelFn {
  (grid: DimLike, block: DimLike, args: readonly RawArg[], options?: RawLaunchOptions): void;
  /** The kernel's name, as CuPy's RawKernel.name. */
  readonly name: string;
  readonly kernelName: string;
  /** The whole source the kernel is compiled from. */
  readonly code: string;
  readonly options: readonly string[];
  /** The parsed parameter list. */
  readonly params: readonly CParam[];
  /** Number of arguments a launch takes. */
  readonly numArgs: number;
  /** CuPy's form, as a method. */
  launch(grid: DimLike, block: DimLike, args: readonly RawArg[], options?: RawLaunchOptions): void;
  /**
   * Numba's form: `k.configure(blocks, threads)(...args)` (1-3D), optionally on a stream with
   * dynamic shared memory, like `kernel[blocks, threads, stream, sharedmem]`.
   */
  configure(blocks: DimLike, threads: DimLike, stream?: Stream | number | null, sharedMem?: number): (...args: RawArg[]) => void;
  /** Compile now for `device` (default: the current device) instead of at the first launch. */
  compile(device?: Device): void;
}

/** Parse and check a grid or block size into `out` (reused, so launching allocates nothing). */
function toDim3(v: DimLike, what: 'grid' | 'block', kernel: string, out: Dim3): Dim3 {
  let x: unknown;
  let y: unknown = 1;
  let z: unknown = 1;
  if (typeof v === 'number') x = v;
  else if (Array.isArray(v) && v.length >= 1 && v.length <= 3) [x, y = 1, z = 1] = v as unknown[];
  else throw new TypeError(`${kernel}: ${what} must be a number or an array of 1 to 3 numbers, got ${describeValue(v)}`);
  // The current device's limits (the launch's device when its arguments name another is checked
  // again by the driver).
  const info = currentDevice().backend.device;
  const max = what === 'grid' ? info.maxGridDim : info.maxBlockDim;
  const check = (d: unknown, axis: 'x' | 'y' | 'z'): number => {
    if (typeof d !== 'number' || !Number.isInteger(d)) throw new TypeError(`${kernel}: ${what} ${axis} must be an integer (a number), got ${describeValue(d)}`);
    if (d < 1 || d > max[axis]) throw new RangeError(`${kernel}: ${what} ${axis} = ${d} is out of range [1, ${max[axis]}]`);
    return d;
  };
  out.x = check(x, 'x');
  out.y = check(y, 'y');
  out.z = check(z, 'z');
  return out;
}

function checkSharedMem(kernel: string, sharedMem: unknown): number {
  if (sharedMem === undefined) return 0;
  if (typeof sharedMem !== 'number' || !Number.isInteger(sharedMem) || sharedMem < 0 || sharedMem > 0xffffffff) {
    throw new RangeError(`${kernel}: sharedMem must be a non-negative integer number of bytes, got ${String(sharedMem)}`);
  }
  return sharedMem;
}

/** One compile unit (a RawKernel's source, or a RawModule), loaded once per device. */
class RawProgram {
  private readonly loaded = new Map<Device, LoadedProgram>();

  constructor(
    readonly code: string,
    readonly options: readonly string[],
    readonly kernels: readonly CKernelSignature[],
    readonly programName: string,
    readonly nameExpressions: readonly string[] = [],
  ) {}

  load(device: Device): LoadedProgram {
    let p = this.loaded.get(device);
    if (p === undefined) {
      p = device.backend.loadProgram({
        source: this.code,
        kernels: this.kernels.map((k) => ({ name: k.name, paramTypes: k.params.map((q) => q.ctype) })),
        options: this.options,
        programName: this.programName,
        checkHostSupport: true,
        ...(this.nameExpressions.length ? { nameExpressions: this.nameExpressions } : {}),
      });
      this.loaded.set(device, p);
    }
    return p;
  }
}

/** What a kernel needs per device to launch. */
interface DeviceState {
  device: Device;
  kernel: LoadedKernel;
  maxThreads: number;
}

const freeArgBlocks = new FinalizationRegistry<RawArgs>((a) => a.dispose());

/** Marks the functions RawKernel makes, for `k instanceof RawKernel`. */
const RAW_KERNEL = Symbol('gpuarray.RawKernel');
const LAUNCH_OPTION_KEYS = ['sharedMem', 'stream'];

function makeRawKernel(program: RawProgram, sig: CKernelSignature): RawKernelFn {
  const name = sig.name;
  // Every closure below (the kernel, its launch method, configured launchers) reaches the
  // argument block only through `holder`, so the block is freed once none of them is reachable.
  const holder = { args: new RawArgs(name, sig.params) };
  const states = new Map<Device, DeviceState>();
  let last: DeviceState | null = null;
  const grid: Dim3 = { x: 1, y: 1, z: 1 };
  const block: Dim3 = { x: 1, y: 1, z: 1 };

  const stateFor = (device: Device): DeviceState => {
    let s = states.get(device);
    if (s === undefined) {
      const kernel = program.load(device).kernel(name);
      s = { device, kernel, maxThreads: device.backend.device.maxThreadsPerBlock };
      states.set(device, s);
    }
    return s;
  };

  /** The launch path: marshal, pick the device, check the block against it, warn, launch. */
  const run = (g: Dim3, b: Dim3, values: ArrayLike<unknown>, sharedMem: number, stream: Stream | number | null | undefined) => {
    const args = holder.args;
    args.write(values);
    const device = args.device ?? currentDevice();
    let st = last;
    if (st === null || st.device !== device) st = last = stateFor(device);
    const threads = b.x * b.y * b.z;
    if (threads > st.maxThreads) {
      throw new RangeError(
        `${name}: a block of ${threads} threads (${b.x} x ${b.y} x ${b.z}) exceeds the device's limit of ${st.maxThreads} threads per block`,
      );
    }
    const s = stream === undefined || stream === null ? device.currentStream() : streamHandle(stream, device);
    checkOccupancy(g.x * g.y * g.z, device.backend.launchHints);
    if (args.hostCount === 0) {
      st.kernel.launch(g, b, sharedMem, s, args.block.pointers);
      return;
    }
    args.stageHost(device, s);
    try {
      st.kernel.launch(g, b, sharedMem, s, args.block.pointers);
    } catch (e) {
      args.releaseHost();
      throw e;
    }
    args.finishHost(device, s);
  };

  const launch = (gridLike: DimLike, blockLike: DimLike, values: readonly RawArg[], options?: RawLaunchOptions) => {
    toDim3(gridLike, 'grid', name, grid);
    toDim3(blockLike, 'block', name, block);
    if (!Array.isArray(values)) {
      throw new TypeError(`${name}: arguments must be passed as an array: ${name}(grid, block, [arg0, arg1, ...])`);
    }
    if (options === undefined) run(grid, block, values, 0, undefined);
    else {
      const o = readOptions<RawLaunchOptions>(name, options, LAUNCH_OPTION_KEYS);
      run(grid, block, values, checkSharedMem(name, o.sharedMem), o.stream);
    }
  };

  const fn = ((gridLike: DimLike, blockLike: DimLike, values: readonly RawArg[], options?: RawLaunchOptions) =>
    launch(gridLike, blockLike, values, options)) as RawKernelFn;
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperties(fn, {
    kernelName: { value: name, enumerable: true },
    code: { value: program.code, enumerable: true },
    options: { value: program.options, enumerable: true },
    params: { value: sig.params, enumerable: true },
    numArgs: { value: sig.params.length, enumerable: true },
    launch: { value: launch },
    configure: {
      value: (blocks: DimLike, threads: DimLike, stream?: Stream | number | null, sharedMem?: number) => {
        const g = toDim3(blocks, 'grid', name, { x: 1, y: 1, z: 1 });
        const b = toDim3(threads, 'block', name, { x: 1, y: 1, z: 1 });
        const shm = checkSharedMem(name, sharedMem);
        return (...values: RawArg[]) => run(g, b, values, shm, stream);
      },
    },
    compile: {
      value: (device: Device = currentDevice()) => {
        stateFor(device);
      },
    },
    [RAW_KERNEL]: { value: true },
  });
  freeArgBlocks.register(holder, holder.args);
  return fn;
}

type OptionsLike = readonly string[] | string | RawKernelOptions;

/** Compiler options as a frozen list: an array of strings, one command-line string, or {options}. */
function normaliseOptions(options: OptionsLike | undefined, what: string): readonly string[] {
  let list: unknown = options;
  if (options !== undefined && typeof options !== 'string' && !Array.isArray(options)) {
    if (!isOptionsLike(options)) throw new TypeError(`${what}: options must be an array of strings or one string of options, got ${describeValue(options)}`);
    list = readOptions<RawKernelOptions>(what, options, ['options']).options;
  }
  if (list === undefined) list = [];
  if (typeof list === 'string') list = list.split(/\s+/).filter((o) => o !== '');
  if (!Array.isArray(list) || list.some((o) => typeof o !== 'string')) {
    throw new TypeError(`${what}: options must be an array of strings or one string of options, got ${describeValue(list)}`);
  }
  return Object.freeze([...(list as string[])]);
}

/** The type of `gp.RawKernel`: callable with or without `new`. */
export interface RawKernelConstructor {
  /**
   * A kernel from CUDA C source (CuPy `cupy.RawKernel`): the `extern "C" __global__` function
   * `name` of `code`, compiled at its first launch. Launch it as `k(grid, block, args, {sharedMem,
   * stream})` or Numba's way, `k.configure(blocks, threads)(...args)`; every argument is checked
   * against the C signature (a `float*` takes a float32 array, an `int` a number in range).
   *
   * @param options compiler options (`['-DN=4']`), one command-line string (`'-DN=4 -DM=2'`), or `{options}`
   * @example gp.RawKernel(code, 'vec_add').configure(blocks, 256)(dA, dB, dC, n);
   */
  new (code: string, name: string, options?: OptionsLike): RawKernelFn;
  /**
   * A kernel from CUDA C source (CuPy `cupy.RawKernel`): the `extern "C" __global__` function
   * `name` of `code`, compiled at its first launch. Launch it as `k(grid, block, args, {sharedMem,
   * stream})` or Numba's way, `k.configure(blocks, threads)(...args)`; every argument is checked
   * against the C signature (a `float*` takes a float32 array, an `int` a number in range).
   *
   * @param options compiler options (`['-DN=4']`), one command-line string (`'-DN=4 -DM=2'`), or `{options}`
   * @example gp.RawKernel(code, 'vec_add').configure(blocks, 256)(dA, dB, dC, n);
   */
  (code: string, name: string, options?: OptionsLike): RawKernelFn;
}

/** cupy.RawKernel(code, name, options): call it with or without `new`. */
export const RawKernel = function (code: string, name: string, options?: OptionsLike): RawKernelFn {
  if (typeof code !== 'string') throw new TypeError('RawKernel: code must be a string of CUDA C');
  if (typeof name !== 'string') throw new TypeError('RawKernel: name must be a string');
  const opts = normaliseOptions(options, 'RawKernel');
  // The signature as the compiler sees it: -D options are type aliases too (`-DT=float`, `T* x`).
  const sig = kernelSignature(splitMacroOptions(opts).lines + code, name);
  // Only this kernel gets a cpu trampoline: other kernels of the source need not be launchable.
  return makeRawKernel(new RawProgram(code, opts, [sig], name), sig);
} as unknown as RawKernelConstructor;

Object.defineProperty(RawKernel, Symbol.hasInstance, {
  value: (v: unknown) => typeof v === 'function' && (v as unknown as Record<symbol, unknown>)[RAW_KERNEL] === true,
});

/** What `new RawModule({...})` takes (CuPy `cupy.RawModule(code=..., options=...)`). */
export interface RawModuleOptions {
  /** The CUDA C source of the module. */
  code: string;
  /** Compiler options, as RawKernel's. */
  options?: readonly string[] | string;
  /**
   * Template kernels to instantiate, as CuPy's name_expressions: `['fx3<float>', 'fx3<double>']`;
   * `getFunction('fx3<float>')` then returns that instantiation.
   */
  nameExpressions?: readonly string[];
}

/** cupy.RawModule: one source with several kernels, compiled once; getFunction(name) returns a RawKernel. */
export class RawModule {
  readonly code: string;
  readonly options: readonly string[];
  private readonly parsed: ParsedSource;
  private readonly program: RawProgram;
  private readonly functions = new Map<string, RawKernelFn>();

  readonly nameExpressions: readonly string[];
  private readonly instantiations = new Map<string, CKernelSignature>();

  constructor(module: RawModuleOptions | string, options?: readonly string[] | string) {
    const m: Partial<RawModuleOptions> =
      typeof module === 'string' ? { code: module, options } : readOptions<RawModuleOptions>('RawModule', module, ['code', 'options', 'nameExpressions'], false);
    if (typeof m.code !== 'string') {
      throw new TypeError('RawModule: expected {code: string, options?: string[], nameExpressions?: string[]}');
    }
    const expressions: unknown = m.nameExpressions ?? [];
    if (!Array.isArray(expressions) || expressions.some((e) => typeof e !== 'string')) {
      throw new TypeError('RawModule: nameExpressions must be an array of strings such as "kernel<float>"');
    }
    this.code = m.code;
    this.options = normaliseOptions(m.options, 'RawModule');
    this.nameExpressions = Object.freeze([...(expressions as string[])]);
    this.parsed = parseKernels(splitMacroOptions(this.options).lines + this.code);
    for (const e of this.nameExpressions) this.instantiations.set(e, templateKernelSignature(this.parsed, e));
    // Every kernel whose parameters gpuarray can pass gets a launch entry on the cpu backend.
    // (A name expression may name an extern "C" kernel: one entry each.)
    const kernels = [...this.parsed.kernels.values(), ...[...this.instantiations.values()].filter((s) => !this.parsed.kernels.has(s.name))];
    this.program = new RawProgram(this.code, this.options, kernels, 'raw_module', this.nameExpressions);
  }

  /** Names of the extern "C" kernels found in the source, then the name expressions. */
  get kernelNames(): string[] {
    return [...new Set([...this.parsed.kernels.keys(), ...this.parsed.problems.keys(), ...this.nameExpressions])];
  }

  /** The kernel `name` (or name expression) of this module (cupy's RawModule.get_function). */
  getFunction(name: string): RawKernelFn {
    let f = this.functions.get(name);
    if (f === undefined) {
      const instance = this.instantiations.get(name);
      if (instance === undefined && name.includes('<')) {
        throw new TypeError(`RawModule: '${name}' is not one of the module's nameExpressions (${this.nameExpressions.join(', ') || 'none given'})`);
      }
      f = makeRawKernel(this.program, instance ?? kernelSignature(this.code, name, this.parsed));
      this.functions.set(name, f);
    }
    return f;
  }

  /** Compile now for `device` (default: the current device). */
  compile(device: Device = currentDevice()): void {
    this.program.load(device);
  }
}
