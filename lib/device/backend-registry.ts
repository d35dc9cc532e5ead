// The backends, keyed by kind: how each names its devices ('cuda:N', 'cpu'), finds out how many
// it has, and opens one. device.ts asks this registry and never imports a backend folder, so a
// new backend is its folder plus one line in BACKENDS below (and its name in BackendKind).
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
}

/**
 * The order of the spec forms in messages and of availableDeviceSpecs() (which makes every test
 * suite run on each). The default device, with no GPUARRAY_DEVICE and no useDevice(), is cuda:0
 * when usable, else cpu with a notice (device.ts, chooseDefault).
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
function specForms(): string {
  const forms = BACKENDS.flatMap((b) => (b.singleDevice ? [`'${b.kind}'`] : [`'${b.kind}'`, `'${b.kind}:N'`]));
  return forms.length === 1 ? forms[0] : `${forms.slice(0, -1).join(', ')} or ${forms[forms.length - 1]}`;
}

/** The backend and ordinal a device spec names; TypeError for anything else. */
export function parseDeviceSpec(spec: string): { kind: BackendKind; ordinal: number } {
  if (typeof spec !== 'string') throw new TypeError(`the device must be a string: ${specForms()}, got ${describeValue(spec)}`);
  const m = /^([a-z][a-z0-9_]*)(?::(\d+))?$/.exec(spec.trim());
  const entry = m ? BACKENDS.find((b) => b.kind === m[1]) : undefined;
  if (!m || entry === undefined) throw new TypeError(`invalid device ${JSON.stringify(spec)}; expected ${specForms()}`);
  const ordinal = m[2] === undefined ? 0 : Number(m[2]);
  if (entry.singleDevice && ordinal !== 0) throw new TypeError(`the ${entry.kind} backend has only device 0, got ${spec}`);
  return { kind: entry.kind, ordinal };
}
