"""A night's every round on its page, its tables' sessions titled 第1轮 第2桌 and linked
back to the night, and one seat word (the engine's winds) at its tables (issue 28,
items 7 and 8)."""

from __future__ import annotations

import csv
import io

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring import services as scoring_services
from scoring.engine import WINDS
from scoring.events import services
from scoring.events.models import Table
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def play(rnd, actor):
    for table in rnd.tables.order_by("number"):
        session = services.table_start(table=table, actor=actor)
        scoring_services.round_record(session=session, data=round_self_draw(0), actor=actor)
        scoring_services.session_finish(session=session, actor=actor)


@pytest.fixture
def finished_night(event, roster, organiser):
    """Two rounds of two tables, every table finished, the night finished."""
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser)
    play(services.round_draw(event=event, actor=organiser, seed=2), organiser)
    services.event_finish(event=event, actor=organiser)
    return event


@pytest.fixture
def org(client, organiser):
    client.force_login(organiser)
    return client


def crumbs_of(page):
    start = page.index('class="crumbs')
    return page[start : page.index("</nav>", start)]


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def test_a_finished_night_shows_every_round_on_its_page(org, club, finished_night):
    page = org.get(reverse("event", args=[club.slug, finished_night.pk])).content.decode()

    assert page.count('data-role="earlier-round"') == 1 and 'data-round="1"' in page
    assert page.count('data-role="table-card"') == 4  # two rounds of two tables
    for table in Table.objects.filter(round__event=finished_night):
        assert reverse("session", args=[club.slug, table.session_id]) in page


def test_a_tables_session_is_titled_by_round_and_table_and_its_crumbs_lead_to_the_night(
    org, club, finished_night
):
    table = Table.objects.get(round__number=1, number=2)
    assert table.session.table_label == "周五之夜 第1轮 第2桌"

    page = org.get(reverse("session", args=[club.slug, table.session_id])).content.decode()
    crumbs = crumbs_of(page)
    assert reverse("event", args=[club.slug, finished_night.pk]) in crumbs
    assert "周五之夜" in crumbs and "第1轮 第2桌" in crumbs and "第 " not in crumbs

    english_page = english(org).get(reverse("session", args=[club.slug, table.session_id]))
    assert "Round 1 · Table 2" in english_page.content.decode()


def test_a_tables_label_is_stored_in_the_sites_language_whoever_starts_it(
    org, club, event, roster, organiser
):
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    with translation.override("en"):  # an organiser reading the site in English
        session = services.table_start(table=rnd.tables.get(), actor=organiser)

    assert session.table_label == f"{event.name} 第1轮 第1桌"
    page = english(org).get(reverse("session", args=[club.slug, session.pk])).content.decode()
    head = page[page.index('class="page-head') : page.index('class="actions')]
    title = page[page.index("<title>") : page.index("</title>")]
    assert "Round 1 · Table 1" in head and "第1轮" not in head
    assert "Round 1 · Table 1" in title and "第1轮" not in title


def test_a_long_night_name_is_cut_before_the_round_and_table(season, roster, organiser):
    event = services.event_create(
        season=season, name="长" * 60, date=season.start_date, actor=organiser
    )
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)

    assert session.table_label.endswith(" 第1轮 第1桌") and len(session.table_label) <= 40


def test_the_season_csv_names_a_nights_table_by_round_and_table(org, club, season, finished_night):
    response = org.get(reverse("season-rounds-csv", args=[club.slug, season.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    column = rows[0].index("桌号")
    labels = {row[column] for row in rows[1:]}
    assert labels == {f"周五之夜 第{r}轮 第{t}桌" for r in (1, 2) for t in (1, 2)}


def test_a_nights_table_names_its_seats_by_wind_on_the_session_page_and_round_form(
    org, club, event, roster, organiser
):
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)

    page = org.get(reverse("session", args=[club.slug, session.pk])).content.decode()
    form = org.get(reverse("round-new", args=[club.slug, session.pk]))

    seatnos = [w.zh for w in WINDS]
    for wind in seatnos:
        assert f'<span class="seatno">{wind}' in page
    assert "1号位" not in page
    assert [s["label"] for s in form.context["rf_context"]["seats"]] == seatnos


def test_a_session_of_its_own_keeps_its_seat_numbers(org, club, session):
    page = org.get(reverse("session", args=[club.slug, session.pk])).content.decode()
    assert '<span class="seatno">1号位' in page
    crumbs = crumbs_of(page)
    assert session.title in crumbs


def followed_table(event, roster, organiser):
    """A night's first table, started, with its follow link on."""
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)
    return scoring_services.session_follow_link_set(session=session, actor=organiser, on=True)


def test_a_nights_follow_link_names_the_table_in_the_readers_language(
    client, event, roster, organiser
):
    session = followed_table(event, roster, organiser)

    page = english(client).get(reverse("follow", args=[session.follow_token])).content.decode()
    meta = page[page.index('data-role="follow-meta"') :]
    meta = meta[: meta.index("</div>")]
    assert f"{event.name} Round 1 · Table 1" in meta and "第1轮" not in meta


def test_a_nights_table_names_its_seats_by_wind_on_its_follow_link(
    client, event, roster, organiser
):
    session = followed_table(event, roster, organiser)
    page = client.get(reverse("follow", args=[session.follow_token])).content.decode()
    for wind in WINDS:
        assert f'<span class="seatno">{wind.zh}' in page
