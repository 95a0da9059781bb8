"""One fighter during the turn (a mutable copy of the request's fighter and his state) and the ongoing effects
he carries from turn to turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..contract.models import DramaticState
from .profile import MoveProfile, Profile


@dataclass
class Effect:
    """An ongoing move effect (``OngoingEffect`` of the request)."""

    id: str
    move: str | None
    time_left: int | None
    since: int | None = None
    target: str | None = None
    charges: int | None = None
    direction: str | None = None
    band: int | None = None
    moved: bool = False  # a dropped Prop: he has moved since it fell
    entry: str | None = None  # a copied move: the Element it lost
    hazard: str | None = None  # against a Wall, in a Pit: the Hazard's id
    square: tuple[int, int] | None = None  # an Ally on a Battle Grid: its square


@dataclass(slots=True)
class Combatant:
    """One fighter during the turn."""

    id: str
    prof: Profile
    side: str
    life: int
    fs: int
    fs_start: int
    se: int
    defeated: bool
    knocked_down: bool
    stunned: int  # actions still needed to recover (0 = not Stunned)
    times_stunned: int
    next_dice: list[tuple[str, int, str]]  # (target, steps, source) for the next turn
    no_fs_init: bool
    fo_streak: int
    await_count: int
    pending_acc: list[tuple[int, str | None, str]]
    scored: list[str]
    utility_used: list[str]
    glory_round: int
    combo_streak: int
    taunt_used: bool
    index: int = 0  # position in the request's fighters list (for paths)
    # this turn
    dice_now: list[tuple[str, int, str]] = field(default_factory=list)
    init_step: int = 0
    ctrl_step: int = 0
    init: int = 0
    control: int = 0
    natural_12: bool = False
    acted: bool = False
    holding: bool = False
    priority_declared: bool = False  # declared a Priority attack in the simplified tie-break (000 L5571)
    hit_stun: bool = False
    action_lost: bool = False
    full_defense: bool = False
    full_offense: bool = False
    full_offense_next: bool = False
    full_agility: bool = False  # Thug Thrashing: Full Agility this turn (000 L6704)
    attacked_thugs: bool = False  # Thug Thrashing: he attacked a Thug group this turn
    moved_one_bonus: bool = False
    moved: int = 0
    blast_steps: int = 0  # Explosive Reduced Damage: Range steps from the blast centre for the attack under way
    jumped: bool = False
    reaction_used: bool = False
    saga_reaction: bool = False  # Thug Thrashing: a Special Move as his Reaction Attack at Saga Scale (000 L6820)
    was_hit: bool = False
    hit_someone: bool = False
    super_used: bool = False
    life_loss_from: set[str] = field(default_factory=set)
    attacks: int = 0
    se_specials: int = 0
    se_combos: int = 0
    se_extra: int = 0
    dmg_from: dict[str, int] = field(default_factory=dict)
    stun_damage: int = 0
    non_attack_action: bool = False
    awaiting: bool = False
    kd_before_acting: bool = False
    stood_penalty: bool = False
    combo_hit_this_turn: bool = False
    other_defense_used: bool = False  # Evasion or Tactics used (000 L6039)
    evasion_bonus_vs: str | None = None
    responded_ok: bool = False  # a successful Defensive Response this turn (Glory, 000 L857)
    misfired: bool = False  # his latest Unreliable roll failed: a Response so failed lets the attack hit (000 L4874)
    idle_after_hit_stun: bool = False
    stun_recovered_by_hit: bool = False
    reversal_missed: bool = False
    fd_void: bool = False
    stood_this_turn: bool = False
    crouching: bool = False  # the action he is carrying out opens with a Crouching move (000 L3220)
    from_hold: bool = False
    super_armor: bool = False
    invulnerable: str = ""  # Temporary Invulnerability of the move in use: "special" or "super" (000 L4323–L4327)
    vulnerable: bool = False  # using a move with Vulnerability: damage taken one die size up (000 L4888–L4894)
    vulnerable_lingering: bool = False  # Vulnerability's Increased Duration from an earlier turn (000 L4896–L4900)
    heal: int = 0  # Drain Life healing waiting for H.1 (000 L3232–L3244)
    base_prof: Profile | None = None  # the sheet's profile before any Buff
    style: str = ""  # Multiple Styles: the style he is in ("" without Multiple Styles; styles.py)
    style_changes: int = 0  # Style Changes this turn (000 L5051)
    story: int | None = None  # Story Points left (story.py)
    suppressed: tuple[int, bool] = (0, False)  # a Suppression on him: its tier and movement lock (suppression.py)
    ongoing: list[Effect] = field(default_factory=list)
    ending: set[str] = field(default_factory=set)  # Buff moves switched off at the end of the turn
    invincible_used: bool = False  # the Invincibility Interrupt Response, once a turn (000 L4950)
    breakfall: bool = False  # a Breakfall lowers the Knock Down move's damage one step (000 L2203)
    ignore_range: bool = False  # a Slow Startup release reaches its target wherever he is (000 L4846)
    entangled: bool = False  # −1 Initiative die next turn unless hit again first (000 L3306)
    weapon_expert_used: bool = False  # Weapon Expert's one roll a turn against Thugs (000 L1381)
    thug_hold: bool = False  # held by a Thug group's Sustained Hold: no action this turn (000 L4381)
    # a Suppression or a made Wall on him from a Thug group: kind → the group's id (thug_thrashing/lasting.py)
    thug_lasting: dict[str, str] = field(default_factory=dict)
    entangle_lost: bool = False  # a Thug group's Entangle took his first action in a Thug turn (000 L3306, L6752)
    hold_ended: bool = False  # his Sustained Hold ended before anyone acted: his first action in a Thug turn
    blocked_last: bool = False  # the last attack on him this turn was stopped by Defense without moving (Charge Back)
    sidestep_window: bool = False  # defending with a Sidestep Setup chance open: it may still answer (000 L4826)
    last_guard: str = ""  # how the last attack on him this turn was stopped: defense, crouch, evasion, aerial_block
    self_stun: bool = False  # Stunned at the start of next turn (000 L4806)
    air_bonus: int = 0  # Air Dash / Hover movement this turn (000 L2217, L2235)
    fake_bonus: int = 0  # a Fake move's bonus to his Tactics Defense Totals for the rest of the turn (000 L3350)
    unengaged: set[str] = field(default_factory=set)  # invisible fighters he keeps clear of this turn (000 L3591)
    declared_illusion: str = ""  # an Offensive Illusion Interrupt declared with this Defense Total (000 L3490)
    committed: bool = False  # declared an attack in a held-interrupt exchange: no Full Defense
    cheap_used: list[str] = field(default_factory=list)  # Cheap moves used this round (000 L4531–L4535)
    beast_form: bool = False  # in Beast Form, as the request says (000 L5321)
    beast_energy: int = 0  # Transformations: Beast Energy (transformations.py, 000 L5311–L5317)
    human_prof: Profile | None = None  # Transformations: the base profile in human form (raises undone on reverting)
    transformed: bool = False  # Transformations: he changed into Beast Form this turn (000 L5313)
    long_combo: bool = False  # a Combo of 3+ attacking moves used this round (000 L847)
    maneuvered: bool = False  # his one Maneuver Check of the turn is used (000 L6079)
    shifted: bool = False  # his Position Shift of this turn is spent (one opponent only, 000 L3810)
    tag_waiting: bool = False  # Tag Team: on the sidelines, out of the fight until switched in (tag_team.py)
    dramatic: DramaticState | None = None  # Dramatic Combat: what he carries between turns (dramatic_turn.py)
    tag_entered: bool = False  # Tag Team: switched in this turn and still to take his place in the order
    tag_bonus: int = 0  # Tag Team: Accuracy for a Combo made at once after a Combo Switch that hit (000 L6291)
    tag_no_combo: bool = False  # Tag Team: came in after a Combo Switch that missed: no Combo this turn

    @property
    def pl(self) -> int:
        return self.prof.pl

    @property
    def active(self) -> bool:
        return not self.defeated and not self.tag_waiting

    def move(self, ident: str) -> MoveProfile | None:
        return self.prof.moves.get(ident)

    @property
    def stun_threshold(self) -> int:
        return self.prof.stun_base + 2 * self.times_stunned  # 000 L5974, L5990
