"""placeholder"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MeFilters:
    year: int | None = None
    club: str | None = None

    @classmethod
    def from_query(cls, query: Any) -> MeFilters:
        return cls()


def me_report(*, user: Any, filters: MeFilters) -> dict[str, Any]:
    return {}
