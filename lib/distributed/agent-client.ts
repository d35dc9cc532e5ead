// The main thread's side of the rendezvous agent (agent.ts): each request is posted to the worker
// and the thread then blocks (Atomics.wait on a shared counter, receiveMessageOnPort for the
// reply) until the answer comes, so collectives on the cpu backend block like NCCL's do. A wait
// longer than the timeout is a DistributedError; a late answer to it is recognised by its id and
// dropped.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { DistributedError } from '../../bindings/errors.js';

interface Reply {
  id: number;
  error?: string;
  parts?: Uint8Array[];
  data?: Uint8Array;
}

export class Agent {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 0;
  private closed = false;

  constructor(
    readonly rank: number,
    readonly timeoutMs: number,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./agent.js', import.meta.url), { workerData: { port: port2, signal: this.signal }, transferList: [port2] });
    // Neither keeps the process alive: its end is up to the program (and leave() on beforeExit).
    this.worker.unref();
    this.port.unref();
  }

  private call(what: string, req: Record<string, unknown>, transfer: ArrayBuffer[] = []): Reply {
    if (this.closed) throw new DistributedError(`${what}: the process group of rank ${this.rank} was destroyed`);
    const id = ++this.nextId;
    this.port.postMessage({ ...req, id }, transfer);
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      for (let m = receiveMessageOnPort(this.port); m !== undefined; m = receiveMessageOnPort(this.port)) {
        const r = m.message as Reply;
        if (r.id !== id) continue; // the answer to a request that timed out
        if (r.error !== undefined) throw new DistributedError(`${what} on rank ${this.rank}: ${r.error}`);
        return r;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new DistributedError(`${what} on rank ${this.rank}: no answer within ${this.timeoutMs / 1000} s (a rank that never called it, or a dead process? the timeout option of gp.distributed.init sets the wait)`);
      }
      Atomics.wait(this.signal, 0, seen, left);
    }
  }

  /** Join the group at host:port (rank 0 listens there); returns once every rank has joined. */
  start(worldSize: number, host: string, port: number): void {
    this.call('gp.distributed.init (the rendezvous)', { op: 'start', rank: this.rank, worldSize, host, port, timeoutMs: this.timeoutMs });
  }

  /** Every rank's `data` for this call, in rank order; `tag` names the call (ranks must agree). */
  exchange(tag: string, data: Uint8Array): Uint8Array[] {
    return this.call(tag, { op: 'exchange', tag, data }, [data.buffer as ArrayBuffer]).parts!;
  }

  /** Queue `data` for rank `to` (returns once it is on its way). */
  send(to: number, data: Uint8Array): void {
    this.call(`send to rank ${to}`, { op: 'send', to, data }, [data.buffer as ArrayBuffer]);
  }

  /** The next message rank `from` sent here. */
  recv(from: number): Uint8Array {
    return this.call(`recv from rank ${from}`, { op: 'recv', from }).data!;
  }

  /** Leave the group: returns once every rank has left (so nothing in flight is cut off). */
  leave(): void {
    if (this.closed) return;
    try {
      this.call('leaving the process group', { op: 'leave' });
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }

  /** Stop without the leaving handshake (init failed here): the other ranks see this rank go. */
  abandon(): void {
    this.closed = true;
    void this.worker.terminate();
  }
}
