// The backends, keyed by kind: how each names its devices ('cuda:N', 'cpu'), finds out how many
// it has, opens one, and whether it may be the default device. device.ts asks this registry and
// never imports a backend folder, so a new backend is its folder plus one line in BACKENDS below.
import type { Backend, BackendKind } from './backend.js';
import type { DiskCache } from './compile-cache.js';
import { describeValue } from '../util/options.js';
import { cudaEntry } from './cuda/entry.js';
import { cpuEntry } from './cpu/entry.js';

/** What a backend folder registers. */
export interface BackendEntry {
  readonly kind: BackendKind;
  /** Only device 0 exists ('cpu'); otherwise specs take an ordinal ('cuda', 'cuda:N'). */
  readonly singleDevice: boolean;
  /**
   * How many devices there are, or why there are none, without opening one (cheap after the
   * first call); `note` says what was found (e.g. the driver version), for gp.cuda.detect().
   */
  probe(): { count: number; note: string } | { error: string };
  /** Open device `ordinal` (checked by the caller against probe's count where there is one). */
  open(ordinal: number, cache: DiskCache): Backend | { error: string };
  /**
   * Whether its device 0 may be the default device (no GPUARRAY_DEVICE, no useDevice()): the
   * usable entry of highest `priority` is. Absent: only chosen by name.
   */
  readonly asDefault?: DefaultRule;
  /** The DLPack device type of its memory (dlpack.h's DLDeviceType) and that type's name, for fromDlpack/toDlpack. */
  readonly dlpack?: { readonly deviceType: number; readonly name: string };
}

/** How a backend takes part in choosing the default device; the words make its one-line notice on stderr. */
export interface DefaultRule {
  /** Higher is tried first. */
  readonly priority: number;
  /** Why it was passed over, before the reason in parentheses: 'no usable CUDA GPU'. */
  readonly unusable: string;
  /** What it is, when chosen after a preferred backend was passed over: 'using the cpu backend, which ...'. */
  readonly fallback: string;
}

/**
 * The order of the spec forms in messages and of availableDeviceSpecs() (which makes every test
 * suite run on each). Each entry's asDefault says whether it may be the default device
 * (device.ts, chooseDefault): cuda:0 when usable, else cpu with a notice.
 */
const BACKENDS: BackendEntry[] = [
  cudaEntry,
  cpuEntry,
];

/** Every registered backend, in registration order. */
export function backendEntries(): readonly BackendEntry[] {
  return BACKENDS;
}

/** The backend of `kind`. */
export function backendEntry(kind: BackendKind): BackendEntry {
  const e = BACKENDS.find((b) => b.kind === kind);
  if (e === undefined) throw new Error(`internal: no backend '${kind}' is registered`);
  return e;
}

/** The backends that may be the default device, most preferred first. */
export function defaultCandidates(): BackendEntry[] {
  return BACKENDS.filter((b) => b.asDefault !== undefined).sort((a, b) => b.asDefault!.priority - a.asDefault!.priority);
}

/**
 * The backend the default choice falls back to when `kind` cannot run (the least preferred
 * default candidate, when it ranks below `kind`), or null: error messages name it.
 */
export function fallbackFor(kind: BackendKind): BackendEntry | null {
  const c = defaultCandidates();
  const i = c.findIndex((b) => b.kind === kind);
  return i >= 0 && i < c.length - 1 ? c[c.length - 1] : null;
}

/** The backend whose memory is DLPack device type `deviceType`, or undefined. */
export function backendOfDlpack(deviceType: number): BackendEntry | undefined {
  return BACKENDS.find((b) => b.dlpack?.deviceType === deviceType);
}

/** "kDLCUDA (2) and kDLCPU (1)": the DLPack device types the registered backends take. */
export function dlpackForms(): string {
  const forms = BACKENDS.flatMap((b) => (b.dlpack ? [`${b.dlpack.name} (${b.dlpack.deviceType})`] : []));
  return forms.length <= 1 ? forms.join('') : `${forms.slice(0, -1).join(', ')} and ${forms[forms.length - 1]}`;
}

/**
 * Register one more backend (a test's fake; a backend of another package), tried after those
 * before it. Returns a function that removes it again.
 */
export function registerBackend(entry: BackendEntry): () => void {
  if (BACKENDS.some((b) => b.kind === entry.kind)) throw new Error(`a backend '${entry.kind}' is registered already`);
  BACKENDS.push(entry);
  return () => {
    const i = BACKENDS.indexOf(entry);
    if (i >= 0) BACKENDS.splice(i, 1);
  };
}

/** 'cuda:1', 'cpu': the spec of device `ordinal` of `entry`. */
export const specOf = (entry: BackendEntry, ordinal: number): string => (entry.singleDevice ? entry.kind : `${entry.kind}:${ordinal}`);

/** "'cuda', 'cuda:N' or 'cpu'": the forms of spec the registered backends take. */
export function deviceSpecForms(): string {
  const forms = BACKENDS.flatMap((b) => (b.singleDevice ? [`'${b.kind}'`] : [`'${b.kind}'`, `'${b.kind}:N'`]));
  return forms.length === 1 ? forms[0] : `${forms.slice(0, -1).join(', ')} or ${forms[forms.length - 1]}`;
}

/** The backend and ordinal a device spec names; TypeError for anything else. */
export function parseDeviceSpec(spec: string): { kind: BackendKind; ordinal: number } {
  if (typeof spec !== 'string') throw new TypeError(`the device must be a string: ${deviceSpecForms()}, got ${describeValue(spec)}`);
  const m = /^([a-z][a-z0-9_]*)(?::(\d+))?$/.exec(spec.trim());
  const entry = m ? BACKENDS.find((b) => b.kind === m[1]) : undefined;
  if (!m || entry === undefined) throw new TypeError(`invalid device ${JSON.stringify(spec)}; expected ${deviceSpecForms()}`);
  const ordinal = m[2] === undefined ? 0 : Number(m[2]);
  if (entry.singleDevice && ordinal !== 0) throw new TypeError(`the ${entry.kind} backend has only device 0, got ${spec}`);
  return { kind: entry.kind, ordinal };
}
