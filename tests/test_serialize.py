"""Tests of saving and loading (to_json/from_json, to_dict/from_dict) and of the schema."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pycanfield as cf
from pycanfield._serialize import MAX_SAVE_LENGTH
from strategies import deck_states, play_randomly, rules_states, states, variant_states

CODE = "CF1-D3-AAAAACL"


@pytest.fixture(scope="module")
def long() -> cf.GameState:
    """A game whose oldest steps were dropped from the history (R27)."""
    state = play_randomly(cf.deal(CODE), 11, 260, undo_rate=0.1)[-1]
    assert state.actions > len(state.history) > 0
    return state


@pytest.fixture(scope="module")
def saved(long: cf.GameState) -> dict[str, Any]:
    return cf.to_dict(long)


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = cf.save_schema()
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _refused(data: Any) -> cf.ValidationError:
    with pytest.raises(cf.ValidationError) as info:
        cf.from_dict(data)
    return info.value


def _format_error(data: Any) -> cf.SaveFormatError:
    with pytest.raises(cf.SaveFormatError) as info:
        cf.from_dict(data)
    return info.value


def _edit(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the item at ``path`` (keys and indexes separated by
    dots) replaced."""
    result = copy.deepcopy(data)
    *parents, last = path.split(".")
    node: Any = result
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return result


# -- round trips ---------------------------------------------------------------------------


@given(states())
def test_round_trip_coded_games_r27_r28(state: cf.GameState) -> None:
    text = cf.to_json(state)
    assert cf.from_json(text) == state
    assert cf.from_dict(cf.to_dict(state)) == state
    assert json.loads(text) == cf.to_dict(state)


@given(deck_states())
def test_round_trip_deck_games(state: cf.GameState) -> None:
    loaded = cf.from_json(cf.to_json(state, indent=2))
    assert loaded == state
    assert loaded.code is None


@given(states(max_steps=400))
def test_saves_match_the_schema(state: cf.GameState) -> None:
    schema = cf.save_schema()
    jsonschema.validate(json.loads(cf.to_json(state)), schema)


def test_save_schema_is_a_valid_schema(validator: jsonschema.protocols.Validator) -> None:
    schema: Any = validator.schema
    assert schema["$schema"].endswith("2020-12/schema")


@given(deck_states())
def test_deck_game_saves_match_the_schema(state: cf.GameState) -> None:
    jsonschema.validate(cf.to_dict(state), cf.save_schema())


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("cheat", 1),
        ("version", 2),
        ("draw", 2),
        ("score", 7),
        ("score", True),
        ("actions", -1),
        ("code", "cf1-d3-aaaaacl"),
        ("position.stock.0", "qc"),
        ("position.fan", 4),
        ("position.columns", [[], [], []]),
        ("history.moves.0", "r>2"),
        ("history.start", None),
    ],
)
def test_schema_refuses_what_the_loader_refuses(
    validator: jsonschema.protocols.Validator, saved: dict[str, Any], path: str, value: Any
) -> None:
    data = _edit(saved, path, value)
    assert not validator.is_valid(data)
    with pytest.raises(cf.ValidationError):
        cf.from_dict(data)


@given(states(max_steps=150), st.integers(0, 2**32 - 1))
def test_loaded_game_plays_and_undoes_like_the_original_r27(state: cf.GameState, seed: int) -> None:
    loaded = cf.from_json(cf.to_json(state))
    assert cf.legal_moves(loaded) == cf.legal_moves(state)
    # The same random continuation from both gives the same states.
    assert play_randomly(loaded, seed, 40, undo_rate=0.3) == play_randomly(
        state, seed, 40, undo_rate=0.3
    )
    # And undoing everything that can be undone walks back through equal states.
    a, b = state, loaded
    while a.history:
        a, b = cf.undo(a), cf.undo(b)
        assert a == b
    with pytest.raises(cf.UndoError):
        cf.undo(b)


