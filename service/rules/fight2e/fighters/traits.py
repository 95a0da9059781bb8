"""Rule group 4.C: Qualities, Weaknesses and Quirks (slots, repeats, conflicts, parameters, timing)."""

from __future__ import annotations

from collections import Counter, defaultdict

from ..catalogue.character_catalog import normalise
from ..catalogue.character_schema import SkillKind, Trait
from .fighter_models import QualityTake, WeaknessTake
from .sheet import BOSS_ROLES, Sheet, TraitTake

QUIRK_PARAMS_WARNED = frozenset({"in_love", "rivalry", "revenge"})  # rule 43 (000 L1543, L1559, L1561)


# ── 4.C Qualities, Weaknesses, Quirks ───────────────────────────────────────────────────────────────


def resolve_traits(s: Sheet) -> None:
    """Look every trait up (unknown ones are violations) and index what the Fighter holds."""
    cat, found, f = s.cat, s.found, s.f
    for i, q in enumerate(f.qualities):
        t = cat.quality(q.id)
        path = f"fighter.qualities[{i}]"
        if t is None:
            hint = " (it is a Weakness)" if cat.weakness(q.id) else ""
            found.add("QUALITY_UNKNOWN", f"{path}.id", f"'{q.id}' is not a Quality{hint}.")
        else:
            s.takes[t.id] += 1
            s.held.add(t.id)
        s.qualities.append(TraitTake(i, path, q, t))
    for i, w in enumerate(f.weaknesses):
        t = cat.weakness(w.id)
        path = f"fighter.weaknesses[{i}]"
        if t is None:
            hint = " (it is a Quality)" if cat.quality(w.id) else ""
            found.add("WEAKNESS_UNKNOWN", f"{path}.id", f"'{w.id}' is not a Weakness{hint}.")
        elif w.lost_at_pl is None:
            s.held.add(t.id)
        s.weaknesses.append(TraitTake(i, path, w, t))
    for i, qk in enumerate(f.quirks):
        quirk = cat.quirk(qk.id)
        if quirk is None:
            allowed = qk.custom and s.camp.custom_quirks_allowed
            found.add(
                "QUIRK_UNKNOWN",
                f"fighter.quirks[{i}].id",
                f"'{qk.id}' is not a Quirk" + ("; a custom Quirk needs the Director's consent." if allowed else "."),
                severity="warning" if allowed else None,
            )
        s.quirks.append((i, qk, quirk))
    for sk in f.narrative_skills:
        skill = cat.skill(sk.id)
        if skill is not None:
            s.narrative[skill.id] = max(s.narrative.get(skill.id, 0), sk.level)


def check_quality_slots(s: Sheet) -> None:
    f, found = s.f, s.found
    e = min(s.budget_pl, 8) // 2  # even levels reached
    current = [w for w in s.weaknesses if w.take.lost_at_pl is None and w.take.grants_quality]  # type: ignore[union-attr]
    lost = [w for w in s.weaknesses if w.take.lost_at_pl is not None]  # type: ignore[union-attr]
    bundle = 1 if len(f.quirks) >= 3 else 0
    flaws = sum(st.harder_command_move + st.forced_style_change + st.limited_movement for st in f.styles)
    modified = sum(st.modified_defense for st in f.styles)
    s.style_flaws, s.free_style_flaws = flaws, max(flaws - modified, 0)
    style_eq = sum(st.no_defense + st.no_movement for st in f.styles) + s.free_style_flaws // 2
    s.weakness_equivalents = len(current) + bundle + style_eq
    s.quality_slots = 4 + e + s.weakness_equivalents
    s.qualities_held = sum(getattr(q.take, "slot_cost", 0) for q in s.qualities) + modified
    used = s.qualities_held + len(f.quality_exchanges)
    if not f.qualities:
        found.add("QUALITY_MINIMUM", "fighter.qualities", "Every Fighter keeps at least one Quality.")
    if used > s.quality_slots:
        found.add(
            "QUALITY_SLOTS_EXCEEDED",
            "fighter.qualities",
            f"{used} Quality slots used ({s.qualities_held} held, {len(f.quality_exchanges)} exchanged) but "
            f"only {s.quality_slots} available (4 + {e} even levels + {s.weakness_equivalents} Weakness "
            "equivalents).",
        )
    elif used < s.quality_slots:
        found.add(
            "QUALITY_SLOTS_UNUSED",
            "fighter.qualities",
            f"{s.quality_slots - used} Quality slot(s) neither taken nor exchanged for points.",
        )
    if len(lost) > e:
        found.add(
            "WEAKNESS_LOSS_LIMIT",
            "fighter.weaknesses",
            f"{len(lost)} Weaknesses lost but only {e} even Power Levels reached.",
        )
    n = len(f.quirks)
    if n == 0:
        found.add("QUIRKS_RECOMMENDED", "fighter.quirks", "One or two Quirks help define the personality.")
    elif 3 <= n <= 5:
        found.add("QUIRK_BUNDLE_APPLIED", "fighter.quirks", f"{n} Quirks count as one Weakness.")
    elif n > 5:
        found.add("QUIRKS_EXCESS", "fighter.quirks", f"{n} Quirks still count as a single Weakness.")
    cap = s.camp.max_weaknesses
    if (cap is not None and s.weakness_equivalents > cap) or (cap is None and s.weakness_equivalents > 3):
        found.add(
            "WEAKNESS_LIMIT_EXCEEDED",
            "fighter.weaknesses",
            f"{s.weakness_equivalents} Weakness equivalents"
            + (
                f" exceed the Director's cap of {cap}."
                if cap is not None
                else "; more than three are hard to live with and to remember."
            ),
        )


