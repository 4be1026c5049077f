"""The project boots: settings load, the engine stays framework-free."""

import pathlib
import re

import pytest

from engine.tiles import NotationError, Tile, format_tiles, parse_tiles


def test_engine_never_imports_django_channels_or_celery():
    pattern = re.compile(r"^\s*(from|import)\s+(django|channels|celery|rest_framework)\b", re.M)
    offenders = [str(p) for p in pathlib.Path("engine").rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_tile_repr_round_trips():
    tile = Tile.parse("5m")
    assert repr(tile) == 'Tile.parse("5m")'
    assert eval(repr(tile)) == tile
    assert tile.chinese == "五万"


def test_notation_round_trip_sorted():
    assert format_tiles(parse_tiles("9s11m 7z3f234p")) == "11m234p9s7z3f"


@pytest.mark.parametrize("text, bad", [("12x", "'x'"), ("8z", "'8'"), ("0m", "'0'"), ("m", "'m'"), ("12", "'2'")])
def test_malformed_notation_names_the_bad_character(text, bad):
    with pytest.raises(NotationError, match=bad):
        parse_tiles(text)


@pytest.mark.django_db
def test_user_model_is_custom(django_user_model):
    user = django_user_model.objects.create_user("alice", password="x-Long-pass-1", display_name="小明")
    assert str(user) == "小明"
