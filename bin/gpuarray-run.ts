#!/usr/bin/env node
// `npx gpuarray-run -n 2 script.js [args]`: one Node process per rank for gp.distributed (see
// lib/distributed/launcher.ts and docs/SCALING.md).
import { launch, parseLauncherArgs, USAGE } from '../lib/distributed/launcher.js';

let plan;
try {
  plan = parseLauncherArgs(process.argv.slice(2));
} catch (e) {
  const msg = (e as Error).message;
  process.stderr.write(`${msg}\n`);
  process.exit(msg === USAGE ? 0 : 2);
}
process.exitCode = await launch(plan);
