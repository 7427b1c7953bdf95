// CPU time (user + system) of process trees, read from /proc around a run: what a request costs, which the other
// load on a shared machine moves less than req/s (docs/lists.md "CPU time per request").
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ = 100 on Linux

function children(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function ticks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command's closing parenthesis: utime is the 12th, stime the 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU milliseconds used so far by these processes and all their descendants (per pid, so exits are not lost twice). */
export function treeCpu(pids) {
  const seen = new Map();
  const queue = [...pids].filter(Boolean);
  while (queue.length) {
    const p = queue.pop();
    if (seen.has(p)) continue;
    seen.set(p, ticks(p) * TICK_MS);
    queue.push(...children(p));
  }
  return seen;
}

/** The postmaster's pid of a PostgreSQL data directory (its backends are its children). */
export function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

/** Runs fn and returns its result with the CPU ms the process trees used meanwhile (processes alive at the end). */
export async function cpuMsAround(pids, fn) {
  const before = treeCpu(pids);
  const result = await fn();
  const after = treeCpu(pids);
  let cpu = 0;
  for (const [pid, ms] of after) cpu += ms - (before.get(pid) ?? 0);
  return { result, cpu_ms: cpu };
}
