export class ProblemError extends Error {
    status;
    problem;
    constructor(status, problem) {
        super(`${status} ${problem.title}: ${problem.detail}`);
        this.name = "ProblemError";
        this.status = status;
        this.problem = problem;
    }
}
export function asProblem(status, body) {
    if (body && typeof body === "object" && "title" in body && "status" in body)
        return body;
    return {
        type: "about:blank",
        title: `HTTP ${status}`,
        status,
        detail: typeof body === "string" ? body : "",
        errors: null,
        instance: null,
    };
}
export function unwrap(result) {
    if (result.response.ok && result.data !== undefined)
        return result.data;
    throw new ProblemError(result.response.status, asProblem(result.response.status, result.error));
}
