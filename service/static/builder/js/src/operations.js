export function operationId(ruleset, name) {
    return ruleset + name.replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
}
