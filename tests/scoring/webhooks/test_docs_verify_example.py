"""The signature check docs/api.md shows ("Webhooks") accepts a real delivery and refuses
a changed one."""

import json
import re
from pathlib import Path

import pytest

from scoring.services import round_record
from scoring.webhooks.services import SIGNATURE_HEADER, webhook_create
from tests.factories import round_self_draw
from tests.scoring.webhooks.receiver import Receiver

pytestmark = pytest.mark.django_db

DOCS = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text(encoding="utf-8")


def docs_verified():
    webhooks = DOCS.split("\n## Webhooks\n", 1)[1].split("\n## ", 1)[0]
    [code] = re.findall(r"```python\n(.*?)```", webhooks, re.S)
    namespace: dict = {}
    exec(code, namespace)  # noqa: S102  (the docs' own example)
    return namespace["verified"]


def test_the_docs_example_verifies_a_real_delivery_and_refuses_a_changed_body(
    settings, club, organiser, session, recorder, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_ADDRESSES = "loopback"
    verified = docs_verified()
    with Receiver() as receiver:
        hook = webhook_create(
            club=club, url=receiver.url, events=["round.recorded"], actor=organiser
        )
        with django_capture_on_commit_callbacks(execute=True):
            round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    [got] = receiver.received
    header = got["headers"][SIGNATURE_HEADER]
    assert verified(hook.secret, header, got["body"])
    tampered = json.dumps({**json.loads(got["body"]), "club": "another"}).encode()
    assert not verified(hook.secret, header, tampered)
    assert not verified("whsec_wrong", header, got["body"])
