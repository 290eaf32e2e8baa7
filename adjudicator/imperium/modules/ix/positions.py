"""Rise of Ix in positions (docs/positions.md): the dreadnoughts (each player's in the garrison and
the Conflict, the supply holding the rest; those controlling a space, with the round they came),
the Freighter's space on the Shipping track and the Negotiators on Ix (troops out of the supply),
read from a scenario, cut back from a state and audited. The Tech tiles are the Tech Module's part
(`modules/tech/positions.py`), which reads them for both modules.

Scenario keys: `epic` (true: the Epic Game mode), `dreadnoughts` {space: {"player": id, "round": n}}
on the table; on a player `dreadnoughts` {"garrison": n, "conflict": n}, `freighter` n,
`troops.negotiators` n (old name, deprecated: `negotiators`) and `snoopers` (Tessia Vernius's still
on the tracks).
"""

from __future__ import annotations

from ....core.engine.positions import Part, esc
from ....core.errors import problem
from .units import MODULE, board, dreadnoughts

TOTAL = 2  # dreadnoughts per player (rulebook p. 6)
EPIC = "epic"  # the log setup option (rules.EPIC)
ZONES = ("garrison", "conflict")


class Ix(Part):
    name = MODULE
    table_keys = ("dreadnoughts", "epic")
    player_keys = ("dreadnoughts", "freighter", "negotiators", "snoopers")
    pointers = {"board/dreadnoughts": "/dreadnoughts"}

    def read_setup(self, rules, doc: dict, prefix: str, setup: dict) -> list[dict]:
        """`epic: true`: the Epic Game mode (the log setup's option)."""
        if doc.get("epic"):
            setup["options"] = [*setup.get("options", []), EPIC]
        return []

    def describe_setup(self, state: dict, doc: dict) -> None:
        if state["game"].get("epic"):
            doc["epic"] = True

    def read_table(self, r, state: dict, doc: dict) -> None:
        self.unplayed(r, state, doc, self.table_keys)
        if MODULE not in state["game"]["modules"]:
            return
        held = {}
        for key, value in sorted((doc.get("dreadnoughts") or {}).items()):
            ptr = f"/dreadnoughts/{esc(key)}"
            space = r.name("space", key, ptr)
            if space is None:
                continue
            if space not in board(r.cnt)["dreadnought_spaces"]:
                r.fail(ptr, "not-a-control-space", "a dreadnought controls only Arrakeen, Carthag or Imperial Basin")
                continue
            held[space] = {"player": value.get("player"), "round": value.get("round", state["round"])}
        state["board"]["dreadnoughts"] = dict(sorted(held.items()))

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        self.unplayed(r, state, src, self.player_keys, ptr)
        self.unplayed(r, state, src.get("troops", {}), ("negotiators",), f"{ptr}/troops")
        if MODULE not in state["game"]["modules"]:
            return
        pl = state["players"][pid]
        ships = {z: (src.get("dreadnoughts") or {}).get(z, 0) for z in ZONES}
        pl["dreadnoughts"] = {"supply": TOTAL - sum(ships.values()), **ships}
        pl["freighter"] = src.get("freighter", 0)
        top = board(r.cnt)["shipping_track"]["top"]
        if not isinstance(pl["freighter"], int) or not 0 <= pl["freighter"] <= top:
            r.fail(f"{ptr}/freighter", "beyond-track", f"the Shipping track's spaces are 0 to {top}")
        if "snoopers" in src:  # Tessia Vernius's, still on the tracks (her setup placed all four)
            if "snoopers" not in pl:
                r.fail(f"{ptr}/snoopers", "not-this-leader", "only Tessia Vernius has Snoopers")
            else:
                found = [r.name("faction", f, f"{ptr}/snoopers/{i}") for i, f in enumerate(src["snoopers"])]
                pl["snoopers"] = sorted(f for f in found if f)
        troops = src.get("troops", {})  # `negotiators`: the deprecated alias of `troops.negotiators` (issue 32)
        negotiators, _ = r.aliased(ptr, troops, "negotiators", "troops/negotiators", src, "negotiators")
        if negotiators:  # troops on Ix come out of the supply unless the supply is written
            pl["troops"]["negotiators"] = negotiators
            if "supply" not in troops:
                pl["troops"]["supply"] -= negotiators

    def fill(self, r, state: dict, doc: dict) -> None:
        """A dreadnought on a space is one of its player's: out of that player's supply."""
        if MODULE not in state["game"]["modules"]:
            return
        for space, held in sorted(state["board"]["dreadnoughts"].items()):
            pl = state["players"].get(held["player"])
            if pl is None:
                r.fail(f"/dreadnoughts/{esc(space)}/player", "unknown-name", f"no player {held['player']!r}")
                continue
            pl["dreadnoughts"]["supply"] -= 1

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if MODULE in state["game"]["modules"] and state["board"]["dreadnoughts"]:
            doc["dreadnoughts"] = {c.name("space", s): dict(held) for s, held in state["board"]["dreadnoughts"].items()}

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        if MODULE not in state["game"]["modules"]:
            return
        pl = state["players"][pid]
        ships = {z: n for z in ZONES if (n := pl["dreadnoughts"][z])}
        if ships:
            out["dreadnoughts"] = ships
        if pl["freighter"]:
            out["freighter"] = pl["freighter"]
        if pl["troops"].get("negotiators"):
            out.setdefault("troops", {})["negotiators"] = pl["troops"]["negotiators"]
        if pl.get("snoopers") != c.default["players"][pid].get("snoopers"):
            out["snoopers"] = [c.name("faction", f) for f in pl["snoopers"]]

    def dealt(self, state: dict, cnt, dealt: dict) -> None:
        if state["game"].get("epic"):  # the Epic Conflict deck: five level II on five level III (p. 10)
            dealt["conflict_levels"] = list(cnt.expansion_setup[MODULE]["epic"]["conflict_levels"])

    def misplaced(self, state: dict, out: list) -> None:
        playing = MODULE in state["game"]["modules"]
        if ("dreadnoughts" in state["board"]) != playing:
            out.append(problem("/board/dreadnoughts", "needs-module" if not playing else "schema",
                               f"dreadnoughts are pieces of the {MODULE} module"))
            return
        for pid in state["game"]["seats"]:
            pl = state["players"][pid]
            for key in ("dreadnoughts", "freighter"):
                if (key in pl) != playing:
                    out.append(problem(f"/players/{esc(pid)}/{key}", "needs-module" if not playing else "schema",
                                       f"{key!r} is a piece of the {MODULE} module"))

    def audit(self, state: dict, cnt, out: list) -> None:
        if MODULE not in state["game"]["modules"]:
            return
        on_board = {}
        for held in state["board"]["dreadnoughts"].values():
            on_board[held["player"]] = on_board.get(held["player"], 0) + 1
        for pid in state["game"]["seats"]:
            mine = dreadnoughts(state["players"][pid])
            if any(n < 0 for n in mine.values()) or sum(mine.values()) + on_board.get(pid, 0) != TOTAL:
                out.append(problem(f"/players/{esc(pid)}/dreadnoughts", "beyond-supply",
                                   f"{pid} has {TOTAL} dreadnoughts: {mine} and {on_board.get(pid, 0)} on the board"))


PART = Ix()