def test_dropped_history_round_trips_r27(long: cf.GameState) -> None:
    full = play_randomly(cf.deal(CODE), 3, 150, undo_rate=0.0)[-1]
    assert len(full.history) == cf.HISTORY_LIMIT
    assert full.actions == 150
    for state in (full, long):
        loaded = cf.from_json(cf.to_json(state))
        assert loaded == state
        assert loaded.actions == state.actions
        assert loaded.history == state.history


def test_save_layout(saved: dict[str, Any], long: cf.GameState) -> None:
    assert list(saved) == [
        "format",
        "version",
        "code",
        "draw",
        "score",
        "actions",
        "position",
        "history",
    ]
    assert saved["format"] == cf.SAVE_FORMAT == "pycanfield-game"
    assert saved["version"] == cf.SAVE_VERSION == 1
    pos = saved["position"]
    assert pos["base"] == "7H"
    assert pos["reserve"] == [str(c) for c in long.reserve]
    assert pos["foundations"][0][0] == "7H"
    assert len(saved["history"]["moves"]) == len(long.history)
    assert saved["history"]["start"]["score"] == long.history[0].score


def test_fresh_deal_has_no_history_start() -> None:
    data = cf.to_dict(cf.deal(CODE))
    assert data["history"] == {"start": None, "moves": []}
    assert data["actions"] == 0


def test_bytes_are_read_as_utf8(long: cf.GameState) -> None:
    text = cf.to_json(long)
    assert cf.from_json(text.encode()) == long
    assert cf.from_json(bytearray(text.encode())) == long


def test_to_dict_refuses_invalid_games(long: cf.GameState) -> None:
    with pytest.raises(cf.ValidationError):
        cf.to_json(attrs.evolve(long, score=long.score + 5))
    with pytest.raises(cf.WrongTypeError):
        cf.to_dict("game")  # type: ignore[arg-type]


# -- the format: every departure is refused and named --------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[]", "must be an object"),
        ("null", "must be an object"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ('{"x": NaN}', "NaN"),
        ('{"x": Infinity}', "Infinity"),
        ('{"x": -Infinity}', "Infinity"),
        ('{"x": ' + "9" * 40 + "}", "digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "pycanfield-game", "version": 2}', "version 1, not 2"),
        ('{"format": "pycanfield-game", "version": true}', "not true"),
        ('{"format": "something-else", "version": 1}', "not a saved game"),
        ('{"version": 1}', "not a saved game"),
    ],
)
def test_bad_json_text(text: str, reason: str) -> None:
    with pytest.raises(cf.SaveFormatError) as info:
        cf.from_json(text)
    assert reason in str(info.value)


