"""What one action carries from step to step: the declared Plan (C), the defender's Guard (D.4–D.5), the Damage
roll (E.1), the Attack in flight and its Outcome (D–F)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..contract.models import ActionType, DefenseOption, ResponseKind
from .combatant import Combatant
from .profile import MoveProfile


@dataclass(slots=True)
class Plan:
    """A validated action declaration."""

    kind: ActionType
    target: Combatant | None
    moves: list[MoveProfile]
    movement: int
    toward: bool
    cost: int = 0
    fs_move: int = 0
    jumping: bool = False
    cross_up: bool = False
    mobility_penalty: bool = False
    full_offense: bool = False
    control_fs: int = 0
    key: str = ""
    prepare: str = ""  # "set_up" or "wind_up": the move is only readied this turn (a Utility-like use)
    extra_damage: int = 0
    extra_acc: dict[str, int] | None = None
    air_bonus: int = 0  # Air Dash / Hover movement: Evasion bonus against Reaction Attacks
    premoved: int = 0  # Ranges already moved before a holder's interrupt window
    wall_spring: bool = False  # 1 Range back to the border first, then ``movement`` forward
    super_jump: bool = False  # the whole action starts a Super Jump of ``movement`` Ranges
    heal_target: Combatant | None = None  # Heal Others: who is healed
    charge_fs: int = 0  # Charge Forward: 1 FS for the step toward the target (000 L4501)
    square: tuple[int, int] | None = None  # Battle Grid: the square the movement ends on (grid.py)
    lateral: bool = False  # Battle Grid: the lateral step, the whole action (000 L5684)
    released: bool = False  # a Utility move readied last turn with Slow Startup takes effect (000 L4846)


@dataclass(slots=True)
class Guard:
    option: DefenseOption
    dt: int
    fs: int
    full_defense: bool
    response: ResponseKind | None
    parts: dict[str, int] = field(default_factory=dict)
    halved: bool = False
    technique: str = ""


@dataclass(slots=True)
class Part:
    move: MoveProfile
    step: int
    die: str
    roll: int  # the die result (after re-rolls), or the fixed value
    value: int  # what the move adds to the attack's damage
    counted: str  # "full", "half", "basic_plus_one", "none"
    stun: bool


@dataclass(slots=True)
class DamageRoll:
    parts: list[Part] = field(default_factory=list)
    total: int = 0
    stun: int = 0
    halved_opener: bool = False
    big: bool = False


@dataclass(slots=True)
class Attack:
    attacker: Combatant
    defender: Combatant
    moves: list[MoveProfile]
    context: str  # action | response | reaction | simultaneous
    label: str
    cost: int
    key: str = ""
    full_offense: bool = False
    cross_up: bool = False
    jumping: bool = False  # a 2-Range jumping Basic Mobile attack (000 L2096–L2103)
    extra_acc: dict[str, int] = field(default_factory=dict)
    response: str | None = None
    reaction: str | None = None
    orig_aerial: bool = False
    vs_anti_air: bool = False
    full_screen: bool = False
    apply_knockback: bool = True
    defender_jumping: bool = False
    extra_damage: int = 0  # a readied Wind Up (000 L4449)
    reflected: bool = False  # a projectile turned back by Reflection: Defense or Evasion, halved (000 L4091)
    same_skill: str | None = None  # a summoned Ally's attack: the Skill used against its summoner's (000 L4201)
    hold_release: bool = False  # the second part of a Sustained Hold: half damage, then its effects (000 L4387)
    draw_modes: dict[str, str] = field(default_factory=dict)  # Draw Closer: pull, move or push per move (ranged.py)
    random_cut: int | None = None  # Random Effect: an unusable combination ends the Combo there (random_effect.py)
    enhanced: bool = False  # banked Power Enhancer uses already applied to ``moves``
    limited: str = ""  # Limited Move asked for this use: "ok" (``moves`` as limited) or "void" (no effect)

    @property
    def is_combo(self) -> bool:
        return len(self.moves) > 1

    @property
    def first(self) -> MoveProfile:
        return next((m for m in self.moves if m.offensive), self.moves[0])

    @property
    def aerial(self) -> bool:
        """Aerial for the defence against Responses: the Aerial Element, or a jump (ruling A32)."""
        return self.jumping or self.moves[0].moving.airborne

    @property
    def has_super(self) -> bool:
        return any(m.is_super for m in self.moves)


@dataclass(slots=True)
class Outcome:
    hit: bool
    partial: bool = False
    damage: DamageRoll | None = None
    guard: Guard | None = None
    knockback: int = 0
    life_lost: int = 0
