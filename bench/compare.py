"""``make bench-compare``: the engine bench on an older commit and on this tree, in one run.

Checks out ``--base`` (a commit) into a temporary git worktree that shares this tree's
``.venv``, then runs each tree's own ``bench.bench_engine`` in turn, ``--passes`` times
(old, new as plain Python, new as the site runs it), so that both see the same machine
load. It prints the best CPU-time rate of each and the ratios to the old code. The old
commit's bench generates its own mix (it predates the table options); each tree is
measured on the rounds its own ``make bench`` times.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
RATE = re.compile(r"CPU time .*?: ([\d,]+) rounds/s")


def bench_rate(tree: Path, *, rounds: int, plain: bool) -> float:
    """One run of ``tree``'s engine bench (best of 2 passes): CPU-time rounds/s."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    if plain:
        env["CSMJ_ENGINE"] = "python"
    out = subprocess.run(
        [str(HERE / ".venv" / "bin" / "python"), "-m", "bench.bench_engine"]
        + ["--rounds", str(rounds), "--repeat", "2"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    match = RATE.search(out.stdout)
    if match is None:
        raise SystemExit(f"no figure from the bench in {tree}:\n{out.stdout}\n{out.stderr}")
    return float(match.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="6d0a9b4", help="the older commit")
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--passes", type=int, default=3, help="alternating runs of each")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="csmj-bench-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", str(base), args.base],
            cwd=HERE,
            check=True,
        )
        try:
            old = f"{args.base} (old)"
            plain, site = "this tree, plain Python", "this tree, as the site runs it"
            runs: dict[str, list[float]] = {old: [], plain: [], site: []}
            for i in range(args.passes):
                print(f"pass {i + 1} of {args.passes} …", file=sys.stderr, flush=True)
                runs[old].append(bench_rate(base, rounds=args.rounds, plain=True))
                runs[plain].append(bench_rate(HERE, rounds=args.rounds, plain=True))
                runs[site].append(bench_rate(HERE, rounds=args.rounds, plain=False))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=HERE)

    best = {name: max(rates) for name, rates in runs.items()}
    print(f"engine bench, {args.rounds:,} rounds, best of {args.passes} alternating runs")
    print(f"  {'code':<32} {'rounds/s':>10} {'vs old':>8}   every run")
    for name, rate in best.items():
        every = ", ".join(f"{r:,.0f}" for r in runs[name])
        print(f"  {name:<32} {rate:>10,.0f} {rate / best[old] - 1:>+7.1%}   {every}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
