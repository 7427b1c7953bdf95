// HTTP load with autocannon: a warm-up, then a measured run; returns req/s, latency percentiles and errors.
import autocannon from 'autocannon';

export function runLoad({ url, headers = {}, connections = 50, duration = 10, method = 'GET', body, requests }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration, method, body, requests }, (err, result) => {
      if (err) return reject(err);
      resolve({
        req_per_s: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p95_ms: result.latency.p97_5 !== undefined ? percentile95(result) : result.latency.p99,
        p99_ms: result.latency.p99,
        errors: result.errors + result.timeouts + (result.non2xx ?? 0),
        total: result.requests.total,
      });
    });
  });
}

// autocannon reports p90 and p97.5; p95 is interpolated between them.
function percentile95(result) {
  const { p90, p97_5: p975 } = result.latency;
  return +(p90 + ((p975 - p90) * (95 - 90)) / (97.5 - 90)).toFixed(2);
}

export async function measure(target, { warmup = 3, duration = 10, connections = 50 } = {}) {
  await runLoad({ ...target, duration: warmup, connections });
  return runLoad({ ...target, duration, connections });
}