def check_quality_exchanges(s: Sheet) -> None:
    f = s.f
    if not f.quality_exchanges:
        return
    valid = {1} | {k for k in range(2, min(s.budget_pl, 8) + 1, 2)}
    if f.even_level_choices is not None:
        valid = {1} | {c.pl for c in f.even_level_choices if c.choice == "gain_quality"}
    for i, x in enumerate(f.quality_exchanges):
        at = s.acq(x.acquired_at_pl)
        if at is None:
            s.found.skip("QUALITY_EXCHANGE_TIMING", "acquired_at_pl on quality_exchanges")
        elif at not in valid:
            s.found.add(
                "QUALITY_EXCHANGE_TIMING",
                f"fighter.quality_exchanges[{i}].acquired_at_pl",
                f"No Quality slot arose at Power Level {at} to exchange.",
            )


def check_trait_repeats(s: Sheet) -> None:
    found = s.found
    by_id: dict[str, list[TraitTake]] = defaultdict(list)
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is not None:
            by_id[t.trait.id].append(t)
    for _ident, takes in by_id.items():
        trait = takes[0].trait
        assert trait is not None
        is_quality = trait.kind == "quality"
        if len(takes) > 1 and not trait.repeatable:
            code = "QUALITY_NOT_REPEATABLE" if is_quality else "WEAKNESS_NOT_REPEATABLE"
            found.add(code, takes[1].path, f"{trait.name} can be taken only once.")
            continue
        if trait.max_takes is not None and len(takes) > trait.max_takes:
            found.add(
                "QUALITY_REPEAT_LIMIT",
                takes[trait.max_takes].path,
                f"{trait.name} can be taken at most {trait.max_takes} times.",
            )
        if trait.distinct_param and len(takes) > 1:
            _check_distinct_params(s, trait, takes)


def _param_key(trait: Trait, take: QualityTake | WeaknessTake) -> str | None:
    p = take.params
    values = {"skill": p.skill, "subject": p.subject, "descriptor": p.descriptor, "category": p.category}
    value = values.get(trait.param.value) if trait.param else None
    return normalise(value) if value else None


