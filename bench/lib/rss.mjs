// Resident memory of a process and all its descendants (tsx runs the server in a child process), from /proc.
import { readdirSync, readFileSync } from 'node:fs';

function children(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function rssKb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) : 0;
  } catch {
    return 0;
  }
}

export function processTreeRssMb(pid) {
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop();
    total += rssKb(p);
    queue.push(...children(p));
  }
  return +(total / 1024).toFixed(1);
}
