"""The ruleset editor (options form, JSON advanced view) and the rules page of a ruleset."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

import scoring.engine as engine
from leagues.models import Ruleset
from leagues.ruleset_explain import DEALER, IDLE
from scoring.engine.options import PARAMETER_INFO

pytestmark = pytest.mark.django_db


def post_editor(client, club, fields, ruleset=None):
    url = (
        reverse("ruleset-edit", args=[club.slug, ruleset.pk])
        if ruleset
        else reverse("ruleset-new", args=[club.slug])
    )
    return client.post(
        url, {"name": "我们的规则", "preset": "changsha-67", "mode": "form", **fields}
    )


@pytest.mark.parametrize(
    ("fields", "stored"),
    [
        (
            {
                "opt_bird_count": "4",
                "opt_bird_mode": "points",
                "opt_bird_points": "2",
                "opt_bird_origin": "winner",
                "opt_opening_birds": "false",
            },
            {
                "bird_count": 4,
                "bird_mode": "points",
                "bird_points": 2,
                "bird_origin": "winner",
                "opening_birds": False,
            },
        ),
        (
            {
                "opt_haohua": "true",
                "opt_menqing": "self_draw",
                "opt_extra_small_hands": ["jiejiegao", "zhongtu_sixi"],
            },
            {
                "haohua": True,
                "menqing": "self_draw",
                "extra_small_hands": ["jiejiegao", "zhongtu_sixi"],
            },
        ),
        ({"opt_piao": "free", "opt_piao_max": "3"}, {"piao": "free", "piao_max": 3}),
        ({"opt_cap": "50"}, {"cap": 50}),
        (
            {"opt_dealer_bonus": "2", "opt_dealer_bonus_per_unit": "true"},
            {"dealer_bonus": 2, "dealer_bonus_per_unit": True},
        ),
        (
            {"opt_tongzhuang": "true", "opt_dealer_vs_dealer": "1"},
            {"tongzhuang": True, "dealer_vs_dealer": 1},
        ),
    ],
    ids=["birds", "hand-types", "piao", "cap", "dealer", "tongzhuang"],
)
def test_each_group_of_the_editor_saves_its_options(client, club, organiser, fields, stored):
    client.force_login(organiser)

    response = post_editor(client, club, fields)

    assert response.status_code == 302, response.context["form"].errors
    assert Ruleset.objects.get(name="我们的规则").config == {"preset": "changsha-67", **stored}


def test_options_equal_to_the_preset_are_not_stored(client, club, organiser):
    client.force_login(organiser)
    preset = engine.PRESETS["changsha-67"]

    post_editor(
        client,
        club,
        {
            "opt_bird_count": str(preset.bird_count),
            "opt_haohua": "false",
            "opt_cap": "0",
            "opt_piao": "fixed",
        },
    )

    assert Ruleset.objects.get(name="我们的规则").config == {
        "preset": "changsha-67",
        "piao": "fixed",
    }


def test_a_bad_value_is_a_chinese_error_next_to_its_option_and_nothing_is_stored(
    client, club, organiser
):
    client.force_login(organiser)

    response = post_editor(client, club, {"opt_piao_max": "500", "opt_haohua": "true"})

    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["opt_piao_max"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in errors["opt_piao_max"][0])
    assert not Ruleset.objects.filter(name="我们的规则").exists()
    page = response.content.decode()
    option = page[page.index('data-key="piao_max"') :]
    assert option.index("errorlist") < option.index("</section>")


def test_a_blank_name_and_a_bad_option_are_both_named_in_one_post(client, club, organiser):
    client.force_login(organiser)

    response = post_editor(client, club, {"name": "", "opt_cap": "-3"})

    errors = response.context["form"].errors
    assert set(errors) == {"name", "opt_cap"}
    assert Ruleset.objects.filter(club=club).count() == 0


def test_a_refused_post_says_so_at_the_top_and_links_each_error_to_its_option(
    client, club, organiser
):
    client.force_login(organiser)

    page = post_editor(client, club, {"name": "", "opt_cap": "-3"}).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = post_editor(client, club, {"opt_cap": "-3"}).content.decode()

    summary = page[
        page.index('data-role="error-summary"') : page.index(
            "</div>", page.index('data-role="error-summary"')
        )
    ]
    assert page.index('data-role="error-summary"') < page.index('class="card opt-group"')
    assert "没有保存" in summary
    assert '<a href="#field-opt_cap">' in summary and 'id="field-opt_cap"' in page
    assert '<a href="#field-name">' in summary and 'id="field-name"' in page
    assert "应在 0 到 " in summary
    top = english[english.index('data-role="error-summary"') :]
    assert "Not saved" in top
    assert "</a>: " in top and "must be between 0 and" in top and "config." not in top


def test_the_json_view_reads_a_phone_keyboards_curly_quotes(client, club, organiser):
    client.force_login(organiser)

    post_editor(client, club, {"mode": "json", "overrides": "{“bird_count”: 4, “piao”: “free”}"})

    stored = Ruleset.objects.get(name="我们的规则").config
    assert stored == {"preset": "changsha-67", "bird_count": 4, "piao": "free"}


def test_malformed_json_is_explained_in_plain_chinese(client, club, organiser):
    client.force_login(organiser)

    response = post_editor(client, club, {"mode": "json", "overrides": "{bird_count: 4}"})

    [message] = response.context["form"].errors["overrides"]
    assert "不是有效的 JSON" in message and "Expecting" not in message
    assert not Ruleset.objects.filter(name="我们的规则").exists()


def test_the_json_view_refuses_the_same_bad_input(client, club, organiser):
    client.force_login(organiser)

    response = post_editor(client, club, {"mode": "json", "overrides": '{"bird_points": 5000}'})
    form_response = post_editor(client, club, {"opt_bird_points": "5000"})

    # next to the option, the message alone; in the JSON box, after the key typed there
    assert form_response.context["form"].errors["opt_bird_points"] == [
        "应在 0 到 1000 之间，收到 5000"
    ]
    assert response.context["form"].errors["overrides"] == [
        "bird_points：应在 0 到 1000 之间，收到 5000"
    ]
    assert not Ruleset.objects.filter(name="我们的规则").exists()


def test_an_option_error_is_plain_chinese_on_a_chinese_page_and_english_on_an_english_one(
    client, club, organiser
):
    client.force_login(organiser)

    chinese = post_editor(client, club, {"opt_piao_max": "500"})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = post_editor(client, club, {"opt_piao_max": "500"})

    [message] = chinese.context["form"].errors["opt_piao_max"]
    assert message == "应在 0 到 100 之间，收到 500"
    assert "config" not in chinese.content.decode().split("<script")[0]
    [message] = english.context["form"].errors["opt_piao_max"]
    assert message == "Free piao maximum must be between 0 and 100, got 500"  # its label
    in_json = post_editor(client, club, {"mode": "json", "overrides": '{"piao_max": 500}'})
    assert in_json.context["form"].errors["overrides"] == [
        "piao_max must be between 0 and 100, got 500"  # the key as typed, not config.piao_max
    ]


def test_the_editor_marks_the_options_changed_from_the_preset(client, club, organiser):
    client.force_login(organiser)
    ruleset = Ruleset.objects.create(
        club=club, name="四鸟", config={"preset": "changsha-67", "bird_count": 4}
    )

    page = client.get(reverse("ruleset-edit", args=[club.slug, ruleset.pk])).content.decode()

    assert 'class="opt changed" data-key="bird_count"' in page
    assert 'class="opt" data-key="cap"' in page


def test_each_option_is_explained_in_chinese_on_a_chinese_page_and_in_english_on_an_english_one(
    client, club, organiser
):
    from scoring.engine.options import PARAMETER_INFO

    client.force_login(organiser)
    ruleset = Ruleset.objects.create(club=club, name="默认", config={"preset": "changsha-67"})
    url = reverse("ruleset-edit", args=[club.slug, ruleset.pk])

    chinese = client.get(url).content.decode()  # Chinese first
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url).content.decode()

    cap = PARAMETER_INFO["cap"]
    assert cap.description_zh in chinese and cap.description not in chinese
    assert cap.description in english
    # every group's heading is in the page's language (封顶, 庄闲 and 通庄 stayed Chinese)
    headings = re.findall(r"<h2>([^<]*)</h2>", english.split('class="card opt-group"', 1)[1])
    assert len(headings) >= 9
    assert not [h for h in headings if re.search(r"[\u4e00-\u9fff]", h)]
    assert "<h2>Cap</h2>" in english and "<h2>封顶</h2>" in chinese


# ---------------------------------------------------------------- the rules page


@pytest.fixture
def options_ruleset(club):
    return Ruleset.objects.create(
        club=club,
        name="豪华四鸟飘",
        config={
            "preset": "changsha-67",
            "haohua": True,
            "bird_count": 4,
            "piao": "free",
            "cap": 30,
        },
    )


def test_the_rules_page_is_for_members_of_a_private_club_only(
    client, club, member, options_ruleset
):
    url = reverse("ruleset-rules", args=[club.slug, options_ruleset.pk])

    anonymous = client.get(url)
    client.force_login(member)
    reader = client.get(url)

    assert anonymous.status_code == 302
    assert reader.status_code == 200 and "规则说明" in reader.content.decode()


def test_the_rules_page_of_a_public_club_is_open_to_everyone(client, club, options_ruleset):
    club.is_public = True
    club.save()

    response = client.get(reverse("ruleset-rules", args=[club.slug, options_ruleset.pk]))

    assert response.status_code == 200


def test_the_rules_page_numbers_are_the_engines(client, club, member, options_ruleset):
    client.force_login(member)
    rules, _errors = engine.parse_ruleset(
        {**options_ruleset.config, "bird_count": 0, "piao": "off", "cap": 0}, field="c"
    )
    expected = engine.score_round(
        {
            "ruleset": "changsha-67",
            "dealer": DEALER,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": IDLE, "hands": ["haohua_qixiaodui"]}],
            },
        },
        rules=rules,
    )["net"][IDLE]

    response = client.get(reverse("ruleset-rules", args=[club.slug, options_ruleset.pk]))

    explain = response.context["explain"]
    haohua = next(h for h in explain["hands"] if h["code"] == "haohua_qixiaodui")
    assert haohua["idle_self_draw"] == expected
    titles = [e["title"] for e in explain["examples"]]
    assert len(titles) == 4 and any("封顶" in t for t in titles)
    big = explain["examples"][1]
    assert all(t["amount"] <= 30 for t in big["transfers"])
    # Worded as the preview words it: the engine's uncapped amount, then the cap.
    assert any("封顶 30" in t["arith"] for t in big["transfers"])
    assert "封顶 30" in response.content.decode()
    assert all(sum(n for _seat, n in e["net"]) == 0 for e in explain["examples"])


def test_the_rules_page_leaves_out_hand_types_the_ruleset_does_not_allow(
    client, club, member, ruleset
):
    client.force_login(member)

    response = client.get(reverse("ruleset-rules", args=[club.slug, ruleset.pk]))

    codes = {h["code"] for h in response.context["explain"]["hands"]}
    assert "pinghu" in codes and "haohua_qixiaodui" not in codes


def test_the_rules_page_lists_every_hand_type_the_ruleset_allows_situational_ones_too():
    from leagues.ruleset_explain import hand_catalogue

    config = {
        "preset": "changsha-67",
        "haohua": True,
        "menqing": "any",
        "extra_small_hands": [
            "jiejiegao",
            "jintongyunv",
            "yidianhong",
            "zhongtu_sixi",
            "zhongtu_liuliushun",
        ],
    }

    listed = {h["code"]: h for h in hand_catalogue(config)}

    assert set(listed) == set(engine.HAND_TYPES)
    assert listed["haidilaoyue"]["idle_self_draw"] is not None
    assert listed["haidipao"]["idle_discard"] is not None
    assert listed["dihu"]["idle_discard"] is not None


def test_each_number_box_has_the_engines_bounds():
    """The steppers' min and max are the values the engine takes: both ends pass, one
    past either end is refused."""
    from leagues.rules_form import RulesStepForm, put_option

    form = RulesStepForm()
    numbers = {
        name.removeprefix("opt_"): form.fields[name].widget.attrs
        for name in form.options
        if form.fields[name].widget.input_type == "number"
    }
    assert {"bird_points", "piao_value", "piao_max", "cap", "escape_penalty"} <= set(numbers)
    assert {"kong_points__an", "kong_points__jia", "kong_points__ming"} <= set(numbers)
    for key, attrs in numbers.items():
        low, high = attrs["min"], attrs["max"]
        for value, ok in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
            config = {"preset": "changsha-67"}
            put_option(config, key, value)
            _rules, errors = engine.parse_ruleset(config)
            assert (errors == []) is ok, (key, value, errors)


def test_the_number_boxes_are_steppers_on_the_editor_and_the_wizard(client, club, organiser):
    client.force_login(organiser)

    editor = client.get(reverse("ruleset-new", args=[club.slug]))
    client.post(reverse("club-new"), {"name": "步进社"})  # the wizard's step 1
    wizard = client.get(reverse("club-new-step", args=["rules"]))

    for response in (editor, wizard):
        assert response.status_code == 200
        html = response.content.decode()
        assert html.count('type="number"') >= 6
        assert html.count("data-stepper") == html.count('type="number"')
        assert 'id="preset-values"' in html and "js/stepper.js" in html
    # the wizard explains each option in Chinese too, not in the engine's type words
    wizard_html = wizard.content.decode()
    assert PARAMETER_INFO["cap"].description_zh in wizard_html
    assert "integer 0-" not in wizard_html


# ---------------------------------------------------------------- values in words

_BUTTON = re.compile(
    r'<label><input type="(?:radio|checkbox)" name="([^"]+)" value="([^"]*)"[^>]*>\s*([^<]*?)\s*</label>'
)


def button_labels(html: str, name: str) -> dict[str, str]:
    """The editor's buttons of one option: posted value → the words on the button."""
    return {value: label for field, value, label in _BUTTON.findall(html) if field == name}


