export async function loadDoc() {
    const answer = await fetch("/schema/openapi.json");
    if (!answer.ok)
        throw new Error(`the OpenAPI document answered ${answer.status}`);
    return (await answer.json());
}
const STEP_FIELDS = ["seed", "rolls", "decisions", "if_asked"];
export function withoutSteps(body) {
    return Object.fromEntries(Object.entries(structuredClone(body)).filter(([k]) => !STEP_FIELDS.includes(k)));
}
export function examples(page, op) {
    const found = page.doc.paths[op.path]?.post?.requestBody?.content["application/json"]?.examples ?? {};
    return Object.entries(found).map(([name, e]) => [name, e.value]);
}
function deref(page, schema) {
    return schema?.$ref ? page.doc.components.schemas[schema.$ref.split("/").pop()] : schema;
}
function properties(page, schema) {
    return deref(page, schema)?.properties ?? {};
}
export function enumAt(page, op, path) {
    let schema = deref(page, page.doc.paths[op.path]?.post?.requestBody?.content["application/json"]?.schema);
    const resolved = (s) => {
        const d = deref(page, s);
        return d?.anyOf ? resolved(d.anyOf.find((v) => deref(page, v)?.type !== "null")) : d;
    };
    for (const part of path) {
        schema = resolved(schema);
        if (!schema)
            return undefined;
        const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
        schema = typeof part === "number" ? schema.items : (schema.properties?.[part] ?? extra);
    }
    return resolved(schema)?.enum;
}
export function isStepOperation(page, op) {
    const post = page.doc.paths[op.path]?.post;
    const request = properties(page, post?.requestBody?.content["application/json"]?.schema);
    const answer = properties(page, post?.responses["200"]?.content?.["application/json"]?.schema);
    return ("rolls" in request && "decisions" in request && "decisions_needed" in answer && !op.name.startsWith("validate"));
}
export function named(info, ...prefixes) {
    return info.operations.filter((o) => prefixes.some((p) => o.name.startsWith(p)));
}
