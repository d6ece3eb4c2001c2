"""Shared fixtures. The spec's worked examples are the project's copy in tests/spec/ (kept
equal to ../shared/spec/ by tests/scoring/engine/test_spec_copy.py)."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

ROOT = Path(__file__).resolve().parent.parent
# The project's own copy of the spec's worked examples, so a clean clone runs them.
SPEC_DIR = ROOT / "tests" / "spec"
# Where the binding originals sit beside a checkout (absent on a clean clone elsewhere).
SHARED_SPEC_DIR = ROOT.parent / "shared" / "spec"
SPEC_FILES = ("examples.json", "examples-options.json", "examples-table.json")
SHARED_EXAMPLES = SPEC_DIR / "examples.json"
SHARED_OPTION_EXAMPLES = SPEC_DIR / "examples-options.json"
SHARED_TABLE_EXAMPLES = SPEC_DIR / "examples-table.json"

# Hypothesis under CI: the same examples on every run (derandomised, no example database),
# so a CI failure is not luck and repeats from the blob it prints. Loaded here, before any
# test module builds its ``settings(...)``, which inherit it; so do Schemathesis' tests.
# Elsewhere each run draws new examples.
HYPOTHESIS_CI_PROFILE = "csmj-ci"
hypothesis_settings.register_profile(
    HYPOTHESIS_CI_PROFILE, derandomize=True, database=None, deadline=None, print_blob=True
)
if os.environ.get("CI"):
    hypothesis_settings.load_profile(HYPOTHESIS_CI_PROFILE)


def load_shared_examples(path: Path = SHARED_EXAMPLES) -> dict:
    """One of the spec's examples files, from the project's copy in tests/spec/."""
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def shared_examples() -> dict:
    return load_shared_examples()


@pytest.fixture
def cjk_font() -> str:
    """The font that draws Chinese in the result images (``scoring.share_image``), which
    a test that draws one asks for by name. Found afresh (the site keeps it per process).
    Without one the test is skipped, saying what to install (``make browser-deps`` does);
    under CI (``CI`` set) it fails instead, so CI never passes by skipping the images."""
    from scoring import share_image

    share_image.cjk_font_path.cache_clear()
    try:
        return share_image.cjk_font_path()
    except share_image.FontMissing as missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI draws the result images and needs a CJK font: {missing}")
        pytest.skip(f"{missing} (make browser-deps installs it)")


# ---------------------------------------------------------------- site base fixture
# One private club with a user in each role, an outsider who belongs to ANOTHER club,
# an anonymous user, a roster of eight players, a ruleset, an open season and a session.
# Passwords are tests.factories.TEST_PASSWORD (or use client.force_login).

ROLES = ("owner", "organiser", "recorder", "member", "outsider", "anonymous")


@pytest.fixture(autouse=True)
def _cache_cleared():
    """Each test starts with an empty cache: a read kept by one test (csmj_site.etags) is
    never served to another."""
    from django.core.cache import cache

    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2 at full strength costs ~0.5 s per user on this machine; tests need no strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _board_version_read_at_once(settings):
    """The board's follow reads the night's version afresh on every poll (the site keeps
    it a second, ``FOLLOW_VERSION_SECONDS``): a test that saves and polls at once sees the
    save. ``tests/scoring/events/test_board_under_load.py`` checks the kept second."""
    settings.FOLLOW_VERSION_SECONDS = 0


@pytest.fixture(autouse=True)
def _webhooks_to_loopback_only(settings):
    """No test delivers a webhook beyond this machine: a delivery to a host that is not a
    loopback address is refused and logged (``scoring.webhooks.services``), whatever a
    test or a fuzzer registered. ``tests/scoring/webhooks`` test the public default."""
    settings.WEBHOOK_ADDRESSES = "loopback"


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's language (zh-hans): a test client's request under
    English leaves English active in the test's thread, and the next test's own calls
    (a selector's words, the audit log's sentences) would read English."""
    from django.conf import settings as django_settings
    from django.utils import translation

    with translation.override(django_settings.LANGUAGE_CODE):
        yield


@pytest.fixture(autouse=True)
def _fresh_rate_limit_counts():
    """django-allauth's rate limits (sign-up, password change, reset mails…) count in the
    cache per address and per user id: every test starts from zero, so one test's
    requests never make another one answer 429."""
    from django.core.cache import cache

    cache.clear()
    yield


def _user_fixture(username: str):
    @pytest.fixture(name=username)
    def user_fixture(db):
        from tests.factories import make_user

        return make_user(username)

    return user_fixture


owner = _user_fixture("owner")
organiser = _user_fixture("organiser")
recorder = _user_fixture("recorder")
member = _user_fixture("member")
outsider = _user_fixture("outsider")


@pytest.fixture
def anonymous():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


@pytest.fixture
def club(owner, organiser, recorder, member):
    """A private club with one user per role."""
    from tests.factories import make_club

    return make_club(
        name="测试俱乐部", owner=owner, organiser=organiser, recorder=recorder, member=member
    )


@pytest.fixture
def other_club(outsider):
    """Another private club; the outsider owns it (and has no role in ``club``)."""
    from tests.factories import make_club, make_players, make_season

    other = make_club(name="别的俱乐部", owner=outsider)
    make_players(other, ["外人甲", "外人乙", "外人丙", "外人丁"])
    make_season(other, name="别的赛季")
    return other


@pytest.fixture
def users_by_role(owner, organiser, recorder, member, outsider, anonymous, other_club):
    """{"owner": user, …, "outsider": user, "anonymous": AnonymousUser} for matrices."""
    return {
        "owner": owner,
        "organiser": organiser,
        "recorder": recorder,
        "member": member,
        "outsider": outsider,
        "anonymous": anonymous,
    }


@pytest.fixture
def players(club):
    """Eight roster players of ``club``; the first four sit in ``session``."""
    from tests.factories import make_players

    return make_players(club, ["张三", "李四", "王五", "赵六", "钱七", "孙八", "周九", "吴十"])


@pytest.fixture
def ruleset(club):
    from tests.factories import make_ruleset

    return make_ruleset(club, {"preset": "changsha-67"}, name="六七片")


@pytest.fixture
def season(club, ruleset):
    from tests.factories import make_season

    return make_season(club, ruleset, name="2025 春季赛")


@pytest.fixture
def session(season, players, recorder):
    """An open session: players[0..3] at seats 0..3, seat 0 deals first."""
    from tests.factories import make_session

    return make_session(season, players[:4], actor=recorder)


@pytest.fixture
def rec(client, recorder):
    """The test client, logged in as the club's recorder."""
    client.force_login(recorder)
    return client


@pytest.fixture
def reader(client, member):
    """The test client, logged in as a plain member of the club."""
    client.force_login(member)
    return client


@pytest.fixture
def fresh_throttle_counts():
    """An empty cache before and after: the anonymous calculator's throttle counts start at
    zero (use with ``pytestmark = pytest.mark.usefixtures("fresh_throttle_counts")``)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api_client():
    """An anonymous DRF test client."""
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def api_as(users_by_role):
    """``api_as("recorder")`` → a token-authenticated APIClient for that role."""
    from tests.api_helpers import token_client

    cache = {}

    def get(role):
        if role not in cache:
            cache[role] = token_client(users_by_role[role])
        return cache[role]

    return get
