"""A phone app's TypeScript types, generated from the committed docs/openapi.yaml with
openapi-typescript (package.json, installed by `npm ci`: `make test` does it), type-check
a round record request and its answer (tests/csmj_site/typescript/round_record.ts)
under tsc --noEmit --strict."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
SOURCE = Path(__file__).resolve().parent / "typescript" / "round_record.ts"

pytestmark = pytest.mark.slow


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def tools() -> Path:
    """node_modules/.bin, installed from package-lock.json when it is missing."""
    if not (BIN / "openapi-typescript").exists() or not (BIN / "tsc").exists():
        installed = run(["npm", "ci", "--no-audit", "--no-fund"], ROOT)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    return BIN


def typecheck(tools: Path, where: Path, source: str) -> subprocess.CompletedProcess[str]:
    generated = run(
        [str(tools / "openapi-typescript"), str(ROOT / "docs" / "openapi.yaml"), "-o", "api.d.ts"],
        where,
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    (where / "round_record.ts").write_text(source, encoding="utf-8")
    config = {
        "compilerOptions": {
            "strict": True,
            "noEmit": True,
            "target": "ES2022",
            "module": "ES2022",
            "moduleResolution": "bundler",
            "skipLibCheck": False,
        },
        "files": ["round_record.ts", "api.d.ts"],
    }
    (where / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return run([str(tools / "tsc"), "--noEmit", "--strict", "-p", "."], where)


def test_a_round_record_request_and_answer_type_check_against_the_schema(tools, tmp_path):
    checked = typecheck(tools, tmp_path, SOURCE.read_text(encoding="utf-8"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_body_the_schema_refuses_does_not_type_check(tools, tmp_path):
    """The check can fail: a round whose result kind is not an OutcomeKind."""
    source = SOURCE.read_text(encoding="utf-8").replace('kind: "discard"', 'kind: "ron"')
    checked = typecheck(tools, tmp_path, source)
    assert checked.returncode != 0
    assert "ron" in checked.stdout
