"""The six-player team game of a state written back as a compact scenario (cut.py): what
scenario_six.py reads. A tie between Allies waits only inside the Combat's rewards, where no
decision point stands; should one be there, the scenario has no words for it."""

from __future__ import annotations


def describe_table(state: dict, doc: dict, label, unexpressible) -> None:
    six = state.get("six")
    if six is None:
        return
    if six.get("tie") is not None:
        raise unexpressible(f"tied Allies waiting for their rewards: {six['tie']}")
    if any(six["tokens"].values()):
        doc["agent_tokens"] = {pid: list(t) for pid, t in sorted(six["tokens"].items()) if t}
    if six["swordmaster_taken"]:
        doc["swordmaster_taken"] = list(six["swordmaster_taken"])
    if six.get("throne_row"):
        doc["throne_row"] = label.many("card", six["throne_row"])
