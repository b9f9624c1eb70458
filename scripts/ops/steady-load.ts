// A steady stream of portal lookups through the balancer while a fault is made: a fixed number of requests in
// flight, each from its own client address (X-Forwarded-For, trusted from the loopback balancer), every answer kept
// with its time so a fault's window can be read off afterwards.

export interface Answer {
  at: number;
  /** HTTP status, or 0 when the request failed without one (connection refused or reset, time-out). */
  status: number;
  code?: string;
  /** The port of the instance that answered (the balancer's X-Served-By), when one did. */
  servedBy?: number;
}

export interface SteadyLoad {
  answers: Answer[];
  /** Answers received from `since` on that were not 200. */
  failuresSince(since: number): Answer[];
  stop(): Promise<void>;
}

export function startSteadyLoad(spec: { url: string; origin: string; queries: string[]; inFlight?: number; pauseMs?: number }): SteadyLoad {
  const answers: Answer[] = [];
  let stopped = false;
  let n = 0;
  const one = async () => {
    n += 1;
    const query = spec.queries[n % spec.queries.length]!;
    const res = await fetch(spec.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: spec.origin, 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!res) return answers.push({ at: Date.now(), status: 0 });
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    const servedBy = Number(res.headers.get('x-served-by')) || undefined;
    answers.push({ at: Date.now(), status: res.status, code: body.error?.code, servedBy });
  };
  const worker = async () => {
    while (!stopped) {
      await one();
      // A pause between requests keeps the stream under the portal's own lookup limit (600 a minute).
      await new Promise((resolve) => setTimeout(resolve, spec.pauseMs ?? 250));
    }
  };
  const workers = Array.from({ length: spec.inFlight ?? 2 }, worker);
  return {
    answers,
    failuresSince: (since) => answers.filter((a) => a.at >= since && a.status !== 200),
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}
