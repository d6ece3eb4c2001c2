"""manage.py generate_demo_league --players 500 --sessions 50000: a big club for load
tests. Every round is scored by the engine and stored through the bulk import path
(scoring.bulk_import), so the data is exactly what recording would have stored: each round's
dealer is the engine's next dealer after the round before, and the bird count is the
ruleset's."""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from leagues.models import Club, Membership, Player, Role, Ruleset, Season
from scoring.bulk_import import SessionIn, default_workers, sessions_import
from scoring.engine import Rules, draw_next_dealer, parse_ruleset, win_next_dealers

SMALL = [["pinghu"]]
BIG = [["qingyise"], ["pengpenghu"], ["qixiaodui"], ["jiangjianghu"], ["qingyise", "pengpenghu"]]
RULESET = {"preset": "changsha-67"}
SESSIONS = 50000  # the default club: ~400,000 rounds (8 a session on average)


def demo_round(rng: random.Random, dealer: int, bird_count: int) -> dict[str, Any]:
    """A plausible round: mostly small wins, some big hands, draws and 起手胡."""
    birds = [rng.randint(1, 9) for _ in range(bird_count)]
    roll = rng.random()
    data: dict[str, Any] = {"dealer": dealer}
    if rng.random() < 0.05:
        data["openings"] = [
            {"seat": rng.randrange(4), "hands": ["sixi"], "birds": [rng.randint(1, 6)] * 2}
        ]
    winner = rng.randrange(4)
    hands = rng.choice(BIG) if rng.random() < 0.15 else rng.choice(SMALL)
    if roll < 0.08:
        taker = rng.randrange(4)
        data["result"] = {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": f"{rng.randint(1, 9)}m", "taker": taker, "first_offered": taker},
        }
    elif roll < 0.45:
        data["result"] = {
            "kind": "self_draw",
            "winners": [{"seat": winner, "hands": hands}],
            "birds": birds,
        }
    else:
        discarder = (winner + rng.randint(1, 3)) % 4
        winners = [{"seat": winner, "hands": hands}]
        if rng.random() < 0.03:
            second = next(s for s in range(4) if s not in (winner, discarder))
            winners.append({"seat": second, "hands": ["pinghu"]})
        data["result"] = {
            "kind": "discard",
            "winners": winners,
            "discarder": discarder,
            "birds": birds,
        }
    return data


def demo_next_dealer(data: dict[str, Any], rules: Rules) -> int:
    """Who deals after a demo round, by the engine's own rule (``draw_next_dealer``,
    ``win_next_dealers``) read from the round's result, without scoring the round here:
    the import scores every round anyway (a test checks each dealer against that score)."""
    result = data["result"]
    if result["kind"] == "draw":
        haidi = result["haidi"]
        nxt = draw_next_dealer(haidi["taker"], None, haidi["first_offered"])
    else:
        seats = [w["seat"] for w in result["winners"]]
        nxt, _dealers = win_next_dealers(rules.tongzhuang, seats, result.get("discarder"))
    assert nxt is not None  # every demo result names its next dealer
    return nxt


class Command(BaseCommand):
    help = "Create a demo club with many players and engine-scored sessions (bulk inserts)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", type=int, default=500)
        parser.add_argument("--sessions", type=int, default=SESSIONS)
        parser.add_argument(
            "--scale",
            type=float,
            help=f"sessions as a multiple of {SESSIONS:,} (~400,000 rounds): 10 is ~4,000,000",
        )
        parser.add_argument("--rounds-per-session", type=int, default=8, help="on average")
        parser.add_argument("--seasons", type=int, default=1)
        parser.add_argument("--slug", default="demo-league")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--batch", type=int, default=500)
        parser.add_argument(
            "--workers",
            type=int,
            default=default_workers(),
            help="processes that score and write batches in parallel (PostgreSQL)",
        )

    def handle(self, *args: Any, **o: Any) -> None:
        if Club.objects.filter(slug=o["slug"]).exists():
            raise CommandError(f"club {o['slug']!r} exists; pick another --slug")
        rng = random.Random(o["seed"])
        rules, errors = parse_ruleset(RULESET)
        if rules is None:
            raise CommandError(f"demo ruleset: {errors}")
        User = get_user_model()
        admin, _ = User.objects.get_or_create(username=f"{o['slug']}-admin")
        club = Club.objects.create(name=f"演示联赛 {o['slug']}", slug=o["slug"], is_public=True)
        Membership.objects.create(club=club, user=admin, role=Role.OWNER)
        ruleset = Ruleset.objects.create(club=club, name="六七片", config=dict(RULESET))
        start = datetime.date(2025, 1, 1)
        seasons = [
            Season.objects.create(club=club, name=f"第{i + 1}季", start_date=start, ruleset=ruleset)
            for i in range(o["seasons"])
        ]
        Player.objects.bulk_create(
            Player(club=club, display_name=f"选手{i + 1:04d}") for i in range(o["players"])
        )
        roster = list(Player.objects.filter(club=club).order_by("pk"))
        n_sessions, per = o["sessions"], o["rounds_per_session"]
        if o["scale"] is not None:
            n_sessions = max(1, round(SESSIONS * o["scale"]))
        base = datetime.datetime(2025, 1, 1, 19, tzinfo=datetime.UTC)
        step = datetime.timedelta(days=365) / max(n_sessions, 1)

        def sources() -> Iterator[SessionIn]:
            for i in range(n_sessions):
                dealer = rng.randrange(4)
                rounds = []
                for _ in range(rng.randint(max(1, per - 2), per + 2)):
                    data = demo_round(rng, dealer, rules.bird_count)
                    rounds.append(data)
                    dealer = demo_next_dealer(data, rules)
                yield SessionIn(
                    line=i + 1,
                    season=seasons[i * len(seasons) // n_sessions],
                    players=rng.sample(roster, 4),
                    rounds=rounds,
                    first_dealer=rounds[0]["dealer"],
                    started_at=base + step * i,
                    table_label=f"{i % 20 + 1}号桌",
                    finished=True,
                )

        began = time.perf_counter()
        with tqdm(
            total=n_sessions, unit="session", disable=o["verbosity"] < 1, file=self.stderr
        ) as bar:
            report = sessions_import(
                sessions=sources(),
                actor=admin,
                batch_size=o["batch"],
                progress=bar.update,
                workers=o["workers"],
            )
        elapsed = time.perf_counter() - began
        for line, problems in report.failed[:10]:
            self.stderr.write(f"session {line}: {problems}")
        self.stdout.write(
            f"{club.slug}: {report.sessions} sessions, {report.rounds} rounds in "
            f"{elapsed:.1f} s ({report.rounds / elapsed:,.0f} rounds/s incl. ratings); "
            f"{len(report.failed)} failed"
        )