def option_block(html: str, key: str) -> str:
    """The HTML of one option, up to the next option."""
    start = html.index(f'data-key="{key}"')
    following = re.compile(r'<div class="opt[ "]').search(html, start)
    return html[start : following.start() if following else len(html)]


def english_page(client, url: str) -> str:

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    try:
        return client.get(url).content.decode()
    finally:
        del client.cookies[settings.LANGUAGE_COOKIE_NAME]


def test_the_choice_buttons_and_the_preset_hint_are_words_in_the_pages_language(
    client, club, organiser
):
    client.force_login(organiser)
    url = reverse("ruleset-new", args=[club.slug])

    chinese = client.get(url).content.decode()
    english = english_page(client, url)

    assert button_labels(chinese, "opt_piao") == {
        "": "按预设",
        "off": "不飘",
        "fixed": "坐飘",
        "free": "自由飘",
    }
    assert button_labels(chinese, "opt_bird_mode") == {
        "": "按预设",
        "additive": "加法",
        "multiplicative": "乘法",
        "points": "加分",
    }
    assert button_labels(chinese, "opt_haohua") == {"": "按预设", "true": "是", "false": "否"}
    assert button_labels(chinese, "opt_bird_count")["4"] == "四鸟"
    assert button_labels(chinese, "opt_extra_small_hands")["jiejiegao"] == "节节高"
    assert button_labels(english, "opt_piao")["free"] == "Free"
    assert button_labels(english, "opt_bird_mode")["additive"] == "Additive"
    assert button_labels(english, "opt_haohua") == {
        "": "As the preset",
        "true": "Yes",
        "false": "No",
    }
    # every option's buttons: words, never the engine's code (except a number as itself)
    for key, info in PARAMETER_INFO.items():
        for page, lang in ((chinese, "zh"), (english, "en")):
            labels = button_labels(page, f"opt_{key}")
            for value, label in info.values.items():
                posted = "true" if value is True else "false" if value is False else str(value)
                assert labels[posted] == getattr(label, lang), (key, value, lang)
    # the 预设 hint of the default preset (changsha-67), in words
    assert '预设：<span class="preset-words">不飘</span>' in option_block(chinese, "piao")
    assert '<span class="preset-words">加法</span>' in option_block(chinese, "bird_mode")
    assert '<span class="preset-words">否</span>' in option_block(chinese, "haohua")
    assert '<span class="preset-words">双鸟</span>' in option_block(chinese, "bird_count")
    assert '<span class="preset-words">No piao</span>' in option_block(english, "piao")
    assert '<span class="preset-words">No</span>' in option_block(english, "haohua")
    for raw in ("off", "additive", "True", "False"):
        assert f'<span class="preset-words">{raw}</span>' not in chinese


