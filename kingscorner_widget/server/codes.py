"""Room codes and seat tokens: short codes to read aloud, long tokens to keep a seat.

A room's code is :data:`CODE_LENGTH` characters from :data:`ALPHABET`, drawn with
:mod:`secrets`: capital letters and digits with every look-alike left out (no ``0``/``O``,
``1``/``I``/``L``, ``2``/``Z``, ``5``/``S``, ``8``/``B``), so a teacher can read it aloud or
write it on the board and nobody types it wrong. 25**6 (about 244 million) codes, and a room
answers only to its own, so a guess is hopeless at the rate the server takes messages. What a
student types is read kindly (small letters, spaces and dashes are fine).

A seat's token is 32 random bytes (URL-safe text): it is what takes the seat back after a
restart, never shown to anyone else, and compared in constant time (:func:`same_token`).

>>> code = new_code()
>>> len(code), set(code) <= set(ALPHABET)
(6, True)
>>> read_code(" " + code[:3].lower() + "-" + code[3:] + " ") == code
True
>>> read_code("ABC")
Traceback (most recent call last):
...
ValueError: a room code is 6 letters and digits, like KXT-4PQ: 'ABC' is not one
>>> token = new_token()
>>> same_token(token, token), same_token(token, new_token())
(True, False)
>>> spoken("KXT4PQ")
'KXT-4PQ'
"""

from __future__ import annotations

import hmac
import secrets

from ..display.language import gettext

__all__ = ["ALPHABET", "CODE_LENGTH", "new_code", "new_token", "read_code", "same_token", "spoken"]

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""The characters of a room code: none that looks like another."""
CODE_LENGTH = 6
"""How many characters a room code has."""
TOKEN_BYTES = 32
"""The random bytes behind a seat's token."""
MAX_TOKEN = 64
"""The longest text a seat's token is (a longer one is refused unread)."""


def new_code() -> str:
    """A fresh room code (the caller makes sure no open room has it)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: object) -> str:
    """The room code ``text`` means (small letters, spaces and dashes forgiven); anything else
    raises ``ValueError`` saying what a code looks like."""
    plain = str(text).upper().replace("-", "").replace(" ", "") if isinstance(text, str) else ""
    if len(plain) != CODE_LENGTH or not set(plain) <= set(ALPHABET):
        shown = text if isinstance(text, str) and len(text) <= 20 else "that"
        raise ValueError(
            # TRANSLATORS: how many letters and digits a room code has; what was typed, quoted
            gettext(
                "a room code is {n} letters and digits, like KXT-4PQ: {shown} is not one"
            ).format(n=CODE_LENGTH, shown=repr(shown))
        )
    return plain


def spoken(code: str) -> str:
    """The code as it is written on the board: two groups of three."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_token(kept: str, given: object) -> bool:
    """True when ``given`` is the seat's ``kept`` token, compared in constant time (a token of
    the wrong type or length is simply not it)."""
    if not isinstance(given, str) or len(given) > MAX_TOKEN or not given.isascii():
        return False
    return hmac.compare_digest(kept.encode(), given.encode())
