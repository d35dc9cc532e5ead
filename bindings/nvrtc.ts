// NVRTC through koffi: CUDA C++ source -> cubin (or PTX) in process. Every call is checked.
import { CudaError } from './errors.js';
import { nvrtcCandidates } from './library-path.js';
import { tryLoad } from './load-library.js';

type Fn = (...args: any[]) => any;

/** What each nvrtcResult means (nvrtcGetErrorString gives only the name). */
const NVRTC_TEXT: Record<string, string> = {
  NVRTC_ERROR_OUT_OF_MEMORY: 'out of host memory',
  NVRTC_ERROR_PROGRAM_CREATION_FAILURE: 'the program could not be created',
  NVRTC_ERROR_INVALID_INPUT: 'an argument is invalid',
  NVRTC_ERROR_INVALID_PROGRAM: 'the program handle is invalid',
  NVRTC_ERROR_INVALID_OPTION: 'a compile option is invalid (check --gpu-architecture and the options passed)',
  NVRTC_ERROR_COMPILATION: 'the source did not compile',
  NVRTC_ERROR_BUILTIN_OPERATION_FAILURE: 'an internal builtin operation failed',
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION: 'name expressions must be added before compiling',
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION: 'lowered names are only known after compiling',
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID: 'the name expression is not valid',
  NVRTC_ERROR_INTERNAL_ERROR: 'internal NVRTC error',
};

export interface NvrtcResult {
  ok: boolean;
  log: string;
  /** The cubin (or PTX bytes when the arch is only reachable through PTX); empty when !ok. */
  image: Uint8Array;
  kind: 'cubin' | 'ptx';
  /** Name expression -> lowered (mangled) kernel name, for the expressions passed to compile. */
  loweredNames: Map<string, string>;
}

export class Nvrtc {
  readonly path: string;
  readonly version: { major: number; minor: number };
  private readonly f: Record<string, Fn>;

  private constructor(
    private readonly lib: ReturnType<typeof import('koffi').load>,
    path: string,
  ) {
    this.path = path;
    const decl = (proto: string) => lib.func(proto) as Fn;
    this.f = {
      nvrtcGetErrorString: decl('const char* nvrtcGetErrorString(int result)'),
      nvrtcVersion: decl('int nvrtcVersion(int32_t* major, int32_t* minor)'),
      nvrtcGetNumSupportedArchs: decl('int nvrtcGetNumSupportedArchs(int32_t* n)'),
      nvrtcGetSupportedArchs: decl('int nvrtcGetSupportedArchs(int32_t* archs)'),
      nvrtcCreateProgram: decl(
        'int nvrtcCreateProgram(uint64_t* prog, const char* src, const char* name, int numHeaders, const char** headers, const char** includeNames)',
      ),
      nvrtcCompileProgram: decl('int nvrtcCompileProgram(uint64_t prog, int numOptions, const char** options)'),
      nvrtcGetProgramLogSize: decl('int nvrtcGetProgramLogSize(uint64_t prog, uint64_t* size)'),
      nvrtcGetProgramLog: decl('int nvrtcGetProgramLog(uint64_t prog, _Out_ uint8_t* log)'),
      nvrtcGetCUBINSize: decl('int nvrtcGetCUBINSize(uint64_t prog, uint64_t* size)'),
      nvrtcGetCUBIN: decl('int nvrtcGetCUBIN(uint64_t prog, _Out_ uint8_t* cubin)'),
      nvrtcGetPTXSize: decl('int nvrtcGetPTXSize(uint64_t prog, uint64_t* size)'),
      nvrtcGetPTX: decl('int nvrtcGetPTX(uint64_t prog, _Out_ uint8_t* ptx)'),
      nvrtcDestroyProgram: decl('int nvrtcDestroyProgram(uint64_t* prog)'),
      // Name expressions are declared on first use: only template kernels need them.
    };
    const ma = new Int32Array(1);
    const mi = new Int32Array(1);
    this.call('nvrtcVersion', ma, mi);
    this.version = { major: ma[0], minor: mi[0] };
  }

  /**
   * Load the first NVRTC that works. With `maxMajor` (the driver's CUDA major), an NVRTC newer than
   * the driver is passed over while an older one is found: its cubins may not load on that driver.
   */
  static load(maxMajor = Infinity, candidates: readonly string[] = nvrtcCandidates()): Nvrtc | { error: string } {
    const failures: string[] = [];
    let tooNew: Nvrtc | null = null;
    for (const path of candidates) {
      const r = tryLoad(path);
      if ('error' in r) {
        failures.push(r.error);
        continue;
      }
      try {
        const n = new Nvrtc(r.lib, r.path);
        if (n.version.major <= maxMajor) return n;
        tooNew ??= n;
        failures.push(`${path}: NVRTC ${n.version.major}.${n.version.minor} is newer than the driver (CUDA ${maxMajor})`);
      } catch (e) {
        failures.push(`${path}: ${(e as Error).message}`);
      }
    }
    return tooNew ?? { error: `no usable NVRTC (libnvrtc): ${failures.join('; ') || 'no candidates'}` };
  }

