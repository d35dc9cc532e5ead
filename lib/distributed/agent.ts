// The rendezvous agent: a worker thread per process that owns the TCP side of gp.distributed, so
// the main thread can block on a collective (the way NCCL calls block) while sockets keep moving.
// Rank 0's agent is the hub: it listens on the address, admits the other ranks, and serves two
// primitives: an exchange (every rank contributes bytes; every rank gets all contributions in
// rank order) and point-to-point messages (routed through the hub, first in first out per pair).
// Replies go back over a MessagePort, with a shared counter the main thread waits on
// (agent-client.ts). Nothing here knows dtypes: the main thread reduces what it receives.
import net from 'node:net';
import { workerData, type MessagePort } from 'node:worker_threads';
import { FrameReader, isLoopback, writeFrame, type Frame } from './wire.js';

interface Request {
  id: number;
  op: 'start' | 'exchange' | 'send' | 'recv' | 'leave';
  rank?: number;
  worldSize?: number;
  host?: string;
  port?: number;
  timeoutMs?: number;
  tag?: string;
  data?: Uint8Array;
  to?: number;
  from?: number;
}

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

function reply(id: number, body: Record<string, unknown>, transfer: ArrayBuffer[] = []): void {
  port.postMessage({ id, ...body }, transfer);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

let rank = -1;
let worldSize = 0;
let failed: string | null = null;
let startId: number | null = null;
let leaveId: number | null = null;
let finished = false;
let nextSeq = 0;
const exchangeIds = new Map<number, number>();
const mailbox = new Map<number, Uint8Array[]>();
let recvWaiter: { id: number; from: number } | null = null;

// The hub (rank 0).
let server: net.Server | null = null;
const peers = new Map<number, net.Socket>();
const pending = new Map<number, { tags: (string | null)[]; parts: (Uint8Array | null)[]; count: number }>();
const left = new Set<number>();
/** Ranks whose connection closed without leaving, and why: the next call that needs them fails. */
let gone: string | null = null;
// The other ranks.
let hub: net.Socket | null = null;

/** Everything waiting, and everything asked from now on, gets `reason`. */
function fail(reason: string): void {
  if (failed !== null || finished) return;
  failed = reason;
  const ids = [startId, recvWaiter?.id ?? null, ...exchangeIds.values()];
  if (leaveId !== null) reply(leaveId, {}); // leaving a group that failed has nothing left to wait for
  startId = leaveId = recvWaiter = null;
  exchangeIds.clear();
  for (const id of ids) if (id !== null) reply(id, { error: reason });
}

/** The hub tells every other rank why the group is over, then fails here too. */
function abortAll(reason: string): void {
  if (failed !== null || finished) return;
  for (const s of peers.values()) {
    if (!s.destroyed) {
      writeFrame(s, { t: 'abort', reason });
      s.end();
    }
  }
  server?.close();
  fail(reason);
}

function deliverExchange(seq: number, parts: Uint8Array[]): void {
  const id = exchangeIds.get(seq);
  if (id === undefined) return;
  exchangeIds.delete(seq);
  reply(id, { parts }, parts.map((p) => p.buffer as ArrayBuffer));
}

function deliverMessage(from: number, data: Uint8Array): void {
  if (recvWaiter !== null && recvWaiter.from === from) {
    const id = recvWaiter.id;
    recvWaiter = null;
    reply(id, { data }, [data.buffer as ArrayBuffer]);
    return;
  }
  let q = mailbox.get(from);
  if (q === undefined) mailbox.set(from, (q = []));
  q.push(data);
}

// ---- the hub -----------------------------------------------------------------------------------

function contribute(from: number, seq: number, tag: string, data: Uint8Array): void {
  if (gone !== null) return abortAll(gone); // every collective needs every rank
  let e = pending.get(seq);
  if (e === undefined) pending.set(seq, (e = { tags: new Array(worldSize).fill(null), parts: new Array(worldSize).fill(null), count: 0 }));
  e.tags[from] = tag;
  e.parts[from] = data;
  if (++e.count < worldSize) return;
  pending.delete(seq);
  const odd = e.tags.findIndex((t) => t !== e!.tags[0]);
  if (odd >= 0) {
    abortAll(`the ranks called different collectives (call #${seq + 1}): rank 0 called ${e.tags[0]}, rank ${odd} called ${e.tags[odd]}`);
    return;
  }
  const parts = e.parts as Uint8Array[];
  const sizes = parts.map((p) => p.byteLength);
  const all = Buffer.concat(parts);
  for (const s of peers.values()) writeFrame(s, { t: 'xr', seq, sizes }, all);
  deliverExchange(seq, parts);
}

function route(from: number, to: number, data: Uint8Array): void {
  if (to !== 0 && peers.get(to)?.destroyed !== false) return abortAll(gone ?? `rank ${to} is not connected`);
  if (to === 0) deliverMessage(from, data);
  else writeFrame(peers.get(to)!, { t: 'p2p', from }, data);
}

function maybeFinish(): void {
  if (left.size < worldSize || finished) return; // (a rank that went away counts as left)
  finished = true;
  for (const s of peers.values()) {
    if (s.destroyed) continue; // a rank that went away
    writeFrame(s, { t: 'bye' });
    s.end();
  }
  server?.close();
  if (leaveId !== null) reply(leaveId, {});
  leaveId = null;
}

function admit(socket: net.Socket, hello: Frame): void {
  const r = hello.header.rank as number;
  const n = hello.header.worldSize as number;
  const refuse = (why: string) => {
    writeFrame(socket, { t: 'refuse', reason: why });
    socket.end();
  };
  if (hello.header.t !== 'hello') return refuse('the first message must be a hello');
  if (n !== worldSize) return refuse(`rank ${r} was started with worldSize ${n}, rank 0 with ${worldSize}`);
  if (!Number.isInteger(r) || r < 1 || r >= worldSize) return refuse(`rank ${r} is not a rank of a group of ${worldSize}`);
  if (peers.has(r)) return refuse(`two processes claim rank ${r}`);
  peers.set(r, socket);
  socket.on('close', () => {
    if (left.has(r) || finished) return;
    const why = `rank ${r} disconnected before leaving (its process ended or crashed)`;
    // Calls under way need it: they fail now. Otherwise the next call that needs it fails, and
    // the ranks that are done can still leave.
    if (pending.size > 0 || (recvWaiter !== null && recvWaiter.from === r)) return abortAll(why);
    gone ??= why;
    left.add(r);
    maybeFinish();
  });
  if (peers.size === worldSize - 1) {
    for (const s of peers.values()) writeFrame(s, { t: 'welcome' });
    if (startId !== null) reply(startId, {});
    startId = null;
  }
}

function onPeerFrame(r: number, f: Frame): void {
  const h = f.header;
  if (h.t === 'x') contribute(r, h.seq as number, h.tag as string, f.payload);
  else if (h.t === 'p2p') route(r, h.to as number, f.payload);
  else if (h.t === 'leave') {
    left.add(r);
    maybeFinish();
  }
}

function startHub(host: string, p: number): void {
  server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let r = -1;
    const reader = new FrameReader((f) => {
      if (r < 0) {
        admit(socket, f);
        if (peers.get(f.header.rank as number) === socket) r = f.header.rank as number;
      } else onPeerFrame(r, f);
    });
    socket.on('data', (c) => reader.push(c));
    socket.on('error', () => {
      /* 'close' follows and says which rank left */
    });
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    fail(`rank 0 cannot listen on ${host}:${p}: ${e.code === 'EADDRINUSE' ? 'the port is in use (choose another with --address or GPUARRAY_DIST_ADDRESS)' : e.message}`);
  });
  // A loopback address keeps the rendezvous on this machine; any other listens on every interface.
  if (isLoopback(host)) server.listen({ host, port: p });
  else server.listen({ port: p });
  if (worldSize === 1 && startId !== null) {
    reply(startId, {});
    startId = null;
  }
}

