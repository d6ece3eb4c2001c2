"""``make bench-instructions``: the engine's instructions per round, an older commit
against this tree.

Checks out ``--base`` (a commit) into a temporary git worktree that shares this tree's
``.venv``, then runs each tree's own ``bench.bench_engine`` under valgrind's callgrind:
the old commit as plain Python, this tree as plain Python and, when its compiled build
is current (``make native``), compiled. Each runs with one timed pass and with three, on
``--rounds`` rounds (default 5,000); the difference is two passes of scoring and nothing
else, so instructions per round = difference / (2 × rounds). The counts repeat exactly
for the same build and inputs, however busy the machine is. The old commit's bench
generates its own mix (it predates the table options); a bench that has the rounds of
rules.md §10 (three and two players, kongs) runs with ``--four-only``, so both trees
count four-player rounds, and the same ones where the old bench had the table options.
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

from scoring.engine import native

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
    parser.add_argument("--rounds", type=int, default=5_000, help="rounds per count")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("counting instructions needs valgrind (Debian's package valgrind)")
    compiled = native.stamp_problem(honour_env=False) is None
    if not compiled:
        print("NOTICE: no current compiled build (make native): plain Python only", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="csmj-bench-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", str(base), args.base],
            cwd=HERE,
            check=True,
        )
        try:
            counts = {
                f"{args.base} (old)": bench_instructions(base, rounds=args.rounds, plain=True),
                "this tree, plain Python": bench_instructions(HERE, rounds=args.rounds, plain=True),
            }
            if compiled:
                counts["this tree, compiled"] = bench_instructions(
                    HERE, rounds=args.rounds, plain=False
                )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=HERE)

    old = next(iter(counts.values()))
    print(f"engine bench under callgrind, {args.rounds:,} rounds: instructions per round")
    print(f"  {'code':<32} {'instr.':>10} {'vs old':>8}")
    for name, count in counts.items():
        print(f"  {name:<32} {count:>10,.0f} {count / old - 1:>+7.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
