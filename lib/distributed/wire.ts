// The rendezvous's wire format between ranks: frames of [u32 header length][JSON header]
// [u32 payload length][payload bytes], little-endian, read back from a TCP stream in any chunking.
import type { Socket } from 'node:net';

/** What a frame's JSON header holds: its type `t` and the fields of that type. */
export type Header = { t: string } & Record<string, unknown>;

export interface Frame {
  header: Header;
  payload: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** Write one frame to `socket`. */
export function writeFrame(socket: Socket, header: Header, payload: Uint8Array = EMPTY): void {
  const h = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.allocUnsafe(8 + h.length);
  head.writeUInt32LE(h.length, 0);
  h.copy(head, 4);
  head.writeUInt32LE(payload.byteLength, 4 + h.length);
  socket.write(head);
  if (payload.byteLength > 0) socket.write(payload);
}

/** Splits a byte stream into frames; `push` each chunk as it arrives. */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly onFrame: (f: Frame) => void) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.buffered < 4) return;
      const hl = this.peek(4).readUInt32LE(0);
      if (this.buffered < 8 + hl) return;
      const head = this.peek(8 + hl);
      const end = 8 + hl + head.readUInt32LE(4 + hl);
      // Only a whole frame is joined into one buffer: a large payload arriving in many chunks
      // is copied once, not once per chunk.
      if (this.buffered < end) return;
      const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      const header = JSON.parse(all.subarray(4, 4 + hl).toString('utf8')) as Header;
      // A copy: the payload outlives this chunk, and the rest of the buffer moves on.
      // Never a shared empty array either: the agent transfers payloads' buffers to the main thread.
      const payload = new Uint8Array(all.subarray(8 + hl, end));
      const rest = all.subarray(end);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
      this.onFrame({ header, payload });
    }
  }

  /** The first `n` buffered bytes as one Buffer (joining only the chunks they span). */
  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0];
    let k = 0;
    for (let got = 0; got < n; k++) got += this.chunks[k].length;
    const head = Buffer.concat(this.chunks.slice(0, k));
    this.chunks.splice(0, k, head);
    return head;
  }
}

/** `host:port` split, with a RangeError naming what is wrong. */
export function parseAddress(address: string): { host: string; port: number } {
  if (typeof address !== 'string') throw new TypeError(`the rendezvous address must be a 'host:port' string, got ${typeof address}`);
  const m = /^\[?([^\]]*?)\]?:(\d+)$/.exec(address.trim());
  if (!m || m[1] === '') throw new RangeError(`the rendezvous address must be 'host:port' (e.g. '10.0.0.1:29500'), got ${JSON.stringify(address)}`);
  const port = Number(m[2]);
  if (!(port > 0 && port < 65536)) throw new RangeError(`the rendezvous port must be in 1..65535, got ${m[2]}`);
  return { host: m[1], port };
}

/** Loopback hosts: the rendezvous then listens on loopback only. */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);
