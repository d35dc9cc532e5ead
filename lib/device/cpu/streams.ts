// Streams and events of the cpu backend: work runs when it is issued, so a stream is a queue that
// is always idle (told apart from others by an id, as the pool and captures need) and an event is
// done as soon as it is recorded, its time the host clock at that moment.
import { performance } from 'node:perf_hooks';
import type { EventOps, StreamOps } from '../backend-parts.js';

/** Stream ids: 0 is the default stream. */
let nextStreamId = 1;

export const cpuStreams: StreamOps = {
  create: () => nextStreamId++,
  synchronize: () => {},
  query: () => true,
  waitEvent: () => {},
  destroy: () => {},
};

/** Events are ids with the host time of their last record (ms); 0 until recorded. */
export class CpuEvents implements EventOps {
  private readonly times = new Map<number, number>();
  private next = 1;
  create(): number {
    const id = this.next++;
    this.times.set(id, 0);
    return id;
  }
  record(event: number): void {
    this.times.set(event, performance.now());
  }
  synchronize(): void {}
  async synchronizeAsync(): Promise<void> {}
  query(): boolean {
    return true;
  }
  elapsedTime(start: number, end: number): number {
    return (this.times.get(end) ?? 0) - (this.times.get(start) ?? 0);
  }
  destroy(event: number): void {
    this.times.delete(event);
  }
}