def test_bad_text_types_and_sizes() -> None:
    with pytest.raises(cf.SaveFormatError, match="JSON text, not int"):
        cf.from_json(3)  # type: ignore[arg-type]
    with pytest.raises(cf.SaveFormatError, match="UTF-8"):
        cf.from_json(b"\xff{}")
    with pytest.raises(cf.SaveFormatError, match="too long"):
        cf.from_json(" " * (MAX_SAVE_LENGTH + 1))
    with pytest.raises(cf.SaveFormatError, match="too long"):
        cf.from_json(b" " * (MAX_SAVE_LENGTH + 1))


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("draw", 2, "draw", "1 or 3"),
        ("draw", True, "draw", "not true"),
        ("draw", 3.0, "draw", "must be an integer"),
        ("score", -5, "score", "out of range"),
        ("score", 2**60, "score", "out of range"),
        pytest.param("score", 10**5000, "score", "integer of 16610 bits", id="huge"),
        pytest.param("version", 10**5000, "version", "integer of 16610 bits", id="huge-version"),
        pytest.param(
            "history.start.score", -(10**5000), "history.start.score", "out of range", id="-huge"
        ),
        ("score", "10", "score", "must be an integer"),
        ("score", None, "score", "must be an integer"),
        ("actions", False, "actions", "not false"),
        ("actions", 1.5, "actions", "must be an integer"),
        ("code", 63, "code", "game code string or null"),
        ("position", [], "position", "must be an object"),
        ("position.base", "7h", "position.base", "'QC'"),
        ("position.stock", "QC", "position.stock", "must be an array"),
        ("position.stock.0", "qc", "position.stock[0]", "'qc'"),
        ("position.stock.0", "Q♣", "position.stock[0]", "written like"),
        ("position.stock.0", 12, "position.stock[0]", "the number 12"),
        ("position.stock.0", ["QC"], "position.stock[0]", "an array"),
        ("position.fan", 4, "position.fan", "out of range"),
        ("position.fan", None, "position.fan", "null"),
        ("position.foundations", [[], [], []], "position.foundations", "4 foundations"),
        ("position.foundations.1", ["AS"], "position.foundations[1][0]", "(R8, R9, R10)"),
        ("position.foundations.0", ["7H", "9H"], "position.foundations[0][1]", "is 9H"),
        ("position.columns", [[], [], [], [], []], "position.columns", "at most 4"),
        ("position.columns.2", {}, "position.columns[2]", "must be an array"),
        ("history", None, "history", "must be an object"),
        ("history.moves", "R>2", "history.moves", "must be an array"),
        ("history.moves.0", "r>2", "history.moves[0]", "canonically"),
        ("history.moves.0", "1>2x1", "history.moves[0]", "canonically"),
        ("history.moves.0", "jump", "history.moves[0]", "not a move"),
        ("history.moves.0", 7, "history.moves[0]", "the number 7"),
        ("history.start", None, "history.start", "must be given"),
        ("history.start.score", 5.5, "history.start.score", "must be an integer"),
        ("history.start.position", 1, "history.start.position", "must be an object"),
    ],
)
def test_format_errors_name_the_field(
    saved: dict[str, Any], path: str, value: Any, field: str, reason: str
) -> None:
    err = _format_error(_edit(saved, path, value))
    assert err.field == field
    assert reason in err.reason


