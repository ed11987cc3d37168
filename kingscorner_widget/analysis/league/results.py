"""The league's results file: one JSON line per finished hand, so a stopped league resumes.

The first line describes the league (its entries' fingerprints, hands, seed, time limit); each
line carries a keyed check (HMAC-SHA256) chained over every line before it, with a key kept
beside the file that only the league's user can read. A file changed between runs (a line
edited, added, removed or reordered) fails the check on resume and is refused, by name. During a
run the league keeps every line in memory: a file changed under it is written out again.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> results = ResultsFile.open(folder / "league.jsonl", {"seed": 0})
>>> results.add({"key": "pair:a:b:0:0", "ranks": [1, 2]})
>>> ResultsFile.open(folder / "league.jsonl", {"seed": 0}).hands[0]["key"]
'pair:a:b:0:0'
>>> _ = (folder / "league.jsonl").write_text(
...     (folder / "league.jsonl").read_text().replace('[1, 2]', '[2, 1]'))
>>> ResultsFile.open(folder / "league.jsonl", {"seed": 0})
Traceback (most recent call last):
...
ValueError: ... was changed after the league wrote it (line 2 fails its check): ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

__all__ = ["ResultsFile"]

Json = dict[str, Any]


def _mac(key: bytes, previous: str, body: str) -> str:
    return hmac.new(key, f"{previous}\n{body}".encode(), hashlib.sha256).hexdigest()


def _body(item: Json) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


class ResultsFile:
    """The results of one league, on disk and in memory."""

    def __init__(self, path: Path, key: bytes, config: Json, hands: list[Json]) -> None:
        self.path = path
        self.config = config
        """What the league was started with."""
        self.hands = hands
        """Every finished hand, in the order played."""
        self.rewritten = False
        """True when the file was found changed during the run and written out again."""
        self._key = key
        self._lines: list[str] = []
        self._size = 0

    @classmethod
    def open(cls, path: str | Path, config: Json) -> ResultsFile:
        """The results at ``path``: read and checked if the file exists (and its league is
        ``config``), else a new file."""
        path = Path(path)
        key_path = path.with_name(path.name + ".key")
        if path.exists():
            if not key_path.exists():
                raise ValueError(
                    f"{path} has no key file beside it ({key_path.name}), so it cannot be "
                    "checked: start a new results file"
                )
            key = bytes.fromhex(key_path.read_text().strip())
            results = cls._read(path, key)
            _same_league(path, results.config, config)
            return results
        path.parent.mkdir(parents=True, exist_ok=True)
        key = secrets.token_bytes(32)
        descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(key.hex() + "\n")
        results = cls(path, key, config, [])
        results._append({"league": config})
        return results

    @classmethod
    def _read(cls, path: Path, key: bytes) -> ResultsFile:
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        if lines:  # the last line is empty, or was cut short when the league stopped
            lines.pop()
        previous = ""
        items: list[Json] = []
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
                item, mac = record["item"], record["mac"]
                good = hmac.compare_digest(_mac(key, previous, _body(item)), mac)
            except (ValueError, KeyError, TypeError):
                good = False
            if not good:
                raise ValueError(
                    f"{path} was changed after the league wrote it (line {number} fails its "
                    "check): restore it, or start a new results file"
                )
            previous = mac
            items.append(item)
        if not items or "league" not in items[0]:
            raise ValueError(f"{path} is not a league's results file")
        results = cls(path, key, items[0]["league"], [item["hand"] for item in items[1:]])
        results._lines = [line + "\n" for line in lines]
        results._size = sum(len(line.encode()) for line in results._lines)
        return results

    def add(self, hand: Json) -> None:
        """Keep one finished hand."""
        self.hands.append(hand)
        self._append({"hand": hand})

    def _append(self, item: Json) -> None:
        previous = json.loads(self._lines[-1])["mac"] if self._lines else ""
        body = _body(item)
        line = json.dumps({"item": item, "mac": _mac(self._key, previous, body)}) + "\n"
        self._lines.append(line)
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            size = -1
        if size != self._size and self._size:
            self._write_all()
            return
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(line)
        self._size += len(line.encode())

    def _write_all(self) -> None:
        """Write every line again: the file was changed under the league."""
        self.rewritten = True
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text("".join(self._lines), encoding="utf-8")
        temporary.replace(self.path)
        self._size = sum(len(line.encode()) for line in self._lines)

    def verify(self) -> None:
        """At the end of a run: write the file again if anything changed it."""
        try:
            same = self.path.read_text(encoding="utf-8") == "".join(self._lines)
        except (FileNotFoundError, UnicodeDecodeError):
            same = False
        if not same:
            self._write_all()


def _same_league(path: Path, found: Json, wanted: Json) -> None:
    """Refuse to resume a different league into ``path``."""
    old, new = found.get("entries", {}), wanted.get("entries", {})
    for name in sorted(set(old) | set(new)):
        if name not in new:
            raise ValueError(f"{path} holds a league with {name}, which is not in this one")
        if name not in old:
            raise ValueError(f"{path} holds a league without {name}: start a new results file")
        if old[name] != new[name]:
            raise ValueError(
                f"{name} changed since {path} was started: start a new results file to "
                "rank the new version"
            )
    for field in sorted(set(found) | set(wanted)):
        if field != "entries" and found.get(field) != wanted.get(field):
            raise ValueError(
                f"{path} holds a league with {field} {found.get(field)!r}, not "
                f"{wanted.get(field)!r}: start a new results file"
            )
