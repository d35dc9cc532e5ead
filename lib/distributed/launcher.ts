// The launcher behind `npx gpuarray-run` (torchrun for gpuarray): one Node process per rank, with
// RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE and GPUARRAY_DIST_ADDRESS set, so that
// gp.distributed.init() needs no arguments. When a rank fails, the others are stopped and the
// launcher exits with the failing rank's code; Ctrl-C reaches every rank.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { parseAddress } from './wire.js';

/** What the command line asks for. */
export interface LaunchPlan {
  nprocPerNode: number;
  nnodes: number;
  nodeRank: number;
  /** null: a free loopback port, found at launch (one machine only). */
  address: string | null;
  script: string;
  args: string[];
  /** Options for node itself (before the script), e.g. --enable-source-maps. */
  nodeArgs: string[];
}

export const USAGE = `usage: gpuarray-run [-n N] [--nnodes M --node-rank K --address HOST:PORT] [--node-arg ARG]... script.js [args...]

Starts N Node processes (ranks) running script.js, each with RANK, WORLD_SIZE, LOCAL_RANK,
LOCAL_WORLD_SIZE and GPUARRAY_DIST_ADDRESS set for gp.distributed.init(). On a GPU host rank i
of a machine uses cuda:i.

  -n, --nproc-per-node N   ranks on this machine (default 1)
  --nnodes M               machines taking part (default 1); run gpuarray-run on each
  --node-rank K            this machine's index in [0, M) (default 0)
  --address HOST:PORT      where rank 0 listens (default: a free port on 127.0.0.1; required with
                           --nnodes > 1: an address of node 0 that every machine reaches)
  --node-arg ARG           an option for node itself (repeatable)

Exits with 0 when every rank does; when one fails, the others are stopped and its code is returned.`;

function intArg(name: string, v: string | undefined, min: number): number {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < min) throw new RangeError(`gpuarray-run: ${name} needs an integer >= ${min}, got ${v === undefined ? 'nothing' : JSON.stringify(v)}`);
  return n;
}

/** Read the launcher's command line (the arguments after `gpuarray-run`). */
export function parseLauncherArgs(argv: readonly string[]): LaunchPlan {
  const plan: Omit<LaunchPlan, 'script' | 'args'> = { nprocPerNode: 1, nnodes: 1, nodeRank: 0, address: null, nodeArgs: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--') {
      i++;
      break;
    }
    if (flag === '-n' || flag === '--nproc-per-node' || flag === '--nproc_per_node') plan.nprocPerNode = intArg(flag, value(), 1);
    else if (flag === '--nnodes') plan.nnodes = intArg(flag, value(), 1);
    else if (flag === '--node-rank' || flag === '--node_rank') plan.nodeRank = intArg(flag, value(), 0);
    else if (flag === '--address') {
      const v = value();
      parseAddress(v ?? '');
      plan.address = v;
    } else if (flag === '--node-arg') {
      const v = value();
      if (v === undefined) throw new RangeError('gpuarray-run: --node-arg needs a value');
      plan.nodeArgs.push(v);
    } else if (flag === '-h' || flag === '--help') throw new RangeError(USAGE);
    else if (a.startsWith('-')) throw new RangeError(`gpuarray-run: unknown option ${a}\n${USAGE}`);
    else break;
  }
  if (i >= argv.length) throw new RangeError(`gpuarray-run: no script to run\n${USAGE}`);
  if (plan.nodeRank >= plan.nnodes) throw new RangeError(`gpuarray-run: --node-rank ${plan.nodeRank} is not in [0, ${plan.nnodes})`);
  if (plan.nnodes > 1 && plan.address === null) throw new RangeError('gpuarray-run: --nnodes > 1 needs --address HOST:PORT, an address of node 0 that every machine reaches');
  return { ...plan, script: argv[i], args: argv.slice(i + 1) };
}

/** A port nobody listens on now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen({ host: '127.0.0.1', port: 0 }, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Run the plan: resolves with the exit code the launcher should end with. */
export async function launch(plan: LaunchPlan, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  const address = plan.address ?? `127.0.0.1:${await freePort()}`;
  const worldSize = plan.nnodes * plan.nprocPerNode;
  const children: ChildProcess[] = [];
  let failure: { rank: number; code: number } | null = null;
  let running = plan.nprocPerNode;
  let killTimer: NodeJS.Timeout | null = null;

  const stopAll = (signal: NodeJS.Signals) => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
    // Ranks stuck in a collective may ignore SIGTERM's default handling: force them after a grace.
    killTimer ??= setTimeout(() => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }, 5000);
    killTimer.unref();
  };

  return new Promise<number>((resolve) => {
    const onSignal = (sig: NodeJS.Signals) => {
      failure ??= { rank: -1, code: 130 };
      stopAll(sig);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    for (let local = 0; local < plan.nprocPerNode; local++) {
      const rank = plan.nodeRank * plan.nprocPerNode + local;
      const env = {
        ...process.env,
        RANK: String(rank),
        WORLD_SIZE: String(worldSize),
        LOCAL_RANK: String(local),
        LOCAL_WORLD_SIZE: String(plan.nprocPerNode),
        GPUARRAY_DIST_ADDRESS: address,
      };
      const child = spawn(process.execPath, [...plan.nodeArgs, plan.script, ...plan.args], { stdio: 'inherit', env });
      children.push(child);
      child.on('error', (e) => log(`gpuarray-run: rank ${rank} could not start: ${e.message}`));
      child.on('exit', (code, signal) => {
        const failed = code !== 0;
        if (failed && failure === null) {
          failure = { rank, code: code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGINT' ? 2 : 15) };
          log(`gpuarray-run: rank ${rank} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}; stopping the other ranks`);
          stopAll('SIGTERM');
        }
        if (--running === 0) {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          if (killTimer) clearTimeout(killTimer);
          resolve(failure === null ? 0 : failure.code);
        }
      });
    }
  });
}