  private fail(name: string, status: number): never {
    const code = (this.f.nvrtcGetErrorString(status) as string | null) ?? `NVRTC_ERROR_${status}`;
    throw new CudaError(name, status, code, NVRTC_TEXT[code] ?? 'NVRTC call failed');
  }

  private call(name: string, ...args: unknown[]): void {
    const status = this.f[name](...args) as number;
    if (status !== 0) this.fail(name, status);
  }

  supportedArchs(): number[] {
    const n = new Int32Array(1);
    this.call('nvrtcGetNumSupportedArchs', n);
    const archs = new Int32Array(n[0]);
    this.call('nvrtcGetSupportedArchs', archs);
    return [...archs];
  }

  /**
   * Compile one program. A compile error is a result (ok: false, with the log), not an exception.
   * `nameExpressions` (template instantiations such as `fx3<float>`) come back lowered.
   */
  compile(
    source: string,
    name: string,
    headers: ReadonlyMap<string, string>,
    options: readonly string[],
    kind: 'cubin' | 'ptx',
    nameExpressions: readonly string[] = [],
  ): NvrtcResult {
    const prog = new BigUint64Array(1);
    const names = [...headers.keys()];
    this.call('nvrtcCreateProgram', prog, source, name, names.length, names.map((n) => headers.get(n)!), names);
    const p = prog[0];
    let result: NvrtcResult;
    try {
      if (nameExpressions.length) this.declareNameExpressions();
      for (const e of nameExpressions) this.call('nvrtcAddNameExpression', p, e);
      const status = this.f.nvrtcCompileProgram(p, options.length, [...options]) as number;
      // 6 = NVRTC_ERROR_COMPILATION: the user's (or our) source is wrong; report the log.
      if (status === 6) result = { ok: false, log: this.readLog(p), image: new Uint8Array(0), kind, loweredNames: new Map() };
      else {
        if (status !== 0) this.fail('nvrtcCompileProgram', status);
        const log = this.readLog(p);
        const size = new BigUint64Array(1);
        const [sizeFn, getFn] = kind === 'cubin' ? ['nvrtcGetCUBINSize', 'nvrtcGetCUBIN'] : ['nvrtcGetPTXSize', 'nvrtcGetPTX'];
        this.call(sizeFn, p, size);
        const image = new Uint8Array(Number(size[0]));
        this.call(getFn, p, image);
        const loweredNames = new Map<string, string>();
        for (const e of nameExpressions) {
          const out: (string | null)[] = [null];
          this.call('nvrtcGetLoweredName', p, e, out);
          if (typeof out[0] !== 'string') throw new CudaError('nvrtcGetLoweredName', 0, 'NVRTC_SUCCESS', `no lowered name for '${e}'`);
          loweredNames.set(e, out[0]);
        }
        result = { ok: true, log, image, kind, loweredNames };
      }
    } catch (e) {
      // Free the program without letting a second failure hide the first.
      this.f.nvrtcDestroyProgram(prog);
      throw e;
    }
    this.call('nvrtcDestroyProgram', prog);
    return result;
  }

  /**
   * Compile `source` on a libuv worker thread and throw the result away: NVRTC's first compile of
   * a process pays one-time set-up (libNVVM, ptxas, libdevice), which this moves off the caller's
   * path. Resolves true when it compiled; never rejects (a warm-up failing changes nothing).
   */
  warmUp(source: string, headers: ReadonlyMap<string, string>, options: readonly string[]): Promise<boolean> {
    const prog = new BigUint64Array(1);
    const names = [...headers.keys()];
    try {
      this.call('nvrtcCreateProgram', prog, source, 'gpa_warm_up.cu', names.length, names.map((n) => headers.get(n)!), names);
    } catch {
      return Promise.resolve(false);
    }
    const compile = this.f.nvrtcCompileProgram as Fn & { async: (...args: unknown[]) => void };
    return new Promise((resolve) => {
      compile.async(prog[0], options.length, [...options], (err: unknown, status: number) => {
        this.f.nvrtcDestroyProgram(prog);
        resolve(!err && status === 0);
      });
    });
  }

  private declareNameExpressions(): void {
    this.f.nvrtcAddNameExpression ??= this.lib.func('int nvrtcAddNameExpression(uint64_t prog, const char* nameExpression)') as Fn;
    this.f.nvrtcGetLoweredName ??= this.lib.func(
      'int nvrtcGetLoweredName(uint64_t prog, const char* nameExpression, _Out_ const char** loweredName)',
    ) as Fn;
  }

  private readLog(p: bigint): string {
    const size = new BigUint64Array(1);
    this.call('nvrtcGetProgramLogSize', p, size);
    const buf = new Uint8Array(Number(size[0]));
    if (buf.length > 0) this.call('nvrtcGetProgramLog', p, buf);
    const end = buf.indexOf(0);
    return Buffer.from(end >= 0 ? buf.subarray(0, end) : buf).toString('utf8');
  }
}
