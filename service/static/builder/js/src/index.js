import createClient from "openapi-fetch";
import { driveWith } from "./drive.js";
import { asProblem, ProblemError, unwrap } from "./problem.js";
import { EtagCache, withRetry } from "./transport.js";
export * from "./drive.js";
export * from "./operations.js";
export * from "./problem.js";
export * from "./step.js";
export * from "./transport.js";
export function createFightRulesClient(options = {}) {
    const base = (options.baseUrl ?? "").replace(/\/$/, "");
    const etags = options.etags === false ? undefined : (options.etags ?? new EtagCache());
    let send = options.fetch ?? ((request) => globalThis.fetch(request));
    if (etags)
        send = etags.wrap(send);
    if (options.retry !== false)
        send = withRetry(send, options.retry ?? {});
    const api = createClient({ baseUrl: base, fetch: send, headers: options.headers });
    let listed;
    const rulesets = () => {
        listed ??= api.GET("/v1/rulesets").then((r) => unwrap(r).rulesets);
        listed.catch(() => (listed = undefined));
        return listed;
    };
    async function find(ruleset, name, kind) {
        const info = (await rulesets()).find((r) => r.id === ruleset);
        const found = info?.[kind].find((o) => o.name === name);
        if (!found)
            throw new RangeError(`the service lists no ${kind} entry ${ruleset}/${name}`);
        return found;
    }
    async function json(request) {
        const response = await send(request);
        const text = await response.text();
        const body = text ? JSON.parse(text) : undefined;
        if (!response.ok)
            throw new ProblemError(response.status, asProblem(response.status, body));
        return body;
    }
    const target = (path) => new URL(base + path, globalThis.location?.href ?? base).toString();
    async function call(ruleset, operation, body) {
        const op = await find(ruleset, operation, "operations");
        const headers = { ...options.headers, "content-type": "application/json" };
        return json(new Request(target(op.path), { method: "POST", headers, body: JSON.stringify(body) }));
    }
    return {
        api,
        etags,
        rulesets,
        call,
        drive: (ruleset, operation, body, driveOptions) => driveWith((b) => call(ruleset, operation, b), body, driveOptions),
        async catalogue(ruleset, document, query = {}) {
            const op = await find(ruleset, document, "catalogue");
            const search = new URLSearchParams(query).toString();
            return json(new Request(target(op.path + (search ? `?${search}` : "")), { headers: options.headers }));
        },
    };
}
