// NVRTC through koffi: CUDA C++ source -> cubin (or PTX) in process. Every call is checked.
import { CudaError } from './errors.js';
import { nvrtcCandidates } from './library-path.js';
import { loadFirst } from './load-library.js';

type Fn = (...args: any[]) => any;

export interface NvrtcResult {
  ok: boolean;
  log: string;
  /** The cubin (or PTX bytes when the arch is only reachable through PTX); empty when !ok. */
  image: Uint8Array;
  kind: 'cubin' | 'ptx';
}

export class Nvrtc {
  readonly path: string;
  readonly version: { major: number; minor: number };
  private readonly f: Record<string, Fn>;

  private constructor(lib: ReturnType<typeof import('koffi').load>, path: string) {
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
    };
    const ma = new Int32Array(1);
    const mi = new Int32Array(1);
    this.call('nvrtcVersion', ma, mi);
    this.version = { major: ma[0], minor: mi[0] };
  }

  static load(): Nvrtc | { error: string } {
    const r = loadFirst('NVRTC (libnvrtc)', nvrtcCandidates());
    if ('error' in r) return r;
    try {
      return new Nvrtc(r.lib, r.path);
    } catch (e) {
      return { error: `${r.path}: ${(e as Error).message}` };
    }
  }

  private call(name: string, ...args: unknown[]): void {
    const status = this.f[name](...args) as number;
    if (status !== 0) {
      const text = (this.f.nvrtcGetErrorString(status) as string | null) ?? 'unknown';
      throw new CudaError(name, status, text, `NVRTC returned ${status}`);
    }
  }

  supportedArchs(): number[] {
    const n = new Int32Array(1);
    this.call('nvrtcGetNumSupportedArchs', n);
    const archs = new Int32Array(n[0]);
    this.call('nvrtcGetSupportedArchs', archs);
    return [...archs];
  }

  /** Compile one program. A compile error is a result (ok: false, with the log), not an exception. */
  compile(
    source: string,
    name: string,
    headers: ReadonlyMap<string, string>,
    options: readonly string[],
    kind: 'cubin' | 'ptx',
  ): NvrtcResult {
    const prog = new BigUint64Array(1);
    const names = [...headers.keys()];
    this.call('nvrtcCreateProgram', prog, source, name, names.length, names.map((n) => headers.get(n)!), names);
    const p = prog[0];
    try {
      const status = this.f.nvrtcCompileProgram(p, options.length, [...options]) as number;
      const log = this.readLog(p);
      // 6 = NVRTC_ERROR_COMPILATION: the user's (or our) source is wrong; report the log.
      if (status === 6) return { ok: false, log, image: new Uint8Array(0), kind };
      if (status !== 0) this.call('nvrtcCompileProgram', p, options.length, [...options]);
      const size = new BigUint64Array(1);
      if (kind === 'cubin') {
        this.call('nvrtcGetCUBINSize', p, size);
        const image = new Uint8Array(Number(size[0]));
        this.call('nvrtcGetCUBIN', p, image);
        return { ok: true, log, image, kind };
      }
      this.call('nvrtcGetPTXSize', p, size);
      const image = new Uint8Array(Number(size[0]));
      this.call('nvrtcGetPTX', p, image);
      return { ok: true, log, image, kind };
    } finally {
      this.call('nvrtcDestroyProgram', prog);
    }
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
