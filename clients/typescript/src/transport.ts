// The fetch the client sends through: waits and retries on 429 as Retry-After says, and revalidates catalogue
// GETs with their ETag (If-None-Match → 304 answered from the copy it kept).

export type FetchLike = (input: Request) => Promise<Response>;

export interface RetryOptions {
  /** Retries after a 429 before the 429 is handed back (default 3). */
  maxRetries?: number;
  /** Longest wait accepted, in ms; a longer Retry-After hands the 429 back at once (default 60 000). */
  maxDelayMs?: number;
  /** Wait when a 429 has no usable Retry-After, in ms (default 1 000). */
  fallbackDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function withRetry(inner: FetchLike, options: RetryOptions = {}): FetchLike {
  const { maxRetries = 3, maxDelayMs = 60_000, fallbackDelayMs = 1_000, sleep = wait } = options;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await inner(request.clone());
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const delay = retryAfterMs(response.headers.get("retry-after")) ?? fallbackDelayMs;
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}

// The kept body is already decoded: its framing headers no longer describe it.
const BODY_FRAMING = new Set(["content-encoding", "content-length", "transfer-encoding"]);

interface Kept {
  etag: string;
  body: ArrayBuffer;
  headers: [string, string][];
}

/** Catalogue documents kept with their ETag, the oldest dropped first beyond `capacity` documents. */
export class EtagCache {
  readonly capacity: number;
  /** Answers served from a kept copy after the service said 304. */
  revalidated = 0;
  private readonly kept = new Map<string, Kept>();

  constructor(capacity = 64) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.kept.size;
  }

  clear(): void {
    this.kept.clear();
  }

  wrap(inner: FetchLike): FetchLike {
    return async (request) => {
      if (request.method !== "GET" || request.headers.has("if-none-match")) return inner(request);
      const kept = this.kept.get(request.url);
      const sent = kept ? new Request(request, { headers: withHeader(request.headers, kept.etag) }) : request;
      const response = await inner(sent);
      if (response.status === 304 && kept) {
        this.revalidated++;
        this.kept.delete(request.url); // most recently used goes last
        this.kept.set(request.url, kept);
        return new Response(kept.body.slice(0), { status: 200, headers: kept.headers });
      }
      const etag = response.headers.get("etag");
      if (response.status === 200 && etag) await this.keep(request.url, etag, response.clone());
      return response;
    };
  }

  private async keep(url: string, etag: string, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.kept.delete(url);
    const headers = [...response.headers].filter(([name]) => !BODY_FRAMING.has(name.toLowerCase()));
    this.kept.set(url, { etag, body, headers });
    while (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value as string);
  }
}

function withHeader(headers: Headers, etag: string): Headers {
  const copy = new Headers(headers);
  copy.set("if-none-match", etag);
  return copy;
}
