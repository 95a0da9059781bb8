const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
const hasId = (v) => isObject(v) && typeof v.id === "string";
const named = (v) => hasId(v) || (isObject(v) && typeof v.name === "string");
export function findSides(request) {
    const queue = [[request, []]];
    while (queue.length) {
        const [value, path] = queue.shift();
        if (Array.isArray(value)) {
            if (value.length >= 2 && value.every(named))
                return [0, 1].map((i) => [...path, i]);
            value.forEach((v, i) => queue.push([v, [...path, i]]));
        }
        else if (isObject(value)) {
            const members = Object.entries(value).filter(([, v]) => hasId(v));
            if (members.length >= 2 && path.length === 0)
                return members.slice(0, 2).map(([k]) => [k]);
            for (const [k, v] of Object.entries(value))
                queue.push([v, [...path, k]]);
        }
    }
    const single = Object.entries(request).find(([, v]) => hasId(v));
    return single ? [[single[0]]] : [];
}
export function at(root, path) {
    return path.reduce((v, k) => v?.[k], root);
}
function put(root, path, value) {
    const parent = at(root, path.slice(0, -1));
    parent[path[path.length - 1]] = value;
}
function shared(a, b) {
    const mine = Object.keys(a).filter((k) => k !== "id");
    const theirs = Object.keys(b).filter((k) => k !== "id");
    const fewest = Math.min(mine.length, theirs.length);
    return fewest ? theirs.filter((k) => k in a).length / fewest : 0;
}
export function sheetOf(body) {
    return Object.values(body).find(isObject) ?? body;
}
export function placeSide(request, path, side) {
    for (const candidate of [side, ...Object.values(side).filter(isObject)]) {
        const placed = placeSheet(request, path, candidate);
        if (placed)
            return placed;
    }
    return undefined;
}
export function nameOf(value) {
    if (!isObject(value))
        return "?";
    if (typeof value.name === "string" && value.name)
        return value.name;
    for (const member of Object.values(value))
        if (isObject(member) && typeof member.name === "string" && member.name)
            return member.name;
    return typeof value.id === "string" ? value.id : "unnamed";
}
export function placeSheet(request, path, sheet) {
    const side = at(request, path);
    if (!isObject(side))
        return undefined;
    const members = Object.entries(side).filter(([, v]) => isObject(v));
    const [bestKey, bestScore] = members.reduce((best, [k, v]) => (shared(v, sheet) > best[1] ? [k, shared(v, sheet)] : best), [null, shared(side, sheet)]);
    if (bestScore <= 0.5)
        return undefined;
    const copy = structuredClone(request);
    const { id: _ignored, ...fields } = structuredClone(sheet);
    put(copy, path, bestKey === null ? { ...side, ...fields, id: side.id } : { ...side, [bestKey]: sheet });
    return copy;
}