def _check_distinct_params(s: Sheet, trait: Trait, takes: list[TraitTake]) -> None:
    seen: set[str] = set()
    for t in takes:
        key = _param_key(trait, t.take)
        if key is None:
            continue
        if key in seen:
            if trait.id == "influence":
                s.found.add(
                    "INFLUENCE_DUPLICATE_SKILL",
                    f"{t.path}.params.skill",
                    "Each Influence take needs a different Skill.",
                )
            elif trait.id == "gun_expert":
                s.found.add(
                    "QUALITY_REPEAT_LIMIT",
                    f"{t.path}.params.category",
                    "Gun Expert is taken once for firearms and once for other ranged weapons at most.",
                )
            elif trait.id == "technique":
                s.found.add(
                    "QUALITY_NOT_REPEATABLE",
                    f"{t.path}.params.subject",
                    "Each Technique take must be a different rule.",
                )
            elif trait.kind == "quality":  # ruling A-33: Power, Interesting Appearance repeat with new subjects
                s.found.add(
                    "QUALITY_NOT_REPEATABLE",
                    f"{t.path}.params",
                    f"{trait.name} repeats an earlier take's definition; each take should describe something new.",
                    severity="warning",
                )
            else:  # Phobia (ruling A-33)
                s.found.add(
                    "WEAKNESS_NOT_REPEATABLE",
                    f"{t.path}.params.subject",
                    f"{trait.name} repeats an earlier take's subject.",
                    severity="warning",
                )
        seen.add(key)


def check_trait_combinations(s: Sheet) -> None:
    found = s.found
    held_paths: dict[str, str] = {}
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is not None and t.trait.id in s.held:
            held_paths.setdefault(t.trait.id, t.path)
    for pair in sorted(s.cat.conflicts, key=sorted):
        a, b = sorted(pair)
        if a in s.held and b in s.held:
            later = max(held_paths[a], held_paths[b])
            found.add(
                "TRAIT_CONFLICT",
                later,
                f"{s.cat.trait(a).name} and {s.cat.trait(b).name} "  # type: ignore[union-attr]
                "cannot be held together.",
                key=f"{a}+{b}",
            )
    for ident, path in sorted(held_paths.items()):
        trait = s.cat.trait(ident)
        assert trait is not None
        for need in trait.requires:
            if need not in s.held:
                found.add("TRAIT_PREREQUISITE_MISSING", path, f"{trait.name} needs {s.cat.trait(need).name}.", key=need)  # type: ignore[union-attr]


def check_trait_params(s: Sheet) -> None:
    found, cat = s.found, s.cat
    bare = [
        t for t in s.qualities if t.trait is not None and t.trait.id == "attractive" and not t.take.params.descriptor
    ]
    for t in bare[1:]:  # the first Attractive take needs no descriptor; every further one does (000 L1069)
        found.add(
            "ATTRACTIVE_DESCRIPTOR_MISSING",
            f"{t.path}.params.descriptor",
            "Each Attractive take after the first should name a descriptor (Cute, Dashing…).",
        )
    for t in s.qualities:
        trait, take = t.trait, t.take
        if trait is None:
            continue
        p = take.params
        if trait.param == "skills":
            skills = [normalise(x) for x in p.skills]
            if len(set(skills)) < 2:
                found.add(
                    "QUALITY_PARAMS_MISSING", f"{t.path}.params.skills", f"{trait.name} names two different Skills."
                )
            for j, sk in enumerate(skills):
                resolved = cat.skill(sk)
                if resolved is None or resolved.id not in trait.param_choices:
                    found.add(
                        "QUALITY_PARAM_SKILL_NOT_ALLOWED",
                        f"{t.path}.params.skills[{j}]",
                        f"{trait.name} helps only with {', '.join(trait.param_choices)}, not '{p.skills[j]}'.",
                    )
        elif trait.param == "skill":
            if not p.skill:
                found.add("QUALITY_PARAMS_MISSING", f"{t.path}.params.skill", f"{trait.name} names one Skill.")
            elif trait.id == "powerful_item":
                resolved = cat.skill(p.skill)
                if resolved is None or resolved.kind is not SkillKind.narrative:
                    found.add(
                        "QUALITY_PARAM_SKILL_NOT_ALLOWED",
                        f"{t.path}.params.skill",
                        f"Powerful Item adds to a Narrative Skill; '{p.skill}' is not one.",
                    )
        elif trait.param_required:
            value = getattr(p, trait.param.value) if trait.param else None
            if not value:
                found.add(
                    "QUALITY_PARAMS_MISSING",
                    f"{t.path}.params.{trait.param.value if trait.param else ''}",
                    f"{trait.name} needs its {trait.param.value if trait.param else 'choice'} named.",
                )
            elif trait.param_choices and normalise(value) not in trait.param_choices:
                found.add(
                    "QUALITY_PARAMS_MISSING",
                    f"{t.path}.params.{trait.param.value if trait.param else ''}",
                    f"{trait.name}: '{value}' is not one of {', '.join(trait.param_choices)}.",
                )
    if "multiple_styles" in s.held and not s.f.styles:
        found.add("QUALITY_PARAMS_MISSING", "fighter.styles", "Multiple Styles needs its styles defined.")
    for i, qk, quirk in s.quirks:
        if quirk is not None and quirk.id in QUIRK_PARAMS_WARNED and not qk.subject:
            found.add(
                "QUIRK_PARAMS_MISSING", f"fighter.quirks[{i}].subject", f"{quirk.name} should name its {quirk.param}."
            )


