"""Request and answer models of the fight2e turn resolver.

A request carries the whole fight as it stands: campaign options, the fight-level state, every Fighter (sheet
and combat state), the players' decisions keyed by stable decision keys (``T1.aya.defense``: turn, fighter,
decision point) and either a seed or the players' own dice keyed the same way. The answer is the fight after one
turn (the book's Initiative to Time Roll), or the first decision the request does not carry.

Every number is bounded and every list and mapping has a maximum length, so no request can make the core loop
or allocate without limit. Values inside the bounds that the book forbids come back as violations.
"""

from ...core.dice import RollSource
from ...core.findings import Finding, Unsupported

# The models live in three modules (shared types, request, answer); this one is the public import path.
from .answer_models import (
    ChoiceOption,
    DieNeeded,
    Event,
    EventKind,
    GloryAward,
    LogStep,
    PendingDecision,
    RollRecord,
    TurnResult,
)
from .model_types import (
    MAX_CHOICES,
    MAX_DECISION_MOVES,
    MAX_FIGHTERS,
    ActionType,
    AllyCheck,
    Choice,
    DefenseOption,
    DieTarget,
    Direction,
    EvadeTechnique,
    FighterId,
    Key,
    LogMap,
    LogValue,
    MoveId,
    PositioningMode,
    ReactionKind,
    ResponseKind,
    Scalar,
    Short,
    Status,
    Steps,
    Text,
)
from .request_models import (
    CombatFighter,
    CombatOptions,
    DecisionValue,
    DieShift,
    FighterState,
    FightState,
    Hazard,
    OngoingEffect,
    PendingAccuracy,
    Positioning,
    PreviousTurn,
    Stunned,
    TurnRequest,
)

__all__ = [
    "MAX_CHOICES",
    "MAX_DECISION_MOVES",
    "MAX_FIGHTERS",
    "ActionType",
    "AllyCheck",
    "Choice",
    "ChoiceOption",
    "CombatFighter",
    "CombatOptions",
    "DecisionValue",
    "DefenseOption",
    "DieNeeded",
    "DieShift",
    "DieTarget",
    "Direction",
    "EvadeTechnique",
    "Event",
    "EventKind",
    "FightState",
    "FighterId",
    "FighterState",
    "Finding",
    "GloryAward",
    "Hazard",
    "Key",
    "LogMap",
    "LogStep",
    "LogValue",
    "MoveId",
    "OngoingEffect",
    "PendingAccuracy",
    "PendingDecision",
    "Positioning",
    "PositioningMode",
    "PreviousTurn",
    "ReactionKind",
    "ResponseKind",
    "RollRecord",
    "RollSource",
    "Scalar",
    "Short",
    "Status",
    "Steps",
    "Stunned",
    "Text",
    "TurnRequest",
    "TurnResult",
    "Unsupported",
]
