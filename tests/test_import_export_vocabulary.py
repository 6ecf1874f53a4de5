"""Import / Export's tables: the effects vocabulary is one table (plugins/import_export/
vocabulary.py): it names every word the schema lets a card say, the box carries it to the
interpreter, and a word outside it is refused with the card and the place named; and game.py's
RULES names every verb's rule pair, through which the game checks and plays each action."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from dockyard import IllegalAction, Session
from dockyard.game import Context
from dockyard.plugins.import_export import game as ie_game
from dockyard.plugins.import_export import vocabulary
from dockyard.plugins.import_export.legality import SIGNATURES
from dockyard.plugins.import_export.powers import run
from dockyard.plugins.import_export.reading import Who, holds

SCHEMA = json.loads(
    (files("dockyard.content") / "import_export" / "schemas" / "goods.schema.json").read_text()
)
# the words the interpreter reads itself (powers.run, powers.end_scores), not the table
STRUCTURE = {"if", "then", "else", "each", "score"}
# the conditions reading.holds reads itself (they read nothing above reading.py)
HELD = {"all", "count", "at_least", "at_most", "most", "alone", "most_types", "twice_credits"}
HELD |= {"room", "tier_met", "leader", "acting", "waiting"}


def test_the_table_names_every_effect_word_of_the_schema_and_no_other() -> None:
    schema_words = set(SCHEMA["$defs"]["effect"]["properties"])
    table = set(vocabulary.EFFECTS) | set(vocabulary.STOPS)
    assert not set(vocabulary.EFFECTS) & set(vocabulary.STOPS), "a word is in one table"
    assert schema_words - STRUCTURE == table, (
        f"in the schema only: {sorted(schema_words - STRUCTURE - table)}; "
        f"in the table only: {sorted(table - schema_words)}"
    )


def test_the_table_names_the_conditions_built_above_reading() -> None:
    schema_words = set(SCHEMA["$defs"]["condition"]["properties"])
    assert set(vocabulary.CONDITIONS) <= schema_words
    assert schema_words == HELD | set(vocabulary.CONDITIONS)


def test_the_box_carries_the_table_to_the_interpreter() -> None:
    s = Session("import-export", players=3)
    words = s.state.c.words
    assert words is vocabulary.WORDS
    assert words.effects["gain"] is vocabulary.EFFECTS["gain"]
    before = s.state.credits[0]
    run(s.state, Who(0), [{"gain": 4}], Context(s.game, s.hook))
    assert s.state.credits[0] == before + 4
    # a condition of the table, read through holds: the table's function decides
    assert holds(s.state, Who(0, card="laptops"), {"fits": "laptops"}) is vocabulary.CONDITIONS[
        "fits"
    ](s.state, Who(0, card="laptops"), "laptops")


def test_a_word_outside_the_vocabulary_is_refused_with_its_card_and_place(tmp_path, capsys) -> None:
    from dockyard.cli import main

    goods = json.loads((files("dockyard.content") / "import_export" / "goods.json").read_text())
    goods["cards"][7]["effects"] = [{"when": "completed", "do": [{"gain": 2}, {"teleport": 1}]}]
    (tmp_path / "goods.json").write_text(json.dumps(goods))
    assert main(["validate", str(tmp_path)]) != 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert "$.cards[7].effects[0].do[1]" in text and "teleport" in text
    assert "Traceback" not in text


def test_every_verb_has_its_rule_pair_in_rules() -> None:
    assert set(ie_game.RULES) == {"lead", "follow", *SIGNATURES}
    assert ie_game.WHY_NOT == {verb: pair[0] for verb, pair in ie_game.RULES.items()}


def test_the_game_checks_and_plays_an_action_through_its_rule_pair(monkeypatch) -> None:
    s = Session("import-export", players=3, seed=1)
    monkeypatch.setitem(ie_game.WHY_NOT, "draw", lambda state, seat: "no drawing today")
    with pytest.raises(IllegalAction, match="no drawing today"):
        s.apply_text("p1: draw")
    monkeypatch.undo()
    played = []
    why_not, do = ie_game.RULES["draw"]

    def drawing(state, seat, ctx):
        played.append(seat)
        do(state, seat, ctx=ctx)

    monkeypatch.setitem(ie_game.RULES, "draw", (why_not, drawing))
    s.apply_text("p1: draw")
    assert played == [0] and len(s.state.hands[0]) == 6