def check_trait_timing(s: Sheet) -> None:
    """Creation-only traits, Weaknesses after creation, Qualities at odd levels (history)."""
    found, camp = s.found, s.camp
    extra = {normalise(x) for x in camp.extra_creation_only_traits}
    for t in (*s.qualities, *s.weaknesses):
        if t.trait is None:
            continue
        at = s.acq(t.take.acquired_at_pl)
        is_quality = t.trait.kind == "quality"
        creation_only = t.trait.creation_only or t.trait.id in extra
        if at is None:
            if creation_only:
                found.skip("CREATION_ONLY_TRAIT_LATE", "acquired_at_pl on traits")
            found.skip(
                "QUALITY_GAINED_AT_ODD_LEVEL" if is_quality else "WEAKNESS_AFTER_CREATION", "acquired_at_pl on traits"
            )
            continue
        if creation_only and at > 1:
            found.add(
                "CREATION_ONLY_TRAIT_LATE",
                f"{t.path}.acquired_at_pl",
                f"{t.trait.name} is available only at character creation, not at PL {at}.",
            )
        if is_quality and at > 1 and at % 2:
            found.add(
                "QUALITY_GAINED_AT_ODD_LEVEL",
                f"{t.path}.acquired_at_pl",
                f"Qualities are gained at PL 1 and at even levels, not at PL {at}.",
            )
        if not is_quality and at > 1 and t.take.grants_quality:  # type: ignore[union-attr]
            found.add(
                "WEAKNESS_AFTER_CREATION",
                f"{t.path}.acquired_at_pl",
                f"{t.trait.name} was taken at PL {at}; only Weaknesses chosen at creation buy Qualities.",
            )


def check_even_levels(s: Sheet) -> None:
    f, found = s.f, s.found
    top = min(s.budget_pl, 8)
    for w in s.weaknesses:
        lost = w.take.lost_at_pl  # type: ignore[union-attr]
        if lost is not None and (lost % 2 or lost > top or lost < 2):
            found.add(
                "EVEN_LEVEL_CHOICE_INVALID",
                f"{w.path}.lost_at_pl",
                f"A Weakness is lost only at an even Power Level reached (2–{top}), not at {lost}.",
            )
    choices = f.even_level_choices
    if choices is None:
        if top >= 2:
            found.skip("EVEN_LEVEL_CHOICE_INVALID", "even_level_choices")
            found.skip("EVEN_LEVEL_EVENT_MISSING", "even_level_choices")
    else:
        count = Counter(c.pl for c in choices)
        lost_at = {w.take.lost_at_pl for w in s.weaknesses if w.take.lost_at_pl is not None}  # type: ignore[union-attr]
        for i, c in enumerate(choices):
            path = f"fighter.even_level_choices[{i}]"
            if c.pl % 2 or c.pl > top or count[c.pl] > 1:
                found.add(
                    "EVEN_LEVEL_CHOICE_INVALID",
                    path,
                    f"Even-level choices are made once at each of PL 2, 4, 6, 8 reached; not at {c.pl}.",
                )
            elif (c.choice == "lose_weakness") != (c.pl in lost_at):
                found.add(
                    "EVEN_LEVEL_CHOICE_INVALID",
                    path,
                    f"The PL {c.pl} choice does not match the Weaknesses marked lost at PL {c.pl}.",
                )
        for k in range(2, top + 1, 2):
            if all(c.pl != k or c.choice == "none" for c in choices):
                found.add(
                    "EVEN_LEVEL_EVENT_MISSING",
                    "fighter.even_level_choices",
                    f"PL {k} brought neither a new Quality nor a lost Weakness.",
                    key=str(k),
                )
    approved_pls = {c.pl for c in choices or () if c.director_approved}
    for q in s.qualities:
        at = s.acq(q.take.acquired_at_pl)
        if at is not None and at > 1 and not q.take.director_approved and at not in approved_pls:
            found.add(
                "EVEN_LEVEL_DIRECTOR_APPROVAL",
                q.path,
                f"A Quality gained at PL {at} needs a story reason and the Director's approval.",
            )
    for w in s.weaknesses:
        lost = w.take.lost_at_pl  # type: ignore[union-attr]
        if lost is not None and not w.take.director_approved and lost not in approved_pls:
            found.add(
                "EVEN_LEVEL_DIRECTOR_APPROVAL",
                w.path,
                "Losing a Weakness needs a story reason and the Director's approval.",
            )


