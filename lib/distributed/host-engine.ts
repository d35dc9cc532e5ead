// The cpu backend's collectives: the ranks are processes exchanging bytes over TCP through the
// rendezvous agent (one rank: no network at all). Every collective is one exchange in which each
// rank contributes its bytes and receives everyone's; each rank then reduces or picks what it
// needs, in rank order, so every rank computes the same result. A call's tag names it with its
// dtype and sizes: ranks that call different collectives are stopped with a DistributedError
// instead of reading each other's bytes wrongly.
import { DistributedError } from '../../bindings/errors.js';
import type { GpuArray } from '../core/gpu-array.js';
import type { Device } from '../device/device.js';
import type { Agent } from './agent-client.js';
import type { ReduceOp } from './checks.js';
import type { Engine } from './communicator.js';
import { deferInGroup } from './group.js';
import { reduceBytes } from './host-reduce.js';

const EMPTY = () => new Uint8Array(0);

export class HostEngine implements Engine {
  readonly kind = 'host' as const;
  /** What this rank sent to itself, not yet received. */
  private readonly toSelf: Uint8Array[] = [];

  constructor(
    readonly rank: number,
    readonly worldSize: number,
    readonly device: Device,
    private readonly agent: Agent | null,
  ) {}

  /** The array's bytes in a fresh buffer (the agent transfers it to its thread). */
  private read(a: GpuArray): Uint8Array {
    const b = new Uint8Array(a.nbytes);
    if (a.nbytes > 0) this.device.backend.copyDeviceToHost(b, a.ptr, a.nbytes, this.device.currentStream());
    return b;
  }

  private write(a: GpuArray, bytes: Uint8Array): void {
    if (bytes.byteLength !== a.nbytes) throw new DistributedError(`rank ${this.rank} received ${bytes.byteLength} bytes for an array of ${a.nbytes}`);
    if (a.nbytes > 0) this.device.backend.copyHostToDevice(a.ptr, bytes, a.nbytes, this.device.currentStream());
  }

  private exchange(tag: string, data: Uint8Array): Uint8Array[] {
    return this.agent === null ? [data] : this.agent.exchange(tag, data);
  }

  /** Run now, or at the end of the open group. */
  private run(fn: () => void, send = false): void {
    if (!deferInGroup(fn, send)) fn();
  }

  allReduce(send: GpuArray, recv: GpuArray, op: ReduceOp, _stream: number): void {
    this.run(() => {
      const parts = this.exchange(`allReduce(${send.dtype.name}, ${op}, ${send.size} elements)`, this.read(send));
      this.write(recv, reduceBytes(send.dtype.name, op, parts, this.worldSize));
    });
  }

  broadcast(buf: GpuArray, root: number, _stream: number): void {
    this.run(() => {
      const mine = this.rank === root ? this.read(buf) : EMPTY();
      const parts = this.exchange(`broadcast(root ${root}, ${buf.dtype.name}, ${buf.size} elements)`, mine);
      if (this.rank !== root) this.write(buf, parts[root]);
    });
  }

  reduce(send: GpuArray, recv: GpuArray, op: ReduceOp, root: number, _stream: number): void {
    this.run(() => {
      const parts = this.exchange(`reduce(root ${root}, ${send.dtype.name}, ${op}, ${send.size} elements)`, this.read(send));
      if (this.rank === root) this.write(recv, reduceBytes(send.dtype.name, op, parts, this.worldSize));
    });
  }

  allGather(send: GpuArray, recv: GpuArray, _stream: number): void {
    this.run(() => {
      const parts = this.exchange(`allGather(${send.dtype.name}, ${send.size} elements)`, this.read(send));
      const all = new Uint8Array(recv.nbytes);
      parts.forEach((p, r) => all.set(p, r * send.nbytes));
      this.write(recv, all);
    });
  }

  reduceScatter(send: GpuArray, recv: GpuArray, op: ReduceOp, _stream: number): void {
    this.run(() => {
      const parts = this.exchange(`reduceScatter(${send.dtype.name}, ${op}, ${send.size} elements)`, this.read(send));
      const n = recv.nbytes;
      const mine = parts.map((p) => p.subarray(this.rank * n, (this.rank + 1) * n));
      this.write(recv, reduceBytes(send.dtype.name, op, mine, this.worldSize));
    });
  }

  send(buf: GpuArray, peer: number, _stream: number): void {
    this.run(() => {
      const data = this.read(buf);
      if (peer === this.rank) this.toSelf.push(data);
      else this.agent!.send(peer, data);
    }, true);
  }

  recv(buf: GpuArray, peer: number, _stream: number): void {
    this.run(() => {
      let data: Uint8Array;
      if (peer === this.rank) {
        const d = this.toSelf.shift();
        if (d === undefined) throw new DistributedError(`recv: rank ${this.rank} receives from itself, but sent itself nothing first (a deadlock under NCCL)`);
        data = d;
      } else data = this.agent!.recv(peer);
      if (data.byteLength !== buf.nbytes) {
        throw new DistributedError(`recv: rank ${peer} sent ${data.byteLength} bytes, but the receiving array on rank ${this.rank} has ${buf.nbytes}`);
      }
      this.write(buf, data);
    });
  }

  barrier(): void {
    this.exchange('barrier', EMPTY());
  }

  destroy(): void {
    this.agent?.leave();
  }
}
