// What every part of the page shares: the client, the chosen ruleset and its catalogues.
import type { FightRulesClient, JsonObject, Schemas } from "../src/index.js";

export type Entry = Schemas["Entry"];
export type Fighter = Schemas["Fighter"];
export type FighterMove = Schemas["FighterMove"];
export type EntryChoice = Schemas["EntryChoice"];

export interface Catalogues {
  entries: Entry[];
  qualities: Schemas["Trait"][];
  weaknesses: Schemas["Trait"][];
  quirks: Schemas["Quirk"][];
  skills: Schemas["Skill"][];
}

export interface Context {
  client: FightRulesClient;
  ruleset: string;
  catalogues: Catalogues;
}

/** The operations and catalogue documents the page uses, by the names /v1/rulesets gives them. */
export const NEEDS = {
  operations: ["price_move", "validate_fighter", "resolve_turn"],
  catalogue: ["catalog_entries", "catalog_qualities", "catalog_weaknesses", "catalog_quirks", "catalog_skills"],
} as const;

export async function loadCatalogues(client: FightRulesClient, ruleset: string): Promise<Catalogues> {
  const get = <T>(name: string) => client.catalogue<T>(ruleset, name);
  const [entries, qualities, weaknesses, quirks, skills] = await Promise.all([
    get<Schemas["EntryList"]>("catalog_entries"),
    get<Schemas["QualityList"]>("catalog_qualities"),
    get<Schemas["WeaknessList"]>("catalog_weaknesses"),
    get<Schemas["QuirkList"]>("catalog_quirks"),
    get<Schemas["SkillList"]>("catalog_skills"),
  ]);
  return {
    entries: entries.entries,
    qualities: qualities.qualities,
    weaknesses: weaknesses.weaknesses,
    quirks: quirks.quirks,
    skills: skills.skills,
  };
}

/** The chosen ruleset's operation by name; the page reads the answer as `T` (the ruleset is known only at run time). */
export async function ask<T>(ctx: Context, operation: string, body: unknown): Promise<T> {
  return (await ctx.client.call(ctx.ruleset, operation, body as JsonObject)) as T;
}
