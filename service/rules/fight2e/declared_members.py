"""The registries fight2e's coverage reads (named in ``data/coverage/declarations.yaml`` as
``declared_members:<function>``): what each family of ``unsupported`` ids holds today, and the entries applied,
each with its text line.

Read from the same tables the code reports from (the catalogue, the cost rules and checks the pricing registers,
the combat registry, the Thug traits, the Dramatic options), so a rule implemented leaves its family by itself."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.coverage import Member
from .catalogue.catalog import catalog
from .combat import resolver  # noqa: F401  (every rule element registers itself as its module is imported)
from .combat.contract.model_types import ActionType, DramaticOption
from .combat.dramatic.actions import RESOLVED as DRAMATIC_ACTIONS
from .combat.dramatic.tag import ACTIONS as DRAMATIC_CAMPAIGN_ACTIONS
from .combat.dramatic.thugs import RESOLVED_OPTIONS as WITH_THUGS
from .combat.dramatic.thugs import RESOLVED_TRAITS as DRAMATIC_TRAITS
from .combat.registry.coverage import IMPLEMENTED
from .combat.thug_thrashing.group import RESOLVED_TRAITS as THUG_TURN_TRAITS
from .combat.thug_thrashing.non_attack import RESOLVED as NON_ATTACK_WITH_THUGS
from .combat.thug_thrashing.tag import ACTIONS as CAMPAIGN_WITH_THUGS
from .dramatic.catalogue import tables
from .moves.price import TECHNIQUE_TRAITS
from .moves.pricing import CHECKS, COST_RULES
from .optimiser.variants import _option_sets
from .thugs.catalogue import thug_catalogue

# Fighter requirements moves.py checks (``_fighter_requirement``); any other is reported unsupported.
_CHECKED_TRAITS = frozenset({"ki_skill", "style_change", *TECHNIQUE_TRAITS})
# What a Fighter's action may be in every turn kind (attack, movement, nothing, and the main system's other actions
# in turns with Thugs: thug_thrashing.non_attack and, for switching a Tag Team partner and transforming,
# thug_thrashing.tag; a plain Dramatic turn: dramatic.actions and dramatic.tag); those the turns with Thugs do not
# resolve stay listed.
_EVERY_TURN = frozenset({ActionType.attack, ActionType.move, ActionType.none}) | (
    (NON_ATTACK_WITH_THUGS | CAMPAIGN_WITH_THUGS) & (DRAMATIC_ACTIONS | DRAMATIC_CAMPAIGN_ACTIONS)
)
# A Thug trait is applied when both turns with Thugs apply it (Thug Thrashing; Dramatic Combat with Thugs).
RESOLVED_TRAITS = THUG_TURN_TRAITS & DRAMATIC_TRAITS


def _entry(ident: str) -> Member:
    e = catalog().entries[ident]
    return Member(e.id, e.name, e.ref.line)


def applied_entries() -> Iterator[Member]:
    """Catalogue entries the turn applies, and the Thug traits applied in a turn."""
    yield from (_entry(i) for i in catalog().entries if i in IMPLEMENTED)
    traits = thug_catalogue().traits
    for t in sorted(RESOLVED_TRAITS & set(traits)):
        ref = traits[t].ref
        yield Member(f"thug_trait:{t}", traits[t].name, ref.line if ref else None)


def not_applied_in_combat() -> Iterator[Member]:
    return (_entry(i) for i in catalog().entries if i not in IMPLEMENTED)


def cost_rules_missing() -> Iterator[Member]:
    return (_entry(e.id) for e in catalog().entries.values() if e.cost_rule and e.cost_rule not in COST_RULES)


def fighter_requirements_unchecked() -> Iterator[Member]:
    for e in catalog().entries.values():
        if any(t not in _CHECKED_TRAITS and not t.startswith("power_level_") for t in e.requires.fighter):
            yield _entry(e.id)


def constraints_unchecked() -> Iterator[Member]:
    for e in catalog().entries.values():
        codes = (c.code for c in e.constraints if c.code != "DIRECTOR_APPROVAL_REQUIRED")
        if any((e.id, code) not in CHECKS and code not in CHECKS for code in codes):
            yield _entry(e.id)


def optimiser_not_built() -> Iterator[Member]:
    return (_entry(e.id) for e in catalog().entries.values() if _option_sets(e) is None)


def dramatic_options_unresolved() -> Iterator[Member]:
    """The options a Dramatic turn with Thug groups does not resolve (a plain Dramatic turn resolves them all)."""
    for o in DramaticOption:
        if o not in WITH_THUGS:
            found = tables().option(o.value)
            yield Member(o.value, found.name, found.ref)


def actions_unresolved() -> Iterator[Member]:
    return (Member(a.value, a.value.replace("_", " ")) for a in ActionType if a not in _EVERY_TURN)


def thug_traits_unapplied() -> Iterator[Member]:
    for t in sorted(set(thug_catalogue().traits) - RESOLVED_TRAITS):
        trait = thug_catalogue().traits[t]
        ref = trait.ref
        yield Member(t, trait.name, ref.line if ref else None)