def test_the_words_are_posted_and_stored_as_the_engines_codes(client, club, organiser):
    client.force_login(organiser)

    post_editor(client, club, {"opt_piao": "free", "opt_haohua": "true", "opt_bird_mode": "points"})

    config = Ruleset.objects.get(name="我们的规则").config
    assert config == {
        "preset": "changsha-67",
        "piao": "free",
        "haohua": True,
        "bird_mode": "points",
    }


def test_the_preset_words_follow_each_preset_for_the_pages_script(client, club, organiser):
    client.force_login(organiser)

    response = client.get(reverse("ruleset-new", args=[club.slug]))

    words = response.context["form"].preset_words()
    assert words["changsha-67"]["opt_bird_count"] == "双鸟"
    assert words["changsha-tongzhuang"]["opt_bird_count"] == "单鸟"
    assert words["changsha-tongzhuang"]["opt_tongzhuang"] == "是"
    assert 'id="preset-words"' in response.content.decode()


def test_the_changed_badge_is_hidden_when_the_option_is_as_the_preset(client, club, organiser):
    client.force_login(organiser)
    ruleset = Ruleset.objects.create(
        club=club, name="自由飘", config={"preset": "changsha-67", "piao": "free"}
    )

    page = client.get(reverse("ruleset-edit", args=[club.slug, ruleset.pk])).content.decode()

    assert '<span class="badge-changed">已改</span>' in option_block(page, "piao")
    assert '<span class="badge-changed" hidden>已改</span>' in option_block(page, "cap")
    assert "js/ruleset-changed.js" in page


