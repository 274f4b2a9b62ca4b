"""Table votes (RULINGS G-4): everyone votes, a strict majority decides, a tie goes the table's way."""

import pytest

from referee.core.errors import InputError, RuleError
from referee.core.votes import Vote, read_ballot

TABLE = ("Ann", "Ben", "Cy", "Di")


def voted(ballots, voters=TABLE, tie_keeps=True):
    vote = Vote("Is QI a word?", voters, tie_keeps=tie_keeps)
    for voter, yes in ballots:
        vote = vote.cast(voter, yes)
    return vote


def test_g4_strict_majority_carries():
    assert voted([("Ann", True), ("Ben", True), ("Cy", True), ("Di", False)]).outcome() is True


def test_g4_strict_majority_refuses():
    assert voted([("Ann", False), ("Ben", False), ("Cy", True), ("Di", False)]).outcome() is False


def test_g4_odd_table_majority_of_one():
    assert voted([("Ann", True), ("Ben", False), ("Cy", True)], voters=TABLE[:3]).outcome() is True


@pytest.mark.parametrize("tie_keeps", [True, False])
def test_g4_tie_goes_the_way_the_table_chose(tie_keeps):
    vote = voted([("Ann", True), ("Ben", False), ("Cy", True), ("Di", False)], tie_keeps=tie_keeps)
    assert vote.tally == (2, 2)
    assert vote.outcome() is tie_keeps


def test_g4_a_revote_replaces_the_earlier_ballot():
    vote = voted([("Ann", True), ("Ben", True), ("Cy", True), ("Di", True), ("Ann", False), ("Ben", False)])
    assert vote.tally == (2, 2)
    assert len(vote.ballots) == 4
    assert vote.outcome() is True  # the tie, kept
    assert voted([("Ann", True), ("Ann", False), ("Ben", False), ("Cy", False), ("Di", True)]).outcome() is False


def test_g4_voter_not_at_the_table_is_refused():
    vote = Vote("Is QI a word?", TABLE)
    with pytest.raises(RuleError, match=r"Zed is not at this table \(G-4\)"):
        vote.cast("Zed", True)
    assert vote.ballots == ()


def test_g4_no_outcome_until_everyone_has_voted():
    vote = voted([("Ann", True), ("Ben", True), ("Cy", True)])
    assert vote.outcome() is None  # three of four say yes, but Di has not voted
    assert vote.missing == ["Di"]
    assert "waiting for Di" in vote.describe()
    assert vote.cast("Di", False).outcome() is True


def test_vote_is_immutable():
    vote = Vote("q", TABLE)
    vote.cast("Ann", True)
    assert vote.ballots == ()


@pytest.mark.parametrize("text,expected", [("yes", True), (" Y ", True), ("aye", True), ("+", True),
                                           ("no", False), ("NAY", False), ("-", False)])
def test_read_ballot(text, expected):
    assert read_ballot(text) is expected


def test_read_ballot_refuses_anything_else():
    with pytest.raises(InputError, match="yes or no, not 'maybe'"):
        read_ballot("maybe")


# -- reading ballots and the settled line, shared by every game's `vote` ------------------


class _Table:
    players = ["Ann", "Ben", "Cy"]

    def player(self, text):
        from referee.core.session import Session

        return Session.player(self, text)

    def find_player(self, text):
        from referee.core.session import Session

        return Session.find_player(self, text)

    def no_player(self, text):
        from referee.core.session import Session

        return Session.no_player(self, text)


def test_g4_read_ballots_takes_pairs_all_and_name_starts():
    from referee.core.votes import read_ballots

    assert read_ballots("an yes, BEN no", _Table()) == [("Ann", True), ("Ben", False)]
    assert read_ballots("all no", _Table()) == [("Ann", False), ("Ben", False), ("Cy", False)]


@pytest.mark.parametrize("text, message", [
    ("", "votes come in pairs"), ("Ann", "votes come in pairs"), ("Zed yes", "no player 'Zed'; the players are Ann, Ben, Cy"),
    ("Ann maybe", "a vote is yes or no"),
])
def test_g4_bad_ballots_are_one_line(text, message):
    from referee.core.votes import read_ballots

    with pytest.raises(InputError, match=message):
        read_ballots(text, _Table())


def test_g4_settled_line_says_the_tally_and_what_a_tie_did():
    vote = Vote("Is VON a word?", ("Ann", "Ben"), tie_keeps=True)
    assert vote.settled_line([("Ann", True), ("Ben", False)]) == \
        "Is VON a word? yes 1, no 1: carried (a tie: what was played stands, G-4)"
    strict = Vote("Is VON a word?", ("Ann", "Ben"), tie_keeps=False)
    assert strict.settled_line([("Ann", True), ("Ben", False)]) == "Is VON a word? yes 1, no 1: refused (a tie: refused, G-4)"
    assert vote.settled_line([("Ann", False), ("Ben", False)]) == "Is VON a word? yes 0, no 2: refused"
