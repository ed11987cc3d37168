"""The class server's Hub side against a real JupyterHub: who holds a token, asked of the Hub."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kingscorner_widget.server.hub import HubError, HubIdentity, HubUser

from .real_hub import RealHub, real_hub


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealHub]:
    with real_hub(Path(tmp_path_factory.mktemp("hub"))) as running:
        yield running


def test_a_learners_token_names_the_learner(hub: RealHub) -> None:
    hub.api("POST", "/groups/teachers")
    token = hub.user_token("ada")
    hub.user_token("mr-brown")
    hub.api("POST", "/groups/teachers/users", {"users": ["mr-brown"]})
    identity = HubIdentity(f"{hub.url}/hub/api")
    assert identity.user_for(token) == HubUser(name="ada", admin=False, groups=())
    teacher = identity.user_for(hub.user_token("mr-brown"))
    assert teacher == HubUser(name="mr-brown", admin=False, groups=("teachers",))


def test_a_token_with_the_least_scope_still_names_its_owner(hub: RealHub) -> None:
    """A token made with no scopes at all still identifies its owner (the Hub gives every
    token that), so a Hub that narrows the servers' tokens keeps the class working."""
    token = hub.user_token("ben", scopes=[])
    assert HubIdentity(f"{hub.url}/hub/api").user_for(token).name == "ben"


@pytest.mark.parametrize(
    ("token", "said"),
    [
        ("0" * 32, "does not know that token"),
        ("", "no Hub token was sent"),
        ("x" * 300, "not a Hub token"),
        ("ab\ncd", "not a Hub token"),
    ],
)
def test_a_token_the_hub_does_not_vouch_for_is_refused(hub: RealHub, token: str, said: str) -> None:
    with pytest.raises(HubError, match=said):
        HubIdentity(f"{hub.url}/hub/api").user_for(token)


def test_a_services_token_is_not_a_learner(hub: RealHub) -> None:
    with pytest.raises(HubError, match="service's, not a person's"):
        HubIdentity(f"{hub.url}/hub/api").user_for(hub.admin_token)


def test_a_revoked_token_is_refused_once_its_answer_expires(hub: RealHub) -> None:
    now = [0.0]
    identity = HubIdentity(f"{hub.url}/hub/api", clock=lambda: now[0])
    token = hub.user_token("cal")
    assert identity.user_for(token).name == "cal"
    for made in hub.api("GET", "/users/cal/tokens")["api_tokens"]:
        hub.api("DELETE", f"/users/cal/tokens/{made['id']}")
    assert identity.user_for(token).name == "cal"  # the answer kept for a minute
    now[0] += 61
    with pytest.raises(HubError, match="does not know that token"):
        identity.user_for(token)


def test_a_hub_that_is_gone_is_said_plainly() -> None:
    identity = HubIdentity("http://127.0.0.1:9/hub/api", timeout=2)
    with pytest.raises(HubError, match="could not be asked who is joining"):
        identity.user_for("0123abcd")