def test_the_wizard_offers_the_choices_in_words(client, club, organiser):
    client.force_login(organiser)
    client.post(reverse("club-new"), {"name": "飘分社"})  # the wizard's step 1
    url = reverse("club-new-step", args=["rules"])

    chinese = client.get(url).content.decode()
    english = english_page(client, url)

    assert '<option value="free">自由飘</option>' in chinese
    assert '<option value="true">是</option>' in chinese
    assert '<option value="4">四鸟</option>' in chinese
    assert ">free<" not in chinese and ">additive<" not in chinese
    assert '<option value="free">Free</option>' in english
    assert '<option value="multiplicative">Multiplicative</option>' in english


def test_the_rules_page_shows_every_option_in_words(client, club, member, options_ruleset):
    client.force_login(member)
    url = reverse("ruleset-rules", args=[club.slug, options_ruleset.pk])

    response = client.get(url)
    english = english_page(client, url)

    words = {o["key"]: o["words"] for o in response.context["explain"]["options"]}
    assert words["piao"] == "自由飘"
    assert words["haohua"] == "是"
    assert words["bird_count"] == "四鸟"
    assert words["bird_mode"] == "加法"
    assert words["extra_small_hands"] == "无"
    assert words["base"] == "小胡 自摸 1，点炮 1；大胡 自摸 6，点炮 6"
    assert words["zimo_bonus"] == "小胡 1；大胡 1"
    assert words["cap"] == "30"
    html = response.content.decode()
    options = html[html.index('id="options"') : html.index('id="hands"')]
    assert "<code>" not in options  # no engine value printed raw
    for raw in ("free", "additive", "True", "False", "{"):
        assert f">{raw}<" not in options and f">{raw} " not in options
    assert '<div class="opt-value">自由飘</div>' in options
    english_options = english[english.index('id="options"') : english.index('id="hands"')]
    assert '<div class="opt-value">Free</div>' in english_options
    assert '<div class="opt-value">Four birds</div>' in english_options
    assert "small hand self-draw 1, deal-in 1; big hand self-draw 6, deal-in 6" in english_options