def check_director_and_campaign_traits(s: Sheet) -> None:
    found, camp = s.found, s.camp
    for t in (*s.qualities, *s.weaknesses):
        trait = t.trait
        if trait is None:
            continue
        needs = trait.director_approval
        if trait.id == "gun_expert":
            needs = normalise(t.take.params.category or "") == "non_gun_ranged"
        elif trait.id == "dark_side":
            needs = s.f.role in BOSS_ROLES
        if needs and not t.take.director_approved:
            found.add(
                "DIRECTOR_APPROVAL_REQUIRED",
                t.path,
                f"{trait.name} is taken only with the Director's leave.",
                ref=trait.ref.line,
            )
        current = trait.kind == "quality" or t.take.lost_at_pl is None  # type: ignore[union-attr]
        if trait.metagame and not camp.metagame_traits_allowed and current:
            found.add(
                "METAGAME_TRAIT_DISALLOWED",
                t.path,
                f"{trait.name} is a metagame trait; this campaign is serious and forbids them.",
            )
        if trait.strikable and not camp.distracting_and_fan_service_allowed:
            found.add("STRUCK_TRAIT_PRESENT", t.path, f"The group struck {trait.name} from the lists.")
        if trait.tone and camp.serious_tone:
            found.add("TONE_MISMATCH", t.path, f"{trait.name} suits a light-hearted campaign more than this one.")
        if trait.id == "technique":
            rule = normalise(t.take.params.subject or "")
            approved = {normalise(x) for x in camp.approved_techniques}
            if t.take.slot_cost > 1 or (rule and rule not in approved):  # type: ignore[union-attr]
                found.add(
                    "TECHNIQUE_SLOT_COST",
                    t.path,
                    "The Director prices a powerful Technique and must approve its rule"
                    + (
                        f"; '{t.take.params.subject}' is not on the campaign's approved list."
                        if rule and rule not in approved
                        else "."
                    ),
                )
        if trait.id == "hunted":
            found.add("HUNTED_BY_SINGLE_FIGHTER", t.path, "A hunter who is a single Fighter is usually a Rivalry.")
        if trait.id == "phobia":
            found.add("PHOBIA_TOO_RARE", t.path, "The feared thing must turn up often enough to matter.")
    for i, _qk, quirk in s.quirks:
        if quirk is None:
            continue
        if quirk.strikable and not camp.distracting_and_fan_service_allowed:
            found.add("STRUCK_TRAIT_PRESENT", f"fighter.quirks[{i}]", f"The group struck {quirk.name} from the lists.")
        if quirk.tone and camp.serious_tone:
            found.add("TONE_MISMATCH", f"fighter.quirks[{i}]", f"{quirk.name} suits a light-hearted campaign.")
    if s.takes["multiple_styles"] >= 3:
        found.add(
            "MULTIPLE_STYLES_EXCESSIVE",
            "fighter.qualities",
            f"{s.takes['multiple_styles'] + 1} styles: more than three is very rare; the Director may limit it.",
        )
    deficiencies = sum(1 for w in s.weaknesses if w.trait is not None and w.trait.id == "deficiency")
    if deficiencies > len(camp.campaign_optional_techniques) + 1:
        found.add(
            "DEFICIENCY_COUNT",
            "fighter.weaknesses",
            f"{deficiencies} Deficiencies but the campaign has {len(camp.campaign_optional_techniques)} optional "
            "rules to lack (plus one core ability).",
        )
