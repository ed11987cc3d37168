"""The league's results file: one JSON line per finished hand, so a stopped league resumes.

The first line describes the league (its entries' fingerprints, hands, seed, time limit); each
line carries a keyed check (HMAC-SHA256) chained over every line before it, with a key kept
beside the file that only the league's user can read. A file changed between runs (a line
edited, added, removed or reordered) fails the check on resume and is refused, by name. During a
run the league keeps every line in memory: a file changed under it is written out again.

The key is also the league's secret for its deals (:meth:`ResultsFile.deal_seed`): drawn with
:mod:`secrets` when the league starts, it never leaves the key file (``0600``, made exclusively),
and the results name each hand's deal by its number only. Root follows no link an entry could
plant: every file here is opened with ``O_NOFOLLOW``, made with ``O_EXCL``, or written whole
by an atomic rename; a key or results file this user did not make, or others may change, is
refused.

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

import contextlib
import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["ResultsFile", "write_atomically"]

Json = dict[str, Any]


def _mac(key: bytes, previous: str, body: str) -> str:
    return hmac.new(key, f"{previous}\n{body}".encode(), hashlib.sha256).hexdigest()


def _body(item: Json) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _read_own(path: Path, what: str) -> str:
    """The text of ``path``, refused unless it is a plain file (not a link) of this user that
    no one else may change."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ValueError(f"{path} is a link, not a {what} this league made") from None
        raise ValueError(
            f"{path} cannot be read as the league's {what}: {error.strerror}"
        ) from None
    with os.fdopen(descriptor, "rb") as source:
        info = os.fstat(source.fileno())
        _own(path, info, what)
        return source.read().decode("utf-8", errors="replace")


def _own(path: Path, info: os.stat_result, what: str) -> None:
    mine = not hasattr(os, "geteuid") or info.st_uid == os.geteuid()
    if not stat.S_ISREG(info.st_mode) or not mine or info.st_mode & 0o022:
        raise ValueError(
            f"{path} is not a {what} this league made (another user's, a link, or one others "
            "may change): start a new results file elsewhere"
        )


def _create(path: Path, text: str) -> None:
    """Make ``path`` with ``text``: a new file (never an existing one, nor through a link)
    that only this user may read."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)


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
        if os.path.lexists(path):
            if not os.path.lexists(key_path):
                raise ValueError(
                    f"{path} has no key file beside it ({key_path.name}), so it cannot be "
                    "checked: start a new results file"
                )
            key = _key(key_path)
            results = cls._read(path, key)
            _same_league(path, results.config, config)
            return results
        path.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(key_path):  # an old league's key, without its results: ours only
            _key(key_path)
            key_path.unlink()
        key = secrets.token_bytes(32)
        try:
            _create(key_path, key.hex() + "\n")
            _create(path, "")
        except FileExistsError:
            raise ValueError(
                f"{path} or its key appeared while the league made them: start a new results "
                "file elsewhere"
            ) from None
        results = cls(path, key, config, [])
        results._append({"league": config})
        return results

    @classmethod
    def read(cls, path: str | Path) -> ResultsFile:
        """The finished results at ``path``, checked with the key beside them."""
        path = Path(path)
        return cls._read(path, _key(path.with_name(path.name + ".key")))

    def deal_seed(self, seed: int, deal: int) -> int:
        """The seed of deal number ``deal`` in a league seeded with ``seed``: from the key, so
        no entry (which never sees the key) can work its deals out.

        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> one = ResultsFile.open(folder / "one.jsonl", {})
        >>> one.deal_seed(0, 3) == one.deal_seed(0, 3) != one.deal_seed(0, 4)
        True
        >>> one.deal_seed(0, 3) != ResultsFile.open(folder / "two.jsonl", {}).deal_seed(0, 3)
        True
        """
        digest = hmac.new(self._key, f"deal:{seed}:{deal}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    @classmethod
    def _read(cls, path: Path, key: bytes) -> ResultsFile:
        text = _read_own(path, "results file")
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
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | _NOFOLLOW)
        except OSError:  # gone, or replaced by a link: write the whole file again
            self._write_all()
            return
        with os.fdopen(descriptor, "a", encoding="utf-8") as out:
            info = os.fstat(out.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
                out.close()
                self._write_all()
                return
            out.write(line)
        self._size += len(line.encode())

    def _write_all(self) -> None:
        """Write every line again: the file was changed under the league."""
        self.rewritten = True
        write_atomically(self.path, "".join(self._lines))
        self._size = sum(len(line.encode()) for line in self._lines)

    def verify(self) -> None:
        """At the end of a run: write the file again if anything changed it."""
        try:
            same = _read_own(self.path, "results file") == "".join(self._lines)
        except ValueError:
            same = False
        if not same:
            self._write_all()


def _key(path: Path) -> bytes:
    text = _read_own(path, "key")
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        key = b""
    if len(key) != 32:
        raise ValueError(f"{path} is not a league's key: start a new results file")
    return key


def write_atomically(path: str | Path, text: str, mode: int = 0o600) -> None:
    """Write ``path`` whole by renaming a new file of this user's over it: no link at ``path``
    is followed (the rename replaces the link itself), and a file another user owns in a
    sticky folder like ``/tmp`` cannot be replaced (the rename is refused).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "board.html"
    >>> write_atomically(target, "<table>", 0o644); target.read_text()
    '<table>'
    """
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
            os.fchmod(out.fileno(), mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