// ---- the other ranks ---------------------------------------------------------------------------

function onHubFrame(f: Frame): void {
  const h = f.header;
  if (h.t === 'welcome') {
    if (startId !== null) reply(startId, {});
    startId = null;
  } else if (h.t === 'xr') {
    const sizes = h.sizes as number[];
    const parts: Uint8Array[] = [];
    let off = 0;
    for (const n of sizes) {
      parts.push(f.payload.slice(off, off + n)); // each its own ArrayBuffer, to transfer
      off += n;
    }
    deliverExchange(h.seq as number, parts);
  } else if (h.t === 'p2p') deliverMessage(h.from as number, f.payload);
  else if (h.t === 'bye') {
    finished = true;
    if (leaveId !== null) reply(leaveId, {});
    leaveId = null;
    hub?.end();
  } else if (h.t === 'abort' || h.t === 'refuse') fail(h.reason as string);
}

function connect(host: string, p: number, deadline: number): void {
  const socket = net.connect({ host, port: p });
  let connected = false;
  socket.setNoDelay(true);
  socket.on('connect', () => {
    connected = true;
    hub = socket;
    socket.setKeepAlive(true);
    const reader = new FrameReader(onHubFrame);
    socket.on('data', (c) => reader.push(c));
    writeFrame(socket, { t: 'hello', rank, worldSize });
  });
  socket.on('error', (e: NodeJS.ErrnoException) => {
    if (connected) return; // 'close' reports it
    socket.destroy();
    if (Date.now() < deadline) setTimeout(() => connect(host, p, deadline), 100);
    else fail(`rank ${rank} could not reach the rendezvous at ${host}:${p} (rank 0): ${e.code ?? e.message}`);
  });
  socket.on('close', () => {
    if (connected && !finished) fail(`rank ${rank} lost the connection to rank 0 (the rendezvous): its process ended or crashed`);
  });
}

