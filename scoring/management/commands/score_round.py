"""``python manage.py score_round FILE``: score one round from a JSON file (``-``: stdin).

Exit status 0 with the result JSON on stdout; 2 with ``{"errors": [...]}`` on stdout
when the round is invalid; 2 with a one-line message on stderr when the input is not
readable JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from csmj_site.errors import ServiceError
from csmj_site.jsonio import json_parse
from scoring.engine import RoundInvalid, score_round


class Command(BaseCommand):
    help = "Score one round (round-format.md JSON) from FILE, or standard input with '-'."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="round JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {name}: {_reason(exc)}", returncode=2) from None
        try:
            data = json_parse(text, field="standard input" if name == "-" else name)
        except ServiceError as exc:  # malformed_json, duplicate_key, too_deep, …
            raise CommandError(exc.message.splitlines()[0], returncode=2) from None
        try:
            result = score_round(data)
        except RoundInvalid as exc:
            self.stdout.write(json.dumps(exc.as_json(), ensure_ascii=False, indent=2))
            raise CommandError(
                f"the round is invalid ({len(exc.errors)} errors)", returncode=2
            ) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
