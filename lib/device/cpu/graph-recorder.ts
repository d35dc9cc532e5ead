// Graphs on the cpu backend: while a stream is captured, its launches, memsets and device copies
// are recorded instead of run (a launch keeps its entry, its grid and a copy of its argument
// block, as cuStreamBeginCapture keeps a kernel node's parameters); a replay runs them in order.
import { hostCopy, NativeBlock } from '../../../bindings/libc.js';
import { ArgBlock } from '../arg-block.js';
import type { BackendGraph, Dim3 } from '../backend.js';

/** One recorded step: runs itself. */
type Step = () => void;

/** A launch as the cpu backend runs it: entry, grid, block, shared memory, argument pointers. */
export type HostLaunch = (grid: Dim3, block: Dim3, sharedMem: number, args: number) => void;

export class HostRecorder {
  private steps: Step[] = [];
  private blocks: NativeBlock[] = [];

  constructor(readonly stream: number) {}

  /** Record a launch: the grid and the argument values as they are now. */
  launch(run: HostLaunch, grid: Dim3, block: Dim3, sharedMem: number, args: number): void {
    const layout = ArgBlock.layoutAt(args);
    if (layout === undefined) throw new Error('internal: a recorded launch must pass an ArgBlock');
    const n = layout.offsets.length;
    const copy = new NativeBlock(layout.tableOffset + 8 * Math.max(1, n));
    this.blocks.push(copy);
    if (layout.tableOffset > 0) hostCopy(copy.address, layout.base, layout.tableOffset);
    const table = new DataView(copy.buffer, layout.tableOffset);
    for (let i = 0; i < n; i++) table.setBigUint64(8 * i, BigInt(copy.address + layout.offsets[i]), true);
    const g = { x: grid.x, y: grid.y, z: grid.z };
    const b = { x: block.x, y: block.y, z: block.z };
    const pointers = copy.address + layout.tableOffset;
    this.steps.push(() => run(g, b, sharedMem, pointers));
  }

  /** Record any other device-side step (a memset, a device copy). */
  record(step: Step): void {
    this.steps.push(step);
  }

  /** The replayable graph; the recorder is spent. */
  finish(): BackendGraph {
    const steps = this.steps;
    let blocks: NativeBlock[] | null = this.blocks;
    this.steps = [];
    this.blocks = [];
    return {
      nodeCount: steps.length,
      launch: () => {
        if (blocks === null) throw new Error('internal: launch of a destroyed graph');
        for (let i = 0; i < steps.length; i++) steps[i]();
      },
      destroy: () => {
        if (blocks === null) return;
        for (const b of blocks) b.free();
        blocks = null;
      },
    };
  }

  /** Drop what was recorded. */
  discard(): void {
    for (const b of this.blocks) b.free();
    this.blocks = [];
    this.steps = [];
  }
}
