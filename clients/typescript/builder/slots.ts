// Where the sides of a request are and where a sheet goes in one, found from the request's shape alone: the sides
// are the first list of two or more objects that each carry an `id` or a `name` (or two members with an `id`), and a sheet goes into
// the side, or the member of the side, whose fields it shares most. The side's id is kept: the request names it.
import type { JsonObject } from "../src/index.js";

export type Path = (string | number)[];

const isObject = (v: unknown): v is JsonObject => !!v && typeof v === "object" && !Array.isArray(v);
const hasId = (v: unknown): v is JsonObject => isObject(v) && typeof v.id === "string";
const named = (v: unknown): v is JsonObject => hasId(v) || (isObject(v) && typeof v.name === "string");

/** The paths of the request's sides (at most two), searched breadth first. */
export function findSides(request: JsonObject): Path[] {
  const queue: [unknown, Path][] = [[request, []]];
  while (queue.length) {
    const [value, path] = queue.shift()!;
    if (Array.isArray(value)) {
      if (value.length >= 2 && value.every(named)) return [0, 1].map((i) => [...path, i]);
      value.forEach((v, i) => queue.push([v, [...path, i]]));
    } else if (isObject(value)) {
      const members = Object.entries(value).filter(([, v]) => hasId(v));
      if (members.length >= 2 && path.length === 0) return members.slice(0, 2).map(([k]) => [k]);
      for (const [k, v] of Object.entries(value)) queue.push([v, [...path, k]]);
    }
  }
  const single = Object.entries(request).find(([, v]) => hasId(v));
  return single ? [[single[0]]] : [];
}

export function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], root);
}

function put(root: JsonObject, path: Path, value: unknown): void {
  const parent = at(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
}

/** How alike two objects' fields are: the fields they share over the fields of the smaller (ids aside). */
function shared(a: JsonObject, b: JsonObject): number {
  const mine = Object.keys(a).filter((k) => k !== "id");
  const theirs = Object.keys(b).filter((k) => k !== "id");
  const fewest = Math.min(mine.length, theirs.length);
  return fewest ? theirs.filter((k) => k in a).length / fewest : 0;
}

/** The sheet a request or a validation request carries: its first member that is an object, else itself. */
export function sheetOf(body: JsonObject): JsonObject {
  return (Object.values(body).find(isObject) as JsonObject | undefined) ?? body;
}

/** The request with `side` (a side of another request, or a sheet) in the side at `path`: the side itself, else
 * the first of its members that fits there. */
export function placeSide(request: JsonObject, path: Path, side: JsonObject): JsonObject | undefined {
  for (const candidate of [side, ...Object.values(side).filter(isObject)]) {
    const placed = placeSheet(request, path, candidate as JsonObject);
    if (placed) return placed;
  }
  return undefined;
}

/** A readable name: its `name`, else the `name` of a member, else its `id`. */
export function nameOf(value: unknown): string {
  if (!isObject(value)) return "?";
  if (typeof value.name === "string" && value.name) return value.name;
  for (const member of Object.values(value))
    if (isObject(member) && typeof member.name === "string" && member.name) return member.name;
  return typeof value.id === "string" ? value.id : "unnamed";
}

/**
 * The request with `sheet` in the side at `path`: as the side's member whose fields it shares most, or as the side
 * itself (its fields laid over the side's, the id kept). Undefined when neither shares more than half the fields of
 * the smaller of the two (it is not the kind of sheet this request takes).
 */
export function placeSheet(request: JsonObject, path: Path, sheet: JsonObject): JsonObject | undefined {
  const side = at(request, path);
  if (!isObject(side)) return undefined;
  const members = Object.entries(side).filter(([, v]) => isObject(v)) as [string, JsonObject][];
  const [bestKey, bestScore] = members.reduce<[string | null, number]>(
    (best, [k, v]) => (shared(v, sheet) > best[1] ? [k, shared(v, sheet)] : best),
    [null, shared(side, sheet)],
  );
  if (bestScore <= 0.5) return undefined;
  const copy = structuredClone(request);
  const { id: _ignored, ...fields } = structuredClone(sheet);
  put(copy, path, bestKey === null ? { ...side, ...fields, id: side.id } : { ...side, [bestKey]: sheet });
  return copy;
}