// ---- requests from the main thread ---------------------------------------------------------------

function handle(q: Request): void {
  // Leaving a group that already failed has nothing to wait for.
  if (failed !== null) return reply(q.id, q.op === 'leave' ? {} : { error: failed });
  switch (q.op) {
    case 'start':
      rank = q.rank!;
      worldSize = q.worldSize!;
      startId = q.id;
      if (rank === 0) startHub(q.host!, q.port!);
      else connect(q.host!, q.port!, Date.now() + q.timeoutMs!);
      return;
    case 'exchange': {
      const seq = nextSeq++;
      exchangeIds.set(seq, q.id);
      if (rank === 0) contribute(0, seq, q.tag!, q.data!);
      else writeFrame(hub!, { t: 'x', seq, tag: q.tag! }, q.data!);
      return;
    }
    case 'send':
      if (rank === 0) route(0, q.to!, q.data!);
      else writeFrame(hub!, { t: 'p2p', to: q.to! }, q.data!);
      return reply(q.id, {});
    case 'recv': {
      const box = mailbox.get(q.from!);
      if (box !== undefined && box.length > 0) {
        const data = box.shift()!;
        return reply(q.id, { data }, [data.buffer as ArrayBuffer]);
      }
      recvWaiter = { id: q.id, from: q.from! };
      return;
    }
    case 'leave':
      leaveId = q.id;
      if (rank === 0) {
        left.add(0);
        maybeFinish();
      } else writeFrame(hub!, { t: 'leave' });
      return;
  }
}

port.on('message', (q: Request) => {
  try {
    handle(q);
  } catch (e) {
    if (rank === 0) abortAll(`rank 0's rendezvous failed: ${(e as Error).message}`);
    else fail(`rank ${rank}'s rendezvous agent failed: ${(e as Error).message}`);
  }
});
process.on('uncaughtException', (e) => fail(`the rendezvous agent of rank ${rank} failed: ${e.message}`));