def test_unknown_and_missing_keys(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["cheat"] = True
    assert _format_error(data).field == "cheat"
    data = copy.deepcopy(saved)
    data["position"]["jokers"] = []
    assert _format_error(data).field == "position.jokers"
    data = copy.deepcopy(saved)
    data["history"]["start"][1] = 0
    err = _format_error(data)
    assert err.field == "history.start.1"
    assert err.reason == "unknown key"
    for key in ("score", "history", "code"):
        data = copy.deepcopy(saved)
        del data[key]
        err = _format_error(data)
        assert (err.field, err.reason) == (key, "missing")
    data = copy.deepcopy(saved)
    del data["position"]["fan"]
    assert _format_error(data).field == "position.fan"


def test_start_must_be_null_without_moves() -> None:
    data = cf.to_dict(cf.apply(cf.deal(CODE), cf.DRAW))
    data["history"]["moves"] = []
    data["actions"] = 0
    err = _format_error(data)
    assert err.field == "history.start"


def test_too_many_moves_r27(saved: dict[str, Any]) -> None:
    data = _edit(saved, "history.moves", ["draw"] * 101)
    err = _format_error(data)
    assert err.field == "history.moves"


# -- the game: a well-formed save of an impossible game is refused -------------------------


def test_duplicate_card_r1(saved: dict[str, Any]) -> None:
    card = saved["position"]["reserve"][0]
    err = _refused(_edit(saved, "position.columns.0", [card]))
    assert not isinstance(err, cf.SaveFormatError)
    assert err.field.startswith("position")


def test_score_must_fit_the_history(saved: dict[str, Any]) -> None:
    err = _refused(_edit(saved, "score", saved["score"] + 5))
    assert err.field == "score"


def test_actions_below_history(saved: dict[str, Any]) -> None:
    err = _refused(_edit(saved, "actions", len(saved["history"]["moves"]) - 1))
    assert err.field == "history.moves"


def test_history_reaching_the_deal_must_start_there(saved: dict[str, Any]) -> None:
    err = _refused(_edit(saved, "actions", len(saved["history"]["moves"])))
    assert err.field == "history.start.position"


def test_illegal_move_in_saved_history(saved: dict[str, Any]) -> None:
    moves = saved["history"]["moves"]
    err = _refused(_edit(saved, "history.moves." + str(len(moves) - 1), "9>F"))
    assert err.field == f"history.moves[{len(moves) - 1}]"
    assert "cannot be played" in err.reason


def test_position_must_follow_the_moves(saved: dict[str, Any]) -> None:
    start = saved["history"]["start"]["position"]
    err = _refused(_edit(saved, "position", start))
    assert err.field in ("position", "score")


def test_code_must_match(saved: dict[str, Any]) -> None:
    err = _refused(_edit(saved, "code", "CF1-D1-AAAAACL"))
    assert err.field == "code"
    err = _refused(_edit(saved, "code", "CF1-D3-AAAAACM"))
    assert err.field.startswith("position.")


def test_saves_are_only_data(saved: dict[str, Any]) -> None:
    text = json.dumps(saved)
    assert "__" not in text
    assert json.loads(text) == saved


def test_string_mutations_never_load_silently_changed(long: cf.GameState) -> None:
    """Any single-character change either is refused or loads a game that saves back to
    exactly the changed data: the loader never repairs or drops anything."""
    text = cf.to_json(long)
    rng = random.Random(5)
    loaded = refused = 0
    for _ in range(300):
        i = rng.randrange(len(text))
        mutated = text[:i] + rng.choice('0123456789"[]{},:-tfnASHDCKQJT>FXR ') + text[i + 1 :]
        try:
            state = cf.from_json(mutated)
        except cf.ValidationError:
            refused += 1
            continue
        loaded += 1
        assert cf.to_dict(state) == json.loads(mutated)
    assert refused > 0


@pytest.mark.parametrize("code", ["CF1-D1-AAAAACL", "CF1-D3-QWERTYU"])
def test_standard_rules_round_trip_in_both_draw_modes_r18(code: str) -> None:
    state = play_randomly(cf.deal(code), 1, 120)[-1]
    loaded = cf.from_json(cf.to_json(state))
    assert loaded == state
    assert getattr(loaded, "rules", None) == getattr(state, "rules", None)


def test_standard_saves_keep_their_layout() -> None:
    """Under R1-R32 a save has no rules key and its positions no passes or pending: saves
    written before variants could be saved read and write back the same."""
    data = cf.to_dict(play_randomly(cf.deal(CODE), 4, 60)[-1])
    assert "rules" not in data
    for pos in (data["position"], data["history"]["start"]["position"]):
        assert list(pos) == ["base", "stock", "waste", "fan", "reserve", "foundations", "columns"]
    assert cf.to_dict(cf.from_dict(data)) == data


# -- games under other rules -------------------------------------------------------------


@given(variant_states())
def test_round_trip_every_preset(state: cf.GameState) -> None:
    text = cf.to_json(state)
    loaded = cf.from_json(text)
    assert loaded == state
    assert loaded.rules == state.rules
    assert loaded.history == state.history
    assert json.loads(text) == cf.to_dict(state)


@given(rules_states())
def test_round_trip_any_rules(state: cf.GameState) -> None:
    assert cf.from_json(cf.to_json(state)) == state


@pytest.mark.parametrize("variant", cf.VARIANTS, ids=lambda v: v.name)
def test_each_preset_round_trips_a_long_game(
    variant: cf.Variant, validator: jsonschema.protocols.Validator
) -> None:
    start = cf.deal(cf.Deal(63, rules=variant.rules))
    for state in play_randomly(start, 2, 250, undo_rate=0.15)[::25]:
        assert validator.is_valid(cf.to_dict(state))
        loaded = cf.from_json(cf.to_json(state))
        assert loaded == state
        assert cf.render_text(loaded) == cf.render_text(state)
        if state.history:
            assert cf.undo(loaded) == cf.undo(state)


@given(variant_states(max_steps=150), st.integers(0, 2**32 - 1))
def test_loaded_variant_game_plays_and_undoes_like_the_original(
    state: cf.GameState, seed: int
) -> None:
    loaded = cf.from_json(cf.to_json(state))
    assert cf.legal_moves(loaded) == cf.legal_moves(state)
    assert play_randomly(loaded, seed, 40, undo_rate=0.3) == play_randomly(
        state, seed, 40, undo_rate=0.3
    )
    a, b = state, loaded
    while a.history:
        a, b = cf.undo(a), cf.undo(b)
        assert a == b
    with pytest.raises(cf.UndoError):
        cf.undo(b)


@given(variant_states(max_steps=300))
def test_variant_saves_match_the_schema(state: cf.GameState) -> None:
    jsonschema.validate(cf.to_dict(state), cf.save_schema())


@given(rules_states())
def test_saves_under_any_rules_match_the_schema(state: cf.GameState) -> None:
    jsonschema.validate(cf.to_dict(state), cf.save_schema())


def test_variant_save_layout() -> None:
    state = cf.apply(cf.deal("CSE-D3-AAAAACL"), cf.Move.parse("base 2"))
    data = cf.to_dict(state)
    assert list(data)[:5] == ["format", "version", "code", "rules", "draw"]
    assert data["version"] == 1
    assert data["rules"] == str(state.rules) == "selective"
    start = data["history"]["start"]["position"]
    assert start["pending"] == ["7H", "6C", "KH", "QH", "AS"]
    assert start["columns"] == []
    assert start["base"] == "AS"
    assert data["position"]["pending"] == []
    assert data["position"]["passes"] == 0
    assert data["position"]["base"] == "6C"


def test_choice_of_the_base_card_survives_the_round_trip() -> None:
    fresh = cf.deal("CSE-D3-AAAAACL")
    loaded = cf.from_json(cf.to_json(fresh))
    assert loaded == fresh
    assert [str(m) for m in cf.legal_moves(loaded)] == [f"base {i}" for i in range(1, 6)]


def test_redeal_count_survives_the_round_trip() -> None:
    state = cf.deal(cf.Deal(63, rules="rainfall"))
    while state.position.passes < 2:
        state = cf.apply(state, cf.DRAW if state.stock else cf.RECYCLE)
    loaded = cf.from_json(cf.to_json(state))
    assert loaded.position.passes == 2
    assert loaded == state
    assert cf.RECYCLE not in cf.legal_moves(cf.apply(loaded, cf.DRAW))


def test_unlimited_undo_keeps_more_than_100_steps() -> None:
    state = play_randomly(cf.deal(cf.Deal(63, rules="russian")), 8, 180, undo_rate=0.0)[-1]
    assert len(state.history) == state.actions > cf.HISTORY_LIMIT
    assert cf.from_json(cf.to_json(state)) == state


def test_short_undo_limit_drops_the_oldest_steps() -> None:
    state = play_randomly(cf.deal(cf.Deal(63, rules="pysol undo=5")), 8, 40, undo_rate=0.0)[-1]
    data = cf.to_dict(state)
    assert len(data["history"]["moves"]) == 5
    assert cf.from_dict(data) == state
    err = _format_error(_edit(data, "history.moves", data["history"]["moves"] * 2))
    assert err.field == "history.moves"


@pytest.fixture(scope="module")
def rainfall() -> dict[str, Any]:
    """The save of a Rainfall game (draw 1, two redeals, no take-backs) after a redeal."""
    state = cf.deal(cf.Deal(63, rules="rainfall"))
    while state.position.passes < 1:
        state = cf.apply(state, cf.DRAW if state.stock else cf.RECYCLE)
    state = play_randomly(state, 5, 30, undo_rate=0.0)[-1]
    return cf.to_dict(state)


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("rules", 5, "rules", "must be a rules text"),
        ("rules", None, "rules", "must be a rules text"),
        ("rules", "no-such-preset", "rules", "unknown variant"),
        ("rules", "rainfall redeals=many", "rules", "whole number"),
        ("rules", "standard draw=1", "rules", "standard rules"),
        ("rules", "Rainfall", "rules", "canonically"),
        ("rules", "rainfall " * 100, "rules", "too long"),
        ("rules", str(cf.Rules.parse("rainfall draw=3")), "draw", "draw 3"),
        ("position.passes", -1, "position.passes", "out of range"),
        ("position.passes", "1", "position.passes", "must be an integer"),
        ("position.pending", "QC", "position.pending", "must be an array"),
        ("position.pending", ["qc"], "position.pending[0]", "written like"),
        ("position.columns", [[], [], [], [], []], "position.columns", "4 columns"),
        ("history.start.position.passes", 100, "history.start.position.passes", "out of range"),
    ],
)
def test_variant_format_errors_name_the_field(
    rainfall: dict[str, Any], path: str, value: Any, field: str, reason: str
) -> None:
    err = _format_error(_edit(rainfall, path, value))
    assert err.field == field
    assert reason in err.reason


