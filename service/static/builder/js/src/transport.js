const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export function retryAfterMs(value, now = Date.now()) {
    if (value === null || value.trim() === "")
        return undefined;
    const text = value.trim();
    if (/^\d+$/.test(text))
        return Number(text) * 1000;
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
export function withRetry(inner, options = {}) {
    const { maxRetries = 3, maxDelayMs = 60_000, fallbackDelayMs = 1_000, sleep = wait } = options;
    return async (request) => {
        for (let attempt = 0;; attempt++) {
            const response = await inner(request.clone());
            if (response.status !== 429 || attempt >= maxRetries)
                return response;
            const delay = retryAfterMs(response.headers.get("retry-after")) ?? fallbackDelayMs;
            if (delay > maxDelayMs)
                return response;
            await response.body?.cancel();
            await sleep(delay);
        }
    };
}
const BODY_FRAMING = new Set(["content-encoding", "content-length", "transfer-encoding"]);
export class EtagCache {
    capacity;
    revalidated = 0;
    kept = new Map();
    constructor(capacity = 64) {
        this.capacity = capacity;
    }
    get size() {
        return this.kept.size;
    }
    clear() {
        this.kept.clear();
    }
    wrap(inner) {
        return async (request) => {
            if (request.method !== "GET" || request.headers.has("if-none-match"))
                return inner(request);
            const kept = this.kept.get(request.url);
            const sent = kept ? new Request(request, { headers: withHeader(request.headers, kept.etag) }) : request;
            const response = await inner(sent);
            if (response.status === 304 && kept) {
                this.revalidated++;
                this.kept.delete(request.url);
                this.kept.set(request.url, kept);
                return new Response(kept.body.slice(0), { status: 200, headers: kept.headers });
            }
            const etag = response.headers.get("etag");
            if (response.status === 200 && etag)
                await this.keep(request.url, etag, response.clone());
            return response;
        };
    }
    async keep(url, etag, response) {
        const body = await response.arrayBuffer();
        this.kept.delete(url);
        const headers = [...response.headers].filter(([name]) => !BODY_FRAMING.has(name.toLowerCase()));
        this.kept.set(url, { etag, body, headers });
        while (this.kept.size > this.capacity)
            this.kept.delete(this.kept.keys().next().value);
    }
}
function withHeader(headers, etag) {
    const copy = new Headers(headers);
    copy.set("if-none-match", etag);
    return copy;
}
