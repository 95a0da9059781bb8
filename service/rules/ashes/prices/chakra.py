"""Awakening a slumbering Chakra and the Recovery step (004 L70–L80)."""

from __future__ import annotations

from ..combatant.models import Chakra, ChakraState
from ..pack import Pack


def awakened(chakra: Chakra, rank: int, pack: Pack) -> Chakra:
    """The Chakra awakened by a Set of ``rank``: Recovery = rank, Pool = rank × 5, empty (004 L73–L74)."""
    return chakra.model_copy(
        update={
            "state": ChakraState.awakened,
            "recovery": rank,
            "pool": rank * pack.pool_per_recovery.value,
            "prana": 0,
        }
    )


def recovered(chakra: Chakra, awakening_facing: int | None) -> Chakra:
    """The Chakra after the Recovery step: the awakening Set's facing in its first round, else its Recovery
    (004 L77–L79); never above its Pool (digest D14)."""
    if chakra.state is not ChakraState.awakened:
        return chakra
    gain = awakening_facing if awakening_facing is not None else chakra.recovery
    return chakra.model_copy(update={"prana": min(chakra.pool, chakra.prana + gain)})
