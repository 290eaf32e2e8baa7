"""Our rulings are in our own words (issue 31): no run of ten words may be shared with the rule
texts we hold (the seeds and the official rulebooks and FAQ). The texts themselves stay out of
the repository; `tests/data/rulebook-runs.bin` keeps only a 48-bit digest of each ten-word run
(sorted), which is enough to find a copied run and says nothing readable about the text.

    python tests/own_words.py ../shared/seeds ../shared/rulebooks   # rebuild the digests
    python tests/own_words.py --gf9 numbered_rules/                 # the GF9 rulebook's (see below)
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

RUN = 10  # words
DIGEST = 6  # bytes
DIGESTS = Path(__file__).parent / "data" / "rulebook-runs.bin"
# The GF9 classic Dune rulebook, which is not among the texts we hold: the runs of a public
# numbered transcription of it (GitHub ralf-boltshauser/dune-bench, numbered_rules/0.md to 3.md),
# built once with `build_gf9`; the classic Dune records are read against it too.
GF9_DIGESTS = Path(__file__).parent / "data" / "gf9-rulebook-runs.bin"
_WORD = re.compile(r"[a-zа-яё0-9]+(?:'[a-z]+)?")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'").replace("ё", "е"))


def runs(text: str) -> list[tuple[str, bytes]]:
    """Each run of RUN words in `text`, with its digest."""
    w = words(text)
    out = []
    for i in range(len(w) - RUN + 1):
        run = " ".join(w[i:i + RUN])
        out.append((run, hashlib.blake2b(run.encode(), digest_size=DIGEST).digest()))
    return out


def held(path: Path = DIGESTS) -> frozenset[bytes]:
    data = path.read_bytes()
    return frozenset(data[i:i + DIGEST] for i in range(0, len(data), DIGEST))


def build(folders: list[str], pattern: str = "*.txt", out: Path = DIGESTS) -> int:
    found = {d for folder in folders for path in sorted(Path(folder).glob(pattern))
             for _, d in runs(path.read_text(encoding="utf-8"))}
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(b"".join(sorted(found)))
    return len(found)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--gf9"]:
        print(build(sys.argv[2:], "*.md", GF9_DIGESTS), "runs")
    else:
        print(build(sys.argv[1:]), "runs")