def test_variant_keys_belong_to_variant_saves(rainfall: dict[str, Any]) -> None:
    data = copy.deepcopy(rainfall)
    del data["rules"]
    assert _format_error(data).field == "position.passes"  # an unknown key under R1-R32
    data = copy.deepcopy(rainfall)
    del data["position"]["pending"]
    err = _format_error(data)
    assert (err.field, err.reason) == ("position.pending", "missing")
    standard = cf.to_dict(cf.deal(CODE))
    standard["position"]["passes"] = 0
    assert _format_error(standard).field == "position.passes"


def test_variant_games_that_break_their_rules_are_refused(rainfall: dict[str, Any]) -> None:
    # More redeals than the two Rainfall allows.
    err = _refused(_edit(rainfall, "position.passes", 3))
    assert err.field == "position.passes"
    # Under another preset the code no longer names the game's rules (R28).
    err = _refused(_edit(rainfall, "rules", "rainbow"))
    assert err.field == "code"
    # Without take-backs the score is exactly what the foundations show.
    err = _refused(_edit(rainfall, "score", rainfall["score"] + 5))
    assert err.field == "score"
    # A card waiting for the choice of a base card, under rules that deal the base card.
    stock = rainfall["position"]["stock"]
    data = _edit(rainfall, "position.stock", stock[1:])
    data["position"]["pending"] = stock[:1]
    err = _format_error(data)
    assert err.field == "position.pending"
    assert "base=random" in err.reason


