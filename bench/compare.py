"""``make bench-compare``: the engine bench on an older commit and on this tree, in one run.

Checks out ``--base`` (a commit) into a temporary git worktree that shares this tree's
``.venv``, then runs each tree's own ``bench.bench_engine`` in turn, ``--passes`` times
(old, new as plain Python, new as the site runs it), so that both see the same machine
load. It prints the best CPU-time rate of each and the ratios to the old code. The old
commit's bench generates its own mix (it predates the table options); each tree is
measured on the rounds its own ``make bench`` times, but for the rounds of rules.md §10
(three and two players, kongs): a bench that has them runs with ``--four-only``, so
both trees time four-player rounds, and the same ones where the old bench had the
table options.

With ``--instructions`` (``make bench-instructions``) it counts instructions instead of
timing: each tree's bench runs under valgrind's callgrind with one timed pass and with
three, on ``--rounds`` rounds (default 5,000); the difference is two passes of scoring
and nothing else, so instructions per round = difference / (2 × rounds). The counts
repeat exactly for the same build and inputs, however busy the machine is.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
RATE = re.compile(r"CPU time .*?: ([\d,]+) rounds/s")
COLLECTED = re.compile(r"Collected : (\d+)")


def run_bench(
    tree: Path, *, rounds: int, repeat: int, plain: bool, under: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """One run of ``tree``'s own engine bench (as plain Python when ``plain``), under
    ``under`` (a command such as valgrind) when given. PYTHONHASHSEED is fixed, so a
    run repeats the same work."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    if plain:
        env["CSMJ_ENGINE"] = "python"
    command = [str(HERE / ".venv" / "bin" / "python"), "-m", "bench.bench_engine"]
    if "--four-only" in (tree / "bench" / "bench_engine.py").read_text(encoding="utf-8"):
        command.append("--four-only")  # four-player rounds, as an older bench has
    out = subprocess.run(
        (under or []) + command + ["--rounds", str(rounds), "--repeat", str(repeat)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if RATE.search(out.stdout) is None:  # (an old bench exits 1 when it misses its target)
        raise SystemExit(f"no figure from the bench in {tree}:\n{out.stdout}\n{out.stderr}")
    return out


def bench_rate(tree: Path, *, rounds: int, plain: bool) -> float:
    """One run of ``tree``'s engine bench (best of 2 passes): CPU-time rounds/s."""
    out = run_bench(tree, rounds=rounds, repeat=2, plain=plain)
    match = RATE.search(out.stdout)
    assert match is not None
    return float(match.group(1).replace(",", ""))


def bench_instructions(tree: Path, *, rounds: int, plain: bool) -> float:
    """Instructions per scored round of ``tree``'s engine bench, under callgrind: the
    count with three timed passes less the count with one, over two passes' rounds."""
    counts = []
    for repeat in (1, 3):
        out = run_bench(
            tree,
            rounds=rounds,
            repeat=repeat,
            plain=plain,
            under=["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"],
        )
        match = COLLECTED.search(out.stderr)
        if match is None:
            raise SystemExit(f"no count from callgrind in {tree}:\n{out.stderr}")
        counts.append(int(match.group(1)))
    return (counts[1] - counts[0]) / (2 * rounds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="6d0a9b4", help="the older commit")
    parser.add_argument("--rounds", type=int, help="default 100,000; 5,000 with --instructions")
    parser.add_argument("--passes", type=int, default=3, help="alternating runs of each")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions per round (valgrind)"
    )
    args = parser.parse_args(argv)
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind (Debian's package valgrind)")
        args.rounds = args.rounds or 5_000
        args.passes = 1  # the counts repeat exactly
    args.rounds = args.rounds or 100_000
    measure = bench_instructions if args.instructions else bench_rate

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
                runs[old].append(measure(base, rounds=args.rounds, plain=True))
                runs[plain].append(measure(HERE, rounds=args.rounds, plain=True))
                runs[site].append(measure(HERE, rounds=args.rounds, plain=False))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=HERE)

    if args.instructions:
        print(f"engine bench under callgrind, {args.rounds:,} rounds: instructions per round")
        print(f"  {'code':<32} {'instr.':>10} {'vs old':>8}")
        for name, (count,) in runs.items():
            print(f"  {name:<32} {count:>10,.0f} {count / runs[old][0] - 1:>+7.1%}")
        return 0
    best = {name: max(rates) for name, rates in runs.items()}
    print(f"engine bench, {args.rounds:,} rounds, best of {args.passes} alternating runs")
    print(f"  {'code':<32} {'rounds/s':>10} {'vs old':>8}   every run")
    for name, rate in best.items():
        every = ", ".join(f"{r:,.0f}" for r in runs[name])
        print(f"  {name:<32} {rate:>10,.0f} {rate / best[old] - 1:>+7.1%}   {every}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
