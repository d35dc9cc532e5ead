// The benchmark's report: one table (workload, gpuarray, baseline, ratio, floor, % of floor, goal,
// met?), a JSON record under bench/results/, and for GPU runs a dated entry in bench/RESULTS.md.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Floors } from './floors.js';
import { describeFloor } from './floors.js';
import type { Stats } from './timing.js';
import type { Goal, WorkloadSpec } from './workloads.js';

/** The bench/ folder of the sources (this file runs from dist/bench/). */
export const BENCH_DIR = fileURLToPath(new URL('../../bench/', import.meta.url));

export type Status = 'ok' | 'n/a' | 'wrong' | 'error';

export interface Measured {
  status: Status;
  ms?: number;
  stats?: Stats;
  message?: string;
}

export interface RowRecord {
  name: string;
  size: string;
  how: WorkloadSpec['how'];
  floorKind: string;
  gpuarray: Measured;
  baseline: Measured | null;
  /** gpuarray time / baseline time (below 1: gpuarray is faster). */
  ratio: number | null;
  floorMs: number | null;
  /** floor / gpuarray time, in percent (100: at the floor). */
  floorPct: number | null;
  goal: { text: string; ms: number | null; issues: string } | null;
  met: boolean | null;
  /** Bytes moved, for throughput columns of transfers. */
  bytes: number | null;
}

export interface RunRecord {
  date: string;
  backend: 'cuda' | 'cpu';
  baselineLabel: string;
  env: Record<string, string>;
  floors: Floors | null;
  floorsError?: string;
  method: string[];
  rows: RowRecord[];
}

export function fmtMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 0.1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 10) return `${ms.toFixed(3)} ms`;
  return `${ms.toFixed(1)} ms`;
}

function fmtGBs(bytes: number, ms: number): string {
  const gbs = bytes / ms / 1e6;
  return gbs >= 1000 ? `${(gbs / 1000).toFixed(2)} TB/s` : `${gbs.toFixed(2)} GB/s`;
}

function goalText(g: Goal): string {
  switch (g.kind) {
    case 'max':
      return `≤ ${fmtMs(g.ms)}`;
    case 'vs-cupy':
      return `≤ ${g.factor}× CuPy`;
    case 'vs-workload':
      return g.plusMs > 0 ? `≤ "${g.name}" + ${fmtMs(g.plusMs)}` : `≤ ${g.factor}× "${g.name}"`;
  }
}

/** The time a goal allows, given the other rows and the baseline (null when it cannot be known). */
function goalMs(g: Goal, baseline: Measured | null, byName: Map<string, Measured>): { ms: number | null; note?: string } {
  switch (g.kind) {
    case 'max':
      return { ms: g.ms };
    case 'vs-cupy':
      if (baseline?.status === 'ok' && baseline.ms !== undefined) return { ms: g.factor * baseline.ms };
      if (g.fallbackMs === null) return { ms: null, note: 'CuPy not measured, and the issue gives no CuPy figure' };
      return { ms: g.fallbackMs, note: `CuPy not measured: the issue's CuPy figure gives ${fmtMs(g.fallbackMs)}` };
    case 'vs-workload': {
      const other = byName.get(g.name);
      if (other?.status !== 'ok' || other.ms === undefined) return { ms: null };
      return { ms: g.factor * other.ms + g.plusMs };
    }
  }
}

export interface RowInput {
  spec: WorkloadSpec;
  gpuarray: Measured;
  baseline: Measured | null;
  floorMs: number | null;
}

export function buildRows(inputs: readonly RowInput[], withGoals: boolean): RowRecord[] {
  const byName = new Map(inputs.map((r) => [r.spec.name, r.gpuarray]));
  return inputs.map(({ spec, gpuarray, baseline, floorMs }) => {
    const ok = gpuarray.status === 'ok' && gpuarray.ms !== undefined;
    const bok = baseline?.status === 'ok' && baseline.ms !== undefined;
    let goal: RowRecord['goal'] = null;
    let met: boolean | null = null;
    if (withGoals && spec.goal) {
      const g = goalMs(spec.goal, baseline, byName);
      const resolved = spec.goal.kind !== 'max' && g.ms !== null ? ` = ${fmtMs(g.ms)}` : '';
      goal = { text: goalText(spec.goal) + resolved + (g.note ? ` (${g.note})` : ''), ms: g.ms, issues: spec.goal.issues.map((i) => `#${i}`).join(' ') };
      met = ok && g.ms !== null ? gpuarray.ms! <= g.ms : null;
    }
    return {
      name: spec.name,
      size: spec.size,
      how: spec.how,
      floorKind: describeFloor(spec.floor),
      gpuarray,
      baseline,
      ratio: ok && bok ? gpuarray.ms! / baseline!.ms! : null,
      floorMs,
      floorPct: ok && floorMs !== null ? (100 * floorMs) / gpuarray.ms! : null,
      goal,
      met,
      bytes: 'bytes' in spec.floor ? spec.floor.bytes : null,
    };
  });
}

