"""gunicorn config for `BENCH_PREVIEW_HOOKS=1 make bench-site`: serves the site as it will be
once the materialised-standings hooks of /work/notes/h6-hooks.md are in scoring/services.py
and leagues/selectors.py (standings read from the tables; every round write refreshes them).
Bench-only: it patches the modules in each gunicorn worker before the app is loaded."""

from typing import Any


def post_fork(server: Any, worker: Any) -> None:
    import django

    django.setup()
    from leagues import selectors
    from leagues.stats import stats_session_refresh
    from leagues.stats_selectors import stats_standings
    from scoring import services

    def season_standings(*, season: Any, **kw: Any) -> Any:
        return stats_standings(season=season, **kw)

    def club_leaderboard(*, club: Any, **kw: Any) -> Any:
        return stats_standings(club=club, **kw)

    store = services._store

    def _store(**kw: Any) -> Any:
        rnd = store(**kw)
        stats_session_refresh(session=kw["session"])
        return rnd

    selectors.season_standings = season_standings
    selectors.club_leaderboard = club_leaderboard
    services._store = _store
