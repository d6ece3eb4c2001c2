"""The OpenAPI contract: /api/schema/, its enums, the docs pages, and docs/openapi.yaml."""

import re
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.engine.hands import HAND_TYPES
from scoring.engine.rules import PRESETS
from tests.api_helpers import committed_schema

ROOT = Path(__file__).resolve().parent.parent.parent
COMMITTED = ROOT / "docs" / "openapi.yaml"

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema():
    return committed_schema()


@pytest.mark.slow
def test_the_committed_schema_is_what_make_schema_writes(tmp_path):
    """Fails when docs/openapi.yaml is stale: run `make schema` and commit the file."""
    fresh = tmp_path / "openapi.yaml"
    call_command("spectacular", "--lang", "en", "--file", str(fresh), "--validate")
    assert fresh.read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8"), (
        "docs/openapi.yaml is stale: run `make schema` and commit it"
    )


def test_the_schema_is_served_at_api_schema(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    body = response.json()
    assert body["openapi"].startswith("3.")
    assert "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/" in body["paths"]


def test_the_schema_names_the_enums(schema):
    enums = schema["components"]["schemas"]
    assert set(enums["HandTypeCode"]["enum"]) == set(HAND_TYPES)
    assert set(enums["OpeningHandCode"]["enum"]) == {
        c for c, h in HAND_TYPES.items() if h.is_opening
    }
    assert set(enums["FinalHandCode"]["enum"]) == {c for c, h in HAND_TYPES.items() if h.is_final}
    assert set(enums["MidgameHandCode"]["enum"]) == {"zhongtu_sixi", "zhongtu_liuliushun"}
    assert set(enums["Preset"]["enum"]) == set(PRESETS)
    assert set(enums["OutcomeKind"]["enum"]) == {"self_draw", "discard", "draw"}


def test_every_operation_documents_the_error_format(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch"):
                continue
            for code in ("401", "404", "429"):
                assert code in operation["responses"], (method, path, code)


def test_round_creation_documents_409_and_the_idempotency_key(schema):
    operation = schema["paths"]["/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/"]["post"]
    assert {"201", "400", "409", "422"} <= set(operation["responses"])
    assert "Idempotency-Key" in [p["name"] for p in operation["parameters"]]


def test_token_auth_is_a_bearer_scheme(schema):
    assert schema["components"]["securitySchemes"]["tokenAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schema["components"]["securitySchemes"]["tokenAuth"]["description"],
    }


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_docs_pages_load_their_scripts_from_local_static_files(client, url):
    html = client.get(url).content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("drf_spectacular_sidecar" in s for s in sources), sources
    assert not [s for s in sources if s.startswith(("http:", "https:", "//"))], sources


def test_the_ruleset_configs_bounds_and_choices_are_the_engines(schema):
    """Declared once in the engine (PARAMETER_INFO): each number's bounds and each
    choice's values (a shared enum may order them otherwise), labelled in English."""
    from scoring.engine.options import PARAMETER_INFO

    components = schema["components"]["schemas"]
    fields = components["RulesetConfig"]["properties"]
    for key, info in PARAMETER_INFO.items():
        field = fields[key]
        if info.bounds is not None:
            assert (field["minimum"], field["maximum"]) == info.bounds, key
        elif info.values and info.allowed != "boolean":
            ref = field["items"]["$ref"] if field.get("type") == "array" else field["$ref"]
            enum = components[ref.rsplit("/", 1)[1]]
            assert set(enum["enum"]) == set(info.values), key
    bird_mode = components[fields["bird_mode"]["$ref"].rsplit("/", 1)[1]]
    assert "* `multiplicative` - Multiplicative" in bird_mode["description"]


def test_the_enums_are_labelled_in_english(schema):
    chinese = re.compile(r"[\u4e00-\u9fff]")
    for name, component in schema["components"]["schemas"].items():
        if "enum" in component:
            assert not chinese.search(component.get("description", "")), name
