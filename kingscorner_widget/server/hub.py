"""The class server as a JupyterHub service: where the Hub tells it to listen, and who is calling.

On a school's JupyterHub the class server runs as a Hub service (``kingscorner serve --hub``, see
``docs/hub.md``). The Hub starts it with its settings in the environment (:class:`HubService`) and
sends it the requests for ``/services/<name>/`` through the Hub's own address. A student's kernel
runs in that student's single-user server, which holds a Hub token of its own
(``JUPYTERHUB_API_TOKEN``, :func:`kernel_hub_token`); the kernel presents it when it joins, and
the class server asks the Hub whose it is (:class:`HubIdentity`), as JupyterHub's own ``HubAuth``
does for token-authenticated services. So a learner's name comes from the Hub, never from what a
student typed, and the server keeps no token: it keeps the answer for a minute (by the token's
hash) so that a class of thirty joining at once asks the Hub thirty times, not more.

>>> service = HubService.from_environ({
...     "JUPYTERHUB_SERVICE_NAME": "classroom",
...     "JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:10101",
...     "JUPYTERHUB_SERVICE_PREFIX": "/services/classroom/",
...     "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api",
... })
>>> service.host, service.port, service.prefix
('127.0.0.1', 10101, '/services/classroom/')
>>> HubService.from_environ({})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kingscorner_widget.server.hub.HubError: not started by JupyterHub as a service: ...
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..display.language import gettext

__all__ = ["HubError", "HubIdentity", "HubService", "HubUser", "kernel_hub_token"]

#: How long the Hub's answer for one token is kept (seconds).
REMEMBER_SECONDS = 60.0
#: How many tokens' answers are kept at once (a class or two, with room to spare).
REMEMBER_AT_MOST = 512
#: The longest a token may be: a Hub token is 32 hex digits; anything far longer is not one.
TOKEN_AT_MOST = 256
#: The longest the Hub's answer about one user may be (bytes).
ANSWER_AT_MOST = 64 * 1024


class HubError(ValueError):
    """The Hub's settings are missing or malformed, or the Hub did not vouch for a token."""


@dataclass(frozen=True)
class HubService:
    """What the Hub gives a service it starts: its ``name``, the ``host`` and ``port`` to listen
    on, the path ``prefix`` the Hub's proxy sends to it (``/services/<name>/``, kept whole in
    each request's path) and the Hub's ``api_url`` for asking who holds a token."""

    name: str
    host: str
    port: int
    prefix: str
    api_url: str

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> HubService:
        """The service's settings from the environment the Hub starts it in (``os.environ`` by
        default); :class:`HubError` names the first one missing or malformed."""
        env = os.environ if environ is None else environ

        def needed(key: str) -> str:
            value = env.get(key, "")
            if not value:
                raise HubError(
                    f"not started by JupyterHub as a service: {key} is not set "
                    "(see docs/hub.md for the jupyterhub_config.py lines)"
                )
            return value

        url = urllib.parse.urlsplit(needed("JUPYTERHUB_SERVICE_URL"))
        if url.scheme != "http" or not url.hostname or url.port is None:
            raise HubError(
                "JUPYTERHUB_SERVICE_URL must be http://HOST:PORT for a service the Hub starts, "
                f"not {env['JUPYTERHUB_SERVICE_URL']!r}"
            )
        prefix = needed("JUPYTERHUB_SERVICE_PREFIX")
        if not prefix.startswith("/"):
            raise HubError(f"JUPYTERHUB_SERVICE_PREFIX must be a path, not {prefix!r}")
        api_url = needed("JUPYTERHUB_API_URL")
        if urllib.parse.urlsplit(api_url).scheme not in ("http", "https"):
            raise HubError(f"JUPYTERHUB_API_URL must be an http(s) address, not {api_url!r}")
        return cls(
            name=env.get("JUPYTERHUB_SERVICE_NAME", "") or prefix.strip("/").rsplit("/", 1)[-1],
            host=url.hostname,
            port=url.port,
            prefix=prefix if prefix.endswith("/") else prefix + "/",
            api_url=api_url.rstrip("/"),
        )


@dataclass(frozen=True)
class HubUser:
    """Who the Hub says holds a token: the user's ``name``, whether they are a Hub ``admin``,
    and the Hub ``groups`` they belong to (a class server may take a group's members as its
    teachers)."""

    name: str
    admin: bool
    groups: tuple[str, ...]


Fetch = Callable[[urllib.request.Request, float], bytes]


