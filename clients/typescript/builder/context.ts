// What every part of the page shares: the client, the chosen ruleset and its catalogues.
import type { FightRulesClient, JsonObject, Schemas } from "../src/index.js";

export type Entry = Schemas["Fight2eEntry"];
export type Fighter = Schemas["Fight2eFighterInput"];
export type FighterMove = Schemas["Fight2eFighterMoveInput"];
export type EntryChoice = Schemas["Fight2eEntryChoiceInput"];

export interface Catalogues {
  entries: Entry[];
  qualities: Schemas["Fight2eTrait"][];
  weaknesses: Schemas["Fight2eTrait"][];
  quirks: Schemas["Fight2eQuirk"][];
  skills: Schemas["Fight2eSkill"][];
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
    get<Schemas["Fight2eEntryList"]>("catalog_entries"),
    get<Schemas["Fight2eQualityList"]>("catalog_qualities"),
    get<Schemas["Fight2eWeaknessList"]>("catalog_weaknesses"),
    get<Schemas["Fight2eQuirkList"]>("catalog_quirks"),
    get<Schemas["Fight2eSkillList"]>("catalog_skills"),
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
