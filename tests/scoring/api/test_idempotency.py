"""Idempotency-Key on the POST requests that create a round (record, correct)."""

import pytest

from scoring.idempotency import IdempotencyKey
from scoring.models import Round
from scoring.services import round_record
from tests.api_helpers import codes, rounds_url, token_client
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db

EX1 = round_self_draw(0, birds=[5, 9])
OTHER = round_discard(2, 3, birds=[1, 4])


def post(client, url, body, key):
    return client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_retry_with_the_same_key_and_body_returns_the_first_response_and_stores_nothing(
    api_as, club, session
):
    client = api_as("recorder")
    first = post(client, rounds_url(club, session), EX1, "k-1")
    again = post(client, rounds_url(club, session), EX1, "k-1")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert Round.objects.count() == 1


def test_key_order_and_whitespace_of_the_body_do_not_matter(api_as, club, session):
    client = api_as("recorder")
    url = rounds_url(club, session)
    first = client.post(
        url,
        '{"dealer": 0, "result": {"kind": "draw", "winners": [],'
        ' "haidi": {"tile": "5m", "taker": 1, "first_offered": 1}}}',
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k",
    )
    again = client.post(
        url,
        '{"result":{"haidi":{"first_offered":1,"taker":1,"tile":"5m"},'
        '"winners":[],"kind":"draw"},"dealer":0}',
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k",
    )
    assert first.status_code == 201, first.content
    assert again.json() == first.json()
    assert Round.objects.count() == 1


def test_the_same_key_with_a_different_body_is_refused_with_422(api_as, club, session):
    client = api_as("recorder")
    post(client, rounds_url(club, session), EX1, "k-2")
    response = post(client, rounds_url(club, session), OTHER, "k-2")

    assert response.status_code == 422
    assert codes(response) == [("", "idempotency_key_reused")]
    assert Round.objects.count() == 1


def test_the_same_key_on_another_session_is_a_different_request(
    api_as, club, season, session, players, recorder
):
    from tests.factories import make_session

    other = make_session(season, players[4:], actor=recorder)
    client = api_as("recorder")
    post(client, rounds_url(club, session), EX1, "k-3")
    assert post(client, rounds_url(club, other), EX1, "k-3").status_code == 422
    assert not other.rounds.exists()


def test_a_refused_request_does_not_spend_the_key(api_as, club, session):
    client = api_as("recorder")
    bad = {**EX1, "dealer": 9}
    assert post(client, rounds_url(club, session), bad, "k-4").status_code == 400
    assert not IdempotencyKey.objects.exists()

    response = post(client, rounds_url(club, session), EX1, "k-4")
    assert response.status_code == 201
    assert IdempotencyKey.objects.get().status_code == 201


def test_a_409_does_not_spend_the_key(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    client = api_as("recorder")
    conflict = post(client, rounds_url(club, session), {**EX1, "number": 1}, "k-5")
    assert conflict.status_code == 409
    assert not IdempotencyKey.objects.exists()


def test_keys_belong_to_one_user(api_as, club, session, owner):
    post(api_as("recorder"), rounds_url(club, session), EX1, "shared")
    response = post(token_client(owner), rounds_url(club, session), EX1, "shared")
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert Round.objects.count() == 2


def test_a_users_tokens_share_their_keys(club, session, recorder):
    post(token_client(recorder), rounds_url(club, session), EX1, "k-6")
    response = post(token_client(recorder), rounds_url(club, session), EX1, "k-6")
    assert response["Idempotent-Replayed"] == "true"
    assert Round.objects.count() == 1


def test_a_correction_with_a_key_stores_one_new_version(api_as, club, session, recorder):
    round_record(session=session, data=EX1, actor=recorder)
    client = api_as("recorder")
    first = post(client, rounds_url(club, session, "1/correct/"), OTHER, "fix-1")
    again = post(client, rounds_url(club, session, "1/correct/"), OTHER, "fix-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["id"] == first.json()["id"]
    assert Round.objects.filter(number=1).count() == 2


@pytest.mark.parametrize(
    ("key", "code"), [("x" * 256, "max_length"), ("  ", "blank"), ("é", "invalid")]
)
def test_a_malformed_key_is_refused(api_as, club, session, key, code):
    response = post(api_as("recorder"), rounds_url(club, session), EX1, key)
    assert response.status_code == 400
    assert codes(response) == [("Idempotency-Key", code)]
    assert not Round.objects.exists()


def test_an_expired_key_can_be_used_again(api_as, club, session):
    import datetime

    from django.utils import timezone

    client = api_as("recorder")
    post(client, rounds_url(club, session), EX1, "old")
    IdempotencyKey.objects.update(created_at=timezone.now() - datetime.timedelta(days=2))
    response = post(client, rounds_url(club, session), OTHER, "old")
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert Round.objects.count() == 2