function cell(m: Measured | null, r: RowRecord): string {
  if (m === null) return '—';
  if (m.status !== 'ok' || m.ms === undefined) return m.status === 'wrong' ? 'WRONG' : m.status;
  const t = fmtMs(m.ms);
  return r.how === 'host-best' && r.bytes !== null ? `${t} (${fmtGBs(r.bytes, m.ms)})` : t;
}

const HOW: Record<WorkloadSpec['how'], string> = {
  device: 'device time, median',
  issue: 'host time per call, back to back',
  synced: 'host time per call + sync',
  'host-best': 'host time, best',
  custom: 'host time, median',
};

export function renderTable(rec: RunRecord): string {
  const head = ['workload', 'size', 'timed as', 'gpuarray', rec.baselineLabel, 'ratio', 'floor', '% of floor', 'goal', 'met?'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const r of rec.rows) {
    const goal = r.goal ? `${r.goal.text} (${r.goal.issues})` : '—';
    const met = r.met === null ? '—' : r.met ? 'yes' : '**no**';
    lines.push(
      `| ${[
        r.name,
        r.size,
        HOW[r.how],
        cell(r.gpuarray, r),
        cell(r.baseline, r),
        r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
        fmtMs(r.floorMs),
        r.floorPct === null ? '—' : `${r.floorPct.toFixed(0)}%`,
        goal,
        met,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Failures and notes under the table. */
export function renderNotes(rec: RunRecord): string {
  const out: string[] = [];
  for (const r of rec.rows) {
    for (const [who, m] of [
      ['gpuarray', r.gpuarray],
      [rec.baselineLabel, r.baseline],
    ] as const) {
      if (m === null) continue;
      if (m.status !== 'ok') out.push(`- ${r.name}, ${who}: ${m.status}${m.message ? ` — ${m.message}` : ''}`);
      else if (m.stats?.note) out.push(`- ${r.name}, ${who}: ${m.stats.note}`);
    }
  }
  return out.join('\n');
}

export function renderFloors(rec: Pick<RunRecord, 'floors' | 'floorsError'>): string {
  const f = rec.floors;
  if (f === null) return `not measured (${rec.floorsError ?? 'unknown error'})`;
  const parts = [
    `device copy ${fmtGBs(f.copy.bytes * 2, f.copy.ms)} read+write (${(f.copy.bytes / 2 ** 20).toFixed(0)} MiB in ${fmtMs(f.copy.ms)})`,
    `empty launch ${fmtMs(f.emptyLaunch.issueMs)} back to back, ${fmtMs(f.emptyLaunch.syncedMs)} with a sync, ${fmtMs(f.emptyLaunch.deviceMs)} on the device`,
  ];
  if (f.pinned) {
    parts.push(`pinned upload ${fmtGBs(f.pinned.bytes, f.pinned.h2dMs)}, download ${fmtGBs(f.pinned.bytes, f.pinned.d2hMs)}`);
  }
  return parts.join('; ');
}

export function renderEntry(rec: RunRecord): string {
  const e = rec.env;
  const missed = rec.rows.filter((r) => r.met === false);
  const unknown = rec.rows.filter((r) => r.goal && r.met === null);
  const lines = [
    `## ${rec.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} · ${e.device} · ${e.commit}`,
    '',
    ...Object.entries(e).map(([k, v]) => `- ${k}: ${v}`),
    `- floors: ${renderFloors(rec)}`,
    '',
    renderTable(rec),
    '',
  ];
  const notes = renderNotes(rec);
  if (notes) lines.push('Notes:', '', notes, '');
  if (missed.length > 0) {
    lines.push('Goals missed (each to be explained from an ncu profile):', '');
    for (const r of missed) lines.push(`- ${r.name}: ${fmtMs(r.gpuarray.ms)} against ${r.goal!.text} (${r.goal!.issues}). Profile: not yet recorded.`);
    lines.push('');
  }
  if (unknown.length > 0) lines.push(`Goals not decided (no result): ${unknown.map((r) => r.name).join(', ')}.`, '');
  return lines.join('\n');
}

/** Write the JSON record; returns its path. */
export function writeJson(rec: RunRecord, dir = join(BENCH_DIR, 'results')): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${rec.date.replace(/[:.]/g, '-')}-${rec.backend}.json`);
  writeFileSync(path, JSON.stringify(rec, null, 1) + '\n');
  return path;
}

export function appendEntry(rec: RunRecord, file = join(BENCH_DIR, 'RESULTS.md')): string {
  appendFileSync(file, '\n' + renderEntry(rec));
  return file;
}
