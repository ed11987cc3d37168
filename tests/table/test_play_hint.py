"""The play table's Hint: it escalates as a lesson's does, goes on with the same turn while the
learner follows it, and a hand played by following it is never marked down by its review."""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.engine.match import Match
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.rules import Rules
from kingscorner_widget.engine.words import instruction, sentence
from kingscorner_widget.table.play import PlaySession
from kingscorner_widget.table.review import ReviewSession

HINT = "Hint (to win the hand):"
HELD = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"


def test_the_hint_escalates_from_the_idea_to_the_card_to_the_whole_turn() -> None:
    s = PlaySession(Game.from_position(HELD), opponents="greedy")
    said = [s.act("hint") for _ in range(4)]
    idea, card, turn, again = (r.status for r in said)
    # keeping the three back wins only a few more of the 62 play-outs: a close call, said so
    assert idea == (
        "Hint (to win the hand): Keeping a card back and playing the most cards come out about "
        "the same here: either is fine."
    )
    assert "queen" not in idea  # the idea names no card
    six = parse_move("6c>W")
    assert card == f"{HINT} {sentence(instruction(Game.from_position(HELD), six))}"
    assert turn.startswith("Hint (to win the hand): The whole turn: play the six of clubs")
    assert "keeps back the three of hearts" in turn
    assert "Played out 62 times" in turn  # the deals its play-outs allowed
    assert again == turn  # the last level stays
    for text in (idea, card, turn):
        assert "sampled" not in text
    # The card is outlined from the first; the pile with the whole turn.
    assert [r.hint and r.hint["whole"] for r in said] == [False, False, True, True]
    assert {r.hint["move"] for r in said if r.hint} == {"6c>W"}


def test_the_hint_goes_on_with_the_same_turn_while_it_is_followed() -> None:
    s = PlaySession(Game.from_position(HELD), opponents="greedy")
    first = s.act("hint").hint
    assert first is not None
    before = s.game.copy()
    s.play(first["move"])
    after = s.act("hint")  # the idea was told: the next card at once
    assert after.hint is not None
    following = parse_move(after.hint["move"])
    assert str(following) == "W>N"
    assert before.is_legal(following)  # the same turn goes on: the move was there before
    assert after.status == f"{HINT} {sentence(instruction(s.game, following))}"
    assert s.act("hint").status.startswith("Hint (to win the hand): The rest of the turn: move")


def test_hands_played_by_following_every_hint_are_never_marked_down() -> None:
    s = PlaySession(Match(Rules(players=3), seed=11), opponents="greedy", seed=11)
    turns = 0
    for _ in range(3):  # three hands of the match, each reviewed as "Review this hand" does
        for _ in range(600):
            if s.game.is_over():
                break
            if s.waiting is not None:
                assert not s.act("step").refused
                continue
            reply = s.act("hint")
            assert reply.hint is not None
            assert not s.play(reply.hint["move"]).refused, reply.status
        assert s.game.is_over()
        review = s.act("review").opens
        assert isinstance(review, ReviewSession)
        assert review.judge == "win"  # the Hint's judge: the review opens on it
        estimates = review.estimates
        assert estimates is not None
        assert estimates.wait(600)
        judged = estimates.review()
        assert judged is not None
        marked = [(t.number, t.verdict) for t in judged.turns if t.verdict != "best"]
        assert not marked, (s.match.hand_number if s.match else 0, marked)
        turns += len(judged.turns)
        if s.match is None or s.match.is_over():
            break
        assert not s.act("next").refused
    print(f"{turns} turns followed the Hint, none marked down")
    assert turns >= 6


def test_a_review_opens_by_cards_when_no_hint_was_asked() -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:41 turn:P1"
    s = PlaySession(Game.from_position(line), opponents="greedy")
    s.play("Th>N")
    review = s.act("review").opens
    assert isinstance(review, ReviewSession)
    assert review.judge == "cards"
