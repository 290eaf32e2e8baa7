"""Rules that need code rather than effect data, referenced as `{"custom": name}` steps
(docs/effects.md, "Custom handlers"): `CUSTOM` maps each name to its handler.

common.py holds what both editions use; uprising.py what Uprising's cards, leaders and contracts
add; base.py and base_intrigue.py what the original game's board, cards and leaders add.
"""

from __future__ import annotations

from . import base, base_intrigue, common, uprising

CUSTOM = {
    # both editions
    "harvest": common.harvest,
    "control": common.control,
    "win-conflict": common.win_conflict,
    "pay-now": common.pay_now,
    "signet-ring": common.signet_ring,
    "manipulate": common.manipulate_start,
    # Dune: Imperium - Uprising
    "deploy-recruits": uprising.deploy_recruits,
    "flip-battle-icon": uprising.flip_battle_icon,
    "on-acquire-during-reveal-this-round": uprising.arm_acquire_this_round,
    "on-acquire-this-turn": uprising.arm_acquire_this_turn,
    "on-deploy-3-units-in-one-turn": uprising.arm_deploy_three,
    "feyd-token": uprising.feyd_token,
    "feyd-training": uprising.feyd_training,
    "leader-face": uprising.leader_face,
    "add-memory": uprising.add_memory,
    "other-memories": uprising.other_memories,
    "repeat-space-effects": uprising.repeat_space_effects,
    "sardaukar-commander": uprising.sardaukar_commander,
    "no-deploy-this-turn": uprising.no_deploy_this_turn,
    "remove-starting-card": uprising.remove_starting_card,
    "recall-agent": uprising.recall_agents,
    # the original game: board, Imperium cards, Conflict rewards, leaders
    "take-mentat": base.take_mentat,
    "gain-reserve-card": base.gain_reserve_card,
    "harvest-base-again": base.harvest_base_again,
    "discount-this-turn": base.discount_this_turn,
    "lose-troops": base.lose_troops,
    "discard-or-lose-troop": base.discard_or_lose_troop,
    "discard-to-hand": base.discard_to_hand,
    "the-voice": base.the_voice,
    "kwisatz-haderach": base.kwisatz_haderach,
    "mentat-next-round": base.mentat_next_round,
    "masterstroke-tokens": base.masterstroke_tokens,
    "masterstroke-reveal": base.masterstroke_reveal,
    "influence-where-behind": base.influence_where_behind,
    "prescience": base.prescience,
    "reduce-space-cost": base.passive,
    "eyes-everywhere": base.passive,
    # the original game: Intrigue cards
    "pass-turn": base_intrigue.pass_turn,
    "acquire-to-deck-top": base_intrigue.acquire_to_deck_top,
    "acquire-to-deck-top-this-reveal": base_intrigue.arm_deck_top_this_reveal,
    "add-agent-icons-this-turn": base_intrigue.add_agent_icons,
    "ignore-occupied-spaces-this-turn": base_intrigue.ignore_occupied,
    "opponent-loses-conflict-troop": base_intrigue.opponent_loses_conflict_troop,
    "deploy-from-supply": base_intrigue.deploy_from_supply,
    "deploy-recruits-in-reveal-turn": base_intrigue.deploy_recruits_in_reveal,
    "shuffle-discard-into-deck": base_intrigue.shuffle_discard_into_deck,
    "look-top-draw-or-trash": base_intrigue.look_top_draw_or_trash,
    "lose-conflict-troops": base_intrigue.lose_conflict_troops,
    "when-you-win-conflict": base_intrigue.when_you_win,
    "if-more-copies-than-each-opponent": base_intrigue.more_copies_than_each_opponent,
}
