export const NEEDS = {
    operations: ["price_move", "validate_fighter", "resolve_turn"],
    catalogue: ["catalog_entries", "catalog_qualities", "catalog_weaknesses", "catalog_quirks", "catalog_skills"],
};
export async function loadCatalogues(client, ruleset) {
    const get = (name) => client.catalogue(ruleset, name);
    const [entries, qualities, weaknesses, quirks, skills] = await Promise.all([
        get("catalog_entries"),
        get("catalog_qualities"),
        get("catalog_weaknesses"),
        get("catalog_quirks"),
        get("catalog_skills"),
    ]);
    return {
        entries: entries.entries,
        qualities: qualities.qualities,
        weaknesses: weaknesses.weaknesses,
        quirks: quirks.quirks,
        skills: skills.skills,
    };
}
export async function ask(ctx, operation, body) {
    return (await ctx.client.call(ctx.ruleset, operation, body));
}
