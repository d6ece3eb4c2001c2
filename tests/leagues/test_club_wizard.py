"""新建俱乐部: the four-step wizard, its one-transaction write and the welcome page."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Club, Invitation, Membership, Player, Ruleset, Season
from scoring.models import Session

pytestmark = pytest.mark.django_db
NAMES = "张三\n李四\n王五\n赵六\n钱七"


def step(client, name: str, data: dict):
    url = reverse("club-new") if name == "club" else reverse("club-new-step", args=[name])
    return client.post(url, data)


def run_wizard(client, *, club=None, rules=None, players=NAMES, season="2026 赛季"):
    step(client, "club", club or {"name": "岳麓麻将社", "is_public": "on"})
    step(client, "rules", rules or {"preset": "changsha-67"})
    step(client, "players", {"players": players})
    return step(client, "season", {"name": season})


def test_the_wizard_creates_club_rules_roster_season_and_a_recorders_invitation(client, owner):
    client.force_login(owner)

    done = run_wizard(client, rules={"preset": "changsha-67", "opt_bird_count": "1"})

    club = Club.objects.get(name="岳麓麻将社")
    assert done.status_code == 302
    assert done["Location"] == reverse("club-welcome", args=[club.slug])
    assert club.is_public
    assert Membership.objects.get(club=club, user=owner).role == "owner"
    assert Ruleset.objects.get(club=club).config == {"preset": "changsha-67", "bird_count": 1}
    assert list(
        Player.objects.filter(club=club).order_by("pk").values_list("display_name", flat=True)
    ) == [
        "张三",
        "李四",
        "王五",
        "赵六",
        "钱七",
    ]
    season = Season.objects.get(club=club)
    assert season.name == "2026 赛季" and season.start_date == timezone.localdate()
    assert Invitation.objects.get(club=club).role == "recorder"


def test_a_chinese_club_name_gets_an_ascii_slug_and_an_english_one_its_own(client, owner):
    client.force_login(owner)
    run_wizard(client)
    run_wizard(client, club={"name": "Yuelu Club"})

    assert Club.objects.get(name="Yuelu Club").slug == "yuelu-club"
    assert Club.objects.get(name="岳麓麻将社").slug.startswith("club-")


def test_a_later_step_sends_back_to_the_first_unanswered_one(client, owner):
    client.force_login(owner)

    response = client.get(reverse("club-new-step", args=["players"]))

    assert response.status_code == 302 and response["Location"] == reverse("club-new")


def test_the_engine_refuses_a_table_option_on_the_rules_step_next_to_that_option(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "坏规则社"})

    response = step(client, "rules", {"preset": "changsha-67", "opt_bird_points": "5000"})

    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["opt_bird_points"] and not form.non_field_errors()
    assert "rules" not in client.session.get("csmj_club_wizard", {})


def test_fewer_than_four_players_are_refused_and_nothing_is_stored(client, owner):
    client.force_login(owner)

    response = run_wizard(client, players="张三\n李四")

    assert not Club.objects.exists()
    assert response.status_code == 302 and response["Location"].endswith("/players/")


def test_a_player_the_service_refuses_is_named_and_nothing_is_stored(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "岳麓麻将社"})
    step(client, "rules", {"preset": "changsha-67"})

    refused = step(client, "players", {"players": "张三\n李四\n王五\n" + "赵" * 61})
    response = step(client, "season", {"name": "2026 赛季"})

    assert f"第 4 个名字「{'赵' * 61}」：" in refused.content.decode()
    assert response.status_code == 302 and response["Location"].endswith("/players/")
    assert not Club.objects.exists() and not Player.objects.exists()


def test_the_wizard_needs_a_login(client):
    response = client.get(reverse("club-new"))
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_the_welcome_page_shows_the_invitation_link_a_qr_code_and_starts_the_first_session(
    client, owner
):
    client.force_login(owner)
    run_wizard(client)
    club = Club.objects.get()
    invitation = Invitation.objects.get(club=club)

    page = client.get(reverse("club-welcome", args=[club.slug])).content.decode()
    season = Season.objects.get(club=club)
    started = client.post(
        reverse("session-new", args=[club.slug, season.pk]),
        {f"seat_{i}": n for i, n in enumerate(["张三", "李四", "王五", "赵六"])}
        | {"first_dealer": "0"},
    )

    assert f"/invite/{invitation.token}/" in page and "<svg" in page and "data-copy=" in page
    # the club's address, with where to change its short name (the wizard chose it)
    assert f"://testserver/c/{club.slug}/</code>" in page
    assert reverse("club-edit", args=[club.slug]) in page
    assert 'data-role="start-first-session"' in page
    session = Session.objects.get()
    assert started["Location"] == reverse("round-new", args=[club.slug, session.pk])


def test_the_welcome_page_is_for_the_clubs_organisers(client, owner, outsider):
    client.force_login(owner)
    run_wizard(client)
    run_wizard(client, club={"name": "Private club"})
    client.force_login(outsider)

    public = Club.objects.get(is_public=True)
    private = Club.objects.get(is_public=False)
    assert client.get(reverse("club-welcome", args=[public.slug])).status_code == 403
    assert client.get(reverse("club-welcome", args=[private.slug])).status_code == 404


def test_the_season_step_suggests_a_name_with_this_year(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "社"})
    step(client, "rules", {"preset": "changsha-67"})
    step(client, "players", {"players": NAMES})

    form = client.get(reverse("club-new-step", args=["season"])).context["form"]

    assert str(datetime.date.today().year) in form.initial["name"]


def test_the_wizards_steps_are_named_in_english_on_an_english_page(client, owner):
    client.force_login(owner)
    client.cookies["django_language"] = "en"

    page = client.get(reverse("club-new")).content.decode()

    steps = page[page.index('class="wizard-steps"') : page.index("</ol>")]
    assert [s.strip() for s in re.findall(r">\s*\d\. ([^<]+)<", steps)] == [
        "Club",
        "Rules",
        "Players",
        "Season",
    ]


def test_a_club_made_in_english_names_its_ruleset_in_english(client, owner):
    from scoring.engine import PRESET_INFO

    client.force_login(owner)
    client.cookies["django_language"] = "en"

    run_wizard(client, rules={"preset": "changsha-67", "opt_bird_count": "1"})

    name = Ruleset.objects.get(club__name="岳麓麻将社").name
    assert name == PRESET_INFO["changsha-67"].name_en + " (custom)"


def test_a_name_with_a_hidden_character_is_refused_on_the_players_step_by_its_place(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "岳麓麻将社"})
    step(client, "rules", {"preset": "changsha-67"})

    response = step(client, "players", {"players": "张三\n李四\n王五\n赵\u200b六"})

    assert response.status_code == 200  # the same step again, not the next one
    errors = response.context["form"].errors["players"]
    assert errors == ["第 4 个名字「赵\u200b六」：名字里有看不见的字符（控制符、零宽字符或方向符）"]


def test_in_english_a_refused_name_is_called_name_not_display_name(client, owner):
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    step(client, "club", {"name": "Riverside"})
    step(client, "rules", {"preset": "changsha-67"})

    response = step(
        client, "players", {"players": "Alice\nBob\nCarol\nAl\u200bice\nАlice\n" + "x" * 61}
    )

    errors = response.context["form"].errors["players"]
    assert errors[0] == (
        'Name 4, "Al\u200bice": Name holds a character that does not show'
        " (a control, zero-width or direction character)"
    )
    assert errors[1].startswith('Name 5, "Аlice": ') and "looks the same as 'Alice'" in errors[1]
    assert errors[2].startswith("Name 6, ") and "display_name" not in " ".join(errors)


def test_a_refused_name_is_counted_among_the_names_however_they_were_separated(client, owner):
    client.force_login(owner)
    step(client, "club", {"name": "岳麓麻将社"})
    step(client, "rules", {"preset": "changsha-67"})

    response = step(client, "players", {"players": "张三、李四、王五\n赵\u200b六"})

    assert response.context["form"].errors["players"][0].startswith("第 4 个名字「赵\u200b六」：")