def test_casino_scores_below_zero_load() -> None:
    state = cf.deal(cf.Deal(63, rules="classic"))
    data = cf.to_dict(state)
    assert data["score"] == -47
    assert cf.from_dict(data) == state
    err = _refused(_edit(data, "score", -45))
    assert err.field == "score"
    assert "casino" in err.reason
    err = _format_error(_edit(data, "score", -57))
    assert err.field == "score"


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("rules", 5),
        ("rules", ""),
        ("position.passes", -1),
        ("position.pending", "QC"),
        ("position.columns", [[]] * 9),
        ("history.moves.0", "base 0"),
    ],
)
def test_schema_refuses_what_the_loader_refuses_in_variant_saves(
    validator: jsonschema.protocols.Validator, rainfall: dict[str, Any], path: str, value: Any
) -> None:
    data = _edit(rainfall, path, value)
    assert not validator.is_valid(data)
    with pytest.raises(cf.ValidationError):
        cf.from_dict(data)


def test_schema_keeps_variant_keys_out_of_standard_saves(
    validator: jsonschema.protocols.Validator,
) -> None:
    data = cf.to_dict(cf.deal(CODE))
    assert validator.is_valid(data)
    data["position"]["pending"] = []
    assert not validator.is_valid(data)


def test_to_json_refuses_a_negative_indent() -> None:
    game = cf.deal("CF1-D3-AAAAACL")
    with pytest.raises(cf.OptionError, match="indent"):
        cf.to_json(game, indent=-1)
    assert cf.from_json(cf.to_json(game, indent=0)) == game