@pytest.mark.parametrize("origin", ["dealer", "winner"])
def test_the_rules_pages_big_example_lands_every_bird_on_the_winner_whatever_the_origin(origin):
    from django.utils import translation

    from leagues.ruleset_explain import example_payments

    config = {
        "preset": "changsha-67",
        "bird_count": 6,
        "bird_mode": "points",
        "bird_origin": origin,
    }
    with translation.override("zh-hans"):  # the titles follow the active language
        big = example_payments(config)[1]
    assert "鸟全中 B" in big["title"]
    # every payer adds six birds' points (bird_points 1): all of them hit the winner B
    assert len(big["transfers"]) == 3
    assert all("+ 6 中鸟加分" in t["arith"] for t in big["transfers"]), big["transfers"]


def test_the_ruleset_list_words_each_ruleset_as_its_preset_and_what_differs(
    client, club, organiser, options_ruleset
):
    client.force_login(organiser)

    page = client.get(reverse("rulesets", args=[club.slug])).content.decode()

    assert "扎鸟数 四鸟" in page and "飘分 自由飘" in page and "封顶 30" in page
    assert "{&#x27;preset&#x27;" not in page and "'preset'" not in page


def test_the_rules_page_reads_in_english_on_an_english_page(client, club, options_ruleset):
    club.is_public = True
    club.save()
    client.cookies["django_language"] = "en"

    page = client.get(
        reverse("ruleset-rules", args=[club.slug, options_ruleset.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    for words in ("Options", "Hand types and chips", "Example payments", "Cap 30: the dealer A"):
        assert words in page, words
    assert "算分例子" not in page and "鸟全中" not in page
