"""A text field of the API takes text only. DRF's ``CharField`` stores a JSON number as its
digits (``"display_name": 123`` made a player named "123"); the API's text fields
(``csmj_site.api_fields.StrictCharField``, ``StrictSlugField``, ``StrictChoiceField``, and the
model fields of an ``ApiModelSerializer``) refuse a number, true / false, a list or an
object with 400 ``wrong_type`` naming the field, and nothing is stored. The engine's
endpoints (``parse/``, ``score/``) answer the same code for the same mistake.

The second half walks every serializer of the project, so that a new one cannot declare
a text field with DRF's own class."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rest_framework import serializers

import csmj_site
import leagues
import scoring
from csmj_site.api_fields import StrictCharField, StrictChoiceField, StrictSlugField
from leagues.models import Club, Player, Ruleset, Season
from scoring.events.models import Event
from scoring.models import Session
from scoring.services import round_record
from scoring.standings.models import Penalty
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_self_draw

# ---------------------------------------------------------------- the endpoints


def _count(model: Any) -> Callable[[Any], Any]:
    return lambda f: model.objects.count()


def _stored(model: Any, name: str, field: str) -> Callable[[Any], Any]:
    """The stored value of ``field`` of the fixture ``name`` (a row of ``model``)."""
    return lambda f: model.objects.values_list(field, flat=True).get(pk=getattr(f, name).pk)


# what is sent, where, the field the 400 names, and what must stay as it was
CASES: dict[str, tuple[str, Callable[[Any], str], Callable[[Any], Any], str, Callable]] = {
    "a new club's slug": (
        "post",
        lambda f: "/api/v1/clubs/",
        lambda f: {"slug": 12345, "name": "新俱乐部"},
        "slug",
        _count(Club),
    ),
    "a new club's name": (
        "post",
        lambda f: "/api/v1/clubs/",
        lambda f: {"slug": "new-club", "name": 123},
        "name",
        _count(Club),
    ),
    "a club's description": (
        "patch",
        lambda f: club_url(f.club),
        lambda f: {"description": 1.5},
        "description",
        _stored(Club, "club", "description"),
    ),
    "a new player's name": (
        "post",
        lambda f: club_url(f.club, "players/"),
        lambda f: {"display_name": 123},
        "display_name",
        _count(Player),
    ),
    "a new player's alias": (
        "post",
        lambda f: club_url(f.club, "players/"),
        lambda f: {"display_name": "老王", "aliases": ["王哥", 7]},
        "aliases.1",
        _count(Player),
    ),
    "a player's new name": (
        "patch",
        lambda f: club_url(f.club, f"players/{f.players[0].pk}/"),
        lambda f: {"display_name": 8},
        "display_name",
        _stored(Player, "player", "display_name"),
    ),
    "a ruleset's name": (
        "post",
        lambda f: club_url(f.club, "rulesets/"),
        lambda f: {"name": 99, "config": "changsha-67"},
        "name",
        _count(Ruleset),
    ),
    "a season's name": (
        "post",
        lambda f: club_url(f.club, "seasons/"),
        lambda f: {"name": 2025, "start_date": "2025-01-01", "ruleset": f.ruleset.pk},
        "name",
        _count(Season),
    ),
    "a new session's table label": (
        "post",
        lambda f: club_url(f.club, "sessions/"),
        lambda f: {
            "season": f.season.pk,
            "players": [p.pk for p in f.players[4:]],
            "table_label": 3,
        },
        "table_label",
        _count(Session),
    ),
    "a session's table label": (
        "patch",
        lambda f: club_url(f.club, f"sessions/{f.session.pk}/"),
        lambda f: {"table_label": 3},
        "table_label",
        _stored(Session, "session", "table_label"),
    ),
    "a paper session's table label": (
        "post",
        lambda f: club_url(f.club, f"seasons/{f.season.pk}/paper-sessions/"),
        lambda f: {
            "players": [p.pk for p in f.players[4:]],
            "nets": [5, -5, 0, 0],
            "table_label": 9,
        },
        "table_label",
        _count(Session),
    ),
    "a void's reason": (
        "post",
        lambda f: rounds_url(f.club, f.session, "1/void/"),
        lambda f: {"reason": 1},
        "reason",
        lambda f: list(f.session.rounds.values_list("is_void", flat=True)),
    ),
    "a league night's name": (
        "post",
        lambda f: club_url(f.club, "events/"),
        lambda f: {"season": f.season.pk, "name": 5, "date": "2025-03-01"},
        "name",
        _count(Event),
    ),
    "a league night's seating mode": (
        "post",
        lambda f: club_url(f.club, "events/"),
        lambda f: {
            "season": f.season.pk,
            "name": "周五夜",
            "date": "2025-03-01",
            "seating_mode": 1,
        },
        "seating_mode",
        _count(Event),
    ),
    "a penalty's reason": (
        "post",
        lambda f: club_url(f.club, "penalties/"),
        lambda f: {"season": f.season.pk, "player": f.players[0].pk, "amount": -5, "reason": 8},
        "reason",
        _count(Penalty),
    ),
    "a quick table's names": (
        "post",
        lambda f: "/api/v1/tables/",
        lambda f: {"names": ["甲", 2, "丙", "丁"]},
        "names.1",
        _count(Club),
    ),
    "the one-line entry's sentence (the engine's own check)": (
        "post",
        lambda f: "/api/v1/parse/",
        lambda f: {"text": 123, "players": ["张三", "李四", "王五", "赵六"]},
        "text",
        lambda f: None,
    ),
}


@pytest.fixture
def f(club, players, ruleset, season, session, recorder):
    round_record(session=session, data=round_self_draw(0), actor=recorder)
    return SimpleNamespace(
        club=club, players=players, player=players[0], ruleset=ruleset, season=season,
        session=session,
    )  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(CASES))
def test_a_number_for_a_text_field_is_refused_naming_it_and_nothing_is_stored(api_as, f, case):
    method, url, body, field, stored = CASES[case]
    before = stored(f)

    response = getattr(api_as("owner"), method)(url(f), body(f), format="json")

    assert response.status_code == 400, response.content
    assert codes(response) == [(field, "wrong_type")]
    assert stored(f) == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (123, "123"),
        (1.5, "1.5"),
        (True, "true"),
        (["老王"], '["老王"]'),
        ({"n": "老王"}, '{"n": "老王"}'),
    ],
)
def test_a_player_named_by_anything_but_text_is_refused_saying_what_came(
    api_as, club, value, shown
):
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": value}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"field": "display_name", "code": "wrong_type", "message": f"Must be text, got {shown}"}
    ]
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.django_db
def test_text_is_still_taken_as_it_was(api_as, club):
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "123", "aliases": ["老王"]}, format="json"
    )

    assert response.status_code == 201, response.content
    assert Player.objects.get(club=club).display_name == "123"


def test_a_choice_among_words_takes_no_number_that_reads_as_one():
    words = StrictChoiceField(choices=["258", "any"])
    numbers = StrictChoiceField(choices=[0, 2, 4, 6])

    assert words.run_validation("258") == "258"
    with pytest.raises(serializers.ValidationError) as refused:
        words.run_validation(258)
    assert refused.value.get_codes() == ["wrong_type"]
    assert numbers.run_validation(4) == numbers.run_validation("4") == 4


def test_a_slug_given_as_a_number_is_refused():
    with pytest.raises(serializers.ValidationError) as refused:
        StrictSlugField().run_validation(12345)
    assert refused.value.get_codes() == ["wrong_type"]
    assert StrictSlugField().run_validation("12345") == "12345"


# ---------------------------------------------------------------- every serializer

PACKAGES = (csmj_site, leagues, scoring)
PREFIXES = tuple(f"{p.__name__}." for p in PACKAGES)
# Their validators refuse a number anyway (none is a URL, an address or an e-mail).
VALIDATED = (serializers.EmailField, serializers.URLField, serializers.IPAddressField)
ONE_OFF_MODULES = {"rest_framework.serializers", "drf_spectacular.utils"}


def import_every_serializer_module() -> None:
    """Import each module of the project that uses DRF (migrations aside), so that
    every serializer class exists, whether or not a URL reaches it."""
    for package in PACKAGES:
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if ".migrations" in module.name or module.ispkg:
                continue
            spec = importlib.util.find_spec(module.name)
            source = Path(spec.origin) if spec and spec.origin else None
            # a compiled module (make native: the engine's .so) is no source to read
            if source and source.suffix != ".py":
                continue
            if source and "rest_framework" in source.read_text(encoding="utf-8"):
                importlib.import_module(module.name)


def subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)


def one_off(cls: type) -> bool:
    """A class ``inline_serializer`` made (the calculator's bodies): ``type()`` names
    DRF's module as its own, which does not hold it."""
    module = sys.modules.get(cls.__module__)
    return cls.__module__ in ONE_OFF_MODULES and getattr(module, cls.__qualname__, None) is not cls


def abstract(cls: type) -> bool:
    """A base with no fields of its own: a list of another's rows (its child is walked),
    or a model's serializer without a model (``ApiModelSerializer``)."""
    model_less = issubclass(cls, serializers.ModelSerializer) and not hasattr(cls, "Meta")
    return issubclass(cls, serializers.ListSerializer) or model_less


def project_serializers() -> list[type[serializers.BaseSerializer]]:
    """Every serializer class of the project, the one-off ones included."""
    import_every_serializer_module()
    found = {
        cls
        for cls in subclasses(serializers.BaseSerializer)
        if (cls.__module__.startswith(PREFIXES) or one_off(cls)) and not abstract(cls)
    }
    return sorted(found, key=lambda cls: (cls.__module__, cls.__qualname__))


def fields_of(serializer: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Every field of ``serializer``, nested ones and list items included, by path."""
    for name, field in serializer.fields.items():
        yield from field_and_inner(field, f"{path}.{name}")


def field_and_inner(field: Any, path: str) -> Iterator[tuple[str, Any]]:
    yield path, field
    if isinstance(field, serializers.ListSerializer):
        yield from field_and_inner(field.child, f"{path}[]")
    elif isinstance(field, serializers.Serializer):
        yield from fields_of(field, path)
    elif isinstance(field, serializers.ListField | serializers.DictField):
        yield from field_and_inner(field.child, f"{path}[]")
    elif isinstance(field, serializers.ManyRelatedField):  # a related field with many=True
        yield from field_and_inner(field.child_relation, f"{path}[]")


def loose(field: Any) -> bool:
    """A text field that would take a number as text: DRF's own ``CharField`` (or a
    ``SlugField``, ``RegexField`` …) or ``ChoiceField``."""
    if isinstance(field, VALIDATED):
        return False
    if isinstance(field, serializers.CharField):
        return not isinstance(field, StrictCharField)
    if isinstance(field, serializers.ChoiceField):
        return not isinstance(field, StrictChoiceField)
    return False


def test_every_text_field_of_every_serializer_takes_only_text():
    classes = project_serializers()
    names = {cls.__qualname__ for cls in classes}
    # the walk reaches the resources, the bodies the engine reads and the inline ones
    assert {"PlayerSerializer", "SessionUpdateSerializer", "ParseSentence", "Analyse"} <= names

    found = []
    for cls in classes:
        for path, field in fields_of(cls(), cls.__qualname__):
            if loose(field):
                found.append(f"{cls.__module__}.{path}: {type(field).__name__}")

    assert found == [], (
        "declare text with csmj_site.api_fields' StrictCharField / StrictSlugField / "
        "StrictChoiceField, and a model's serializer on ApiModelSerializer"
    )
