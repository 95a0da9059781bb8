// A 4xx/5xx answer of the service: RFC 9457 problem+json, thrown by `unwrap` so callers can catch one type.
import type { components } from "./schema.js";

export type Problem = components["schemas"]["Problem"];

export class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(`${status} ${problem.title}: ${problem.detail}`);
    this.name = "ProblemError";
    this.status = status;
    this.problem = problem;
  }
}

/** A problem body when the answer is one, else a stand-in built from the status line. */
export function asProblem(status: number, body: unknown): Problem {
  if (body && typeof body === "object" && "title" in body && "status" in body) return body as Problem;
  return {
    type: "about:blank",
    title: `HTTP ${status}`,
    status,
    detail: typeof body === "string" ? body : "",
    errors: null,
    instance: null,
  };
}

/** The data of an openapi-fetch result, or a ProblemError for an error answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new ProblemError(result.response.status, asProblem(result.response.status, result.error));
}