def _fetch(request: urllib.request.Request, timeout: float) -> bytes:
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        body: bytes = answer.read(ANSWER_AT_MOST + 1)
        return body


class HubIdentity:
    """Asks the Hub at ``api_url`` who holds a token (``GET {api_url}/user``), and remembers the
    answer for :data:`REMEMBER_SECONDS`. A token the Hub does not know, a service's token, a Hub
    that does not answer in ``timeout`` seconds or answers nonsense: :class:`HubError`, saying
    which. Blocking: an asyncio server calls :meth:`user_for` in a thread.

    >>> identity = HubIdentity("http://hub/api", fetch=lambda request, timeout: (
    ...     b'{"kind": "user", "name": "ada", "admin": false, "groups": ["7b"]}'))
    >>> identity.user_for("0123abcd")
    HubUser(name='ada', admin=False, groups=('7b',))
    >>> identity.user_for("")
    Traceback (most recent call last):
    ...
    kingscorner_widget.server.hub.HubError: no Hub token was sent: join from a notebook on the Hub
    """

    def __init__(
        self,
        api_url: str,
        *,
        timeout: float = 5.0,
        fetch: Fetch = _fetch,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self.timeout = timeout
        self._fetch = fetch
        self._clock = clock
        self._lock = threading.Lock()
        self._known: dict[str, tuple[float, HubUser]] = {}

    def user_for(self, token: str) -> HubUser:
        """The Hub user holding ``token``, or :class:`HubError`."""
        if not isinstance(token, str) or not token:
            raise HubError(gettext("no Hub token was sent: join from a notebook on the Hub"))
        if len(token) > TOKEN_AT_MOST or not token.isascii() or not token.isprintable():
            raise HubError(gettext("that is not a Hub token"))
        key = hashlib.sha256(token.encode()).hexdigest()
        now = self._clock()
        with self._lock:
            kept = self._known.get(key)
            if kept is not None and kept[0] > now:
                return kept[1]
        user = self._ask(token)
        with self._lock:
            if len(self._known) >= REMEMBER_AT_MOST:
                self._known = {k: v for k, v in self._known.items() if v[0] > now}
                while len(self._known) >= REMEMBER_AT_MOST:
                    self._known.pop(next(iter(self._known)))
            self._known[key] = (now + REMEMBER_SECONDS, user)
        return user

    def _ask(self, token: str) -> HubUser:
        request = urllib.request.Request(
            f"{self.api_url}/user",
            headers={"Authorization": f"token {token}", "Accept": "application/json"},
        )
        try:
            body = self._fetch(request, self.timeout)
        except urllib.error.HTTPError as error:
            if error.code in (401, 403, 404):
                raise HubError(
                    gettext("the Hub does not know that token: sign in to the Hub again")
                ) from None
            raise HubError(f"the Hub answered {error.code} when asked who is joining") from None
        except (OSError, ValueError) as error:
            raise HubError(f"the Hub could not be asked who is joining ({error})") from None
        return _read_user(body)


def _read_user(body: bytes) -> HubUser:
    """The Hub's answer about a token's owner, checked field by field."""
    if len(body) > ANSWER_AT_MOST:
        raise HubError("the Hub's answer about that token is too long to be one")
    try:
        model = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        raise HubError("the Hub's answer about that token is not JSON") from None
    if not isinstance(model, dict):
        raise HubError("the Hub's answer about that token is not a user")
    if model.get("kind", "user") != "user":
        raise HubError(gettext("that token is a Hub service's, not a person's: join as a learner"))
    name, admin, groups = model.get("name"), model.get("admin", False), model.get("groups", [])
    if not isinstance(name, str) or not name:
        raise HubError("the Hub's answer about that token has no user name")
    if not isinstance(admin, bool):
        raise HubError("the Hub's answer about that token is malformed (admin)")
    if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
        raise HubError("the Hub's answer about that token is malformed (groups)")
    return HubUser(name=name, admin=admin, groups=tuple(groups))


def kernel_hub_token(environ: Mapping[str, str] | None = None) -> str | None:
    """The Hub token of the single-user server this kernel runs in, or ``None`` off the Hub.

    >>> kernel_hub_token({"JUPYTERHUB_API_TOKEN": "0123abcd"}), kernel_hub_token({})
    ('0123abcd', None)
    """
    env = os.environ if environ is None else environ
    return env.get("JUPYTERHUB_API_TOKEN") or None
